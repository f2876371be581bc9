"""Bringing a world in line with one player's observation (`ThalaraState.conform`).

A world that followed the game's public course holds the right number of cards in
every place, but chance and hidden choices may have put other cards there than the true
game did. Given what a player truly sees, the cards that player cannot tell apart are
exchanged until the world shows exactly that.

Cards move only inside a group of places that could hold them:

- each player's own cards: their energy cards (Remnants and Aftershocks) in their hand,
  supply, discard pile and on their sides of the conflicts, and the Artifacts they won
  lying in their hand or on their sides (those come back from `won`, so they never
  leave that player). The pool is left alone: it holds identical Aftershocks only;
- the Artifacts still loose: the display and the Artifact pile.

In a group a slot is either pinned by the observation (a face-up card, a displayed
Artifact, the viewer's own cards, a card everyone knows is in a hand, a discard pile),
hidden from the viewer (another player's unknown hand cards, face-down cards and supply
below the cards everyone saw put on top, the Artifact pile, Artifacts whose place among
a hand and its face-down cards is secret), or known without being shown (the cards
everyone saw put on top of a draw pile), which stays as it is. A pinned slot holding a
card of the wrong type takes a card of the right type from the group's other wrong
slots or hidden slots, chosen at random among the instances; the cards it gives up fill
the hidden slots left empty, each of the kind it held (a hidden place of energy cards
never takes an Artifact, nor the reverse). Two pinned slots may trade an Artifact for
a Remnant: the card a spell's first step chose is hidden from all but its caster, so
the world may have moved (Shift) another of the caster's face-up cards than the true
game did, which shows only once it has moved. What the state ties to a place rather
than to a card (face-down, known to all, unsure, the card a pending spell chose) stays
with the place.

What no exchange can change (stars, who won what, counts, a card of a type its group
does not hold) leaves the observation different, and the answer is False.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.tuples import replace_at
from cardtable.thalara import feasibility
from cardtable.thalara.board import color_at, faceup_at
from cardtable.thalara.cards import ARTIFACT, REMNANT
from cardtable.thalara.frames import SpellChoice
from cardtable.thalara.phases import CAST, PLAY, SELECT

if TYPE_CHECKING:
    from cardtable.thalara.setup import Setup
    from cardtable.thalara.state import ThalaraState

# A slot is one position of one place, packed in an int: (place << 10) | index, and a
# place is (kind << 8) | key, the key being a player or a side's index in `sides`.
HAND: Final = 0
SUPPLY: Final = 1
DISCARD: Final = 2
SIDE: Final = 3
DISPLAY: Final = 4
PILE: Final = 5
_INDEX_BITS: Final = 10
_INDEX_MASK: Final = (1 << _INDEX_BITS) - 1

# A need: a pinned slot, the card lying there, and the card type the observation wants.
Need = tuple[int, int, int]
# A hidden slot and the card lying there.
Free = tuple[int, int]


def _slot(kind: int, key: int, index: int) -> int:
    return (((kind << 8) | key) << _INDEX_BITS) | index


def conform(state: ThalaraState, player: int | None, observation: dict[str, Any],
            rng: random.Random) -> bool:
    """Exchange the cards `player` cannot tell apart so that `player` sees exactly
    `observation`; True when it then does (see the module's docstring)."""
    s = state.setup
    n = s.n
    if observation.get("viewer") != player or observation.get("players") != n:
        return False
    seats = observation.get("seats")
    conflicts = observation.get("conflicts")
    if not isinstance(seats, list) or len(seats) != n or not isinstance(conflicts, list) \
            or len(conflicts) != len(state.display):
        return False
    _first_player(state, observation)
    try:
        writes = _plan(state, player, seats, conflicts, rng)
    except (KeyError, TypeError, IndexError):
        return False  # an observation of another shape: nothing can match it
    if writes is None:
        return False
    if writes:
        _commit(state, writes)
    return state.observation(player) == observation


def _first_player(state: ThalaraState, observation: dict[str, Any]) -> None:
    """Before anyone has acted, who starts was dealt from the seed like the cards, so a
    world dealt from another seed takes the true start player."""
    start = observation.get("start_player")
    if (not isinstance(start, int) or start == state.start or observation.get("round") != 1
            or state.round != 1 or state.last >= 0 or any(state.passed)
            or any(state.sides) or not 0 <= start < state.setup.n):
        return
    if state.phase == SELECT:
        untouched = not any(state.hands)
    else:
        # Casual Chaos: the hands are drawn at once and the first decision is a play
        untouched = state.setup.casual and state.phase == PLAY and state.cur == state.start
    if untouched:
        state.start = start
        state.cur = start


def _plan(state: ThalaraState, player: int | None, seats: list[Any],
          conflicts: list[Any], rng: random.Random) -> dict[int, int] | None:
    """The cards to put into each slot that changes, or None when no exchange can give
    the observation."""
    s = state.setup
    n = s.n
    ctype, kind, type_of = s.card_type, s.card_kind, s.type_of
    names = s.type_names
    known, unsure, facedown = state.known, state.unsure, state.facedown
    writes: dict[int, int] = {}
    for q in range(n):
        seat = seats[q]
        mine = player == q
        hand = state.hands[q]
        supply = state.supply[q]
        if seat["hand_count"] != len(hand) or seat["supply_count"] != len(supply) \
                or len(seat["discard"]) != len(state.discard[q]):
            return None
        needs: list[Need] = []
        free: list[Free] = []

        # the hand: all of it pinned for its owner, for the others only what everyone
        # knows is there (its Artifacts but the unsure ones, and the known cards)
        shown = seat["hand"] if mine else seat["known_hand"]
        if not isinstance(shown, list):
            return None
        pinned: list[int] = []
        for i, c in enumerate(hand):
            if mine or (c in known if kind[c] != ARTIFACT else c not in unsure):
                pinned.append(i)
            else:
                free.append((_slot(HAND, q, i), c))
        if sorted([names[ctype[hand[i]]] for i in pinned]) != shown and not _multiset(
                s, HAND, q, hand, pinned, shown, needs, rng):
            return None

        # the supply: its owner knows what is in it; to the others it is hidden but
        # for the cards everyone saw put on top of a Casual Chaos draw pile
        if mine:
            wanted = seat["supply"]
            if not isinstance(wanted, list):
                return None
            if sorted([names[ctype[c]] for c in supply]) != wanted and not _multiset(
                    s, SUPPLY, q, supply, list(range(len(supply))), wanted, needs, rng):
                return None
        else:
            top = state.ontop[q] if s.casual else 0
            free += [(_slot(SUPPLY, q, i), supply[i]) for i in range(len(supply) - top)]

        discard = state.discard[q]
        if sorted([names[ctype[c]] for c in discard]) != seat["discard"] and not _multiset(
                s, DISCARD, q, discard, list(range(len(discard))), seat["discard"],
                needs, rng):
            return None

        # q's sides of the conflicts: face-up cards are pinned where they lie, and so
        # are q's own face-down cards for q
        for conf in range(len(state.display)):
            at = s.side_slot[q][conf]
            cards = state.sides[at]
            views = conflicts[conf]["sides"][q]["cards"]
            if len(views) != len(cards):
                return None
            for j, c in enumerate(cards):
                view = views[j]
                down = c in facedown
                if bool(view["face_down"]) != down:
                    return None
                if down and not mine:
                    if c in unsure if kind[c] == ARTIFACT else c not in known:
                        free.append((_slot(SIDE, at, j), c))
                    continue
                t = type_of.get(view["card"], -1)
                if t < 0:
                    return None
                if t != ctype[c]:
                    needs.append((_slot(SIDE, at, j), c, t))
        if not _solve(ctype, kind, needs, free, writes, rng):
            return None

    # the display shows its Artifacts; the pile behind it is hidden from everyone
    loose: list[Need] = []
    for i, c in enumerate(state.display):
        t = type_of.get(conflicts[i]["artifact"]["card"], -1)
        if t < 0:
            return None
        if t != ctype[c]:
            loose.append((_slot(DISPLAY, 0, i), c, t))
    if loose:
        pile = [(_slot(PILE, 0, i), c) for i, c in enumerate(state.artifact_pile)]
        if not _solve(ctype, kind, loose, pile, writes, rng):
            return None
    return writes


def _multiset(s: Setup, place: int, key: int, cards: list[int] | tuple[int, ...],
              slots: list[int], wanted: list[str], needs: list[Need],
              rng: random.Random) -> bool:
    """The slots `slots` of a place whose cards the observation shows as the names
    `wanted`, in no order: the cards beyond what it wants there each need one of the
    types missing. False when the counts differ, or a name is of a kind the place
    cannot hold (a supply holds no Artifact, a discard pile only Remnants)."""
    if len(slots) != len(wanted):
        return False
    ctype, type_of, type_kind = s.card_type, s.type_of, s.type_kind
    want: dict[int, int] = {}
    for name in wanted:
        t = type_of[name]
        if (place == SUPPLY and type_kind[t] == ARTIFACT) or (
                place == DISCARD and type_kind[t] != REMNANT):
            return False
        want[t] = want.get(t, 0) + 1
    by_type: dict[int, list[int]] = {}
    for i in slots:
        by_type.setdefault(ctype[cards[i]], []).append(i)
    extra: list[int] = []
    for t, where in by_type.items():
        surplus = len(where) - want.get(t, 0)
        if surplus == len(where):
            extra += where
        elif surplus > 0:
            # which of several identical cards gives way is chance
            extra += rng.sample(where, surplus)
    if not extra:
        return True
    missing: list[int] = []
    for t, k in want.items():
        short = k - len(by_type.get(t, ()))
        if short > 0:
            missing += [t] * short
    rng.shuffle(missing)
    for i, t in zip(extra, missing, strict=True):
        needs.append((_slot(place, key, i), cards[i], t))
    return True


def _solve(ctype: list[int], kind: list[int], needs: list[Need], free: list[Free],
           writes: dict[int, int], rng: random.Random) -> bool:
    """Give each need a card of its type, from the cards the needs give up or from the
    hidden slots (any instance alike, chosen at random); the cards given up and not
    taken go into the hidden slots emptied, an Artifact only where an Artifact was (a
    hidden place of energy cards cannot hold one, nor the reverse). False when a type
    is not there to take, or the kinds left over do not fit the places emptied."""
    if not needs:
        return True
    sources: list[Free] = [(slot, card) for slot, card, _ in needs]
    sources += free
    of_type: dict[int, list[int]] = {}
    for k, (_, card) in enumerate(sources):
        of_type.setdefault(ctype[card], []).append(k)
    taken = [False] * len(sources)
    for slot, _, t in needs:
        pick = of_type.get(t)
        if not pick:
            return False
        i = rng.randrange(len(pick)) if len(pick) > 1 else 0
        k = pick[i]
        pick[i] = pick[-1]
        pick.pop()
        taken[k] = True
        writes[slot] = sources[k][1]
    # the cards given up and not taken, and the hidden slots emptied, by kind
    left: list[list[int]] = [[], []]
    holes: list[list[int]] = [[], []]
    for k in range(len(needs)):
        if not taken[k]:
            card = sources[k][1]
            left[1 if kind[card] == ARTIFACT else 0].append(card)
    for k in range(len(needs), len(sources)):
        if taken[k]:
            slot, card = sources[k]
            holes[1 if kind[card] == ARTIFACT else 0].append(slot)
    for cards, slots in zip(left, holes, strict=True):
        if len(cards) != len(slots):
            return False
        rng.shuffle(cards)
        for slot, card in zip(slots, cards, strict=True):
            writes[slot] = card
    return True


def _commit(state: ThalaraState, writes: dict[int, int]) -> None:
    """Put the planned cards in place, and carry with each place what the state ties
    to it: face-down, known to all, unsure, chosen by a pending spell."""
    moved: dict[int, int] = {}   # the card that lay in a slot -> the card lying there now
    lists: dict[int, list[int]] = {}
    for slot, card in writes.items():
        place = slot >> _INDEX_BITS
        index = slot & _INDEX_MASK
        cards = lists.get(place)
        if cards is None:
            cards = lists[place] = _cards_of(state, place)
        moved[cards[index]] = card
        cards[index] = card
    if not state.facedown.isdisjoint(moved):
        state.facedown = frozenset([moved.get(c, c) for c in state.facedown])
    if not state.known.isdisjoint(moved):
        state.known = frozenset([moved.get(c, c) for c in state.known])
    if not state.unsure.isdisjoint(moved):
        state.unsure = frozenset([moved.get(c, c) for c in state.unsure])
    if any(f.chosen in moved for f in state.pending):
        state.pending = tuple(
            SpellChoice(f.player, f.sid, f.conf, f.effect, f.stage, moved[f.chosen])
            if f.chosen in moved else f for f in state.pending)
    for place, cards in lists.items():
        what, key = place >> 8, place & 255
        if what == DISCARD:
            state.discard = replace_at(state.discard, key, tuple(cards))
        elif what == SIDE:
            state.sides[key] = tuple(cards)
            _recount(state, key)   # after `facedown` follows its places
        elif what == DISPLAY:
            state.display = tuple(cards)
        elif what == PILE:
            state.artifact_pile = tuple(cards)
        # hands and supplies were changed in place
    if state.phase == CAST:
        # the spells open depend on the face-up cards just put right
        state.cast_options = feasibility.cast_actions(state, state.cur)


def _cards_of(state: ThalaraState, place: int) -> list[int]:
    """The cards of a place as a list to change: a hand or supply itself, a copy of a
    tuple field."""
    what, key = place >> 8, place & 255
    if what == HAND:
        return state.hands[key]
    if what == SUPPLY:
        return state.supply[key]
    if what == DISCARD:
        return list(state.discard[key])
    if what == SIDE:
        return list(state.sides[key])
    if what == DISPLAY:
        return list(state.display)
    return list(state.artifact_pile)


def _recount(state: ThalaraState, at: int) -> None:
    """Count the face-up colours of the side at `at` afresh (board.py's layout)."""
    s = state.setup
    width = s.width
    colors = state.side_colors
    first = color_at(width, at, 0)
    faceup = faceup_at(width, at)
    for k in range(first, faceup + 1):
        colors[k] = 0
    for c in state.sides[at]:
        color = s.card_color[c]
        if color >= 0 and c not in state.facedown:
            colors[first + color] += 1
            colors[faceup] += 1
