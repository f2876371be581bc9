"""analyze(): determinism, forced decisions, the summary, the chart, JSON, bad input."""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import pickle

import pytest

from cardtable.analysis import (
    LABELS,
    Analysis,
    AnalysisError,
    Thresholds,
    analyze,
    decision_seed,
)
from cardtable.analysis.judge import PAIRED_MIN
from cardtable.engine.api import RecordError
from cardtable.engine.record import GameRecord
from tests.analysis.positions import played_record


@pytest.fixture(scope="module")
def thalara() -> GameRecord:
    return played_record("thalara", seed=3, upto=40)


@pytest.fixture(scope="module")
def vale() -> GameRecord:
    return played_record("vale", seed=3, upto=40)


@pytest.fixture(scope="module")
def analysed(thalara: GameRecord) -> Analysis:
    return analyze(thalara, agent="ismcts:30")


def test_iteration_budgets_give_the_same_analysis_on_one_and_two_workers(
        thalara: GameRecord, analysed: Analysis) -> None:
    seen: list[tuple[int, int]] = []
    on_two = analyze(thalara, agent="ismcts:30", workers=2,
                     progress=lambda done, total: seen.append((done, total)))
    assert on_two.to_dict() == analysed.to_dict()
    total = len(analysed.decisions)
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert [done for done, _ in seen] == list(range(total + 1))


def test_each_decision_is_searched_with_a_seed_of_its_index_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.analysis import run

    seeds: list[int] = []
    judge = run.judge

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seeds.append(args[4])
        return judge(*args, **kwargs)

    monkeypatch.setattr(run, "judge", spy)
    for game_seed in (3, 11):
        record = played_record("thalara", seed=game_seed, upto=12)
        seeds.clear()
        analysis = analyze(record, agent="ismcts:5")
        # not the game's seed, not the clock: the index of the decision in the record
        assert seeds == [decision_seed(d.index) for d in analysis.decisions]
    assert len(set(decision_seed(i) for i in range(1000))) == 1000


def test_analysis_runs_in_a_worker_process(thalara: GameRecord, analysed: Analysis) -> None:
    # What a server's pool of worker processes does: record in, Analysis out, pickled.
    context = multiprocessing.get_context("fork" if "fork" in
                                          multiprocessing.get_all_start_methods() else "spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        there = pool.submit(analyze, thalara, None, "ismcts:30").result()
    assert there == analysed


def test_forced_decisions_are_skipped_and_counted(vale: GameRecord) -> None:
    analysis = analyze(vale, agent="ismcts:10")
    state = vale.new_state()
    forced = [0, 0]
    choices: list[int] = []
    for index, text in enumerate(vale.actions):
        player = state.current_player()
        assert player is not None
        if len(state.legal_actions()) == 1:
            forced[player] += 1
        else:
            choices.append(index)
        state.apply_text(text)
    assert sum(forced) > 0                      # the last card of a draft, `end` ...
    assert list(analysis.forced) == forced
    assert [d.index for d in analysis.decisions] == choices
    assert all(d.legal > 1 for d in analysis.decisions)
    for seat in (0, 1):
        assert analysis.summary(seat)["forced"] == forced[seat]


def test_only_the_chosen_seats_are_analysed(thalara: GameRecord,
                                            analysed: Analysis) -> None:
    mine = analyze(thalara, seats=[1], agent="ismcts:30")
    assert mine.seats == (1,)
    assert {d.seat for d in mine.decisions} == {1}
    # the same decisions, judged alike: a seat's analysis does not depend on the others
    assert mine.decisions == tuple(d for d in analysed.decisions if d.seat == 1)


def test_summary_counts_labels_and_names_the_costliest_with_the_better_action(
        analysed: Analysis) -> None:
    for seat in analysed.seats:
        summary = analysed.summary(seat)
        mine = analysed.of_seat(seat)
        assert summary["decisions"] == len(mine)
        assert sum(summary["labels"].values()) == len(mine)
        assert set(summary["labels"]) == set(LABELS)
        assert summary["average_loss"] == pytest.approx(sum(d.loss for d in mine) / len(mine))
        costly = summary["costliest"]
        assert len(costly) <= 3
        assert [c["loss"] for c in costly] == sorted((d.loss for d in mine
                                                      if d.label != "best"),
                                                     reverse=True)[:len(costly)]
        for c in costly:
            assert c["better"] != c["taken"]


def test_labels_follow_the_thresholds(analysed: Analysis) -> None:
    t = analysed.thresholds
    for d in analysed.decisions:
        assert d.label == t.label(d.loss, d.judgement.taken == d.judgement.best)
        assert d.loss == pytest.approx(max(0.0, d.judgement.best_expected
                                           - d.judgement.taken_expected))
        if d.label == "best":
            assert d.loss == 0 and d.judgement.taken_iterations == 0
        else:
            # the action taken was searched beside the best, as long as the best got
            # in the full search (and never on fewer worlds than PAIRED_MIN)
            assert d.judgement.taken_iterations == max(PAIRED_MIN, d.judgement.top[0].visits)
    assert {d.label for d in analysed.decisions} - {"best"}   # not all trivially best


def test_chart_has_a_line_per_seat_rounds_and_flagged_points(thalara: GameRecord,
                                                             analysed: Analysis) -> None:
    chart = analysed.chart()
    assert [line["seat"] for line in chart["lines"]] == [0, 1]
    for line in chart["lines"]:
        mine = analysed.of_seat(line["seat"])
        assert [p["index"] for p in line["points"]] == [d.index for d in mine]
        assert [p["expected"] for p in line["points"]] == [d.judgement.taken_expected
                                                            for d in mine]
        assert [p["flagged"] for p in line["points"]] == [d.label in ("mistake", "blunder")
                                                           for d in mine]
    state = thalara.new_state()
    starts = {}
    for index, text in enumerate(thalara.actions):
        starts.setdefault(state.observation(None)["round"], index)
        state.apply_text(text)
    assert chart["rounds"] == [{"round": r, "index": i} for r, i in starts.items()]
    assert len(starts) >= 2


def test_analysis_goes_to_json_and_back(analysed: Analysis) -> None:
    data = json.loads(json.dumps(analysed.to_dict()))
    back = Analysis.from_dict(data)
    assert back == analysed
    assert back.to_dict() == analysed.to_dict()
    assert data["summary"][0]["seat"] == 0 and data["chart"]["lines"]
    assert pickle.loads(pickle.dumps(analysed)) == analysed


@pytest.mark.parametrize("breakage", [
    lambda d: d.update(format="other"),
    lambda d: d.update(version=99),
    lambda d: d.pop("decisions"),
    lambda d: d["decisions"][0].update(label="brilliant"),
    lambda d: d["decisions"][0].update(index="3"),
    lambda d: d["decisions"][0].update(seat=5),
    lambda d: d.update(thresholds={"inaccuracy": 0.3, "mistake": 0.2, "blunder": 0.1}),
])
def test_a_broken_analysis_json_is_one_clear_error(analysed: Analysis, breakage) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(analysed.to_dict()))
    breakage(data)
    with pytest.raises(AnalysisError):
        Analysis.from_dict(data)


@pytest.mark.parametrize("seats, message", [
    ([2], "seat 2 is not a seat"), ([-1], "seat -1"), ([True], "seat True"),
    (["0"], "seat '0'"), ([], "no seat"),
])
def test_a_bad_seat_is_refused(thalara: GameRecord, seats: list[object],
                               message: str) -> None:
    with pytest.raises(AnalysisError, match=message):
        analyze(thalara, seats=seats, agent="ismcts:5")  # type: ignore[arg-type]


@pytest.mark.parametrize("agent", ["greedy", "random", "ismcts:lots", "ismcts:0",
                                   "mcts:100", ""])
def test_a_bad_agent_is_refused(thalara: GameRecord, agent: str) -> None:
    with pytest.raises(AnalysisError):
        analyze(thalara, agent=agent)


@pytest.mark.parametrize("workers", [0, -2, True, 1.5])
def test_a_bad_worker_count_is_refused(thalara: GameRecord, workers: object) -> None:
    with pytest.raises(AnalysisError, match="workers"):
        analyze(thalara, agent="ismcts:5", workers=workers)  # type: ignore[arg-type]


def test_a_record_that_cannot_be_replayed_is_one_clear_error(thalara: GameRecord) -> None:
    broken = GameRecord(thalara.game, thalara.players, thalara.seed, thalara.options,
                        [*thalara.actions[:5], "play nothing 9", *thalara.actions[6:]])
    with pytest.raises(RecordError, match="action 6"):
        analyze(broken, agent="ismcts:5")


def test_thresholds_must_rise() -> None:
    with pytest.raises(AnalysisError):
        Thresholds(0.2, 0.1, 0.3)
    with pytest.raises(AnalysisError):
        Thresholds(0.0, 0.1, 0.3)
    t = Thresholds(0.05, 0.1, 0.2)
    assert [t.label(x, False) for x in (0.0, 0.049, 0.05, 0.099, 0.1, 0.2, 0.9)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "blunder", "blunder"]
    assert t.label(0.5, True) == "best"
