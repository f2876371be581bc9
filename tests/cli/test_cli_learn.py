"""`cardtable learn GAME`: the lesson in the terminal, answered by a script: only the
step's answer is accepted, a wrong one is told why, quitting keeps the place and the
next run resumes there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.cli.main import main
from cardtable.learn import load_lesson
from cardtable.learn.model import Step
from cardtable.learn.walk import Walk


def learner_moves(game: str, first_part: int = 1) -> list[str]:
    lesson = load_lesson(game)
    return [m.text for p in range(first_part - 1, len(lesson.parts))
            for m in Walk(lesson, p).moves if m.step is not None]


class Learner:
    """Presses Enter on reading steps and answers each step from `answers` (by its
    notation, or by its number in the list when `by_number`), after `wrong` once."""

    def __init__(self, answers: list[str], wrong: list[str] | None = None,
                 stop_after: int | None = None) -> None:
        self.answers = list(answers)
        self.wrong = list(wrong or [])
        self.stop_after = stop_after
        self.given = 0

    def __call__(self, prompt: str) -> str:
        if prompt.startswith("(Enter"):
            return ""
        if self.wrong:
            return self.wrong.pop(0)
        if self.stop_after is not None and self.given == self.stop_after:
            return "quit"
        self.given += 1
        return self.answers.pop(0)


@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_the_whole_lesson_in_the_terminal(game: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    progress = tmp_path / "learn.json"
    answers = learner_moves(game)
    learner = Learner(answers, wrong=["pass" if game == "vale" else "end", "17 17", "999"])
    assert main(["learn", game, "--progress", str(progress)], read_line=learner) == 0
    out = capsys.readouterr().out
    assert out.count("Not yet: ") == 3
    assert "Lesson complete" in out
    assert learner.given == len(answers) and not learner.answers
    assert json.loads(progress.read_text())[game] == {"part": 1, "n": 0}
    # each step's words were printed, and the expected answer marked in the list
    for placed in Walk(load_lesson(game), 0).steps[:5]:
        assert placed.step.say.split(". ")[0] in out
    assert "→" in out


def test_quitting_keeps_the_place_and_the_next_run_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    progress = tmp_path / "learn.json"
    moves = learner_moves("thalara")
    assert main(["learn", "thalara", "--progress", str(progress)],
                read_line=Learner(moves, stop_after=9)) == 0
    saved = json.loads(progress.read_text())["thalara"]
    # seven cards chosen, Bea's seven, and two cards placed with Bea's answer between
    assert saved == {"part": 1, "n": 17}
    capsys.readouterr()
    rest = Learner(moves[9:])
    assert main(["learn", "thalara", "--progress", str(progress)], read_line=rest) == 0
    out = capsys.readouterr().out
    assert "Resuming at part 1" in out and "Lesson complete" in out
    assert not rest.answers


def test_a_number_from_the_list_answers_too(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # the first step of Vale's Artifacts part: the Incense Burner is the first tile listed
    learner = Learner(["1"], stop_after=1)
    assert main(["learn", "vale", "--part", "2", "--progress", str(tmp_path / "p.json")],
                read_line=learner) == 0
    # (the pick, then Bea's)
    assert json.loads((tmp_path / "p.json").read_text())["vale"] == {"part": 2, "n": 2}


def test_enter_alone_at_a_step_says_what_to_type(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # Vale's first step asks for the Rock Golem, listed first
    learner = Learner(["hunt rock-golem"], wrong=[""], stop_after=1)
    assert main(["learn", "vale", "--progress", str(tmp_path / "p.json")],
                read_line=learner) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Type 1 (the choice marked →) or hunt rock-golem, then Enter" in out
    assert "cannot be done now" not in out
    assert json.loads((tmp_path / "p.json").read_text())["vale"]["n"] > 0


def test_restart_and_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    progress = tmp_path / "learn.json"
    progress.write_text("{ not json")
    learner = Learner([], stop_after=0)
    assert main(["learn", "thalara", "--progress", str(progress)], read_line=learner) == 0
    assert json.loads(progress.read_text())["thalara"] == {"part": 1, "n": 0}
    progress.write_text(json.dumps({"thalara": {"part": 2, "n": 5}}))
    assert main(["learn", "thalara", "--restart", "--progress", str(progress)],
                read_line=Learner([], stop_after=0)) == 0
    assert json.loads(progress.read_text())["thalara"] == {"part": 1, "n": 0}
    capsys.readouterr()
    assert main(["learn", "thalara", "--part", "3", "--progress", str(progress)],
                read_line=Learner([])) == 2
    assert "parts 1 to 2" in capsys.readouterr().err
    assert main(["learn", "chess", "--progress", str(progress)], read_line=Learner([])) == 2
    assert "no lesson" in capsys.readouterr().err


def test_the_lesson_wraps_at_words_in_a_terminal(tmp_path: Path) -> None:
    import io
    import re

    from rich.console import Console

    from cardtable.cli.learn_cmd import LessonSession

    lesson = load_lesson("thalara")
    first = next(beat.say for beat in lesson.parts[0].script if isinstance(beat, Step))
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80, color_system=None)
    session = LessonSession(console, lesson, lambda prompt: "quit", tmp_path / "l.json")
    session.say(first)
    lines = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue()).splitlines()
    assert len(lines) > 1 and all(len(line) <= 80 for line in lines)
    assert " ".join(line.strip() for line in lines) == " ".join(first.split())
