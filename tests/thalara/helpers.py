"""Building Thalara positions for tests through the public contract only."""

from __future__ import annotations

from typing import Any

from cardtable import load_game
from cardtable.thalara.state import ThalaraState

GAME = load_game("thalara")
# The provisional set as it was before the balance tuning: the rules of spells tuned
# since (the Veil that hides your next card, ...) keep their tests on it.
OLD = "provisional-2026"


def new(characters: tuple[str, ...] = ("myrja", "canto"), first: int = 0,
        **options: Any) -> ThalaraState:
    """A new game whose first player is `first` (the seed is searched for it)."""
    players = len(characters)
    for seed in range(500):
        state = GAME.new_game(players, seed=seed, characters=list(characters), **options)
        assert isinstance(state, ThalaraState)
        if state.start == first:
            return state
    raise AssertionError("no seed gives that first player")


def act(state: ThalaraState, *texts: str) -> None:
    """Apply actions given in the notation, in order."""
    for text in texts:
        state.apply(GAME.parse_action(state, text))


def select(state: ThalaraState, hands: dict[int, list[str]]) -> None:
    """Answer the secret hand choice: each player takes the named cards."""
    while state.phase_name() == "select":
        p = state.current_player()
        assert p is not None
        card = hands[p].pop(0)
        act(state, f"take {card}")
    for p, left in hands.items():
        assert not left, f"P{p + 1} did not get to take {left}"


def turn(state: ThalaraState, play: str, cast: str | None = None) -> None:
    """Place a card, then cast `cast` or skip if a spell could be cast."""
    act(state, play)
    if state.phase_name() == "cast":
        act(state, cast or "skip")
    else:
        assert cast is None, f"{cast!r} could not be cast after {play!r}"


def totals(state: ThalaraState, conflict: int, viewer: int | None = None) -> list[int]:
    obs = state.observation(viewer)
    return [side["total"] for side in obs["conflicts"][conflict - 1]["sides"]]


def texts(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]
