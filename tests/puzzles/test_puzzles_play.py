"""`cardtable puzzles play`: a puzzle shown from its solver's seat, answered from the
input by number or notation, right or wrong said and explained; clear errors for an
unknown set or puzzle."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from cardtable.cli.main import main
from cardtable.puzzles import shipped
from cardtable.puzzles.explain import daily_index


def said(capsys: pytest.CaptureFixture[str]) -> str:
    """What was printed, with the lines the console wrapped between words joined."""
    return " ".join(capsys.readouterr().out.split())


def answers(*lines: str) -> Callable[[str], str]:
    """A reader of these lines, then the end of the input."""
    left = list(lines)

    def read(_prompt: str) -> str:
        if not left:
            raise EOFError
        return left.pop(0)
    return read


def test_the_best_action_by_its_notation_is_right_and_explained(
        capsys: pytest.CaptureFixture[str]) -> None:
    p = shipped("vale")[0]
    assert main(["puzzles", "play", "--puzzle", p.id], read_line=answers(p.best, "quit")) == 0
    out = said(capsys)
    assert f"puzzle 1 of {len(shipped('vale'))}" in out and f"puzzle {p.id}" in out
    assert "(you)" in out and f"Theme: {p.theme}" in out
    assert "Correct!" in out and "Not the best" not in out
    assert "expected result" in out and "(best)" in out
    assert "worlds dealt again" in out and "1 of 1 solved." in out


def test_a_wrong_number_is_wrong_and_the_best_is_told(capsys: pytest.CaptureFixture[str]) -> None:
    p = shipped("thalara")[3]
    legal = [str(a) for a in p.state().legal_actions()]
    wrong = next(i for i, a in enumerate(legal, start=1) if a != p.best)
    # an answer out of range and one the game does not read are asked again
    assert main(["puzzles", "play", "thalara", "--puzzle", p.id],
                read_line=answers(str(len(legal) + 1), "fly away", str(wrong))) == 0
    out = said(capsys)
    assert f"There is no answer {len(legal) + 1}" in out and "unknown verb" in out
    assert "Not the best. The best action is:" in out and f"[{p.best}]" in out
    assert "(yours)" in out or legal[wrong - 1] not in [c.action for c in p.choices[:3]]
    assert "0 of 1 solved." in out


def test_daily_and_next_follow_the_sets_order(capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = shipped("vale-artifacts")
    first = daily_index("vale-artifacts", len(puzzles), datetime.now(UTC).date())
    then = puzzles[(first + 1) % len(puzzles)]
    assert main(["puzzles", "play", "vale", "--set", "vale-artifacts", "--daily"],
                read_line=answers(puzzles[first].best, "", then.best, "quit")) == 0
    out = said(capsys)
    assert f"puzzle {puzzles[first].id}" in out and f"puzzle {then.id}" in out
    assert "2 of 2 solved." in out


@pytest.mark.parametrize(("argv", "error"), [
    (["--set", "chess"], "no puzzle set named 'chess'"),
    (["thalara", "--set", "vale"], "--set vale is not a set of thalara"),
    (["vale", "--puzzle", "vale-nope"], "the set vale has no puzzle 'vale-nope'"),
])
def test_an_unknown_set_or_puzzle_is_one_clear_error(
        argv: list[str], error: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "play", *argv], read_line=answers()) == 2
    captured = capsys.readouterr()
    assert error in captured.err and captured.out == ""


def test_an_indented_line_wraps_under_its_own_start() -> None:
    import io

    from rich.console import Console

    from cardtable.cli.puzzles_play import PuzzleSession

    out = io.StringIO()
    session = PuzzleSession(Console(file=out, width=40, color_system=None), answers())
    session.say("  2. Place First Tree's Root into conflict 1: expected result 0.05")
    session.say("    Player 2 (you) wins conflict 2 (3-4) and takes Artifact Moss Circlet.")
    session.say("No indent here, so this long line starts again at the screen's edge.")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("  2. Place") and len(lines) > 3
    item, event, plain = lines[:2], lines[2:4], lines[-2:]
    assert item[1].startswith("     ") and item[1][5] != " "       # under "Place"
    assert event[0].startswith("    Player") and event[1].startswith("    ") \
        and event[1][4] != " "
    assert plain[1][0] != " "
    flat = " ".join(out.getvalue().split())
    assert "expected result 0.05 Player 2 (you) wins conflict 2 (3-4)" in flat
