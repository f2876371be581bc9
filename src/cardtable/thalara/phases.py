"""The phases of a Thalara round, as small ints kept in the state."""

SELECT, PLAY, CAST, CHOOSE, RETURN, OVER = range(6)
PHASE_NAMES = ("select", "play", "cast", "choose", "return", "over")
