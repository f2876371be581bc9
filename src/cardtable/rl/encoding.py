"""Fixed encodings for learning agents: every action text of a game setup <-> one
integer in `range(num_actions)`, and every observation dict -> a fixed-shape float32
vector and a string.

An encoding is a pure function of the game's setup (game, players, options) and of
the action text or the observation dict: it never looks at a state, so it is the same
for every seat and for every copy of a game. `encoding_for` builds one per setup and
caches it, finding the game's own encoding class through the registry: the
"encoding" face the game registers (engine/registry.py), never by comparing names.

The vocabularies come from public things only: the card file (the shipped one, or the
`cards` option), the documented action notation, and the observation of a fresh game.
"""

from __future__ import annotations

import json
import reprlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable import load_face, load_game
from cardtable.engine.api import Action, CardtableError, Game, MalformedAction, State

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]
# Every entry of an observation vector lies in [0, OBS_HIGH] (most in [0, 1]; counts of
# cards and stones are whole numbers).
OBS_HIGH = 100.0


class EncodingError(CardtableError, ValueError):
    """An action text or an observation that the setup's encoding does not cover."""


class Layout:
    """Named slices of one flat vector, laid out once per encoding."""

    __slots__ = ("offsets", "size")

    def __init__(self) -> None:
        self.offsets: dict[str, tuple[int, int]] = {}
        self.size = 0

    def add(self, name: str, length: int) -> int:
        if name in self.offsets:
            raise ValueError(f"duplicate layout field {name!r}")
        start = self.size
        self.offsets[name] = (start, length)
        self.size += length
        return start

    def start(self, name: str) -> int:
        """Where the field `name` starts in the vector."""
        return self.offsets[name][0]

    __getitem__ = start


class Encoding(ABC):
    """The encoding of one game setup. Subclasses fill `action_texts` and the layout."""

    game_name: str
    players: int
    options: dict[str, Any]
    action_texts: tuple[str, ...]
    layout: Layout

    def __init__(self, game_name: str, players: int, options: dict[str, Any],
                 action_texts: Iterable[str], layout: Layout) -> None:
        self.game_name = game_name
        self.players = players
        self.options = options
        self.action_texts = tuple(action_texts)
        self._index: dict[str, int] = {}
        for i, text in enumerate(self.action_texts):
            if text in self._index:
                raise ValueError(f"action text {text!r} listed twice")
            self._index[text] = i
        self.layout = layout

    @classmethod
    def for_setup(cls, game: Game, state: State) -> Encoding:
        """The encoding of the setup `state` was made with (a fresh game, its options as
        the game completed them), read from the game's public description only: the
        catalogue and words of `game` and the spectator's observation of `state`."""
        raise NotImplementedError(f"{cls.__name__} says no setup it encodes")

    # ---- actions ------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        return len(self.action_texts)

    def action_index(self, text: str) -> int:
        """The integer of an action text (exactly as `str(action)` writes it)."""
        try:
            return self._index[text]
        except KeyError:
            raise EncodingError(f"{self.game_name}: action {text!r} is not in the encoding "
                                f"of this setup ({self.num_actions} actions)") from None

    def action_text(self, index: int) -> str:
        """The text of integer `index`; `game.parse_action(state, text)` reads it back."""
        if not 0 <= index < len(self.action_texts):
            raise EncodingError(f"{self.game_name}: action index {index} is out of range "
                                f"0..{self.num_actions - 1}")
        return self.action_texts[index]

    def action_int(self, action: object) -> int:
        """`action`, as the adapters receive it, read as an integer of this encoding.

        Python and NumPy integers, 0-d integer arrays and whole-number floats are read;
        anything else (a fraction, NaN, a bool, a string, None, an array of another
        shape) and integers outside `range(num_actions)` raise `MalformedAction`.
        Whether the action is legal now is not checked here.
        """
        value: Any = action
        what: str | None = None
        if isinstance(value, np.ndarray):
            if value.shape != ():
                what = f"an array of shape {value.shape}"
            else:
                value = value[()]
        index: int | None = None
        whole = (isinstance(value, (int, np.integer))
                 or (isinstance(value, (float, np.floating)) and float(value).is_integer()))
        if what is None and whole and not isinstance(value, (bool, np.bool_)):
            index = int(value)
        if index is not None and not 0 <= index < self.num_actions:
            what = f"{index} (out of range)"
            index = None
        if index is None:
            if what is None:
                what = f"{reprlib.repr(action)} ({type(action).__name__})"
            raise MalformedAction(f"{self.game_name}: an action is one integer in "
                                  f"0..{self.num_actions - 1}, not {what}")
        return index

    def legal_indices(self, actions: Sequence[Action]) -> list[int]:
        """The integers of `actions`, in their order."""
        index = self._index
        try:
            return [index[a.text] for a in actions]
        except KeyError:
            for a in actions:
                self.action_index(a.text)
            raise

    def legal_mask(self, actions: Sequence[Action]) -> MaskArray:
        """A 0/1 vector of length `num_actions`, 1 where an action is legal."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.legal_indices(actions)] = 1
        return mask

    # ---- observations -------------------------------------------------------------

    @property
    def observation_size(self) -> int:
        return self.layout.size

    @property
    def observation_shape(self) -> tuple[int]:
        return (self.layout.size,)

    def observation_tensor(self, obs: dict[str, Any],
                           out: FloatArray | None = None) -> FloatArray:
        """The observation as a float32 vector of `observation_shape` (written into
        `out` when given). Seats are rotated so the viewer comes first."""
        buf = [0.0] * self.layout.size
        self._fill(obs, buf)
        if out is None:
            return np.asarray(buf, dtype=np.float32)
        out[:] = buf
        return out

    def observation_dict(self, obs: dict[str, Any]) -> dict[str, FloatArray]:
        """The tensor cut into its named parts (views of one vector)."""
        flat = self.observation_tensor(obs)
        return {name: flat[start:start + length]
                for name, (start, length) in self.layout.offsets.items()}

    def observation_string(self, obs: dict[str, Any]) -> str:
        """The observation as compact JSON (without the shared card catalogue)."""
        return json.dumps({k: v for k, v in obs.items() if k != "cards"},
                          sort_keys=True, separators=(",", ":"))

    def information_state_string(self, obs: dict[str, Any], move_number: int) -> str:
        """The observation string with the number of moves played so far. The engine's
        observation holds everything its viewer may know, so this identifies the
        viewer's information state; it is not a perfect-recall history."""
        return f"move {move_number}|{self.observation_string(obs)}"

    def seat_order(self, obs: dict[str, Any]) -> list[int]:
        """Absolute seats in tensor order: the viewer first (seat 0 for a spectator)."""
        viewer = obs.get("viewer")
        first = viewer if isinstance(viewer, int) else 0
        n = self.players
        return [(first + k) % n for k in range(n)]

    def relative(self, obs: dict[str, Any], seat: int | None) -> int:
        """`seat` counted from the viewer (0 = the viewer); -1 for None."""
        if seat is None:
            return -1
        viewer = obs.get("viewer")
        first = viewer if isinstance(viewer, int) else 0
        return (seat - first) % self.players

    @abstractmethod
    def _fill(self, obs: dict[str, Any], buf: list[float]) -> None:
        """Write `obs` into `buf` (all zeros, of the layout's size)."""


def one_hot(buf: list[float], start: int, index: int, size: int) -> None:
    """Set buf[start + index] when 0 <= index < size."""
    if 0 <= index < size:
        buf[start + index] = 1.0


def count_into(buf: list[float], start: int, names: Iterable[str | None],
               index: dict[str, int]) -> None:
    """Add one at buf[start + index[name]] for every known name (None is skipped)."""
    for name in names:
        if name is not None:
            i = index.get(name)
            if i is None:
                raise EncodingError(f"card {name!r} is not in the encoding")
            buf[start + i] += 1.0


def terminal_returns(players: int, winners: Sequence[int]) -> list[float]:
    """Zero-sum results: a sole winner gets 1 and each loser -1/(n-1); k tied winners
    share, each getting (n/k - 1)/(n-1); when everybody wins (or nobody), all get 0."""
    n = players
    k = len(winners)
    if k == 0 or k == n:
        return [0.0] * n
    win = (n / k - 1.0) / (n - 1)
    lose = -1.0 / (n - 1)
    chosen = set(winners)
    return [win if p in chosen else lose for p in range(n)]


_CACHE: dict[str, Encoding] = {}


def _key(game: str, players: int, options: dict[str, Any]) -> str:
    return json.dumps([game, players, options], sort_keys=True, default=str)


def encoding_for(game: str, players: int = 2, **options: Any) -> Encoding:
    """The encoding of `game` for this many players with these options (cached)."""
    name = game.strip().lower()
    key = _key(name, players, options)
    enc = _CACHE.get(key)
    if enc is not None:
        return enc
    rules = load_game(name)
    state = rules.new_game(players, seed=0, **options)
    normal = dict(state.options)
    full_key = _key(name, players, normal)
    enc = _CACHE.get(full_key)
    if enc is None:
        kind = load_face(name, "encoding")
        if not (isinstance(kind, type) and issubclass(kind, Encoding)):
            raise EncodingError(f"no encoding for game {game!r}")
        enc = kind.for_setup(rules, state)
        _CACHE[full_key] = enc
    _CACHE[key] = enc
    return enc
