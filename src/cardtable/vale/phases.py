"""The phases of a Vale round, as small ints kept in the state."""

HUNTING, ACTION, RESOLUTION, OVER = range(4)
PHASE_NAMES = ("hunting", "action", "resolution", "over")
