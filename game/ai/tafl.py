"""What decides a tafl game, as numbers: the Brandubh and Tawlbwrdd strategy.

The defenders win by the king's routes (to the unvisited corners in Brandubh,
to any edge square in Tawlbwrdd), so most of the evaluation is about those
routes, counted in king moves:

- lines already open (the king reaches a goal next move), and whose turn it
  is: two open lines cannot both be blocked by one move;
- route squares, one king move away, from which a line is open, and forks
  (route squares with two open lines);
- in Brandubh, attackers standing guard beside the corners still to visit,
  and attackers "shielded" by a neighbour on each axis, which no capture can
  reach (an attacker on the edge is shielded by the edge itself, which is
  hostile to the defenders only: on a board whose edge is hostile to the
  attackers, its neighbour inside must be an attacker too);
- how closely the king is hemmed in, and whether one more attacker would
  take him; soldiers of the side to move left hanging (it can save one);
- material, a defender worth more than an attacker since the attackers start
  with more pieces;
- once the king has (almost) no defenders left, the net round him: the
  squares he could reach in two moves, and how near the attackers stand, so
  that the attackers close in step by step rather than chase him;
- in Brandubh, whether the attackers have walled off every corner still to
  visit with pieces no capture can take (`_walled`): the defenders cannot
  win then, and with `sealed_share` the attackers' own search counts only
  that share of the defenders' lead while the wall stands.

Everything is scored for the defenders and negated for the attackers, so a
score is always from the side to move's point of view.  The quiescence
search follows captures, the king's captures and the king's escapes, which
`noisy_moves` generates directly, without generating every move; each comes
with the most it may gain, so the search skips captures that cannot matter.
What a quiet move may gain is bounded too (`futility`, measured on the
Druid's games), so the search prunes and reduces the quiet moves its
ordering puts last, except in the net round a lone king.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from ..rules.tafl import (
    ATTACKERS,
    DEFENDERS,
    ENEMY,
    KING,
    RULES,
    Goal,
    KingCapture,
    Move,
    TaflPosition,
    TaflRules,
)
from ..rules.tafl import start as start_position
from .strategy import UNBOUNDED_GAIN, Strategy, register


@dataclass(frozen=True)
class TaflWeights:
    balance: int  # the defenders' edge in the start position (0 = an even game)
    attacker: int  # each attacker on the board, counted from the start's number
    defender: int  # each defender (not the king) on the board, likewise
    open_line: int  # a clear line from the king to a goal, attackers to move
    two_open_lines: int  # two or more of them, attackers to move: one move blocks one
    route: int  # a clear line from a square one king move away
    fork: int  # a square one king move away with two clear lines
    fork_to_move: int  # extra for a fork when the defenders are to move
    corner_visited: int  # Brandubh's tour: each corner already visited
    guard: int  # an attacker beside an unvisited corner (Brandubh) / on a goal line
    king_side: tuple[int, ...]  # by the number of the king's sides shut
    king_threat: int  # the king is one attacker move from capture (defenders to move)
    king_mobility: int  # each square the king can move to
    hanging: int  # each soldier of the side to move that the other side can take
    shielded: int  # each attacker no capture can reach while its neighbours stay
    # What a capture may change besides the piece taken (delta pruning in the
    # quiescence search: a capture that cannot lift the score to alpha by this
    # much more than the piece's worth is not played).
    capture_margin: int = 200
    # Closing the net round a king with few defenders left (at most
    # `net_defenders`): each square he could reach in two moves, and each
    # step an attacker stands nearer him than the board is wide.
    # Whether one open line that no attacker can reach counts as two (Tawlbwrdd;
    # in Brandubh it slowed the attackers' hunt of a lone king in the tests).
    lone_line_through: bool = False
    net_defenders: int = -1
    net_reach: int = 0
    net_near: int = 0
    net_region: int = 0  # each square of the empty region he could walk to, step by step
    # Escape threats counted with the replies that stop them (issue 14): one
    # open line one attacker move shuts, attackers to move, is worth
    # `blocked_line` (not `open_line`); a square one king move away from which
    # a line opens that no attacker move shuts counts as a fork; with the
    # attackers to move, two such squares in different directions from the
    # king (no one move stops both) add `double_threat`.
    blocked_line: int | None = None  # None: `open_line`, as before
    unstoppable_routes: bool = False
    double_threat: int = 0
    # The cordon (quiet boards): each goal square (edge square; unvisited
    # corner) the king could walk to, step by step through any square not
    # held by an attacker (so a diagonal chain of attackers is a wall),
    # counted from the start position's number; `sealed` when there is none.
    cordon_goal: int = 0
    sealed: int = 0
    # Quiescence: the king's moves that open a line (and the attackers' moves
    # that shut an open one) are noisy; a threat one move shuts may gain at
    # most `threat_gain`.
    threat_moves: bool = False
    threat_gain: int = 150
    # Whether the cordon and the threat moves give way to the net once the
    # king has at most `net_defenders` left (Brandubh: with them, the Druid's
    # attackers no longer took a lone king within the net tests' plies).
    net_alone: bool = False
    # The most a quiet move (late in the order: no capture, no king move to a
    # route, no defender stepping off his line) gained, quiescence included,
    # one ply from the horizon, over the positions of Druid games: 410 in
    # both games, and over 250 in 1 of 2,000 (Tawlbwrdd; 1 of 700 Brandubh).
    # 0: off.  (`Strategy.futility_margin`.)
    futility: int = 0
    reduction: int = 0  # plies (`Strategy.late_move_reduction`)
    null_reduction: int = 0  # plies (`Strategy.null_move_reduction`); 0: no null move
    # The king in a fortress (`_fortress`): the attackers cannot take him while
    # it stands, so a lead of theirs counts only this share, in percent (100: off).
    fortress_share: int = 100
    # Brandubh's corners still to visit walled off (`_walled`): the defenders
    # cannot win while the attackers keep the wall, so in the attackers' own
    # search a lead of the defenders counts only this share, in percent (100:
    # off).  Only there: capped in the defenders' search too, every walled
    # position looked alike to them and they drifted into losses.  A share
    # (0 is session 21's flat cap) keeps what a spare piece outside the wall
    # is worth; neither kept the defenders from hunting the spares down and
    # the wall from opening then (docs/benchmarks.md, sessions 21 and 22).
    sealed_share: int = 100


BASE_WEIGHTS = {
    # A Brandubh attacker at 140 too (75.0% [61-85] over 46 games at 2 s
    # against the weight of 100, docs/benchmarks.md); with it the attackers
    # also take a king with one defender left from more starts (the net test).
    "brandubh": TaflWeights(
        balance=300, attacker=140, defender=120,
        open_line=140, two_open_lines=300, route=30, fork=60, fork_to_move=120,
        corner_visited=260, guard=25,
        king_side=(0, 10, 30, 80, 0), king_threat=150, king_mobility=4,
        hanging=25, shielded=40, capture_margin=50,
        net_defenders=2, net_reach=8, net_near=6, net_region=6, futility=150,
        reduction=1),
    # A Tawlbwrdd attacker at 140, not 100: the king escapes to any edge and
    # gains from an open board, so a one-for-one exchange must not score as a
    # gain for the attackers (60.5% over 100 games at 2 s, docs/benchmarks.md).
    "tawlbwrdd": TaflWeights(
        balance=100, attacker=140, defender=160,
        open_line=350, two_open_lines=6000, route=60, fork=150, fork_to_move=2500,
        corner_visited=0, guard=0,
        king_side=(0, 15, 40, 90, 0), king_threat=200, king_mobility=3,
        hanging=0, shielded=0,
        net_defenders=3, net_reach=6, net_near=3, net_region=4, lone_line_through=True,
        futility=150, reduction=1),
}

# The threat terms, the cordon and the threat moves (issue 14 item 3), per
# game.  Built and tested, but switched on only for the games in THREATS_ON:
# against the previous Druid at equal nodes they have not shown a gain yet,
# and they cost about a quarter of the nodes per second (docs/benchmarks.md,
# "Tafl escape threats against main's Druid").  Switching a game on is adding
# it to THREATS_ON, then `tools/druid_match.py GAME --against REV` to judge.
THREATS = {
    "brandubh": {"unstoppable_routes": True, "double_threat": 150, "cordon_goal": 20,
                 "threat_moves": True, "threat_gain": 100, "net_alone": True},
    "tawlbwrdd": {"unstoppable_routes": True, "double_threat": 2500, "cordon_goal": 6,
                  "sealed": 250, "threat_moves": True, "threat_gain": 150},
}
THREATS_ON: frozenset[str] = frozenset()
THREAT_WEIGHTS = {game: replace(w, **THREATS[game]) for game, w in BASE_WEIGHTS.items()}
WEIGHTS = {game: THREAT_WEIGHTS[game] if game in THREATS_ON else w
           for game, w in BASE_WEIGHTS.items()}

# Move-ordering bonus for a king move onto a route square / a fork square.
ROUTE_ORDER = {"brandubh": (50, 50), "tawlbwrdd": (500, 3000)}

# ... and for a move of a defender that stands first on one of the king's lines.
UNPLUG_ORDER = 10

ALL_GOALS = 1 << 4  # the goal bit of every line in Tawlbwrdd (the whole edge)
DOTS = ["." * k for k in range(32)]


class Geometry:
    """A variant's tables for the evaluation, computed once: rays as string
    slices, the goals each ray leads to, axes, the squares guarding corners.
    (What the rules decide, the engine's kernels on `rules` answer.)"""

    def __init__(self, rules: TaflRules) -> None:
        n = self.n = rules.size
        self.rules = rules
        self.rays = rules.rays
        self.edge_goal = rules.goal is Goal.EDGE
        # An attacker on the edge is taken there by one enemy landing inside it.
        self.edge_hostile_to_attackers = ATTACKERS in rules.edge_hostile_to
        # Each ray as a slice of the board string, nearest square first.
        self.slices = rules.ray_slices
        # The goal bit a clear ray reaches (0: the ray ends on no goal).
        self.goal_bits = []
        for sq in range(n * n):
            bits = []
            for ray in rules.rays[sq]:
                if not ray:
                    bits.append(0)
                elif self.edge_goal:
                    bits.append(ALL_GOALS)
                elif ray[-1] in rules.corners:
                    bits.append(1 << rules.corners.index(ray[-1]))
                else:
                    bits.append(0)
            self.goal_bits.append(tuple(bits))
        # For each square, its two axes as pairs of opposite neighbours (-1: off
        # the board): a soldier is taken across one of them.
        self.axes = tuple(
            ((rays[0][0] if rays[0] else -1, rays[1][0] if rays[1] else -1),
             (rays[2][0] if rays[2] else -1, rays[3][0] if rays[3] else -1))
            for rays in rules.rays)
        # Per square, the pairs of which one must hold an attacker for one there to
        # be shielded: each axis across the board; on a hostile edge, the one
        # neighbour along it (twice); on an edge that is not hostile, nothing.
        self.shields = tuple(
            tuple((x, y) if x >= 0 and y >= 0 else (max(x, y), max(x, y))
                  for x, y in axes if (x >= 0 and y >= 0) or self.edge_hostile_to_attackers)
            for axes in self.axes)
        # Directions at right angles to each: up/down <-> left/right.
        self.across = ((2, 3), (2, 3), (0, 1), (0, 1))
        # Squares beside each corner: attackers there guard it (Brandubh).
        self.guards = tuple(rules.neighbours[c] for c in rules.corners)
        # Bit boards for the cordon (bit sq = square sq): the squares off the
        # first / last file (a step left / right stays on the rank), the goal
        # squares per goal bit, and how many goals the king reaches at the start.
        self.full = (1 << n * n) - 1
        self.not_first_file = sum(1 << sq for sq in range(n * n) if sq % n)
        self.not_last_file = sum(1 << sq for sq in range(n * n) if sq % n != n - 1)
        edge = sum(1 << sq for sq in rules.edge)
        self.goal_squares = tuple((1 << i, 1 << c) for i, c in enumerate(rules.corners)) \
            if not self.edge_goal else ((ALL_GOALS, edge),)
        start_board = start_position(rules.name).board
        self.start_reach = _goals_in_reach(start_board, self, start_board.find(KING),
                                           ALL_GOALS if self.edge_goal else rules.all_corners)


_GEOMETRY: dict[str, Geometry] = {}


def geometry(rules: TaflRules) -> Geometry:
    geo = _GEOMETRY.get(rules.name)
    if geo is None or geo.rules is not rules:
        geo = _GEOMETRY[rules.name] = Geometry(rules)
    return geo


def goal_mask(position: TaflPosition) -> int:
    """The goal bits still worth reaching: unvisited corners, or the whole edge."""
    if position.rules.goal is Goal.EDGE:
        return ALL_GOALS
    return ~position.visited & position.rules.all_corners


@register(*RULES)
class TaflStrategy(Strategy):
    """Evaluation, move hints and the noisy moves for both tafl games."""

    CACHE_LIMIT = 200_000
    # Captures chain long in Brandubh (eight attackers start beside a corner):
    # four noisy plies, remembered, with delta pruning, finish depth 4 from
    # the start where six plies without them did not finish depth 3.
    QUIESCENCE_DEPTH = 4
    QUIESCENCE_TABLE = True

    def __init__(self, weights: dict[str, TaflWeights] | None = None, *,
                 walls_drawn: bool = False) -> None:
        self.weights = weights or WEIGHTS
        # Whether walled corners shrink the defenders' lead (`sealed_share`): in
        # the attackers' own searches only, which get this strategy's twin.
        self.walls_drawn = walls_drawn
        self._attackers_twin: TaflStrategy | None = None
        self._cache: dict[tuple[str, str, int], int] = {}

    def for_root(self, root: TaflPosition) -> TaflStrategy:
        if root.side != ATTACKERS or self.walls_drawn \
                or self.weights[root.rules.name].sealed_share == 100:
            return self
        if self._attackers_twin is None:
            self._attackers_twin = TaflStrategy(self.weights, walls_drawn=True)
        return self._attackers_twin

    # --- evaluation -------------------------------------------------------------

    def evaluate(self, position: TaflPosition) -> int:
        key = position.key
        score = self._cache.get(key)
        if score is None:
            if len(self._cache) >= self.CACHE_LIMIT:
                self._cache.clear()
            score = self._cache[key] = self._evaluate(position)
        return score

    def _evaluate(self, position: TaflPosition) -> int:
        score = self._for_defenders(position)
        return -score if position.side == ATTACKERS else score

    def _for_defenders(self, position: TaflPosition) -> int:
        board, rules = position.board, position.rules
        geo = geometry(rules)
        w = self.weights[rules.name]
        attackers_to_move = position.side == ATTACKERS
        # Material counts from the start, and the start is worth `balance`: the
        # score's zero is an even game, so a draw is taken only when worse off.
        counts = rules.counts
        score = (w.balance + w.defender * (board.count("D") - counts["D"])
                 - w.attacker * (board.count("A") - counts["A"]))
        king = board.find(KING)
        if king < 0:
            return score
        mask = goal_mask(position)
        if not geo.edge_goal:
            score += w.corner_visited * bin(position.visited).count("1")
            # Attackers beside an unvisited corner keep the king out of it.
            guards = 0
            for i, beside in enumerate(geo.guards):
                if mask >> i & 1:
                    for x in beside:
                        if board[x] == "A":
                            guards += 1
            score -= w.guard * guards

        # The king's lines, moves, routes and forks.
        netting = _netting(board, w)
        plain = netting and w.net_alone  # the net alone, none of the threat terms
        threat_terms = w.unstoppable_routes and not attackers_to_move and not plain
        king_ok = rules.stops[KING]
        lines = mobility = routes = forks = 0
        open_ray: tuple[int, ...] = ()
        open_way = 0
        single: list[tuple[int, int, int]] = []  # (direction, square, line) of one-line routes
        fork_ways = 0  # bit d: a fork square lies in direction d
        slices, goal_bits, rays = geo.slices[king], geo.goal_bits[king], geo.rays[king]
        across, dots = geo.across, DOTS
        for d, ray in enumerate(rays):
            if not ray:
                continue
            seg = board[slices[d]]
            run = len(seg) - len(seg.lstrip("."))
            if run == len(ray) and goal_bits[d] & mask:
                lines += 1
                open_ray, open_way = ray, d
            for t in ray[:run]:
                if not king_ok[t]:
                    continue
                mobility += 1
                # The clear lines to a goal from t, at right angles to the way here
                # (as `_lines_across` counts them, inlined: this is the hot loop).
                seen = 0
                t_bits, t_slices, t_rays = geo.goal_bits[t], geo.slices[t], geo.rays[t]
                for d2 in across[d]:
                    if t_bits[d2] & mask and board[t_slices[d2]] == dots[len(t_rays[d2])]:
                        seen += 1
                        line = d2
                if seen:
                    routes += seen
                    if seen > 1:
                        forks += 1
                        fork_ways |= 1 << d
                    elif threat_terms:
                        single.append((d, t, line))
        # A one-line route whose line no attacker move would shut once the king
        # stands there is as good as a fork (with the defenders to move, where
        # it is worth a fork's `fork_to_move`; the first few, for speed).
        for d, t, line in single[:3]:
            if not _can_block(_moved(board, king, t), rules, t, geo.rays[t][line], line):
                forks += 1
                fork_ways |= 1 << d
        score += w.king_mobility * mobility + w.route * routes + w.fork * forks
        if lines:
            if attackers_to_move:
                # Two lines, or one that no attacker can reach in time, and the
                # king is through: one move shuts one line, if any.
                blockable = lines == 1 and (w.lone_line_through or w.blocked_line is not None) \
                    and _can_block(board, rules, king, open_ray, open_way)
                through = lines > 1 or (w.lone_line_through and not blockable)
                if through:
                    score += w.open_line + w.two_open_lines
                elif blockable and w.blocked_line is not None:
                    score += w.blocked_line
                else:
                    score += w.open_line
            else:
                # The defenders simply go: the search finds it; keep the hint small.
                score += w.open_line
        if forks and not attackers_to_move:
            score += w.fork_to_move
        elif fork_ways & (fork_ways - 1) and attackers_to_move and not plain:
            # Fork squares in two directions from the king: one attacker move
            # stands on one of his ways, not on both.
            score += w.double_threat

        if (w.cordon_goal or w.sealed) and not plain:
            reach = _goals_in_reach(board, geo, king, mask)
            score += w.cordon_goal * (reach - geo.start_reach)
            if not reach:
                score -= w.sealed

        # How closely he is hemmed in.
        shut, threat = self._king_pressure(board, rules, king)
        score -= w.king_side[shut]
        if threat and not attackers_to_move:
            score -= w.king_threat

        if w.shielded:
            score -= w.shielded * _shielded(board, geo)

        if netting:
            score += w.net_reach * _king_reach(board, rules, king)
            score -= w.net_near * _nearness(board, geo, king)
            score += w.net_region * _king_region(board, rules, king)

        # A lead the attackers cannot turn into the king's capture is worth less.
        if score < 0 and w.fortress_share < 100 and _fortress(board, rules, king):
            score = score * w.fortress_share // 100

        # Soldiers the side to move leaves hanging: it can save only one of them.
        if w.hanging:
            mover = position.side
            hanging = _hanging(board, rules, ENEMY[mover])
            if hanging > 1:
                penalty = w.hanging * (hanging - 1)
                score += penalty if attackers_to_move else -penalty
        if self.walls_drawn and score > 0 and w.sealed_share < 100 \
                and _walled(board, rules, mask):
            score = score * w.sealed_share // 100
        return score

    @staticmethod
    def _king_pressure(board: str, rules: TaflRules, king: int) -> tuple[int, bool]:
        """How many of the king's sides are shut, and whether one move would take him."""
        if rules.king_capture is KingCapture.ENCLOSED:
            # Brandubh: attackers, the empty throne, corners and the edge shut a side,
            # and only a king shut on three sides can fall to one more attacker.
            shut = rules.shut_sides(board, king)
            return min(shut, 4), shut == 3 and bool(rules.king_captures(board, king))
        # Tawlbwrdd: two attackers astride him in the open, more by the castle;
        # whichever, one attacker must stand beside him already.
        shut = sum(1 for x in rules.neighbours[king] if board[x] == "A")
        return min(shut, 4), shut > 0 and bool(rules.king_captures(board, king))

    # Pruning: late-move reductions and futility, but not once the net round
    # a king with few defenders is what matters: its terms are small quiet
    # gains, which both would prune (the Druid's attackers then no longer
    # took a lone king within the net tests' plies).

    def late_move_reduction(self, root: TaflPosition) -> int:
        w = self.weights[root.rules.name]
        return 0 if _netting(root.board, w) else w.reduction

    def futility_margin(self, root: TaflPosition) -> int:
        w = self.weights[root.rules.name]
        return 0 if _netting(root.board, w) else w.futility

    def null_move_reduction(self, root: TaflPosition) -> int:
        w = self.weights[root.rules.name]
        return 0 if _netting(root.board, w) else w.null_reduction

    def passed(self, position: TaflPosition) -> TaflPosition:
        # Tafl has next to no zugzwang: a side whose score holds even after
        # passing would hold it with any sensible move (the lone king's net,
        # where it does, turns the probe off with the other pruning).
        return TaflPosition(position.rules, position.board, ENEMY[position.side],
                            position.visited)

    def cannot_win(self, position: TaflPosition, side: str) -> bool:
        # No capture reaches the king while his fortress stands, so attackers
        # who win only by taking him cannot win at all.  (Brandubh's walled
        # corners, `_walled`, would be the defenders' case, but Brandubh's
        # rules have no draw by agreement to take.)
        if side != ATTACKERS or not position.rules.attackers_win_only_by_the_king:
            return False
        board, rules = position.board, position.rules
        king = board.find(KING)
        return king >= 0 and _fortress(board, rules, king) and _fortress_kept(board, rules)

    # --- move ordering ------------------------------------------------------------

    def priorities(self, position: TaflPosition, moves: Sequence[Move]) -> list[int]:
        """King captures and escapes, then captures, then the king's lines and routes."""
        board, rules = position.board, position.rules
        geo = geometry(rules)
        king = board.find(KING)
        bonus = _capture_squares(board, rules, position.side)
        if king < 0:
            return [bonus.get(dest, 0) for _, dest in moves]
        if position.side == ATTACKERS:
            for dest, value in self._blocking_squares(position, geo, king).items():
                bonus[dest] = bonus.get(dest, 0) + value
            for _, dest in rules.king_captures(board, king):
                bonus[dest] = 1_000_000
            return [bonus.get(dest, 0) for _, dest in moves]
        king_bonus = self._king_targets(position, geo, king)
        plugs = _defender_plugs(board, geo, king, goal_mask(position))
        return [bonus.get(dest, 0) + (king_bonus.get(dest, 0) if orig == king
                                      else UNPLUG_ORDER if orig in plugs else 0)
                for orig, dest in moves]

    @staticmethod
    def _king_targets(position: TaflPosition, geo: Geometry, king: int) -> dict[int, int]:
        """The king's moves worth trying first: escapes, forks, then routes."""
        board = position.board
        mask = goal_mask(position)
        targets: dict[int, int] = {}
        route, fork = ROUTE_ORDER[position.rules.name]
        for d, ray, run, open_line in _king_rays(board, geo, king, mask):
            if open_line:
                targets[ray[-1]] = 1_000_000
            for t in ray[:run]:
                seen = _lines_across(board, geo, t, d, mask)
                targets.setdefault(t, fork if seen > 1 else route if seen else 50)
        return targets

    @staticmethod
    def _blocking_squares(position: TaflPosition, geo: Geometry, king: int) -> dict[int, int]:
        """Squares worth an attacker's move: on the king's open lines, or beside him."""
        board = position.board
        mask = goal_mask(position)
        urgent = {x: 200 for x in position.rules.neighbours[king]}
        for _, ray, run, open_line in _king_rays(board, geo, king, mask):
            if open_line:
                for t in ray:
                    urgent[t] = 5000
            else:
                for t in ray[:run]:
                    urgent.setdefault(t, 20)
        return urgent

    # --- quiescence ----------------------------------------------------------------

    def noisy_moves(self, position: TaflPosition) -> list[Move]:
        """The king's escapes and captures, then soldier captures, most first."""
        return [move for move, _ in self.valued_noisy_moves(position)]

    def valued_noisy_moves(self, position: TaflPosition) -> list[tuple[Move, int]]:
        """The noisy moves with what each may gain: a won game for the king's
        escapes and captures, else the soldiers taken and `capture_margin`."""
        board, rules = position.board, position.rules
        king = board.find(KING)
        if king < 0:
            return []
        side = position.side
        if side == ATTACKERS:
            first = rules.king_captures(board, king)
        else:
            first = [(king, ray[-1]) for _, ray, _, open_line
                     in _king_rays(board, geometry(rules), king, goal_mask(position))
                     if open_line]
        valued = [(move, UNBOUNDED_GAIN) for move in first]
        w = self.weights[rules.name]
        threats = self._threat_moves(position, king, w) if w.threat_moves and not (
            w.net_alone and _netting(board, w)) else []
        valued.extend(threat for threat in threats if threat[0] not in first)
        captures = rules.capture_moves(board, side)
        if not captures:
            return _largest_first(valued) if threats else valued
        counts: dict[Move, int] = {}
        for orig, dest, _ in captures:
            counts[orig, dest] = counts.get((orig, dest), 0) + 1
        value = w.defender if side == ATTACKERS else w.attacker
        ordered = sorted(counts, key=counts.__getitem__, reverse=True)
        listed = {move for move, _ in valued}
        # The defenders' captures that open one of the king's lines may gain that too.
        opening: set[Move] = set()
        if w.threat_moves and side != ATTACKERS and not (
                w.net_alone and _netting(board, w)):
            plugs = _line_plugs(board, geometry(rules), king, goal_mask(position))
            opening = {(orig, dest) for orig, dest, victim in captures
                       if victim in plugs and dest not in plugs[victim]}
        valued.extend((move, value * counts[move] + w.capture_margin
                       + (w.open_line if move in opening else 0))
                      for move in ordered if move not in listed)
        return _largest_first(valued) if threats or opening else valued

    def _threat_moves(self, position: TaflPosition, king: int,
                      w: TaflWeights) -> list[tuple[Move, int]]:
        """Escape threats and the replies that stop them, valued: the king's
        moves that open a line to a goal (a won game if no attacker move would
        shut it, or he gets two; else `threat_gain`); with the king's one open
        line, the attackers' moves onto it (they must make one of them)."""
        board, rules = position.board, position.rules
        geo = geometry(rules)
        mask = goal_mask(position)
        if position.side == ATTACKERS:
            open_rays = [ray for _, ray, _, is_open in _king_rays(board, geo, king, mask)
                         if is_open]
            if len(open_rays) != 1:
                return []  # none to stop, or more than one move can stop
            return [((orig, sq), UNBOUNDED_GAIN) for sq in open_rays[0]
                    for orig in rules.arrivals(board, ATTACKERS, sq)]
        king_ok = rules.stops[KING]
        found = []
        for d, ray, run, _ in _king_rays(board, geo, king, mask):
            for t in ray[:run]:
                if not king_ok[t]:
                    continue
                lines = [d2 for d2 in geo.across[d] if geo.goal_bits[t][d2] & mask
                         and board[geo.slices[t][d2]] == DOTS[len(geo.rays[t][d2])]]
                if not lines:
                    continue
                moved = _moved(board, king, t)
                won = len(lines) > 1 or not _can_block(moved, rules, t, geo.rays[t][lines[0]],
                                                        lines[0])
                if won and rules.king_captures(moved, t):
                    won = False
                found.append(((king, t), UNBOUNDED_GAIN if won else w.threat_gain))
        return found


def _king_rays(board: str, geo: Geometry, king: int,
               mask: int) -> Iterator[tuple[int, tuple[int, ...], int, bool]]:
    """For each direction from the king: the direction, its ray, how many empty
    squares he could walk along it, and whether it is clear to a goal in `mask`."""
    for d, ray in enumerate(geo.rays[king]):
        if not ray:
            continue
        seg = board[geo.slices[king][d]]
        run = len(seg) - len(seg.lstrip("."))
        yield d, ray, run, run == len(ray) and bool(geo.goal_bits[king][d] & mask)


def _lines_across(board: str, geo: Geometry, sq: int, d: int, mask: int) -> int:
    """How many clear lines to a goal the king would have from `sq`, at right
    angles to direction `d` (the way he came)."""
    seen = 0
    for d2 in geo.across[d]:
        if geo.goal_bits[sq][d2] & mask and \
                board[geo.slices[sq][d2]] == DOTS[len(geo.rays[sq][d2])]:
            seen += 1
    return seen


def _can_block(board: str, rules: TaflRules, king: int, ray: tuple[int, ...], d: int) -> bool:
    """Whether the attackers, to move, can stop the king going down his one open
    line `ray` (direction `d` from him): by standing on a square of it, or by
    taking him.  Only an attacker beside the line, on a file or rank across
    it, can step onto it: along the line stand the king and the empty squares
    to the goal, so `arrivals` reduces to the two ways across (scanned as
    string slices, the cheap way: this runs for every one-line route)."""
    geo = geometry(rules)
    soldier_ok = rules.stops["A"]
    slices = geo.slices
    for d2 in geo.across[d]:
        for sq in ray:
            if soldier_ok[sq] and board[slices[sq][d2]].lstrip(".").startswith("A"):
                return True
    return bool(rules.king_captures(board, king))


def _largest_first(valued: list[tuple[Move, int]]) -> list[tuple[Move, int]]:
    """Noisy moves by their gain, largest first (the search stops at the first
    that cannot reach alpha); ties keep their order."""
    return sorted(valued, key=lambda item: -item[1])


def _line_plugs(board: str, geo: Geometry, king: int,
                mask: int) -> dict[int, tuple[int, ...]]:
    """The attackers that alone stand between the king and a goal, each with
    the line it shuts: taking one opens it, unless the taker lands on it."""
    plugs: dict[int, tuple[int, ...]] = {}
    for d, ray in enumerate(geo.rays[king]):
        if not ray or not geo.goal_bits[king][d] & mask:
            continue
        pieces = [sq for sq in ray if board[sq] != "."]
        if len(pieces) == 1 and board[pieces[0]] == "A":
            plugs[pieces[0]] = ray
    return plugs


def _defender_plugs(board: str, geo: Geometry, king: int, mask: int) -> set[int]:
    """The defenders standing first on one of the king's lines to a goal: moving
    one away may open the line (or a route) for him, a quiet move that changes
    the score a lot, so it is ordered among the hinted moves (and never
    pruned as futile)."""
    goal_bits = geo.goal_bits[king]
    return {ray[run] for d, ray, run, _ in _king_rays(board, geo, king, mask)
            if run < len(ray) and goal_bits[d] & mask and board[ray[run]] == "D"}


def _netting(board: str, w: TaflWeights) -> bool:
    """Whether the king has so few defenders left that the net round him is the
    plan (`net_defenders`)."""
    return board.count("D") <= w.net_defenders


def _fortress(board: str, rules: TaflRules, king: int) -> bool:
    """Whether the king and the defenders joined to him hold a block no capture
    can break while it stands (two by two with the king, say, in Tawlbwrdd's
    open): drop each member some capture could still take, until none is left
    to drop; the king is safe if what remains keeps him so."""
    neighbours = rules.neighbours
    group = {king}
    todo = [king]
    while todo:
        for x in neighbours[todo.pop()]:
            if x not in group and board[x] == "D":
                group.add(x)
                todo.append(x)
    # A member dropped may leave its neighbours open: only they are asked again.
    todo = [sq for sq in group if sq != king]
    while todo:
        sq = todo.pop()
        if sq in group and not rules.safe_while(board, sq, group):
            group.discard(sq)
            todo.extend(x for x in neighbours[sq] if x in group and x != king)
    return rules.safe_while(board, king, group)


def _fortress_kept(board: str, rules: TaflRules) -> bool:
    """Whether the defenders have a move after which the king still holds his
    fortress: they must move every turn, and one they cannot keep is no draw.
    (Soldiers a move takes are attackers: without them the block stands still.)"""
    for orig, dest in rules.moves(board, DEFENDERS):
        after = _moved(board, orig, dest)
        if _fortress(after, rules, after.find(KING)):
            return True
    return False


def _seal(board: str, rules: TaflRules, mask: int) -> set[int]:
    """The attackers that wall off the corners of `mask` (Brandubh's corners
    still to visit) for good: those beside each such corner and the attackers
    joined to them, less every member some capture could still take, until
    none is left to drop (as `_fortress` does for the king's block).  Empty
    unless every square beside every such corner holds a member: then the king
    can never land on one (he reaches a corner only across a square beside it)
    and no defender can ever take a member."""
    guards = [x for i, c in enumerate(rules.corners) if mask >> i & 1
              for x in rules.neighbours[c]]
    if not guards or any(board[x] != "A" for x in guards):
        return set()
    neighbours = rules.neighbours
    group = set(guards)
    todo = list(guards)
    while todo:
        for x in neighbours[todo.pop()]:
            if x not in group and board[x] == "A":
                group.add(x)
                todo.append(x)
    todo = list(group)
    while todo:
        sq = todo.pop()
        if sq in group and not rules.safe_while(board, sq, group):
            group.discard(sq)
            todo.extend(x for x in neighbours[sq] if x in group)
    return group if group.issuperset(guards) else set()


def _sealing(board: str, rules: TaflRules, mask: int) -> set[int]:
    """`_seal`, if the defenders cannot win while the attackers keep it (else
    empty): the tour cannot end, no capture takes the last attackers, and the
    defenders are too few to leave them without a move (a side with no move
    loses in Brandubh), there being more squares the seal could step to than
    defenders and king to stand on them all.  (The throne is left out of
    those squares: a member could pass it, so counting it would only flatter
    the seal.)  A count, not a proof: attackers outside the seal that stood,
    stuck, on some of those squares would leave fewer for the defenders to
    fill; counting them all as fillers would call almost no wall sealed."""
    if rules.goal is Goal.EDGE:
        return set()
    group = _seal(board, rules, mask)
    if not group:
        return group
    attacker_stops = rules.stops["A"]
    steps = {x for sq in group for x in rules.neighbours[sq]
             if x not in group and attacker_stops[x]}
    return group if board.count("D") + 1 < len(steps) else set()


def _corners_sealed(board: str, rules: TaflRules, mask: int) -> bool:
    """Whether the defenders cannot win while the attackers keep `_sealing`."""
    return bool(_sealing(board, rules, mask))


def _seal_kept(board: str, rules: TaflRules, mask: int, group: set[int]) -> bool:
    """Whether the attackers have a move after which the corners stay sealed
    (`group`, their `_sealing`): they must move every turn, and a seal they
    must break is no draw.  An attacker outside the seal that can step
    anywhere keeps it (the seal was judged with every other square open to
    the enemy); only when none can are the seal's own moves tried."""
    if not group:
        return False
    attacker_stops, neighbours = rules.stops["A"], rules.neighbours
    for sq, piece in enumerate(board):
        if piece == "A" and sq not in group and any(
                board[x] == "." and attacker_stops[x] for x in neighbours[sq]):
            return True
    return any(_corners_sealed(_moved(board, orig, dest), rules, mask)
               for orig, dest in rules.moves(board, ATTACKERS))


def _walled(board: str, rules: TaflRules, mask: int) -> bool:
    """Whether the corners of `mask` are sealed and the attackers can keep them so."""
    group = _sealing(board, rules, mask)
    return _seal_kept(board, rules, mask, group)


def _moved(board: str, orig: int, dest: int) -> str:
    """The board with the piece on `orig` moved to the empty `dest` (nothing taken)."""
    low, high = (orig, dest) if orig < dest else (dest, orig)
    return board[:low] + board[high] + board[low + 1:high] + board[low] + board[high + 1:]


# A board string as the bits of its attackers: "A" -> 1, anything else -> 0.
_ATTACKER_BITS = str.maketrans({"A": "1", "D": "0", "K": "0", ".": "0"})


def _goals_in_reach(board: str, geo: Geometry, king: int, mask: int) -> int:
    """How many goal squares (in `mask`) the king could walk to one step at a
    time through every square not held by an attacker: defenders may step
    aside, attackers stay, so a chain of attackers, diagonals included, is a
    wall he cannot pass.  A bit-board flood fill."""
    n = geo.n
    passable = geo.full & ~int(board.translate(_ATTACKER_BITS)[::-1], 2)
    left, right = geo.not_first_file, geo.not_last_file
    region = 1 << king
    while True:
        grown = (region | region << n | region >> n | (region & right) << 1
                 | (region & left) >> 1) & passable
        if grown == region:
            break
        region = grown
    goals = 0
    for bit, squares in geo.goal_squares:
        if mask & bit:
            goals |= squares
    return (region & goals).bit_count()


def _king_reach(board: str, rules: TaflRules, king: int) -> int:
    """How many squares the king could reach in one or two moves.  The board is
    read with him still on his square, which only hides squares he reaches in
    one move anyway (those past his square on the line he left)."""
    first = rules.slides(board, king, KING)
    reach = set(first)
    for sq in first:
        reach.update(rules.slides(board, sq, KING))
    reach.discard(king)
    return len(reach)


def _king_region(board: str, rules: TaflRules, king: int) -> int:
    """How many empty squares the king could walk to one step at a time: the
    attackers have sealed him in when this is small."""
    neighbours = rules.neighbours
    seen = {king}
    todo = [king]
    while todo:
        sq = todo.pop()
        for x in neighbours[sq]:
            if x not in seen and board[x] == ".":
                seen.add(x)
                todo.append(x)
    return len(seen) - 1


def _nearness(board: str, geo: Geometry, king: int) -> int:
    """The attackers' closeness to the king: per attacker, how many steps less
    than the board's width it stands from him (rank and file steps added)."""
    n = geo.n
    row, col = divmod(king, n)
    near = 0
    i = board.find("A")
    while i >= 0:
        r, c = divmod(i, n)
        near += max(0, n - abs(r - row) - abs(c - col))
        i = board.find("A", i + 1)
    return near


def _shielded(board: str, geo: Geometry) -> int:
    """Attackers no capture can reach while their neighbours stay: on each axis
    a fellow attacker beside them (or the edge, where it is not hostile)."""
    shields = geo.shields
    shielded = 0
    i = board.find("A")
    while i >= 0:
        for x, y in shields[i]:
            if board[x] != "A" and board[y] != "A":
                break
        else:
            shielded += 1
        i = board.find("A", i + 1)
    return shielded


def _capture_squares(board: str, rules: TaflRules, side: str) -> dict[int, int]:
    """1000 per soldier taken, by the square where a piece of `side` must land."""
    squares: dict[int, int] = {}
    for _, dest in rules.landings(board, side):
        squares[dest] = squares.get(dest, 0) + 1000
    return squares


def _hanging(board: str, rules: TaflRules, side: str) -> int:
    """How many soldiers `side` could take, one capture at a time, were it to move
    (counting only landings a soldier may stop on); 0 where that is fewer than two."""
    found = list(rules.landings(board, side))
    if len({victim for victim, _ in found}) < 2:
        return 0  # one soldier hanging, or none, costs nothing: the side to move saves it
    soldier_ok = rules.stops["A"]
    taken: set[int] = set()
    for victim, dest in found:
        if victim not in taken and soldier_ok[dest] and rules.arrivals(board, side, dest):
            taken.add(victim)
    return len(taken)
