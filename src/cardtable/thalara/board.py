"""Where Thalara's cards lie: the sides of the conflicts, placing a card into a conflict
and taking it out again (with the face-down and colour counts that follow it, and what
the others then know of the hand it left), finding a card in a hand or supply, and the
Casual Chaos draw piles.

Sides: each conflict has one side per player. The state keeps them in flat lists, one
entry a side, conflict by conflict: `sides` (the cards there, a tuple a side: replaced
when it changes, so `clone()` copies the list and shares the tuples) at
`side_at(n, conf, p)`, and `side_colors`, width + 1 counts a side: one per colour at
`color_at(width, side_at(...), color)`, then how many face-up cards with a colour lie
there at `faceup_at(width, side_at(...))`. A flat list of ints copies in one step in
`clone()`; these helpers keep the arithmetic in one place, and the setup's tables
`side_slot[p][conf]`, `color_base[p][conf]` and `faceup_slot[p][conf]` hold their
answers for the paths that run at every card placed.

Draw piles: `state.ontop[q]` counts the top cards of q's pile that everyone saw put
there (a face-up card Recalled); `state.ontop[n + q]` those that q alone knows (also a
face-down card of q's sent there). A shuffle forgets both; a draw takes from both.
Aftershocks gained from the pool are shuffled in, not put on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.api import Event
from cardtable.engine.tuples import replace_at, without
from cardtable.thalara.cards import ARTIFACT

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState


def side_at(n: int, conf: int, p: int) -> int:
    """Where p's side of conflict `conf` is in `sides` (n players)."""
    return conf * n + p


def color_at(width: int, at: int, color: int) -> int:
    """Where the count of `color` of the side at `at` is in `side_colors`."""
    return at * (width + 1) + color


def faceup_at(width: int, at: int) -> int:
    """Where the count of face-up cards with a colour of the side at `at` is in
    `side_colors` (after the side's colour counts)."""
    return at * (width + 1) + width


def side(state: ThalaraState, conf: int, p: int) -> tuple[int, ...]:
    """The cards on p's side of conflict `conf`."""
    return state.sides[conf * state.setup.n + p]


def find(card_type: list[int], cards: list[int], t: int) -> int:
    """The index in `cards` of the first card of type `t`, or -1."""
    for i, c in enumerate(cards):
        if card_type[c] == t:
            return i
    return -1


def place(state: ThalaraState, p: int, index: int, conf: int, events: list[Event]) -> None:
    """Move the card at `index` of p's hand into conflict `conf`."""
    s = state.setup
    card = state.hands[p].pop(index)
    t = s.card_type[card]
    at = s.side_slot[p][conf]
    sides = state.sides
    sides[at] = sides[at] + (card,)
    state.last = p
    veiled = state.veil[p]
    if veiled >= 0:
        state.veil = replace_at(state.veil, p, -1)
    # Silence stops a Veil reaching into its conflict (and, with silence_scope=spell, a
    # Veil lying in it wherever the card goes): the card is placed face-up and the Veil
    # is spent.
    if veiled >= 0 and not state.silenced[conf] and not (
            s.silence_spells and state.silenced[veiled]):
        state.facedown = state.facedown | {card}
        if s.card_kind[card] == ARTIFACT:
            # Artifacts in hand are public: with no other there, it is the one missing;
            # with others, nobody else can tell which of them left the hand.
            others = [c for c in state.hands[p] if s.card_kind[c] == ARTIFACT]
            if others or card in state.unsure:
                state.unsure = state.unsure.union(others, (card,))
                state.known = state.known - state.unsure
            else:
                state.known = state.known | {card}
        else:
            state.known = state.known - {card}
            forget_hand(state, p)  # any known card of the hand may be the one placed
        events.append(Event("play", p, "P{0} places a card face-down into conflict {2}",
                            "P{0} places {1} face-down into conflict {2}",
                            args=(p + 1, s.type_names[t], conf + 1)))
        return
    known = state.known
    if known:
        if card in known:
            state.known = known - {card}
        else:
            # Identical copies (Aftershocks): which copy the engine took is no secret to
            # tell, so one of the copies everyone knew of is the one seen to leave.
            for c in state.hands[p]:
                if s.card_type[c] == t and c in known:
                    state.known = known - {c}
                    break
    if card in state.unsure:
        state.unsure = state.unsure - {card}  # placed face-up: everyone sees which it is
    color = s.card_color[card]
    if color >= 0:
        colors = state.side_colors
        colors[s.color_base[p][conf] + color] += 1
        colors[s.faceup_slot[p][conf]] += 1
    events.append(Event("play", p, "P{0} plays {1} into conflict {2}",
                        args=(p + 1, s.type_names[t], conf + 1)))


def forget_hand(state: ThalaraState, p: int) -> None:
    """A card left p's hand unseen: the Remnants and Aftershocks others knew were there
    may be the one that left, so they are known no longer (Artifacts stay public)."""
    if state.known:
        kinds = state.setup.card_kind
        state.known = state.known.difference(
            [c for c in state.hands[p] if kinds[c] != ARTIFACT])


def remove_from_conflict(state: ThalaraState, card: int, conf: int, side: int) -> None:
    s = state.setup
    at = s.side_slot[side][conf]
    state.sides[at] = without(state.sides[at], card)
    if card in state.facedown:
        state.facedown = state.facedown - {card}
    elif s.card_color[card] >= 0:
        state.side_colors[s.color_base[side][conf] + s.card_color[card]] -= 1
        state.side_colors[s.faceup_slot[side][conf]] -= 1


def add_to_conflict(state: ThalaraState, card: int, conf: int, side: int,
                    face_down: bool) -> None:
    s = state.setup
    at = s.side_slot[side][conf]
    state.sides[at] = state.sides[at] + (card,)
    if face_down:
        state.facedown = state.facedown | {card}
    elif s.card_color[card] >= 0:
        state.side_colors[s.color_base[side][conf] + s.card_color[card]] += 1
        state.side_colors[s.faceup_slot[side][conf]] += 1


# ---- Casual Chaos draw piles --------------------------------------------------------


def put_on_top(state: ThalaraState, q: int, count: int, seen_by_all: bool) -> None:
    n = state.setup.n
    ontop = state.ontop
    ontop = replace_at(ontop, n + q, ontop[n + q] + count)
    # a card only q knows breaks the run of cards everyone knows
    state.ontop = replace_at(ontop, q, ontop[q] + count if seen_by_all else 0)


def shuffled(state: ThalaraState, q: int) -> None:
    ontop = state.ontop
    n = state.setup.n
    if ontop[q] or ontop[n + q]:
        state.ontop = replace_at(replace_at(ontop, q, 0), n + q, 0)


def drawn(state: ThalaraState, q: int) -> bool:
    """The top card of q's pile was drawn; True if everyone knew which card it was."""
    n = state.setup.n
    ontop = state.ontop
    if ontop[n + q]:
        ontop = state.ontop = replace_at(ontop, n + q, ontop[n + q] - 1)
    if ontop[q]:
        state.ontop = replace_at(ontop, q, ontop[q] - 1)
        return True
    return False


def known_top(state: ThalaraState, q: int, viewer: int | None) -> int:
    """How many top cards of q's pile `viewer` knows."""
    return state.ontop[state.setup.n + q] if viewer == q else state.ontop[q]


def side_of(state: ThalaraState, card: int, conf: int) -> int:
    """The player on whose side of conflict `conf` `card` lies."""
    n = state.setup.n
    for p in range(n):
        if card in side(state, conf, p):
            return p
    raise ValueError("card is not in that conflict")

