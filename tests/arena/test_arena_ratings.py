"""Win rates, Wilson intervals, Elo and the per-seat, per-character and per-card numbers."""

from __future__ import annotations

import math

import pytest

from cardtable.arena.ratings import card_stats, elo_ratings, matchups, summarize, wilson
from cardtable.arena.tournament import GameResult


def result(labels: list[str], winners: list[int], scores: list[int] | None = None,
           characters: list[str | None] | None = None,
           cards: list[list[str]] | None = None, index: int = 0) -> GameResult:
    n = len(labels)
    return GameResult(index=index, seed=index, labels=labels, agents=labels,
                      scores=scores or [0] * n, winners=winners, actions=10, options={},
                      characters=characters or [None] * n, cards=cards,
                      decision_times=[[0.01 * (s + 1)] for s in range(n)], forced=[0] * n)


def test_wilson_interval() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    low, high = wilson(50, 100)
    assert low == pytest.approx(1 - high)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_matches_the_logistic_model() -> None:
    # A takes 3 of 4 from B: without the prior, the fitted gap is 400*log10(3).
    games = [result(["A", "B"], [0]), result(["B", "A"], [1]), result(["A", "B"], [0]),
             result(["A", "B"], [1])]
    elo = elo_ratings(["A", "B"], games, prior_draws=0)
    assert elo["A"] - elo["B"] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert (elo["A"] + elo["B"]) / 2 == pytest.approx(1500)
    # A clean sweep stays finite thanks to the prior, and the prior pulls ratings in.
    sweep = [result(["A", "B"], [0]) for _ in range(10)]
    with_prior = elo_ratings(["A", "B"], sweep)
    assert 0 < with_prior["A"] - with_prior["B"] < 1000
    # Three players: C beats B beats A in every game; a shared win is a draw between
    # the winners.
    three = [result(["A", "B", "C"], [2]), result(["C", "A", "B"], [0]),
             result(["A", "B", "C"], [1, 2])]
    ranked = elo_ratings(["A", "B", "C"], three)
    assert ranked["C"] > ranked["B"] > ranked["A"]


def test_summary_counts_shared_wins_as_fractions() -> None:
    games = [result(["A", "B"], [0], [5, 3]), result(["B", "A"], [0, 1], [4, 4]),
             result(["A", "B"], [1], [2, 6])]
    summary = summarize(["A", "B"], games)
    a, b = summary.entrant("A"), summary.entrant("B")
    assert (a.games, a.wins, b.wins) == (3, 1.5, 1.5)
    assert a.win_rate == pytest.approx(0.5)
    assert a.avg_score == pytest.approx((5 + 4 + 2) / 3)
    assert summary.shared_wins == 1
    assert [s.wins for s in summary.seats] == [1.5, 1.5]
    assert summary.seats[0].avg_score == pytest.approx((5 + 4 + 2) / 3)
    assert summary.pairwise["A"]["B"] == [1.5, 3]
    assert a.median_decision == pytest.approx(0.01)     # seats 0, 1, 0: 10, 20, 10 ms
    assert b.median_decision == pytest.approx(0.02)
    assert summary.matchups is None and summary.cards is None
    with pytest.raises(KeyError):
        summary.entrant("C")


def test_turn_order_counts_from_the_first_player() -> None:
    games = [result(["A", "B"], [1]), result(["A", "B"], [1]), result(["B", "A"], [0])]
    games[0].first_player = 1       # seat 2 moved first and won
    games[1].first_player = 0       # seat 1 moved first and lost
    summary = summarize(["A", "B"], games)
    assert [(s.games, s.wins) for s in summary.seats] == [(3, 1.0), (3, 2.0)]
    order = summary.turn_order
    assert [(s.games, s.wins) for s in order] == [(2, 1.0), (2, 1.0)]
    games[1].first_player = 1
    order = summarize(["A", "B"], games).turn_order
    assert [(s.games, s.wins) for s in order] == [(2, 2.0), (2, 0.0)]
    assert order[0].ci_low > 0.3 and order[1].ci_high < 0.7


def test_character_matchups() -> None:
    games = [result(["A", "A"], [0], characters=["myrja", "canto"]),
             result(["A", "A"], [1], characters=["canto", "myrja"]),
             result(["A", "A"], [0, 1], characters=["canto", "canto"]),
             result(["A", "A"], [1], characters=["myrja", "canto"])]
    m = matchups(games)
    assert m is not None and m.names == ["canto", "myrja"]
    assert m.games[1][0] == 3 and m.rate(1, 0) == pytest.approx(2 / 3)
    assert m.rate(0, 1) == pytest.approx(1 / 3)
    assert m.rate(0, 0) == pytest.approx(0.5)
    assert m.games[0][0] == 1                   # one canto-canto game, counted once
    assert m.rate(1, 1) is None
    overall = {name: (games_, rate) for name, games_, rate, _, _ in m.overall}
    assert overall["myrja"] == (3, pytest.approx(2 / 3))
    assert matchups([result(["A", "A"], [0], characters=["x", "x"])]) is None


def test_cards_of_winners_and_losers() -> None:
    games = [result(["A", "B"], [0], cards=[["hydra", "pyro", "pyro"], ["pyro"]]),
             result(["A", "B"], [1], cards=[["kappa"], ["hydra"]]),
             result(["A", "B"], [0], cards=None)]
    stats = card_stats(games)
    assert stats is not None
    assert (stats.winner_seats, stats.loser_seats) == (2, 2)
    assert stats.rates("hydra") == (1.0, 0.0)
    assert stats.rates("pyro") == (0.5, 0.5)       # counted once per seat
    assert stats.rates("kappa") == (0.0, 0.5)
    assert stats.rates("phoenix") == (0.0, 0.0)
    assert [row[0] for row in stats.cards] == ["hydra", "pyro", "kappa"]
    assert card_stats([result(["A", "B"], [0])]) is None
    assert stats.field == "cards"                  # no game said where they came from
    games[0].card_field = "area"
    assert card_stats(games[:2]) is not None and card_stats(games[:2]).field == "area"


def test_the_90th_percentile_is_the_nearest_rank() -> None:
    # ten decisions of 1..10 ms: the 90th percentile is the ninth, not the largest
    times = [[0.001 * (k + 1) for k in range(10)], [0.5]]
    game = GameResult(index=0, seed=0, labels=["A", "B"], agents=["A", "B"], scores=[1, 0],
                      winners=[0], actions=11, options={}, characters=[None, None],
                      cards=None, decision_times=times, forced=[0, 0])
    stats = {e.label: e for e in summarize(["A", "B"], [game]).entrants}
    assert stats["A"].p90_decision == pytest.approx(0.009)
    assert stats["A"].median_decision == pytest.approx(0.0055)
    assert stats["B"].p90_decision == pytest.approx(0.5)

