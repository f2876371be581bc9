"""The HTML report copes with games whose observations show no characters or cards."""

from __future__ import annotations

import pytest

from cardtable.arena.ratings import summarize
from cardtable.arena.tournament import GameResult, Tournament


def bare(index: int, labels: list[str], winners: list[int]) -> GameResult:
    return GameResult(index=index, seed=index, labels=labels, agents=labels,
                      scores=[3, 1, 2][:len(labels)], winners=winners, actions=4,
                      options={}, characters=[None] * len(labels), cards=None,
                      decision_times=[[] for _ in labels], forced=[2] * len(labels))


def test_report_without_characters_or_cards() -> None:
    pytest.importorskip("matplotlib", reason="the report needs the 'report' extra")
    from cardtable.arena.report import render

    results = [bare(0, ["a<b>", "c", "d"], [0]), bare(1, ["c", "d", "a<b>"], [1, 2])]
    tournament = Tournament(game="unknown", entrants=["a<b>", "c", "d"], players=3,
                            seed=4, options={"mode": "x"}, specs=[])
    page = render(tournament, summarize(tournament.entrants, results), 12.0)
    assert page.count("data:image/png;base64,") == 2          # agents and seats only
    assert "no card table" in page and "<h2>Characters" not in page
    assert "a&lt;b&gt;" in page and "a<b>" not in page       # names are escaped
    assert "seat 3" in page and "mode=x" in page and "games with a shared win: 1" in page
    assert "- " in page                                       # no decision times: a dash
