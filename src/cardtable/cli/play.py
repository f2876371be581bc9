"""`cardtable play`: one person against the computer in the terminal.

The loop only uses the engine contract: it draws `state.observation(seat)` for the human
seat, lists `state.legal_actions()` when that seat is to decide, and tells what happened
from `event.text_for(seat)`, in words (cards by their names, from
`game.catalogue`). The true state and other seats' private texts are never
printed; the computer players get `state.view(player)` like any agent.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from cardtable.agents import Agent, computer_name, make_agent
from cardtable.agents.ismcts import hint_level
from cardtable.cli.render import render_generic, renderer_for, say, status_for
from cardtable.cli.words import Words, end_lines
from cardtable.engine.api import (
    Action,
    CardtableError,
    Event,
    IllegalAction,
    OptionError,
    State,
)
from cardtable.engine.record import GameRecord
from cardtable.engine.replay import replay_action
from cardtable.engine.undo import reveals_hidden

ReadLine = Callable[[str], str]

COMMANDS_HELP = """\
Type the number of a listed action, or the action itself in the game's notation.
Commands:
  help    this help, the notation and the rules in short
  board   draw the whole board and list your actions (after your own moves only
          what changed is shown, with a one-line status)
  hint    what the computer would do here, with visit shares
  undo    take back your last decision (and the computer's answers to it)
  quit    save the game and stop; resume later with: cardtable play --load FILE
"""


def seat_label(player: int | None, you: int) -> str:
    if player is None:
        return "nobody"
    return f"P{player + 1} (you)" if player == you else f"P{player + 1}"


def parse_seat(text: str, players: int) -> int:
    """`0`, `1`, ... (a seat number) or `P1`, `P2`, ... (a player label)."""
    raw = text.strip().lower()
    try:
        seat = int(raw[1:]) - 1 if raw.startswith("p") else int(raw)
    except ValueError:
        raise OptionError(f"--seat must be a seat number (0, 1, ...) or a player "
                          f"(P1, P2, ...), not {text!r}") from None
    if not 0 <= seat < players:
        raise OptionError(f"--seat {text} does not exist in a {players}-player game "
                          f"(seats 0-{players - 1}, players P1-P{players})")
    return seat


def squeeze(lines: list[str]) -> list[str]:
    """Runs of the same line as one line with a count: "P2 takes a card (x7)."."""
    out: list[str] = []
    count = 0
    for index, line in enumerate(lines):
        count += 1
        if index + 1 == len(lines) or lines[index + 1] != line:
            if count == 1:
                out.append(line)
            else:                           # the count inside the sentence's full stop
                body, stop = (line[:-1], ".") if line.endswith(".") else (line, "")
                out.append(f"{body} (x{count}){stop}")
            count = 0
    return out


def decision_points(record: GameRecord, seat: int) -> list[int]:
    """How many actions had been played each time `seat` was to decide (among several
    answers: one taken as the only choice was never asked, so undo passes it)."""
    state = record.new_state()
    points = []
    for index, text in enumerate(record.actions):
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            points.append(index)
        replay_action(state, text, index + 1)
    return points


def save_game(state: State, path: Path, seat: int, vs: str) -> None:
    """The record, plus which seat the human played and against what (ignored by
    GameRecord.load, used by `play --load`)."""
    data = GameRecord.from_state(state).to_dict()
    data["cli"] = {"seat": seat, "vs": vs}
    # written beside and then renamed, so an interrupted save leaves the old file whole
    partial = path.with_name(path.name + ".partial")
    partial.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(partial, path)


def saved_cli_settings(path: Path) -> dict[str, Any]:
    """The `cli` part of a saved game, when there is a readable one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    cli = data.get("cli") if isinstance(data, dict) else None
    return cli if isinstance(cli, dict) else {}


class PlaySession:
    def __init__(self, console: Console, state: State, seat: int, vs: str,
                 save_path: Path, read_line: ReadLine, agent_seed: int,
                 decisions: list[int] | None = None, autosave: bool = False) -> None:
        self.console = console
        self.state = state
        self.game = state.game
        self.seat = seat
        self.vs = vs
        self.save_path = save_path
        self.autosave = autosave
        self.read_line = read_line
        self.render = renderer_for(self.game.name)
        self.status = status_for(self.game.name)
        self.words = Words.of(state, seat)
        self.agents: dict[int, Agent] = {
            player: make_agent(vs, self.game, agent_seed + player)
            for player in range(state.num_players) if player != seat}
        self.decisions: list[int] = list(decisions or [])
        self.log: list[str] = []
        self.leave_unsaved = False
        # The full board is drawn again only when the round or phase changed since it
        # was last drawn (`shown_at`), or the others moved since: between two of your
        # own decisions the events and a status line say what changed.
        self.shown_at: tuple[Any, Any] | None = None
        self.others_moved = False

    # -- output -------------------------------------------------------------------
    def say(self, text: str, style: str | None = None) -> None:
        say(self.console, text, style or "")

    def note_events(self, events: list[Event], skip: str | None = None) -> None:
        """Keep the events' texts, in sentences, for the next flush; `skip` is a text
        already said another way (the echo of an action taken as the only choice)."""
        for event in events:
            text = event.text_for(self.seat)
            if text and text != skip:
                self.log.append(self.words.sentence(text))

    def flush_log(self, title: str | None = None) -> None:
        if title:
            self.console.rule(title, style="dim")
        if self.log:
            self.console.print(Text("\n".join(f"  {line}" for line in squeeze(self.log))))
            self.log = []

    def board_key(self, observation: dict[str, Any]) -> tuple[Any, Any]:
        """The round and phase; a step inside a turn (the game's `turn_steps`, as
        Thalara's cast after a card) counts as the phase it happens in."""
        phase = observation.get("phase")
        if phase in self.words.vocabulary.get("turn_steps", ()) and self.shown_at:
            phase = self.shown_at[1]
        return observation.get("round"), phase

    def draw_board(self) -> None:
        observation = self.state.observation(self.seat)
        self.shown_at = self.board_key(observation)
        self.others_moved = False
        try:
            board = self.render(observation, self.seat, self.words)
        except Exception as exc:  # a drawing bug must not end the game
            self.say(f"(the board could not be drawn: {exc}; showing the raw view)", "dim")
            board = render_generic(observation, self.seat)
        self.console.print(board)

    def draw_board_or_status(self) -> None:
        """The full board when it is due (see `shown_at`), else one status line."""
        observation = self.state.observation(self.seat)
        if (self.shown_at is None or self.others_moved
                or self.board_key(observation) != self.shown_at):
            self.draw_board()
            return
        try:
            line = self.status(observation, self.seat, self.words)
        except Exception:  # a drawing bug must not end the game: the board says it all
            self.draw_board()
            return
        self.console.print(line)

    def list_actions(self, legal: list[Action]) -> None:
        """The decision in words and each answer as a sentence, its number to type and
        its notation (what a saved game keeps, and what may be typed instead)."""
        decision = self.game.decision(self.state, self.seat)
        said = {c["action"]: c["text"] for c in decision.get("choices", [])}
        prompt = decision.get("prompt") or "Your turn"
        self.console.print(Text(f"{prompt} ({len(legal)} possible answers):", style="bold"))
        if all(action.text in said for action in legal):
            for number, action in enumerate(legal, start=1):
                self.console.print(Text.assemble((f"{number:>3}", "bold cyan"), " ",
                                                 said[action.text], ("  " + action.text, "dim")))
            return
        items = [Text.assemble((f"{number:>3}", "bold cyan"), " ", action.text)
                 for number, action in enumerate(legal, start=1)]
        self.console.print(Columns(items, padding=(0, 3)))

    @contextlib.contextmanager
    def thinking(self, player: int) -> Iterator[None]:
        if self.console.is_terminal:
            with self.console.status(f"P{player + 1} ({self.vs}) is thinking..."):
                yield
        else:
            yield

    # -- the loop -----------------------------------------------------------------
    def run(self) -> int:
        try:
            return self.loop()
        except KeyboardInterrupt:      # Ctrl-C while the computer thinks: save and stop
            self.console.print()
            return self.quit()
        except CardtableError:         # a bug in an agent or a game: keep the game first
            if self.save():
                self.say(f"Saved to {self.save_path} before stopping.", "bold")
            raise

    def loop(self) -> int:
        # No seed here: it would tell the computer's cards (it is shown at the end).
        self.say(f"{self.game.title}: you are {seat_label(self.seat, self.seat)} against "
                 f"{computer_name(self.vs)}. Type 'help' for help.", "bold")
        while not self.state.is_over():
            player = self.state.current_player()
            if player is None:
                break
            if player != self.seat:
                agent = self.agents[player]
                with self.thinking(player):
                    action = agent.choose(self.state.view(player))
                self.note_events(self.state.apply(action))
                self.others_moved = True
                continue
            if not self.human_turn():
                return self.quit()
        return self.finish()

    def human_turn(self) -> bool:
        """One decision of the human; False when they quit."""
        legal = self.state.legal_actions()
        if len(legal) == 1:
            self.take_only(legal[0])
            return True
        played = len(self.state.history())
        if not self.decisions or self.decisions[-1] != played:
            self.decisions.append(played)
        if self.autosave:          # a crash or a closed terminal loses nothing
            self.save()
        self.console.rule(f"your decision ({played} actions played)", style="dim")
        self.flush_log()
        self.draw_board_or_status()
        self.list_actions(legal)
        while True:
            try:
                line = self.read_line(f"{seat_label(self.seat, self.seat)}> ")
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return False
            text = line.strip()
            command = text.lower()
            if not text:
                continue
            if command in ("quit", "exit", "q"):
                if self.leave_unsaved or self.save():
                    return False
                self.say("The game is not saved. Type quit again to leave anyway.", "yellow")
                self.leave_unsaved = True
                continue
            if command in ("help", "?", "h"):
                self.show_help()
                continue
            if command == "board":
                self.draw_board()
                self.list_actions(legal)
                continue
            if command == "hint":
                self.hint()
                continue
            if command == "undo":
                if self.undo():
                    return True
                continue
            action = self.read_action(text, legal)
            if action is None:
                continue
            self.note_events(self.state.apply(action))
            return True

    def take_only(self, action: Action) -> None:
        """A decision with one possible answer is not asked: it is taken and said. It
        is no decision point of undo's either, so undo goes back past it."""
        self.flush_log()
        said = {c["action"]: c["text"] for c in
                self.game.decision(self.state, self.seat).get("choices", [])}
        self.say(f"Only one choice: {said.get(action.text) or self.words.text(action.text)}, "
                 "taken.", "cyan")
        echo = f"P{self.seat + 1}: {action.text}"
        self.note_events(self.state.apply(action), skip=echo)

    def read_action(self, text: str, legal: list[Action]) -> Action | None:
        if text.isascii() and text.isdigit():  # '²' and '①' are digits too, not numbers
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.say(f"There is no action {number}; choose 1-{len(legal)}.", "red")
            return None
        try:
            return self.game.parse_action(self.state, text)
        except IllegalAction as exc:  # MalformedAction is an IllegalAction too
            self.say(str(exc), "red")
            return None

    def show_help(self) -> None:
        self.say(COMMANDS_HELP)
        notation = self.game.notation_help()
        if notation:
            self.say(notation)
        rules = self.game.rules_summary(self.state.options)
        for paragraph in rules.split("\n\n") if rules else []:
            # wrapped at word ends (say() leaves long lines to the terminal, which cuts
            # words); a "## " paragraph is a heading
            if paragraph.startswith("## "):
                self.console.print(Text(paragraph[3:], style="bold underline"))
            else:
                self.console.print(Text(paragraph + "\n"))

    def hint(self) -> None:
        try:
            adviser = make_agent(f"ismcts:{hint_level(self.game.name, self.state.options)}",
                                 self.game, 0)
            rated = adviser.explain(self.state.view(self.seat))
        except NotImplementedError:
            self.say("No hints for this game (it has no heuristics).", "yellow")
            return
        self.say("The computer would play (best first, share of visits):")
        for action, _share, reason in rated[:3]:
            self.say(f"  {action.text}  ({self.words.text(reason)})")

    def undo(self) -> bool:
        """Back to the human's previous decision; False when there is none."""
        played = len(self.state.history())
        earlier = [point for point in self.decisions if point < played]
        if not earlier:
            self.say("Nothing to undo: this is your first decision.", "yellow")
            return False
        target = earlier[-1]
        record = GameRecord.from_state(self.state).undo(played - target)
        before = record.replay()
        since = [a.text for a in self.state.history()[target:]]
        if reveals_hidden(before, since, self.seat, self.state.observation(self.seat)):
            # The same seed would put the cards just seen back in the same places.
            self.say("No undo: since your previous decision you have seen cards that were "
                     "hidden then (a draw, a reveal, a card played from a hand).", "yellow")
            return False
        self.state = before
        self.shown_at = None          # a board from before the undo: draw it whole
        self.decisions = [point for point in self.decisions if point <= target]
        self.log = [f"(undone: back to your previous decision, after {target} actions)"]
        return True

    def save(self) -> bool:
        try:
            save_game(self.state, self.save_path, self.seat, self.vs)
        except OSError as exc:
            self.say(f"Could not save to {self.save_path}: {exc.strerror}", "red")
            return False
        return True

    def quit(self) -> int:
        if self.save():
            self.say(f"Saved to {self.save_path}. Resume with: "
                     f"cardtable play --load {self.save_path}", "bold")
            return 0
        self.say("Left without saving.", "yellow")
        return 1

    def finish(self) -> int:
        self.flush_log("The end")
        self.draw_board()
        scores = self.state.scores()
        winners = self.state.winners()
        self.say("Final scores: " + ", ".join(
            f"{seat_label(p, self.seat)} {s}" for p, s in enumerate(scores)), "bold")
        for line in end_lines(self.state.observation(self.seat).get("end"), self.words):
            self.say(line)
        if self.seat in winners:
            self.say("You win!" if len(winners) == 1 else
                     "You share the win with " + ", ".join(
                         seat_label(p, self.seat) for p in winners if p != self.seat) + ".",
                     "bold green")
        elif winners:
            self.say(", ".join(seat_label(p, self.seat) for p in winners)
                     + (" wins." if len(winners) == 1 else " share the win."), "bold")
        self.say(f"The deal was seed {self.state.seed} (cardtable play {self.game.name} "
                 f"--seed {self.state.seed} deals it again).")
        if self.autosave and self.save():
            self.say(f"Saved to {self.save_path}.")
        return 0
