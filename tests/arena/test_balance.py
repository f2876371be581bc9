"""The balance study: its plan (pairings, seats, first player, card set), the spells it
tracks, its numbers and verdicts, and `cardtable balance` from the command line."""

from __future__ import annotations

import argparse
import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.arena.balance import (
    Rate,
    Thresholds,
    balance_summary,
    character_verdict,
    plan_balance,
    spell_verdict,
    verdict_lines,
)
from cardtable.arena.saved import SaveFile, load_saved
from cardtable.arena.tournament import (
    ArenaError,
    GameResult,
    SpellTracker,
    first_player,
    play_game,
)
from cardtable.cli.balance_cmd import add_balance_parser, balance_command
from cardtable.engine.api import Action, CardtableError, Event, OptionError, View
from cardtable.thalara.cards import CORE_PATH, card_set

GAME = load_game("thalara")
THREE = ["myrja", "accaina", "kandhran"]


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="cardtable")
    commands = parser.add_subparsers(dest="command", required=True)
    add_balance_parser(commands)
    return parser.parse_args(argv)


# -- the plan ------------------------------------------------------------------------------
def test_every_pairing_is_played_with_seats_and_first_player_rotated() -> None:
    study = plan_balance("thalara", "random", 8, seed=3, characters=THREE)
    assert len(study.specs) == 3 * 8
    assert study.entrants == THREE and study.cycle == 12
    layouts: dict[frozenset[str], Counter[tuple[tuple[str, ...], int | None]]] = {}
    for spec in study.specs:
        seated = tuple(spec.options["characters"])
        assert spec.labels == seated and spec.agents == ("random", "random")
        assert spec.track_spells
        first = first_player(GAME.new_game(2, seed=spec.seed, **spec.options))
        layouts.setdefault(frozenset(seated), Counter())[(seated, first)] += 1
    assert set(layouts) == {frozenset(p) for p in itertools.combinations(THREE, 2)}
    for pair, seen in layouts.items():
        a, b = sorted(pair)
        # each seating with each first player, twice in 8 games
        assert seen == {((a, b), 0): 2, ((a, b), 1): 2, ((b, a), 0): 2, ((b, a), 1): 2}
    # the pairings take turns, so the first games already cover every pairing
    assert {frozenset(s.options["characters"]) for s in study.specs[:3]} == set(layouts)


def test_a_study_plays_the_card_sets_characters_and_pins_the_set() -> None:
    study = plan_balance("thalara", "greedy", 1, seed=1)
    assert study.entrants == list(card_set(CORE_PATH).characters)
    assert len(study.specs) == 15
    digest = card_set("core").digest
    assert all(s.options["card_set"] == digest for s in study.specs)
    old = plan_balance("thalara", "greedy", 1, seed=1, options={"cards": "provisional-2026"})
    assert old.specs[0].options["card_set"] == card_set("provisional-2026").digest != digest


def test_a_designers_own_card_file_with_three_characters(tmp_path: Path) -> None:
    text = CORE_PATH.read_text(encoding="utf-8")
    cut = text.index('[[characters]]\nid = "kandhran"')
    end = text.index("# ---- Myrja")
    own = tmp_path / "mine.toml"
    own.write_text(text[:cut] + text[end:], encoding="utf-8")   # three characters left
    study = plan_balance("thalara", "random", 2, seed=1, options={"cards": str(own)})
    assert study.entrants == ["myrja", "canto", "accaina"]
    assert len(study.specs) == 6
    result = play_game(study.specs[0])
    assert result.spells is not None
    assert {s for seat in result.spells for s in seat["own"]} <= {
        s.id for s in card_set(own).spells.values()}


def test_bad_studies_fail_before_any_game() -> None:
    with pytest.raises(OptionError, match="wizard"):
        plan_balance("thalara", "wizard", 4, seed=1)
    with pytest.raises(OptionError, match="no fixed characters"):
        plan_balance("thalara", "random", 4, seed=1, options={"characters": THREE[:2]})
    with pytest.raises(ArenaError, match="at least two"):
        plan_balance("thalara", "random", 4, seed=1, characters=["myrja"])
    with pytest.raises(OptionError, match="named twice"):
        plan_balance("thalara", "random", 4, seed=1, characters=["myrja", "myrja"])
    with pytest.raises(OptionError, match="unknown character"):
        plan_balance("thalara", "random", 4, seed=1, characters=["myrja", "merlin"])
    with pytest.raises(ArenaError, match="at least one game"):
        plan_balance("thalara", "random", 0, seed=1)
    with pytest.raises(ArenaError, match="no character"):
        plan_balance("vale", "random", 4, seed=1)


def test_games_saved_with_one_card_set_are_refused_for_another(tmp_path: Path) -> None:
    study = plan_balance("thalara", "random", 1, seed=2, characters=THREE[:2])
    path = tmp_path / "study.jsonl"
    with SaveFile(path) as save:
        save(play_game(study.specs[0]))
    assert list(load_saved(path, study.specs)) == [0]
    other = plan_balance("thalara", "random", 1, seed=2, characters=THREE[:2],
                         options={"cards": "provisional-2026"})
    with pytest.raises(ArenaError, match="another tournament"):
        load_saved(path, other.specs)


# -- what the spells did -------------------------------------------------------------------
def _view(player: int, round_: int, *actions: str) -> View:
    def sampler(rng: Any) -> Any:
        raise AssertionError("not sampled")
    return View(player, {"round": round_}, [Action(0, a) for a in actions], sampler)


def _described(view: View) -> list[dict[str, Any]]:
    """The view's actions as Thalara describes them (`Game.describe_action`)."""
    out: list[dict[str, Any]] = []
    for action in view.legal_actions:
        verb, *rest = action.text.split()
        out.append({"verb": verb, "spell": rest[0], "conflict": int(rest[1])}
                   if verb == "cast" else {"verb": verb})
    return out


def _saw(tracker: SpellTracker, player: int, view: View, events: list[Event]) -> None:
    tracker.saw(player, view, events, _described(view))


def test_the_tracker_counts_rounds_offers_and_casts() -> None:
    tracker = SpellTracker(2)
    _saw(tracker, 0, _view(0, 1, "play red2 1", "cast myrja-surge 1", "cast myrja-surge 2"),
         [])
    _saw(tracker, 0, _view(0, 1, "cast myrja-surge 1", "skip"),
         [Event("cast", 0, "P1 casts Surge", data={"spell": "myrja-surge",
                                                  "conflict": 1})])
    _saw(tracker, 1, _view(1, 2, "play blue3 2"), [Event("play", 1, "P2 plays blue3")])
    _saw(tracker, 0, _view(0, 3, "cast energy-barrier 3"),
         [Event("cast", 0, "P1 casts Energy Barrier",
                data={"spell": "energy-barrier", "conflict": 3})])
    final = {"seats": [{"spells": [{"id": "myrja-surge"}, {"id": "energy-barrier"},
                                   {"id": "myrja-beacon"}]},
                       {"spells": [{"id": "silence"}]}]}
    seats = tracker.seats(final)
    assert seats[0] == {"own": ["myrja-surge", "energy-barrier", "myrja-beacon"],
                        "rounds": [1, 3],
                        "offered": {"energy-barrier": [3], "myrja-surge": [1]},
                        "cast": [["myrja-surge", 1, 1], ["energy-barrier", 3, 3]]}
    assert seats[1] == {"own": ["silence"], "rounds": [2], "offered": {}, "cast": []}


def test_a_tracked_game_records_every_cast_it_made() -> None:
    study = plan_balance("thalara", "random", 1, seed=11, characters=["kandhran", "canto"])
    spec = study.specs[0]
    result = play_game(spec)
    assert result.spells is not None
    # the same game played again by hand: the casts its events tell, seat by seat
    state = GAME.new_game(2, seed=spec.seed, **spec.options)
    agents = [make_agent(a, GAME, s) for a, s in zip(spec.agents, spec.agent_seeds,
                                                      strict=True)]
    casts: list[list[list[Any]]] = [[], []]
    while not state.is_over():
        player = state.current_player()
        assert player is not None
        round_ = state.observation(None)["round"]
        for event in state.apply(agents[player].choose(state.view(player))):
            if event.kind == "cast":
                assert event.data is not None
                casts[player].append([event.data["spell"], round_, event.data["conflict"]])
    assert sum(map(len, casts)) > 0, "pick a seed whose game casts a spell"
    assert [seat["cast"] for seat in result.spells] == casts
    for seat, character in zip(result.spells, spec.options["characters"], strict=True):
        assert seat["own"] == [s.id for s in card_set("core").characters[character].spells]
        for spell, round_, _conflict in seat["cast"]:
            assert round_ in seat["offered"][spell]   # nothing is cast unoffered


# -- the numbers and the verdicts ----------------------------------------------------------
def _result(index: int, chars: tuple[str, str], winners: list[int],
            first: int) -> GameResult:
    return GameResult(index=index, seed=index, labels=list(chars), agents=["a", "a"],
                      scores=[0, 0], winners=winners, actions=10, options={},
                      characters=list(chars), cards=None, decision_times=[[], []],
                      forced=[0, 0], first_player=first)


def test_summary_of_characters_turn_order_and_pairings() -> None:
    results = []
    # a beats b 8 of 10 (b wins only when moving first); c and a share two games
    for i in range(10):
        first = i % 2
        results.append(_result(i, ("a", "b"), [1] if i in (1, 3) else [0], first))
    results += [_result(10, ("a", "c"), [0, 1], 0), _result(11, ("c", "a"), [0, 1], 1)]
    summary = balance_summary(results, Thresholds(band=(0.4, 0.6), pairing=(0.3, 0.7)))
    a, b, c = (summary.character(n) for n in "abc")
    assert (a.overall.wins, a.overall.games) == (9.0, 12)
    assert (b.overall.wins, b.overall.games) == (2.0, 10)
    assert (c.overall.wins, c.overall.games) == (1.0, 2)
    # b sits in seat 2 and won games 1 and 3, in which seat 2 moved first
    assert (b.moving_first.games, b.moving_second.games) == (5, 5)
    assert b.moving_first.wins == 2.0 and b.moving_second.wins == 0.0
    assert summary.shared_wins == 2
    assert {(o.row, o.col) for o in summary.outliers} == {("a", "b"), ("b", "a")}
    lines = verdict_lines(summary)
    assert "a against b: 80.0% of 10 games, outside 30.0%-70.0%" in lines
    assert not any(line.startswith("b against a") for line in lines)
    assert summary.turn_order[0].games == 12
    # 75% of 12 and 20% of 10: outside the band, but the intervals still hold 50%
    assert a.verdict.startswith("leans strong") and b.verdict.startswith("leans weak")
    assert c.verdict == "in range"


def test_character_verdicts_go_by_band_and_interval() -> None:
    band = (0.42, 0.58)
    assert character_verdict(Rate.of(50, 100), band) == "in range"
    assert character_verdict(Rate.of(70, 100), band) == "strong"
    assert character_verdict(Rate.of(30, 100), band) == "weak"
    # 65% of 20 games: outside the band, but the interval still holds 50%
    assert character_verdict(Rate.of(13, 20), band).startswith("leans strong")
    assert character_verdict(Rate.of(7, 20), band).startswith("leans weak")


def test_spell_numbers_and_verdicts() -> None:
    own_a = ["zap", "dud", "ace"]
    results = []
    for i in range(40):
        won = i % 4 != 0
        cast = [["zap", 1, 1 + i % 3], ["zap", 2, 1]]
        if won:
            cast.append(["ace", 3, 2])   # cast in every game a won, in no game it lost
        result = _result(i, ("a", "b"), [0] if won else [1], i % 2)
        result.spells = [{"own": own_a, "rounds": [1, 2, 3, 4],
                          "offered": {"zap": [1, 2], "ace": [3]}, "cast": cast},
                         {"own": ["nop"], "rounds": [1, 2, 3, 4], "offered": {},
                          "cast": []}]
        results.append(result)
    summary = balance_summary(results)
    zap, dud, ace, nop = (summary.spell(s) for s in ("zap", "dud", "ace", "nop"))
    assert (zap.games, zap.rounds, zap.offered_rounds, zap.casts) == (40, 160, 80, 80)
    assert zap.cast_rate == 0.5 and zap.per_game == 2.0 and zap.offered_rate == 0.5
    assert zap.conflicts == {"1": 54, "2": 13, "3": 13}
    assert zap.with_it.games == 40 and zap.without_it.games == 0
    assert zap.verdict == "fine"
    assert dud.casts == 0 and dud.verdict == "dead"
    lines = verdict_lines(summary)
    assert "dud (a): dead, cast in 0.0% of its owner's rounds (below 2.0%)" in lines
    assert "ace (a): dominant, its owner won 100.0% with it and 0.0% without" in lines
    assert nop.character == "b" and nop.verdict == "dead"
    assert (ace.with_it.wins, ace.with_it.games) == (30.0, 30)
    assert (ace.without_it.wins, ace.without_it.games) == (0.0, 10)
    assert ace.verdict == "dominant"
    assert [s.spell for s in summary.spells] == ["zap", "dud", "ace", "nop"]
    # a spell cast just often enough is not dead; the threshold decides
    assert spell_verdict(ace, Thresholds(dead=0.18)) == "dominant"
    assert spell_verdict(ace, Thresholds(dead=0.19)) == "dead"      # 30 of 160 rounds


def test_thresholds_are_checked() -> None:
    with pytest.raises(OptionError, match="band"):
        Thresholds(band=(0.6, 0.4))
    with pytest.raises(OptionError, match="dead"):
        Thresholds(dead=2.0)


# -- the command ---------------------------------------------------------------------------
BASE = ["balance", "thalara", "--agent", "random", "--games", "4", "--seed", "5",
        "--characters", ",".join(THREE), "--workers", "1"]


def run(capsys: pytest.CaptureFixture[str], *extra: str) -> Any:
    assert balance_command(parse([*BASE, "--json", *extra])) == 0
    return json.loads(capsys.readouterr().out)


def test_the_command_gives_every_number_and_verdict_as_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys)
    assert out["games"] == 12 and out["games_per_pairing"] == 4
    assert out["options"]["card_set"] == card_set("core").digest
    rows = {c["name"]: c for c in out["characters"]}
    assert set(rows) == set(THREE)
    for row in rows.values():
        assert row["overall"]["games"] == 8
        assert row["moving_first"]["games"] == row["moving_second"]["games"] == 4
        assert row["verdict"]
    spells = {s["spell"]: s for s in out["spells"]}
    expected = {s.id for c in THREE for s in card_set("core").characters[c].spells}
    assert set(spells) == expected
    casts = Counter(c[0] for r in out["records"] for seat in r["spells"] for c in seat["cast"])
    for spell, row in spells.items():
        assert row["casts"] == casts[spell]
        assert row["games"] == 8
        assert row["offered_rounds"] <= row["rounds"]
        assert row["verdict"] in ("dead", "dominant", "fine")
    assert len(out["records"]) == 12


def test_the_table_names_each_verdict(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the report needs the 'report' extra")
    report = tmp_path / "balance.html"
    assert balance_command(parse([*BASE, "--report", str(report)])) == 0
    out = capsys.readouterr().out
    for name in THREE:
        assert name in out
    assert "first-player advantage" in out and "match-ups" in out
    page = report.read_text(encoding="utf-8")
    assert "<h2>Verdicts</h2>" in page and "<h2>Spells</h2>" in page
    for spell in ("myrja-surge", "accaina-veil", "kandhran-crush"):
        assert spell in page
    assert page.count("data:image/png;base64,") == 3


def test_a_saved_study_resumes_and_gives_the_same_numbers(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "study.jsonl"
    first = run(capsys, "--save", str(save))
    lines = save.read_text().splitlines()
    assert len(lines) == 12
    save.write_text("\n".join(lines[:5]) + "\n")
    again = run(capsys, "--save", str(save))
    assert len(save.read_text().splitlines()) == 12
    strip = [{k: v for k, v in r.items() if k != "decision_times"} for r in first["records"]]
    assert [{k: v for k, v in r.items() if k != "decision_times"}
            for r in again["records"]] == strip
    assert again["spells"] == first["spells"]
    only = run(capsys, "--save", str(save), "--saved-only")
    assert only["games"] == 12


@pytest.mark.parametrize(("extra", "message"), [
    (["--band", "58,42"], "--band"),
    (["--band", "x"], "--band"),
    (["--pairing-band", "30"], "--pairing-band"),
    (["--dead", "150"], "--dead"),
    (["--dominant", "0"], "--dominant"),
    (["--cards", "/nonexistent/cards.toml"], "cannot read"),
    (["--report", "/nonexistent/dir/r.html"], "does not exist"),
])
def test_bad_options_are_one_clear_error(extra: list[str], message: str,
                                         tmp_path: Path) -> None:
    save = tmp_path / "never.jsonl"
    with pytest.raises(CardtableError, match=message):
        balance_command(parse([*BASE, "--save", str(save), *extra]))
    assert not save.exists()
