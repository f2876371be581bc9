"""`cardtable puzzles play [GAME]`: the shipped puzzles in the terminal.

The position is drawn as `cardtable play` draws it for that seat (the game's terminal
face, from the solver's observation only), the answers are listed as `cardtable play`
lists them and read the same way (a number or the notation); then right or wrong, and
the same explanation the web page gives (cardtable.puzzles.explain). Then the set's
next puzzle, until 'quit' or the end of the input.
"""

from __future__ import annotations

import argparse
import re
import secrets
from datetime import UTC, datetime
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.cli.play import ReadLine
from cardtable.cli.render import renderer_for
from cardtable.cli.words import Words
from cardtable.engine.api import IllegalAction, OptionError
from cardtable.puzzles.explain import (
    SET_TITLES,
    THEME_WORDS,
    daily_index,
    explanation,
    seat_names,
)
from cardtable.puzzles.model import SHIPPED, Puzzle, shipped

QUIT = ("quit", "q", "exit")


def add_play_parser(actions: Any) -> None:
    play = actions.add_parser(
        "play", help="solve the shipped puzzles in the terminal",
        description="Show a puzzle (the position as your seat sees it), read your answer "
                    "(its number or its notation), say whether it is the best action and "
                    "explain: the top choices with their expected results, the theme, "
                    "and what followed in worlds dealt again from what you could see. "
                    "Then the set's next puzzle, until 'quit'.",
        epilog="Examples: cardtable puzzles play vale --daily; cardtable puzzles play "
               "--set vale-artifacts; cardtable puzzles play --puzzle thalara-f8ddfb67c270")
    play.add_argument("game", nargs="?", default=None, choices=("thalara", "vale"),
                      help="the game (default: thalara, or the set of --set/--puzzle)")
    play.add_argument("--set", dest="set_name", default=None, metavar="SET",
                      help="the set: " + ", ".join(SHIPPED) + " (default: the game's own)")
    which = play.add_mutually_exclusive_group()
    which.add_argument("--puzzle", default=None, metavar="ID", help="this puzzle first")
    which.add_argument("--daily", action="store_true",
                       help="today's puzzle first (the same as the web page's, UTC date)")
    play.set_defaults(run=run_puzzles_play)


def choose_set(game: str | None, set_name: str | None, puzzle_id: str | None) -> str:
    if set_name is not None:
        if set_name not in SHIPPED:
            raise OptionError(f"--set: no puzzle set named {set_name!r}; sets: "
                              f"{', '.join(SHIPPED)}")
        if game is not None and set_name.split("-")[0] != game:
            raise OptionError(f"--set {set_name} is not a set of {game}")
        return set_name
    if puzzle_id is not None and game is None:
        # an id starts with its set's name: the longest name that fits
        for name in sorted(SHIPPED, key=len, reverse=True):
            if puzzle_id.startswith(name + "-"):
                return name
    return game or "thalara"


def first_index(puzzles: list[Puzzle], name: str, args: argparse.Namespace) -> int:
    if args.puzzle is not None:
        for i, p in enumerate(puzzles):
            if p.id == args.puzzle:
                return i
        raise OptionError(f"--puzzle: the set {name} has no puzzle {args.puzzle!r}")
    if args.daily:
        return daily_index(name, len(puzzles), datetime.now(UTC).date())
    return secrets.randbelow(len(puzzles))


class PuzzleSession:
    def __init__(self, console: Console, read_line: ReadLine) -> None:
        self.console = console
        self.read_line = read_line

    def say(self, text: str, style: str = "") -> None:
        """Wrapped between words; an indented line ("  2. Place ...", "    Ann
        passes.") goes on under its own start, not at the screen's edge."""
        body = text.lstrip(" ")
        marker = re.match(r"\d+\. ", body)
        hang = len(text) - len(body) + (marker.end() if marker else 0)
        if not hang:
            self.console.print(Text(text, style=style))
            return
        row = Table.grid()
        row.add_column(width=hang, no_wrap=True)
        row.add_column()
        row.add_row(Text(text[:hang], style=style), Text(text[hang:], style=style))
        self.console.print(row)

    def solve(self, puzzle: Puzzle, number: int, count: int, title: str) -> bool | None:
        """One puzzle: True or False for the answer, None when the solver quit."""
        state = puzzle.state()
        seat = puzzle.seat
        names = seat_names(puzzle, state.num_players)
        words = Words.of(state, seat, names)
        self.console.rule(f"puzzle {number} of {count}", style="dim")
        self.say(f"{title}, puzzle {puzzle.id}", "bold")
        self.console.print(renderer_for(puzzle.game)(state.observation(seat), seat, words))
        self.say(f"Theme: {puzzle.theme} · difficulty: {puzzle.difficulty}", "bold")
        decision = state.game.decision(state, seat, names)
        said = {c["action"]: c["text"] for c in decision.get("choices") or []}
        legal = state.legal_actions()
        self.say(f"{decision.get('prompt') or 'Your move'} Find the best action:", "bold")
        for i, action in enumerate(legal, start=1):
            self.console.print(Text.assemble((f"{i:>3}", "bold cyan"), " ",
                                             said.get(str(action), str(action)),
                                             ("  " + str(action), "dim")))
        while True:
            try:
                raw = self.read_line("puzzle> ").strip()
            except EOFError:
                self.console.print()
                return None
            if not raw:
                continue
            if raw.lower() in QUIT:
                return None
            if raw.isascii() and raw.isdigit():
                if not 1 <= int(raw) <= len(legal):
                    self.say(f"There is no answer {raw}; choose 1-{len(legal)}.", "red")
                    continue
                action = legal[int(raw) - 1]
            else:
                try:
                    action = state.game.parse_action(state, raw)
                except IllegalAction as exc:
                    self.say(str(exc), "red")
                    continue
            break
        correct = str(action) == puzzle.best
        self.explain(puzzle, explanation(puzzle, state), words, correct, str(action))
        return correct

    def explain(self, puzzle: Puzzle, told: dict[str, Any], words: Words, correct: bool,
                answer: str) -> None:
        if correct:
            self.say(f"Correct! {told['best_text']} is the best action.", "bold green")
        else:
            self.say(f"Not the best. The best action is: {told['best_text']} "
                     f"[{told['best']}].", "bold red")
        self.say(THEME_WORDS.get(puzzle.theme, puzzle.theme))
        self.say(f"The judges' searches, from what you could see (the best beats every "
                 f"other by {told['margin']:.2f}):")
        for i, c in enumerate(told["choices"], start=1):
            mark = " (best)" if c["best"] else " (yours)" if c["action"] == answer else ""
            self.say(f"  {i}. {c['text']}: {c['words']}{mark}")
        total = sum(line["worlds"] for line in told["replay"])
        self.say("What followed the best action in worlds dealt again from what you could "
                 "see (never the real hidden cards), every seat playing on as the judges' "
                 "searches do:", "dim")
        for k, line in enumerate(told["replay"], start=1):
            self.say(f"  Line {k}, in {line['worlds']} of {total} worlds:")
            for move in line["moves"]:
                for event in move["events"]:
                    self.say(f"    {words.sentence(event)}")


def run_puzzles_play(args: argparse.Namespace, console: Console, read_line: ReadLine) -> int:
    name = choose_set(args.game, args.set_name, args.puzzle)
    puzzles = shipped(name)
    index = first_index(puzzles, name, args)
    session = PuzzleSession(console, read_line)
    solved = answered = 0
    while True:
        result = session.solve(puzzles[index], index + 1, len(puzzles), SET_TITLES[name])
        if result is None:
            break
        answered += 1
        solved += result
        try:
            more = read_line("Enter for the next puzzle, 'quit' to stop: ").strip().lower()
        except EOFError:
            console.print()
            break
        if more in QUIT:
            break
        index = (index + 1) % len(puzzles)
    if answered:
        console.print(Text(f"{solved} of {answered} solved.", style="bold"))
    return 0
