"""A part of a lesson as it is played: the engine's state, how far the script has
gone, the step due now, and refusal (with the step's words) of anything else.

The browser's server and `cardtable learn` both play lessons through this, so the
engine validates every scripted action and every answer of the learner alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable import load_game
from cardtable.engine.api import Event, Game, State
from cardtable.learn.model import LEARNER, Lesson, Others, Part, Step


class NotInLesson(Exception):
    """An answer that is not the one the lesson asks for now (nothing changed)."""


class BrokenLesson(Exception):
    """The script does not fit the game (a test names the step)."""


@dataclass(frozen=True)
class Placed:
    """A step and where it falls: `n` actions have been played when it is due."""

    index: int          # its number in the part, from 0
    n: int
    step: Step


@dataclass(frozen=True)
class Move:
    n: int              # the move's index in the part's actions
    seat: int
    text: str
    step: int | None    # the learner's step this move is, if it is one


def layout(part: Part) -> tuple[list[Move], list[Placed]]:
    """The part's actions in order (with the seat the script means for each) and its
    steps with the number of actions played when each is due."""
    moves: list[Move] = []
    steps: list[Placed] = []
    for beat in part.script:
        if isinstance(beat, Others):
            for text in beat.actions:
                moves.append(Move(len(moves), -1, text, None))
        else:
            steps.append(Placed(len(steps), len(moves), beat))
            if beat.action is not None:
                moves.append(Move(len(moves), LEARNER, beat.action, len(steps) - 1))
    return moves, steps


class Walk:
    """One part of a lesson, played from its start up to where the learner is."""

    def __init__(self, lesson: Lesson, part: int) -> None:
        if not 0 <= part < len(lesson.parts):
            raise BrokenLesson(f"{lesson.title} has parts 1 to {len(lesson.parts)}")
        self.lesson = lesson
        self.part_index = part
        self.part = lesson.parts[part]
        self.game: Game = load_game(lesson.game)
        self.moves, self.steps = layout(self.part)
        self.state: State = self.game.new_game(self.part.players, self.part.seed,
                                               **self.part.options)
        self.n = 0
        self.events: list[list[Event]] = []
        self.actors: list[int] = []

    def reset(self) -> None:
        self.state = self.game.new_game(self.part.players, self.part.seed, **self.part.options)
        self.n = 0
        self.events = []
        self.actors = []

    # ---- where the learner is

    def due(self) -> list[Placed]:
        """The steps due now: reading steps, then the learner's action (if any)."""
        return [p for p in self.steps if p.n == self.n]

    def expected(self) -> Move | None:
        """The learner's move the lesson waits for, or None (the part is played)."""
        if self.n < len(self.moves) and self.moves[self.n].step is not None:
            return self.moves[self.n]
        return None

    def finished(self) -> bool:
        return self.n >= len(self.moves)

    def stops(self) -> list[int]:
        """Where a learner can stand: before each of their moves, and at the end."""
        return sorted({m.n for m in self.moves if m.step is not None} | {len(self.moves)})

    # ---- playing

    def _apply(self, move: Move) -> list[Event]:
        seat = self.state.current_player()
        learner = move.step is not None
        if seat is None or (seat == LEARNER) != learner:
            who = "the learner" if learner else "another seat"
            raise BrokenLesson(f"{self.lesson.game} part {self.part_index + 1}, move "
                               f"{move.n} ({move.text!r}): the script has {who} play, "
                               f"but the game waits for {seat!r}")
        try:
            action = self.game.parse_action(self.state, move.text)
            events = self.state.apply(action)
        except Exception as exc:
            raise BrokenLesson(f"{self.lesson.game} part {self.part_index + 1}, move "
                               f"{move.n} ({move.text!r}): {exc}") from exc
        self.n += 1
        self.events.append(events)
        self.actors.append(seat)
        return events

    def others(self, limit: int | None = None) -> list[tuple[int, str, list[Event]]]:
        """Play the other seats' scripted moves up to the learner's next step (at most
        `limit` of them)."""
        played: list[tuple[int, str, list[Event]]] = []
        while self.n < len(self.moves) and self.moves[self.n].step is None \
                and (limit is None or len(played) < limit):
            move = self.moves[self.n]
            seat = self.state.current_player()
            played.append((seat if seat is not None else -1, move.text, self._apply(move)))
        return played

    def answer(self, text: str) -> list[Event]:
        """The learner's answer: the expected one is played, anything else refused
        with the words of why (NotInLesson; nothing changes)."""
        move = self.expected()
        if move is None:
            raise NotInLesson("This part of the lesson is played to its end: there is "
                              "nothing more to choose.")
        if text.strip() != move.text:
            raise NotInLesson(self.not_yet(text))
        return self._apply(move)

    def not_yet(self, text: str) -> str:
        move = self.expected()
        assert move is not None
        names = [*self.part.names]
        choices = self.game.decision(self.state, LEARNER, names).get("choices") or []
        words = {c["action"]: c["text"] for c in choices}
        wanted = words.get(move.text, move.text)
        legal = {str(a) for a in self.state.legal_actions()}
        now = wanted[:1].lower() + wanted[1:]
        if text.strip() in legal:
            return f"Not yet: that move is allowed, but this step asks you to {now}."
        return f"Not yet: that cannot be done now; this step asks you to {now}."

    def go_to(self, n: int) -> None:
        """Play the script forward to the last place the learner can stand at or
        before `n` (from the start if `n` is behind)."""
        target = max([s for s in self.stops() if s <= max(n, 0)] or [0])
        if target < self.n:
            self.reset()
        self.others()
        while self.n < target:
            move = self.expected()
            assert move is not None
            self._apply(move)
            self.others()


def check(lesson: Lesson) -> None:
    """Play every part of the lesson through the engine, step by step: every scripted
    move must be legal and made by the seat the script says. BrokenLesson if not."""
    for index in range(len(lesson.parts)):
        walk = Walk(lesson, index)
        walk.go_to(len(walk.moves))
        if not walk.finished():
            raise BrokenLesson(f"{lesson.game} part {index + 1} stops at move {walk.n}")
        stops = set(walk.stops())
        for placed in walk.steps:
            # a step is shown where the learner stands: before one of their moves or at
            # the end; a reading step anywhere else would be played past unseen
            if placed.n not in stops:
                raise BrokenLesson(f"{lesson.game} part {index + 1}, step {placed.index + 1} "
                                   "falls between the other seats' moves: the learner "
                                   "would never see it")
            for key in placed.step.teaches:
                if key not in lesson.section_keys:
                    raise BrokenLesson(f"step {placed.index} teaches an unknown section "
                                       f"{key!r}")
