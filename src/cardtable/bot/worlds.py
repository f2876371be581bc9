"""Whole game states built from one seat's messages, for agents that search.

A searching agent samples worlds: full states that agree with everything its seat
knows. On the server those come from the true state; a bot has only what its socket
tells it. `WorldTracker` builds one anyway, with nothing but the engine and the messages:

- it deals a game of the same options from a seed of its own, and moves the cards the
  seat cannot tell apart until the seat sees exactly what it saw before the first
  action (the welcome's `start`; `State.conform` does the moving);
- for each action after that it lets the engine play the game's public course: the
  seat's own action from its text, another seat's by trying that seat's legal actions
  in the world; a try is kept when, with the hidden cards moved again, the seat sees
  exactly the observation the server sent after the action. When none agrees, it tries
  again from the world with the cards the action showed moved to where its player could
  have taken them from (`State.prepare`: a card summoned from a secret hand that the
  world had dealt into the deck, face-down cards a round's end revealed), then with the
  hidden cards dealt again (`sample_world`), then by playing the last few actions again
  other ways (two that looked the same, a choice between two effects say, may have left
  different decisions behind);
- actions in a welcome's log come without their observations: they are judged by their
  events, and the world is moved to the welcome's observation at the end.

The world holds nothing the seat does not know: it is made from the seat's messages and
the tracker's own random choices only. When nothing agrees the tracker says so
(`lost`), and a bot plays that decision without worlds."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from cardtable.engine.api import Action, CardtableError, Game, State

DEALS = 64          # fresh deals tried for the start, and hidden-card redeals per action
LOG_DEALS = 8       # redeals for an action of a welcome's log (judged by its events only)
BACK = 3            # actions played again another way when one finds no world
BACK_DEALS = 4      # redeals tried from each point gone back to
BUDGET = 20_000     # actions tried while going back, at most
Entry = dict[str, Any]
Step = tuple[Entry, dict[str, Any] | None]


def _shape(events: Sequence[dict[str, Any]]) -> list[tuple[Any, Any]]:
    """What of an action's events a world must reproduce before its cards are moved:
    the kinds and their players (the card names come right with the move)."""
    return [(e["kind"], e["player"]) for e in events]


class WorldTracker:
    """Keeps a world of `game` that agrees with everything `seat` was told."""

    def __init__(self, game: Game, seat: int, players: int, options: dict[str, Any],
                 rng: random.Random, deals: int = DEALS) -> None:
        self.game = game
        self.seat = seat
        self.players = players
        self.options = dict(options)
        self.rng = rng
        self.deals = deals
        self.world: State | None = None
        self.n = 0                  # actions the world has played
        self.lost_at: int | None = None
        # the world before each of the last few actions, with what the seat was told
        self.trail: list[tuple[State, Entry, dict[str, Any] | None]] = []
        self.budget = BUDGET

    @property
    def lost(self) -> bool:
        return self.world is None

    # ---- building ----------------------------------------------------------------

    def begin(self, start: dict[str, Any]) -> bool:
        """A world at the game's start that shows the seat `start`."""
        self.n = 0
        self.lost_at = None
        self.trail = []
        self.budget = BUDGET
        for _ in range(self.deals):
            try:
                world = self.game.new_game(self.players, self.rng.getrandbits(63),
                                           **self.options)
            except CardtableError:
                break       # options this cardtable does not know: no world to build
            if world.conform(self.seat, start, self.rng):
                self.world = world
                return True
        self._lose()
        return False

    def follow(self, entry: Entry, observation: dict[str, Any] | None) -> bool:
        """Play the action `entry` (an update, or an entry of a welcome's log) in the
        world; `observation`, when known, is what the seat saw after it. When no
        action agrees, the last few actions are played again another way (two that
        looked the same, such as a choice between two effects, may have left different
        decisions behind)."""
        world = self.world
        if world is None:
            return False
        if entry["n"] != self.n + 1:
            self._lose()
            return False
        step: Step = (entry, observation)
        self.budget = BUDGET
        deals = self.deals if observation is not None else LOG_DEALS
        found = self._first(self._bases(world, entry, observation, deals), [step])
        if found is not None:
            self.trail.append((world, entry, observation))
            del self.trail[:-BACK]
        else:
            found = self._back(step)
        if found is None and observation is None:
            found = self._course(world, entry)
        if found is None:
            self._lose()
            return False
        self.world = found
        self.n += 1
        return True

    def _back(self, step: Step) -> State | None:
        """Play the last few actions again, each in every way that agrees with it."""
        for depth in range(1, len(self.trail) + 1):
            at = len(self.trail) - depth
            base = self.trail[at][0]
            steps = [(e, o) for _, e, o in self.trail[at:]] + [step]
            self.budget = BUDGET
            found = self._first(self._bases(base, steps[0][0], steps[0][1], BACK_DEALS),
                                steps)
            if found is not None:
                # the worlds kept before the later actions belonged to the course
                # given up: only the base is still good to go back to
                del self.trail[at + 1:]
                return found
        return None

    def _course(self, world: State, entry: Entry) -> State | None:
        """A log entry no action reproduces word for word (its events name a card the
        world had dealt elsewhere): the first action with the same kinds of events. Its
        cards are put right when the welcome's observation comes."""
        if world.is_over() or world.current_player() != entry["seat"]:
            return None
        shape = _shape(entry["events"])
        # the seat's own action too: its text may name a card the world had elsewhere
        actions = list(world.legal_actions())
        self.rng.shuffle(actions)
        for action in actions:
            moved = world.clone()
            try:
                said = [e.to_dict(self.seat) for e in moved.apply(action)]
            except CardtableError:
                continue
            if _shape(said) == shape:
                return moved
        return None

    def _bases(self, world: State, entry: Entry, observation: dict[str, Any] | None,
               deals: int) -> Iterator[State]:
        """The worlds to play an action from: this one; then, when the action showed a
        card this world had dealt where its player could not have taken it from, this
        one with the card moved there; then the hidden cards dealt again."""
        yield world
        if observation is not None and entry["seat"] != self.seat:
            ready = world.clone()
            if ready.prepare(self.seat, entry["seat"], observation, self.rng):
                yield ready
        yield from self._redeals(world, deals)

    def _redeals(self, world: State, deals: int) -> Iterator[State]:
        for _ in range(deals - 1):
            yield world.sample_world(self.seat, self.rng)

    def _first(self, bases: Iterable[State], steps: list[Step]) -> State | None:
        """The first world, from one of `bases`, that agrees with every step."""
        for base in bases:
            found = self._through(base, steps)
            if found is not None:
                return found
        return None

    def _through(self, world: State, steps: list[Step]) -> State | None:
        if not steps:
            return world
        for after in self._after(world, *steps[0]):
            found = self._through(after, steps[1:])
            if found is not None:
                return found
            if self.budget <= 0:
                return None
        return None

    def _after(self, base: State, entry: Entry,
               observation: dict[str, Any] | None) -> Iterator[State]:
        """Each world, after one action of `base`, that agrees with `entry` and (when
        given) `observation`: those whose events the seat would read word for word
        first, then those with the same kinds of events once their cards are moved."""
        said_then = entry["events"]
        shape = _shape(said_then)
        later: list[Action] = []
        for action in self._candidates(base, entry):
            self.budget -= 1
            world = base.clone()
            try:
                said = [e.to_dict(self.seat) for e in world.apply(action)]
            except CardtableError:
                continue
            if said == said_then:
                if observation is None or world.conform(self.seat, observation, self.rng):
                    yield world
            elif observation is not None and _shape(said) == shape:
                later.append(action)
        for action in later:
            self.budget -= 1
            world = base.clone()
            world.apply(action)
            if world.conform(self.seat, observation or {}, self.rng):
                yield world

    def catch_up(self, start: dict[str, Any], log: Sequence[Entry],
                 observation: dict[str, Any], legal: Sequence[str],
                 seen: Mapping[int, dict[str, Any]] | None = None) -> bool:
        """Bring the world to a welcome: the log's actions it has not played (all of
        them after an undo or when it had none), then moved to what the seat sees now.
        `seen` holds what the seat saw after some of them (the updates a bot received
        before it lost its connection), which judges those better than their events
        alone. Tried again from the start with other deals when that fails."""
        seen = seen or {}
        for attempt in range(3):
            if attempt or self.world is None or self.n > len(log):
                self.begin(start)
            for entry in log[self.n:]:
                if not self.follow(entry, seen.get(entry["n"])):
                    break
            if self.world is not None and self.n == len(log) and \
                    self.settle(observation, legal):
                return True
            self.world = None
        self._lose()
        return False

    def settle(self, observation: dict[str, Any], legal: Sequence[str]) -> bool:
        """Move the world's hidden cards to agree with `observation`; True when it
        then shows exactly that, with the same legal actions."""
        world = self.world
        if world is None:
            return False
        moved = world.clone()
        if moved.conform(self.seat, observation, self.rng) and self._same_legal(moved, legal):
            self.world = moved
            return True
        return False

    def agrees(self, observation: dict[str, Any], legal: Sequence[str]) -> bool:
        """The world shows the seat exactly this observation and these actions."""
        world = self.world
        return (world is not None and world.observation(self.seat) == observation
                and self._same_legal(world, legal))

    # ---- one action --------------------------------------------------------------

    def _candidates(self, base: State, entry: Entry) -> list[Action]:
        """The seat's own action from its text; another seat's: each legal one, in a
        random order (among those that agree, the world keeps one at random)."""
        if base.is_over():
            return []
        text = entry.get("action")
        if entry["seat"] == self.seat and text:
            try:
                return [self.game.parse_action(base, text)]
            except CardtableError:
                return []
        actions = list(base.legal_actions())
        self.rng.shuffle(actions)
        return actions

    def _same_legal(self, world: State, legal: Sequence[str]) -> bool:
        """The same legal actions, in any order: a hand's order is not in the
        observation, and actions may be listed in it."""
        mine = world.current_player() == self.seat and not world.is_over()
        return sorted(str(a) for a in world.legal_actions()) == sorted(legal) if mine \
            else not legal

    def _lose(self) -> None:
        if self.world is not None or self.lost_at is None:
            self.lost_at = self.n
        self.world = None


class SeatStream:
    """What a seat's socket carries through a game played in this process (no
    server): the observation before the first action, then for every action the log
    entry, the observation after it and the seat's legal action texts. The tests and
    `benchmarks/world_tracking.py` feed a tracker with it and check it against the
    true game, which only they can see."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, Any],
                 seat: int) -> None:
        self.truth = game.new_game(players, seed, **options)
        self.seat = seat
        self.start = self.truth.observation(seat)

    def legal(self) -> list[str]:
        truth = self.truth
        return ([str(a) for a in truth.legal_actions()]
                if truth.current_player() == self.seat and not truth.is_over() else [])

    def play(self, action: Action) -> tuple[Entry, dict[str, Any]]:
        """Play `action` in the true game: the entry and the observation the seat gets."""
        actor = self.truth.current_player()
        events = self.truth.apply(action)
        entry: Entry = {"n": len(self.truth.history()), "seat": actor,
                        "action": str(action) if actor == self.seat else None,
                        "by": None, "events": [e.to_dict(self.seat) for e in events]}
        return entry, self.truth.observation(self.seat)
