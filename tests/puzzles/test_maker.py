"""The puzzle maker: the candidate and keep rules (with fake judges), the difficulty,
the budgets it accepts, and the same puzzles on any number of workers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.analysis import Alternative, Decision, Judgement
from cardtable.engine.api import Game, View
from cardtable.engine.record import GameRecord
from cardtable.puzzles import GameTask, Puzzle, PuzzleError, Settings, make, make_from_game, maker
from cardtable.puzzles.maker import agree, difficulty, is_candidate, runner_up
from cardtable.puzzles.model import Choice
from cardtable.puzzles.verdict import Verdict
from tests.analysis.positions import decisive_thalara, played_record, tiny_card_file

CHEAP = Settings(analysis="ismcts:20", judge="ismcts:80", easy="ismcts:10", tries=3)


def _decision(best: float, second: float, taken: str = "b",
              taken_expected: float | None = None) -> Decision:
    top = (Alternative("b", 60, best), Alternative("s", 30, second),
           Alternative("t", 10, 0.1))
    j = Judgement(taken=taken, best="b",
                  taken_expected=best if taken_expected is None else taken_expected,
                  best_expected=best, loss=0.0, iterations=100, taken_visits=10,
                  taken_iterations=0, top=top)
    return Decision(index=3, seat=0, round=1, legal=3, judgement=j, label="best")


def _verdict(best: str, expected: float, rival: float) -> Verdict:
    return Verdict(best, (Choice(best, expected, 300), Choice("other", rival, 300)))


def test_a_candidate_beats_the_search_s_second_choice_by_the_margin() -> None:
    assert is_candidate(_decision(0.80, 0.65), 0.15)
    assert not is_candidate(_decision(0.80, 0.66), 0.15)
    # The action taken, searched on its own, counts as a rival when it did better.
    assert not is_candidate(_decision(0.80, 0.50, taken="t", taken_expected=0.70), 0.15)
    assert runner_up(_decision(0.80, 0.50, taken="t", taken_expected=0.70)) == ("t", 0.70)
    assert runner_up(_decision(0.80, 0.50, taken="t", taken_expected=0.20)) == ("s", 0.50)


def test_both_judges_must_name_the_same_action_with_the_margin() -> None:
    assert agree(_verdict("a", 0.8, 0.6), _verdict("a", 0.7, 0.5), 0.15)
    assert not agree(_verdict("a", 0.8, 0.6), _verdict("b", 0.8, 0.6), 0.15)
    assert not agree(_verdict("a", 0.8, 0.6), _verdict("a", 0.8, 0.66), 0.15)
    assert not agree(_verdict("a", 0.8, 0.66), _verdict("a", 0.8, 0.6), 0.15)


def test_difficulty_from_how_often_the_easy_search_finds_it() -> None:
    assert [difficulty(r) for r in (1.0, 0.75, 0.74, 0.4, 0.39, 0.0)] == [
        "easy", "easy", "medium", "medium", "hard", "hard"]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"analysis": "ismcts:100", "judge": "ismcts:399"}, "at least 4 times"),
    ({"judge": "ismcts:0.5s"}, "iteration budget"),
    ({"easy": "ismcts:100ms"}, "iteration budget"),
    ({"analysis": "greedy"}, "search agent"),
    ({"margin": 0.0}, "margin"),
    ({"tries": 0}, "tries"),
])
def test_settings_refuse_what_would_break_the_promise(kwargs: dict[str, Any],
                                                      message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        Settings(**kwargs)


def test_named_levels_are_iteration_budgets_the_maker_takes() -> None:
    """A named level is a fixed number of iterations, so it keeps the maker's promise."""
    assert Settings(easy="ismcts:easy", judge="ismcts:hard").easy == "ismcts:easy"


def _lost(tmp_path: Path) -> GameRecord:
    return decisive_thalara(tiny_card_file(tmp_path), "small")


def test_fake_judges_decide_what_is_kept(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the analysis finds, only candidates both judges agree on are kept."""
    record = _lost(tmp_path)
    calls: list[int] = []

    roles = {maker.position_seed(CHEAP, record, index, role): (index, role)
             for index in range(len(record.actions)) for role in (1, 2)}
    last = len(record.actions) - 1

    def fake(view: View, game: Game, settings: Any, seed: int,
             challengers: int = 2) -> Verdict:
        calls.append(seed)
        index, role = roles[seed]
        legal = [str(a) for a in view.legal_actions]
        # At the last decision both judges agree; elsewhere the second disagrees.
        best = legal[0] if (index == last or role == 1) else legal[1]
        return _verdict(best, 0.9, 0.1)

    monkeypatch.setattr(maker, "verdict", fake)
    monkeypatch.setattr(maker, "is_candidate", lambda decision, margin: True)
    outcome = make_from_game(GameTask(0, CHEAP, "thalara", {"from": "test"},
                                      record=record.to_dict()))
    assert outcome.candidates == outcome.analysed and len(calls) == 2 * outcome.candidates
    assert [p.source["index"] for p in outcome.puzzles] == [last]
    assert outcome.agreed == 1


def test_the_decisive_last_card_becomes_a_puzzle(tmp_path: Path) -> None:
    record = _lost(tmp_path)
    outcome = make_from_game(GameTask(0, CHEAP, "thalara", {"from": "test"},
                                      record=record.to_dict()))
    last = [p for p in outcome.puzzles if p.source["index"] == len(record.actions) - 1]
    assert len(last) == 1
    puzzle = last[0]
    great = next(c["number"] for c in puzzle.state().observation(None)["conflicts"]
                 if c["artifact"]["stars"] == 2)
    assert puzzle.best == f"play red5 {great}" and puzzle.seat == 0
    assert puzzle.margin >= 0.15 and all(j.best == puzzle.best for j in puzzle.judges)
    assert puzzle.judges[0].seed != puzzle.judges[1].seed
    assert puzzle.record.actions == record.actions[:-1]
    assert puzzle.source["taken"] == record.actions[-1]
    assert Puzzle.from_dict(puzzle.to_dict()).to_dict() == puzzle.to_dict()


def test_the_same_games_give_the_same_puzzles_on_any_number_of_workers() -> None:
    records = [played_record("vale", seed=s, upto=40) for s in (3, 4)]
    tasks = [GameTask(i, CHEAP, "vale", {"from": "test", "line": i + 1},
                      record=r.to_dict()) for i, r in enumerate(records)]
    one = make(tasks, workers=1)
    two = make(tasks, workers=2)
    again = make(tasks, workers=1)

    def plain(outcomes: list[maker.GameOutcome]) -> list[Any]:
        return [(o.analysed, o.candidates, [p.to_dict() for p in o.puzzles])
                for o in outcomes]

    assert plain(one) == plain(two) == plain(again)
    assert sum(o.analysed for o in one) > 20


def test_ray_makes_the_same_puzzles(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is the optional 'dist' extra")
    tasks = [GameTask(0, CHEAP, "thalara", {"from": "test"},
                      record=_lost(tmp_path).to_dict())]
    remote, here = make(tasks, ray="local"), make(tasks, workers=1)
    assert [p.to_dict() for p in remote[0].puzzles] == [p.to_dict() for p in here[0].puzzles]
    assert remote[0].puzzles
