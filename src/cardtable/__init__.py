"""cardtable: Thalara: The Last Artifacts and The Vale of Eternity, one rules core."""

from __future__ import annotations

import importlib
import importlib.util

from cardtable.engine.api import Game, OptionError

__version__ = "0.1.0"

# name -> "module:attribute" of the Game class; imported only when asked for.
_GAMES: dict[str, str] = {
    "thalara": "cardtable.thalara.game:ThalaraGame",
    "vale": "cardtable.vale.game:ValeGame",
}
_LOADED: dict[str, Game] = {}


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
    if key not in _LOADED:
        module_name, attr = _GAMES[key].split(":")
        module = importlib.import_module(module_name)
        _LOADED[key] = getattr(module, attr)()
    return _LOADED[key]
