"""`cardtable play` says what changed instead of drawing everything again: a decision
with one possible answer is taken and said, not asked; between two of your own
decisions only the events (as sentences) and a status line are printed, the whole board
when the round or phase changed, after the others moved, or on `board`."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_script import Script

from cardtable import load_game
from cardtable.cli.main import main
from cardtable.cli.play import COMMANDS_HELP
from cardtable.cli.words import Words
from cardtable.engine.record import GameRecord

SEAT_PANEL = "╭─ P2"          # one of the full Vale board's seat panels


def asked_and_forced(save: Path, seat: int) -> tuple[int, int]:
    """How many of `seat`'s decisions in the saved game had several answers, and how
    many had one."""
    record = GameRecord.load(save)
    state = record.new_state()
    asked = forced = 0
    for text in record.actions:
        if state.current_player() == seat:
            if len(state.legal_actions()) > 1:
                asked += 1
            else:
                forced += 1
        state.apply(state.game.parse_action(state, text))
    return asked, forced


@pytest.mark.parametrize(("argv", "any_forced"), [
    (["vale", "--expansion", "artifacts", "--seed", "3"], True),
    (["thalara", "--characters", "accaina,rinnthra", "--seed", "5"], False)])
def test_a_decision_with_one_answer_is_taken_and_said_never_asked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
        any_forced: bool) -> None:
    save = tmp_path / "game.json"
    script = Script([], then="1")
    assert main(["play", *argv, "--vs", "random", "--save", str(save)],
                read_line=script) == 0
    out = capsys.readouterr().out
    asked, forced = asked_and_forced(save, 0)
    assert forced > 0 or not any_forced, "this deal should hold a forced decision"
    assert script.prompts == asked
    assert out.count("Only one choice: ") == forced
    assert "(1 possible answers)" not in out


def segments(out: str) -> list[str]:
    """The output cut at each decision's rule line: [before the first, the first, ...]."""
    return out.split("your decision (")


def test_between_your_own_decisions_only_the_events_and_a_status_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Vale with the Artifacts expansion, seed 3: pick a tile, hunt (the computer hunts
    # twice, then the last card is yours alone), sell, then decide again at once.
    save = tmp_path / "game.json"
    script = Script(["1", "1", "1", "board", "quit"])
    assert main(["play", "vale", "--expansion", "artifacts", "--vs", "random", "--seed",
                 "3", "--save", str(save)], read_line=script) == 0
    first, picked, hunted, sold = segments(capsys.readouterr().out)[1:5]
    # the first decision, and one after the others moved: the whole board
    assert SEAT_PANEL in first
    assert "P2 picks the Artifact " in picked and SEAT_PANEL in picked
    assert picked.rstrip().splitlines()[-2].startswith("Only one choice: Hunt ")
    # the phase changed (hunting to action): the whole board
    assert "action phase" in hunted and SEAT_PANEL in hunted
    # your decision right after your own: what changed and a status line only ...
    status, _, asked_for = sold.partition("possible answers):")
    assert "P1 (you) sells " in status
    assert "Round 1/10, action phase · P1 (you): 1 point, stones 4 red (worth 4)" in status
    assert SEAT_PANEL not in status
    # ... and the whole board when the player asks for it
    assert asked_for.count(SEAT_PANEL) == 1


def test_board_is_in_the_in_game_help() -> None:
    assert "\n  board " in COMMANDS_HELP


def test_vale_actions_read_as_sentences() -> None:
    game = load_game("vale")
    state = game.new_game(2, seed=1, expansion="artifacts")
    words = Words.of(state, viewer=0)
    assert words.sentence("P2: summon poseidon pay purple,blue,red") == \
        "P2 summons Poseidon, paying 1 red and 1 blue and 1 purple stones."
    assert words.sentence("P1: discard red (the only choice)") == \
        "P1 (you) discards a red stone (the only choice)."
    assert words.sentence("P2: target p1") == "P2 aims at P1 (you)."
    assert words.sentence("P2: hunt imp") == "P2 hunts Imp."
    assert words.sentence("P1: end") == "P1 (you) ends the turn."
    # a text that is no echo of an action stays as it was, names in words
    assert words.sentence("P2 draws a card") == "P2 draws a card."


def test_a_step_inside_your_turn_is_no_new_phase(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Thalara's cast follows your card at once: it gets a status line, not the board
    # ("· phase cast" is the board's header, "cast phase ·" the status line's).
    save = tmp_path / "game.json"
    assert main(["play", "thalara", "--vs", "random", "--seed", "8", "--save", str(save)],
                read_line=Script([], then="1")) == 0
    out = capsys.readouterr().out
    assert "Round 1, cast phase · " in out
    assert "phase cast" not in out
    # choosing the hand card by card: one status line a card, the count said
    assert "select phase · P1 (you): 0★, hand (1 of 7 chosen) " in out


def test_undo_after_load_passes_the_answers_taken_alone(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli.play import decision_points

    save = tmp_path / "game.json"
    assert main(["play", "vale", "--expansion", "artifacts", "--vs", "random", "--seed", "3",
                 "--save", str(save)], read_line=Script(["1", "1", "quit"])) == 0
    record = GameRecord.load(save)
    assert record.actions[5].startswith("hunt ")       # the last card: yours alone
    assert decision_points(record, 0) == [0, 2]
