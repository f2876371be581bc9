"""GameRecord: a game as (game, players, options, seed, actions), saved as JSON.

Replaying the actions from the seed gives the same game bit for bit, which is what
saved games, undo, replays and bug reports rest on.

Format versions: 2 (written now) keeps the game's options as the game completed them,
so a game with card sets names the set it was played with (Thalara: `card_set`, the set's
digest; setting the game up with other cards is a RecordError). Version 1 records, made
before, still load: their game maps their options to what was played then
(`Game.record_options`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final, TypeGuard

from cardtable.engine.api import CardtableError, RecordError, State
from cardtable.engine.registry import load_game
from cardtable.engine.replay import Watcher, replay_actions

FORMAT: Final = "cardtable-record"
VERSION: Final = 2
READABLE: Final = (1, 2)


class GameRecord:
    __slots__ = ("actions", "game", "options", "players", "seed", "version")

    def __init__(self, game: str, players: int, seed: int, options: dict[str, Any],
                 actions: list[str], version: int = VERSION) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.actions = actions
        self.version = version  # the format it was written in: a loaded record keeps it

    # Pickled (worker processes) by its constructor's arguments: compiled with mypyc, the
    # class cannot be made bare and filled in, which is how pickle would do it otherwise.
    def __reduce__(self) -> tuple[Any, ...]:
        return (GameRecord, (self.game, self.players, self.seed, self.options,
                             self.actions, self.version))

    @classmethod
    def from_state(cls, state: State) -> GameRecord:
        return cls(state.game.name, state.num_players, state.seed, dict(state.options),
                   [str(a) for a in state.history()])

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": self.version, "game": self.game,
                "players": self.players, "seed": self.seed, "options": self.options,
                "actions": list(self.actions)}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a saved game must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a cardtable saved game (field 'format' must be {FORMAT!r})")
        version = data.get("version")
        if not _whole(version) or version not in READABLE:
            raise RecordError(f"unsupported record version {version!r}; this cardtable "
                              f"reads versions {', '.join(map(str, READABLE))}")
        game = data.get("game")
        players = data.get("players")
        seed = data.get("seed")
        options = data.get("options", {})
        actions = data.get("actions")
        if not isinstance(game, str):
            raise RecordError("field 'game' must be a game name")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError("field 'players' must be a whole number")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("field 'seed' must be a whole number")
        if not isinstance(options, dict):
            raise RecordError("field 'options' must be an object")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("field 'actions' must be a list of action texts")
        return cls(game, players, seed, options, actions, version)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"the saved game is not valid JSON: {exc}") from None
        except ValueError as exc:  # a number too long to read
            raise RecordError(f"the saved game cannot be read: {exc}") from None
        except RecursionError:
            raise RecordError("the saved game cannot be read: it is nested too deeply") \
                from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file") from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    def new_state(self) -> State:
        """The game at its start, before any recorded action."""
        try:
            game = load_game(self.game)
            options = game.record_options(dict(self.options), self.version)
            return game.new_game(self.players, self.seed, **options)
        except CardtableError as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None

    # `object` for counts: compiled with mypyc, a method would refuse another type with a
    # TypeError of its own before the RecordError below could be raised.
    def replay(self, upto: object = None, watch: Watcher | None = None) -> State:
        """The game after the first `upto` actions (all of them by default).

        `watch`, if given, hears of each action as it is replayed: the player who took it
        (a seat: the games have no chance player, they shuffle with their own generator;
        the type is `current_player()`'s), its text and the events it caused.
        """
        if upto is not None and (not _whole(upto) or not 0 <= upto <= len(self.actions)):
            raise RecordError(f"cannot replay {upto!r} actions: the record has "
                              f"{len(self.actions)}")
        state = self.new_state()
        replay_actions(state, self.actions if upto is None else self.actions[:upto],
                       watch=watch)
        return state

    def undo(self, count: object = 1) -> GameRecord:
        """The record without its last `count` actions."""
        if not _whole(count) or count < 0 or count > len(self.actions):
            raise RecordError(f"cannot undo {count} of {len(self.actions)} actions")
        return GameRecord(self.game, self.players, self.seed, dict(self.options),
                          self.actions[: len(self.actions) - count], self.version)


def _whole(value: object) -> TypeGuard[int]:
    """An int that is not a bool (JSON and Python both let True pass as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)
