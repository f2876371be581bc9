"""The game-agnostic engine contract every game and every face shares."""

from cardtable.engine.api import (
    Action,
    CardFileError,
    CardtableError,
    Event,
    Game,
    Heuristics,
    IllegalAction,
    MalformedAction,
    OptionError,
    RecordError,
    State,
    View,
)
from cardtable.engine.record import GameRecord

__all__ = [
    "Action",
    "CardFileError",
    "CardtableError",
    "Event",
    "Game",
    "GameRecord",
    "Heuristics",
    "IllegalAction",
    "MalformedAction",
    "OptionError",
    "RecordError",
    "State",
    "View",
]
