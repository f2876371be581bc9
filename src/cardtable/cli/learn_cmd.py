"""`cardtable learn GAME`: the guided first game in the terminal.

The same lesson as the browser's (cardtable.learn), played by the same walker: each
step's words are printed, the answers are listed with the one the step asks for marked,
and only that one is accepted (by its number or its notation); anything else is
answered with why not. Where the learner stands is kept in a small JSON file in the
user's data directory (platformdirs), so `cardtable learn GAME` resumes; `--restart`
starts over and `--part N` jumps to a part.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from cardtable.cli.play import ReadLine
from cardtable.cli.render import renderer_for, say
from cardtable.cli.words import Words
from cardtable.engine.api import OptionError
from cardtable.learn import load_lesson
from cardtable.learn.model import LEARNER, Lesson
from cardtable.learn.walk import NotInLesson, Walk

QUIT = ("quit", "q", "exit")


def progress_file() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("cardtable", appauthor=False)) / "learn.json"


def read_progress(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_progress(path: Path, game: str, part: int, n: int) -> None:
    data = read_progress(path)
    data[game] = {"part": part, "n": n}
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(data) + "\n", encoding="utf-8")
    os.replace(partial, path)


class LessonSession:
    def __init__(self, console: Console, lesson: Lesson, read_line: ReadLine,
                 path: Path) -> None:
        self.console = console
        self.lesson = lesson
        self.read_line = read_line
        self.path = path

    def say(self, text: str, style: str = "") -> None:
        say(self.console, text, style)

    def run(self, part: int, n: int) -> int:
        while part <= len(self.lesson.parts):
            if not self.play_part(part, n):
                return 0
            part, n = part + 1, 0
            if part <= len(self.lesson.parts):
                write_progress(self.path, self.lesson.game, part, 0)
        write_progress(self.path, self.lesson.game, 1, 0)
        self.say("Lesson complete. Play a game: cardtable play "
                 f"{self.lesson.game}", "bold green")
        return 0

    def play_part(self, part: int, n: int) -> bool:
        """Play one part from `n` actions; False if the learner quit."""
        walk = Walk(self.lesson, part - 1)
        walk.go_to(n)
        words = Words.of(walk.state, LEARNER, walk.part.names)
        render = renderer_for(self.lesson.game)
        self.say(f"{self.lesson.title}, part {part} of {len(self.lesson.parts)}: "
                 f"{walk.part.title}", "bold")
        shown = walk.n
        total = len(walk.steps)
        while True:
            for placed in walk.due():
                if placed.step.action is not None:
                    continue
                self.say(f"\n[step {placed.index + 1} of {total}] {placed.step.say}", "cyan")
                if not self.pause():
                    return False
            move = walk.expected()
            if move is None:
                return True
            self.console.print(render(walk.state.observation(LEARNER), LEARNER, words))
            step = next(p for p in walk.due() if p.step.action is not None)
            self.say(f"\n[step {step.index + 1} of {total}] {step.step.say}", "cyan")
            choices = walk.game.decision(walk.state, LEARNER, list(walk.part.names))
            listed = [(c["action"], c["text"]) for c in choices.get("choices") or []] or \
                [(str(a), str(a)) for a in walk.state.legal_actions()]
            for i, (text, said) in enumerate(listed, start=1):
                mark = "→" if text == move.text else " "
                self.say(f" {mark}{i:3}. {said}   [{text}]",
                         "bold yellow" if text == move.text else "")
            while True:
                raw = self.read_line("learn> ").strip()
                if not raw:     # Enter alone, as at a reading step: say what to type
                    marked = next((f"{i} (the choice marked →) or "
                                   for i, (text, _) in enumerate(listed, start=1)
                                   if text == move.text), "")
                    self.say(f"Type {marked}{move.text}, then Enter; 'quit' stops here.",
                             "yellow")
                    continue
                if raw.lower() in QUIT:
                    write_progress(self.path, self.lesson.game, part, walk.n)
                    self.say(f"Saved: 'cardtable learn {self.lesson.game}' resumes here.")
                    return False
                answer = listed[int(raw) - 1][0] if raw.isdigit() and \
                    1 <= int(raw) <= len(listed) else raw
                try:
                    events = walk.answer(answer)
                except NotInLesson as exc:
                    self.say(str(exc), "red")
                    continue
                break
            lines = [words.sentence(e.text_for(LEARNER)) for e in events]
            for _seat, _text, evs in walk.others():
                lines += [words.sentence(e.text_for(LEARNER)) for e in evs]
            for line in lines:
                if line:
                    self.say(f"  {line}")
            shown = walk.n
            write_progress(self.path, self.lesson.game, part, shown)

    def pause(self) -> bool:
        raw = self.read_line("(Enter to go on, 'quit' to stop) ").strip().lower()
        return raw not in QUIT


def run_learn(args: Any, console: Console, read_line: ReadLine) -> int:
    lesson = load_lesson(args.game)
    path = Path(args.progress) if args.progress else progress_file()
    saved = {} if args.restart else read_progress(path).get(lesson.game, {})
    part, n = 1, 0
    if isinstance(saved, dict):
        p, k = saved.get("part"), saved.get("n")
        if isinstance(p, int) and isinstance(k, int) and 1 <= p <= len(lesson.parts) and k >= 0:
            part, n = p, k
    if args.part is not None:
        if not 1 <= args.part <= len(lesson.parts):
            raise OptionError(f"--part: {lesson.title} has parts 1 to {len(lesson.parts)}")
        part, n = args.part, 0
    if part != 1 or n:
        console.print(Text(f"Resuming at part {part} ({path}); --restart starts over.",
                           style="dim"))
    return LessonSession(console, lesson, read_line, path).run(part, n)
