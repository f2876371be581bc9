"""The phases of a Thalara round, as small ints kept in the state."""

from typing import Final

SELECT: Final = 0
PLAY: Final = 1
CAST: Final = 2
CHOOSE: Final = 3
RETURN: Final = 4
OVER: Final = 5
PHASE_NAMES: Final = ("select", "play", "cast", "choose", "return", "over")
