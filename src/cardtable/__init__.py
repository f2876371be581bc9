"""cardtable: Thalara: The Last Artifacts and The Vale of Eternity, one rules core."""

from __future__ import annotations

from cardtable.engine import registry as _registry
from cardtable.engine.registry import (
    face_reference,
    game_reference,
    games,
    load_face,
    load_game,
    register_game,
)

__version__ = "0.1.0"

__all__ = ["face_reference", "game_reference", "games", "load_face", "load_game",
           "register_game"]

# The registry's own tables, for tests that register a game of their own for one test.
_GAMES = _registry._GAMES
_LOADED = _registry._LOADED

# The built-in games and the faces each brings (engine/registry.py says the kinds). The
# registry imports none of them until asked.
register_game("thalara", "cardtable.thalara.game:ThalaraGame", faces={
    "terminal": "cardtable.cli.render_thalara",
    "encoding": "cardtable.rl.thalara_encoding:ThalaraEncoding",
    "lesson": "cardtable.learn.thalara:LESSON",
    "puzzle_theme": "cardtable.puzzles.themes:thalara_theme",
    "value": "cardtable.thalara.value_features",
})
register_game("vale", "cardtable.vale.game:ValeGame", faces={
    "terminal": "cardtable.cli.render_vale",
    "encoding": "cardtable.rl.vale_encoding:ValeEncoding",
    "lesson": "cardtable.learn.vale:LESSON",
    "puzzle_theme": "cardtable.puzzles.themes:vale_theme",
    "value": "cardtable.vale.value_features",
})
