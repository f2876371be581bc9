"""The registry of games, and of each game's own faces, by reference.

A game is registered as "module:attribute" of its Game class and imported only when
asked for, so the engine names no game module in an import: `load_game` is how the
engine itself (a saved game replayed) and every face reach a game.

A game may also name its own faces by kind: a face looks its kind up here instead of
comparing game names. The kinds the built-in faces look up:

- "terminal": a module with `render(observation, viewer, words)` and
  `status(observation, viewer, words)` (cli/render.py);
- "encoding": an `Encoding` subclass with `for_setup(game, state)` (rl/encoding.py);
- "lesson": the guided first game, a `learn.model.Lesson` (learn/__init__.py);
- "puzzle_theme": `theme(world, view, best, rival) -> str`, a puzzle's theme from the
  best action and its rival (puzzles/themes.py);
- "value": what a learned value sees of a position, a module with FEATURES,
  `features(state)` and `card_digest(state)` (agents/value.py).

The engine does not know what a kind means; it only keeps and imports the references.
The built-in games are registered by the package (`cardtable/__init__.py`).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping

from cardtable.engine.api import Game, OptionError

# name -> "module:attribute" of the Game class.
_GAMES: dict[str, str] = {}
# name -> the games made so far (one per name: a Game holds no state of its own).
_LOADED: dict[str, Game] = {}
# name -> face kind -> "module" or "module:attribute".
_FACES: dict[str, dict[str, str]] = {}


def register_game(name: str, reference: str,
                  faces: Mapping[str, str] | None = None) -> None:
    """Make `load_game(name)` import the Game class at `reference` ("module:Class"),
    with the references of the faces it brings (kind -> "module" or "module:attr").
    Registering a name again replaces it (and forgets the game made from it)."""
    key = name.strip().lower()
    _split(reference, attribute_needed=True)
    for ref in (faces or {}).values():
        _split(ref, attribute_needed=False)
    _GAMES[key] = reference
    _LOADED.pop(key, None)
    _FACES[key] = dict(faces or {})


def game_reference(name: str) -> str | None:
    """The "module:Class" `name` is registered with (what a worker process in another
    interpreter registers again to load a game added at run time), or None."""
    return _GAMES.get(name.strip().lower())


def games() -> list[str]:
    """The names `load_game` accepts."""
    return [name for name in _GAMES if _importable(name)]


def _importable(name: str) -> bool:
    module = _GAMES[name].split(":")[0]
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def load_game(name: str) -> Game:
    """The game called `name` ("thalara", "vale")."""
    key = name.strip().lower()
    if key not in _GAMES or not _importable(key):
        raise OptionError(f"unknown game {name!r}; games: {', '.join(games())}")
    game = _LOADED.get(key)
    if game is None:
        module_name, _, attr = _GAMES[key].partition(":")
        game = _LOADED[key] = getattr(importlib.import_module(module_name), attr)()
    return game


def face_reference(game: str, kind: str) -> str | None:
    """The reference of the face of `kind` that `game` brings, or None."""
    return _FACES.get(game.strip().lower(), {}).get(kind)


def load_face(game: str, kind: str) -> object | None:
    """The face of `kind` that `game` brings, imported (a module, or the attribute the
    reference names), or None when the game brings none of that kind."""
    reference = face_reference(game, kind)
    if reference is None:
        return None
    module_name, attr = _split(reference, attribute_needed=False)
    module = importlib.import_module(module_name)
    return module if attr is None else getattr(module, attr)


def _split(reference: str, attribute_needed: bool) -> tuple[str, str | None]:
    module, colon, attr = reference.partition(":")
    if not module or (colon and not attr) or (attribute_needed and not attr):
        shape = "module:attribute" if attribute_needed else "module or module:attribute"
        raise ValueError(f"a reference is written {shape}, not {reference!r}")
    return module, attr or None
