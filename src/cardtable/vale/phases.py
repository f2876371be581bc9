"""The phases of a Vale round, as small ints kept in the state."""

from typing import Final

HUNTING: Final = 0
ACTION: Final = 1
RESOLUTION: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("hunting", "action", "resolution", "over")
