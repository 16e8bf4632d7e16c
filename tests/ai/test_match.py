"""The match runner: random openings shared by each pair, endings, lengths, intervals."""

from __future__ import annotations

from game.ai.match import MatchResult, random_opening, report, run_match


def test_a_pair_of_games_starts_from_one_opening_and_pairs_differ():
    first, again = random_opening("brandubh", 4, 7), random_opening("brandubh", 4, 7)
    other = random_opening("brandubh", 4, 8)
    assert first.ply == 4 and first.move_texts() == again.move_texts()
    assert other.move_texts() != first.move_texts()


def test_a_match_counts_every_game_once_in_its_endings_and_lengths():
    match = run_match("modiar", "bard", "random", games=4, seed=1, nodes=200, opening=2)
    assert sum(match.endings.values()) == 4 and len(match.lengths) == 4
    assert all(length >= 2 for length in match.lengths)  # the opening's plies count
    text = report(match)
    assert "95% interval" in text and "plies: median" in text


def test_the_interval_holds_the_score_and_narrows_with_games():
    def match_with(wins: int, losses: int) -> MatchResult:
        match = MatchResult("reversi", "a", "b")
        match.results[("A", "b", "win")] = wins
        match.results[("A", "w", "loss")] = losses
        return match

    small, large = match_with(3, 1), match_with(30, 10)
    assert small.score("A") == large.score("A") == 0.75
    for match in (small, large):
        low, high = match.interval("A")
        assert low < 0.75 < high
    assert large.interval("A")[1] - large.interval("A")[0] < \
        small.interval("A")[1] - small.interval("A")[0]
