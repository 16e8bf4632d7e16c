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
  that the attackers close in step by step rather than chase him.

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
from .strategy import UNBOUNDED_GAIN, SearchPlan, Strategy, register


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
    # Whether one open line that no attacker can reach counts as two (Tawlbwrdd;
    # in Brandubh it slowed the attackers' hunt of a lone king in the tests).
    lone_line_through: bool = False
    # Closing the net round a king with few defenders left (at most
    # `net_defenders`): each square he could reach in two moves, and each
    # step an attacker stands nearer him than the board is wide.
    net_defenders: int = -1
    net_reach: int = 0
    net_near: int = 0
    net_region: int = 0  # each square of the empty region he could walk to, step by step
    # The most a quiet move (late in the order: no capture, no king move to a
    # route, no defender stepping off his line) gained, quiescence included,
    # one ply from the horizon, over the positions of Druid games: 410 in
    # both games, and over 250 in 1 of 2,000 (Tawlbwrdd; 1 of 700 Brandubh).
    # 0: off.  (`SearchPlan.futility`.)
    futility: int = 0
    reduction: int = 0  # plies (`SearchPlan.reduction`)


WEIGHTS = {
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
    QUIESCENCE = SearchPlan(quiescence_depth=4, quiescence_table=True)

    def __init__(self, weights: dict[str, TaflWeights] | None = None) -> None:
        self.weights = weights or WEIGHTS
        self._cache: dict[tuple[str, str, int], int] = {}

    def plan(self, root: TaflPosition) -> SearchPlan:
        """The quiescence above; futility and late-move reductions from the
        weights, but not once the net round a king with few defenders is what
        matters: its terms are small quiet gains, which both would prune (the
        Druid's attackers then no longer took a lone king within the net
        tests' plies)."""
        w = self.weights[root.rules.name]
        if _netting(root.board, w):
            return self.QUIESCENCE
        return replace(self.QUIESCENCE, reduction=w.reduction, futility=w.futility)

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
        king_ok = rules.stops[KING]
        lines = mobility = routes = forks = 0
        open_ray: tuple[int, ...] = ()
        open_way = 0
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
                if seen:
                    routes += seen
                    if seen > 1:
                        forks += 1
        score += w.king_mobility * mobility + w.route * routes + w.fork * forks
        if lines:
            # Two lines, or one that no attacker can reach in time, with the
            # attackers to move, and the king is through: one move shuts one
            # line, if any.  With the defenders to move they simply go: the
            # search finds it, so the hint stays small.
            through = attackers_to_move and (lines > 1 or (
                w.lone_line_through and not _can_block(board, rules, king, open_ray, open_way)))
            score += w.open_line + w.two_open_lines if through else w.open_line
        if forks and not attackers_to_move:
            score += w.fork_to_move

        # How closely he is hemmed in.
        shut, threat = self._king_pressure(board, rules, king)
        score -= w.king_side[shut]
        if threat and not attackers_to_move:
            score -= w.king_threat

        if w.shielded:
            score -= w.shielded * _shielded(board, geo)

        if _netting(board, w):
            score += w.net_reach * _king_reach(board, rules, king)
            score -= w.net_near * _nearness(board, geo, king)
            score += w.net_region * _king_region(board, rules, king)

        # Soldiers the side to move leaves hanging: it can save only one of them.
        if w.hanging:
            mover = position.side
            hanging = _hanging(board, rules, ENEMY[mover])
            if hanging > 1:
                penalty = w.hanging * (hanging - 1)
                score += penalty if attackers_to_move else -penalty
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

    def cannot_win(self, position: TaflPosition, side: str) -> bool:
        # No capture reaches the king while his fortress stands, so attackers
        # who win only by taking him (Tawlbwrdd's) cannot win at all.  The
        # defenders know no such case.  Brandubh's attackers may also win by
        # leaving the defenders without a move, so a fortress does not settle
        # it there; a game that stalls ends by the no-progress draw, which
        # `game.ai.levels.cannot_win_after` weighs from the count.
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
        captures = rules.capture_moves(board, side)
        if not captures:
            return valued
        counts: dict[Move, int] = {}
        for orig, dest, _ in captures:
            counts[orig, dest] = counts.get((orig, dest), 0) + 1
        w = self.weights[rules.name]
        value = w.defender if side == ATTACKERS else w.attacker
        ordered = sorted(counts, key=counts.__getitem__, reverse=True)
        listed = {move for move, _ in valued}
        valued.extend((move, value * counts[move] + w.capture_margin)
                      for move in ordered if move not in listed)
        return valued


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
    string slices, the cheap way: the evaluation asks it of every Tawlbwrdd
    king with one open line, the attackers to move)."""
    geo = geometry(rules)
    soldier_ok = rules.stops["A"]
    slices = geo.slices
    for d2 in geo.across[d]:
        for sq in ray:
            if soldier_ok[sq] and board[slices[sq][d2]].lstrip(".").startswith("A"):
                return True
    return bool(rules.king_captures(board, king))


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


def _moved(board: str, orig: int, dest: int) -> str:
    """The board with the piece on `orig` moved to the empty `dest` (nothing taken)."""
    low, high = (orig, dest) if orig < dest else (dest, orig)
    return board[:low] + board[high] + board[low + 1:high] + board[low] + board[high + 1:]


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
