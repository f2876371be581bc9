"""Casual Chaos draw piles: how many of the top cards are known, and to whom.

`state.ontop[q]` counts the top cards of q's pile that everyone saw put there (a face-up
card Recalled); `state.ontop[n + q]` those that q alone knows (also a face-down card of
q's sent there). A shuffle forgets both; a draw takes from both. Aftershocks gained
from the pool are shuffled in, not put on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState


def put_on_top(state: ThalaraState, q: int, count: int, seen_by_all: bool) -> None:
    n = state.setup.n
    state.ontop[n + q] += count
    # a card only q knows breaks the run of cards everyone knows
    state.ontop[q] = state.ontop[q] + count if seen_by_all else 0


def shuffled(state: ThalaraState, q: int) -> None:
    state.ontop[q] = state.ontop[state.setup.n + q] = 0


def drawn(state: ThalaraState, q: int) -> bool:
    """The top card of q's pile was drawn; True if everyone knew which card it was."""
    n = state.setup.n
    if state.ontop[n + q]:
        state.ontop[n + q] -= 1
    if state.ontop[q]:
        state.ontop[q] -= 1
        return True
    return False


def known_top(state: ThalaraState, q: int, viewer: int | None) -> int:
    """How many top cards of q's pile `viewer` knows."""
    return state.ontop[state.setup.n + q] if viewer == q else state.ontop[q]
