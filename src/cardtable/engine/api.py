"""The engine contract: what every game offers and every face relies on.

A face (command line, web server, agent, arena, RL adapter) talks to a game only
through these names. None of them knows a rule.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from cardtable.engine.options import Option


class CardtableError(Exception):
    """Base of every error cardtable raises on purpose."""


class IllegalAction(CardtableError, ValueError):
    """The action is not legal in this state; the state is unchanged."""


class MalformedAction(IllegalAction):
    """The action text cannot be read at all; the state is unchanged."""


class OptionError(CardtableError, ValueError):
    """An unknown option, or an option with a value that cannot be used."""


class RecordError(CardtableError, ValueError):
    """A saved game that cannot be read or replayed."""


class CardFileError(CardtableError, ValueError):
    """A card file that cannot be used; the message names file, card and field."""

    def __init__(self, file: str, message: str, card: str | None = None,
                 field: str | None = None) -> None:
        self.file = file
        self.card = card
        self.field = field
        where = file
        if card is not None:
            where += f", card {card!r}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


class Action:
    """One decision, small and immutable; `str(action)` is its stable text notation.

    Games intern their actions, so equal actions are usually the same object; equality
    and hashing still go by the text so a parsed action equals the listed one.
    """

    __slots__ = ("a", "b", "kind", "text")

    def __init__(self, kind: int, text: str, a: int = -1, b: int = -1) -> None:
        self.kind = kind
        self.text = text
        self.a = a
        self.b = b

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Action) and other.text == self.text)

    def __hash__(self) -> int:
        return hash(self.text)

    # Pickled and copied by its constructor's arguments: compiled with mypyc, the class
    # cannot be made bare and filled in, which is how pickle would do it otherwise.
    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.text, self.a, self.b))


class Event:
    """Something that happened, for logs and animations.

    `public` is what everybody may read; `private`, when set, is the fuller text that
    only `player` may read (for example which card they took). When `args` is given,
    both texts are `str.format` templates filled in only when read, which keeps
    `apply()` cheap for search agents that never read them.
    """

    __slots__ = ("_private", "_public", "args", "data", "kind", "player")

    def __init__(self, kind: str, player: int | None, public: str,
                 private: str | None = None, data: dict[str, Any] | None = None,
                 args: tuple[Any, ...] | None = None) -> None:
        self.kind = kind
        self.player = player
        self._public = public
        self._private = private
        self.data = data
        self.args = args

    @property
    def public(self) -> str:
        return self._public if self.args is None else self._public.format(*self.args)

    @property
    def private(self) -> str | None:
        if self._private is None or self.args is None:
            return self._private
        return self._private.format(*self.args)

    def text_for(self, viewer: int | None) -> str:
        """The text `viewer` may read (None = spectator)."""
        if self._private is not None and viewer is not None and viewer == self.player:
            return self.private or ""
        return self.public

    def __reduce__(self) -> tuple[Any, ...]:     # as Action's
        return (Event, (self.kind, self.player, self._public, self._private, self.data,
                        self.args))

    def to_dict(self, viewer: int | None) -> dict[str, Any]:
        """A JSON-safe form for `viewer`; private data never reaches anyone else."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player,
                               "text": self.text_for(viewer)}
        if self.data is not None and (self._private is None or viewer == self.player):
            out["data"] = self.data
        return out

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.public!r})"


class Heuristics(Protocol):
    """Game knowledge for agents: a leaf evaluation and a cheap rollout policy."""

    def evaluate(self, state: State, player: int) -> float:
        """How good `state` looks for `player`, roughly in [-1, 1]."""
        ...

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        """A quick, sensible action for the player to move in `state`."""
        ...


class View:
    """What an agent gets: one player's observation, its legal actions (when it is to
    move), and a way to sample full worlds consistent with what that player knows."""

    __slots__ = ("_sampler", "legal_actions", "observation", "player")

    def __init__(self, player: int | None, observation: dict[str, Any],
                 legal_actions: list[Action],
                 sampler: Callable[[random.Random], State]) -> None:
        self.player = player
        self.observation = observation
        self.legal_actions = legal_actions
        self._sampler = sampler

    def sample_world(self, rng: random.Random) -> State:
        """A full state consistent with everything this player has seen; hidden parts
        (other hands, stacks, decks) are resampled with `rng`."""
        return self._sampler(rng)


# Compiled with mypyc, State and Game stay open to games written in plain Python (the
# tests' toy and fake games, a game of one's own): their subclasses need not be compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One game in progress. Mutable; `clone()` gives an independent copy."""

    __slots__ = ()

    @property
    @abstractmethod
    def game(self) -> Game: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def seed(self) -> int: ...

    @property
    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The game's options, JSON-safe, as `new_game` accepts them again."""

    @abstractmethod
    def current_player(self) -> int | None:
        """Who must decide now; None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action; never empty unless the game is over."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Play `action`. Raises IllegalAction (state unchanged) when it is not legal."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Each player's current score (Thalara: stars held; Vale: points)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning players once the game is over (several on a shared win)."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """A JSON-safe dict of what `player` may know (None = spectator).

        Its shape is the game's own, with a common core every game gives and faces may
        read without knowing the game: `round` (a whole number), `phase` (one of the
        words of `game.words()["phases"]`), `first_player` (the seat that opens the
        current round), `seats` (one dict per seat, each with its `score`, as
        `scores()` counts it) and `pending` (None, or the decision a pending step
        waits for, a dict whose `kind` is one of `game.words()["pending"]`)."""

    def view(self, player: object) -> View:   # object: checked here, not by mypyc
        """What an agent of `player` gets: its observation, its legal actions when it is
        to move, and worlds sampled by `sample_world` from a copy taken now (the view
        stays true to this moment). A seat that does not exist is a ValueError."""
        seat = seat_or_spectator(player, self.num_players)
        legal = self.legal_actions() if seat is not None and \
            self.current_player() == seat else []
        snapshot = self.clone()
        return View(seat, self.observation(seat), legal,
                    lambda rng: snapshot.sample_world(seat, rng))

    def sample_world(self, player: int | None, rng: random.Random) -> State:
        """A full state consistent with everything `player` knows, the hidden parts dealt
        again with `rng` (used by the default `view`)."""
        raise NotImplementedError(f"{type(self).__name__} samples no worlds")

    def conform(self, player: int | None, observation: dict[str, Any],
                rng: random.Random) -> bool:
        """Move, in this world, cards `player` cannot tell apart (between the places
        hidden from `player`, and between those and the places `observation` shows) so
        that `player` sees exactly `observation`; True when it then does. This is how a
        world is built from a seat's messages alone (cardtable bot): the engine plays the
        public course of the game, and this puts the cards the seat saw where it saw
        them. On False the world may be left half changed: conform a clone. The default
        moves nothing."""
        return self.observation(player) == observation

    def prepare(self, player: int | None, seat: int, observation: dict[str, Any],
                rng: random.Random) -> bool:
        """Before an action of `seat` that `player` saw only by what it showed (the
        observation after it), move cards hidden from `player` where that action must
        have taken them from: a card `seat` summoned from a hand `player` cannot see,
        say, that this world had dealt into the deck. True when anything moved. The
        default moves nothing: a game whose `conform` after the action puts such cards
        right needs none."""
        return False

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def history(self) -> list[Action]:
        """Every action applied since `new_game`, in order."""

    def apply_text(self, text: str) -> list[Event]:
        """Parse `text` in this state and apply it."""
        return self.apply(self.game.parse_action(self, text))


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game definition: makes new states and reads the text notation."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def new_game(self, players: int = 2, seed: int | None = None,
                 **options: Any) -> State:
        """A new game. Unknown or unusable options raise OptionError."""

    @abstractmethod
    def parse_action(self, state: State, text: str) -> Action:
        """Read the text notation; MalformedAction when it cannot be read,
        IllegalAction when it reads but is not legal now."""

    def declared_options(self) -> tuple[Option, ...]:
        """Every option `new_game` accepts, declared once as data (engine/options.py):
        its name, kind, choices or bounds, default, a label for a control and a
        sentence of help. A game checks its options with `validate_options` against
        these; the command line, the lobby, the RL adapters and the docs build their
        flags, controls and tables from them. Empty for a game that declares none: it
        checks its options itself and the faces pass them through as given."""
        return ()

    def option_help(self) -> dict[str, str]:
        """Each option `new_game` accepts, with a line of help (by default, from the
        declared options)."""
        return {o.name: o.help_line() for o in self.declared_options()}

    def describe_action(self, state: State, action: Action) -> dict[str, Any]:
        """What `action`, legal in `state`, does, as JSON-safe data a face may count
        without reading the notation: `verb` (the word that starts its notation) and the
        ids it names by role, where the game says them: `card`, `spell`, `conflict`
        (counted from 1), `owner` (a seat). Everything in it is as public as the
        action's text. Empty for a game that says nothing of its actions."""
        return {}

    def heuristics(self) -> Heuristics:
        """Game knowledge for agents."""
        raise NotImplementedError(f"{self.name} has no heuristics")

    # ---- how a game describes itself to the faces ---------------------------------
    # The terminal, the browser, the RL encodings and the arena learn a game's cards and
    # words only from these, never from the game's modules. Everything they return is
    # public (the same for every player) and JSON-safe.

    def catalogue(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The card set a game with these options is played with: every card (or tile,
        spell ...) by id with its name, text and provenance (`provisional` with its
        `note`), plus `names`, every id a text of this game may carry with the name to
        show for it. Bad options raise what `new_game` raises."""
        return {"game": self.name, "names": {}}

    def words(self) -> dict[str, Any]:
        """The words the observation uses: `phases` and `pending` (the kinds of
        decision a pending step may wait for), each {word: what it means}."""
        return {"phases": {}, "pending": {}}

    def notation_help(self) -> str:
        """How to write each action, in a few lines of plain text."""
        return ""

    def decision(self, state: State, viewer: int | None,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
        """The decision `state` waits for, in words, as `viewer` may read it (None: a
        spectator). A JSON-safe dict:

        - `phase`: one line teaching what the current phase is about;
        - `deciding`: the seat that must decide now (None once the game is over);
        - `prompt`: the decision as one sentence: "You must ..." for the deciding
          viewer; for anyone else who decides and what, with nothing that viewer may
          not know;
        - `choices`: for the deciding viewer only (else []), one entry per legal
          action, in the order of `state.legal_actions()`: {"action": its notation,
          "text": a sentence naming cards by name, "group": a short stable word (the
          verb) to group buttons by, "waste": None, or a short reason such as
          "overpays by 3" when the action wastes something for good (so a face may
          ask "are you sure" once)}.

        Seats are called by `names` (index = seat; "P1", "P2" ... without them) and the
        viewer "you". This default says little; each game says it in its own words."""
        deciding = state.current_player()
        legal = state.legal_actions() if deciding is not None and viewer == deciding else []

        def seat(q: int) -> str:
            return str(names[q]) if names is not None and 0 <= q < len(names) \
                else f"P{q + 1}"

        if deciding is None:
            prompt = "The game is over."
        elif viewer == deciding:
            prompt = "You must choose an action."
        else:
            prompt = f"{seat(deciding)} is deciding."
        return {"phase": "", "deciding": deciding, "prompt": prompt,
                "choices": [{"action": a.text, "text": a.text,
                             "group": a.text.partition(" ")[0], "waste": None}
                            for a in legal]}

    def rules_summary(self, options: Mapping[str, Any] | None = None) -> str:
        """The rules in a few paragraphs of our own words, with the settings these
        options choose; plain text, paragraphs separated by blank lines."""
        return ""

    def characters(self, **options: Any) -> list[str]:
        """The characters a player may choose with these options (none by default)."""
        return []

    def record_options(self, options: dict[str, Any], version: int) -> dict[str, Any]:
        """The options to set up a game that a record of format `version` holds. A game
        whose defaults changed since that version maps its old options to what was
        played then; by default they stay as they are."""
        return options

    @staticmethod
    def match_action(state: State, text: str, legal: Sequence[Action]) -> Action:
        """The listed legal action whose notation is `text` (spaces and letter case do
        not matter), or IllegalAction saying what is legal instead."""
        wanted = " ".join(text.lower().split())
        for action in legal:
            if action.text.lower() == wanted:
                return action
        shown = ", ".join(a.text for a in legal[:12])
        more = "" if len(legal) <= 12 else f", ... ({len(legal)} in all)"
        raise IllegalAction(f"{wanted!r} is not legal now; legal actions: {shown}{more}")


def seat_or_spectator(player: object, players: int) -> int | None:
    """`player` as a seat 0..players-1 (any integer type but bool), or None for a
    spectator; a ValueError naming the valid seats otherwise, since a wrong seat would
    quietly show a spectator's view, or another player's."""
    if player is None:
        return None
    if not isinstance(player, bool):
        try:
            seat = operator.index(player)  # type: ignore[arg-type]
        except TypeError:
            seat = -1
        if 0 <= seat < players:
            return seat
    raise ValueError(f"the viewer must be a seat from 0 to {players - 1}, or None for a "
                     f"spectator; not {player!r}")

