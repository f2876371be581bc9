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

`prepare` (`ThalaraState.prepare`) works before another seat's action instead: from the
observation after it, it deals each player's hidden energy cards (the same slots, the
same group) so that the cards the action will reveal are there: at a round's end the
Remnants the discard piles show lie face down, laid so that the stars come out as shown.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.tuples import replace_at
from cardtable.thalara import feasibility
from cardtable.thalara.board import color_at, faceup_at
from cardtable.thalara.cards import AFTERSHOCK, ARTIFACT, REMNANT
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


# ---- before another seat's action -----------------------------------------------------

PREPARE_TRIALS: Final = 48   # arrangements tried for a round's end, at most
_ANY_AFTERSHOCK: Final = -1  # a face-down slot that must hold an Aftershock of its owner


def prepare(state: ThalaraState, player: int | None, seat: int,
            observation: dict[str, Any], rng: random.Random) -> bool:
    """Before `seat`'s action, deal the cards hidden from `player` so that the cards
    `observation` (what `player` saw after the action) shows are where the action must
    have taken them from. True when cards moved.

    - When the action ended the round, every card on the table was revealed and went
      away: a player's Remnants to their discard pile, so the Remnants in it that were
      neither there before nor face up on that player's sides lay face down (or were
      the card `seat` played from its hand), and the player's other face-down energy
      cards were Aftershocks. Those go there, and of the ways to lay them the first
      after which one of `seat`'s actions gives the same stars and won Artifacts as the
      observation is kept (who won which conflict depends on the face-down cards).
    - Otherwise the face-up cards the observation shows on `seat`'s sides that were not
      there go into `seat`'s hidden hand cards (a card played face up that the world's
      deal had put elsewhere).

    Only each player's hidden cards (unknown hand cards, face-down energy cards, the
    supply below the cards everyone saw put on top) change places, among themselves,
    so what `player` sees stays the same."""
    s = state.setup
    if seat == player or not 0 <= seat < s.n or observation.get("players") != s.n:
        return False
    try:
        if observation["round"] != state.round:
            return _prepare_scoring(state, player, seat, observation, rng)
        return _prepare_play(state, player, seat, observation, rng)
    except (KeyError, TypeError, IndexError, ValueError):
        return False  # an observation of another shape: nothing to prepare


def _hidden(state: ThalaraState, q: int) -> tuple[list[Free], list[Free], list[Free]]:
    """q's energy cards whose places no other player can tell apart: the face-down
    ones, the unknown hand cards, the supply below the cards everyone saw put on top
    (the same slots `_plan` leaves free, Artifacts aside)."""
    s = state.setup
    kind, known, facedown = s.card_kind, state.known, state.facedown
    down: list[Free] = []
    for conf in range(len(state.display)):
        at = s.side_slot[q][conf]
        down += [(_slot(SIDE, at, j), c) for j, c in enumerate(state.sides[at])
                 if c in facedown and c not in known and kind[c] != ARTIFACT]
    hand = [(_slot(HAND, q, i), c) for i, c in enumerate(state.hands[q])
            if c not in known and kind[c] != ARTIFACT]
    supply = state.supply[q]
    top = state.ontop[q] if s.casual else 0
    rest = [(_slot(SUPPLY, q, i), supply[i]) for i in range(len(supply) - top)]
    return down, hand, rest


def _faceup_types(state: ThalaraState, q: int) -> Counter[int]:
    """How many face-up cards of each type lie on q's sides."""
    s = state.setup
    return Counter(s.card_type[c] for conf in range(len(state.display))
                   for c in state.sides[s.side_slot[q][conf]] if c not in state.facedown)


def _deal(state: ThalaraState, slots: list[Free], wants: list[tuple[int, int]],
          rng: random.Random) -> dict[int, int] | None:
    """The cards of `slots` dealt among them again at random, but each slot of
    `wants` (slot, type or _ANY_AFTERSHOCK) given a card it wants; None when a type
    wanted is not among them."""
    s = state.setup
    pool = [c for _, c in slots]
    pool.sort()
    rng.shuffle(pool)
    placed: dict[int, int] = {}
    # the types first: an Aftershock wanted where none is left takes any card
    for slot, t in sorted(wants, key=lambda w: w[1] == _ANY_AFTERSHOCK):
        k = next((k for k, c in enumerate(pool) if _fits(s, c, t)), -1)
        if k < 0:
            if t != _ANY_AFTERSHOCK:
                return None
            k = 0   # no Aftershock left: any card (the check after will tell)
        placed[slot] = pool.pop(k)
    writes: dict[int, int] = {}
    for slot, card in slots:
        new = placed[slot] if slot in placed else pool.pop()
        if new != card:
            writes[slot] = new
    return writes


def _fits(s: Setup, card: int, want: int) -> bool:
    """`card` is of the type `want`, or an Aftershock when that is what it wants."""
    if want == _ANY_AFTERSHOCK:
        return s.card_kind[card] == AFTERSHOCK
    return s.card_type[card] == want


def _prepare_play(state: ThalaraState, player: int | None, seat: int,
                  observation: dict[str, Any], rng: random.Random) -> bool:
    s = state.setup
    # the face-up cards the action added to seat's sides, by type
    shown = Counter(s.type_of[view["card"]] for conflict in observation["conflicts"]
                    for view in conflict["sides"][seat]["cards"]
                    if not view["face_down"] and view["card"] is not None)
    shown.subtract(_faceup_types(state, seat))
    down, hand, rest = _hidden(state, seat)
    held = Counter(s.card_type[c] for _, c in hand)
    missing = [t for t, k in shown.items() for _ in range(k - held[t])
               if s.type_kind[t] != ARTIFACT]
    if not missing or len(missing) > len(hand):
        return False
    # the hand cards not of a type the hand must keep give way, at random
    keep = dict(shown)
    spare: list[int] = []
    for k, (_, c) in enumerate(hand):
        t = s.card_type[c]
        if keep.get(t, 0) > 0:
            keep[t] -= 1
        else:
            spare.append(k)
    if len(spare) < len(missing):
        return False
    rng.shuffle(spare)
    wants = [(hand[k][0], t) for k, t in zip(spare, missing, strict=False)]
    writes = _deal(state, down + hand + rest, wants, rng)
    if not writes:
        return False
    _commit(state, writes)
    return True


def _prepare_scoring(state: ThalaraState, player: int | None, seat: int,
                     observation: dict[str, Any], rng: random.Random) -> bool:
    s = state.setup
    seats = observation["seats"]
    # per player: the hidden slots, and the Remnant types that lay face down (or, for
    # `seat`, were played from its hand)
    plans: list[tuple[int, list[Free], list[Free], list[Free], list[int]]] = []
    for q in range(s.n):
        if q == player:
            continue
        gone = Counter(s.type_of[name] for name in seats[q]["discard"])
        gone.subtract(s.card_type[c] for c in state.discard[q])
        gone.subtract({t: k for t, k in _faceup_types(state, q).items()
                       if s.type_kind[t] == REMNANT})
        need = list(gone.elements())
        down, hand, rest = _hidden(state, q)
        if not down and not (need and q == seat):
            continue
        plans.append((q, down, hand, rest, need))
    if not plans:
        return False
    for _ in range(PREPARE_TRIALS):
        writes: dict[int, int] = {}
        for q, down, hand, rest, need in plans:
            part = _arrange(state, q == seat, down, hand, rest, need, rng)
            if part is None:
                break
            writes.update(part)
        else:
            if _tried(state, writes, seat, observation):
                return bool(writes)
    return False


def _tried(state: ThalaraState, writes: dict[int, int], seat: int,
           observation: dict[str, Any]) -> bool:
    """Put `writes` in place when, with them, the round ends as `observation` shows."""
    trial = state.clone()
    if writes:
        _commit(trial, writes)
    if not _scores_as_shown(trial, seat, observation):
        return False
    if writes:
        _commit(state, writes)
    return True


def _arrange(state: ThalaraState, acting: bool, down: list[Free], hand: list[Free],
             rest: list[Free], need: list[int],
             rng: random.Random) -> dict[int, int] | None:
    """One way to lay a player's hidden cards with the Remnants of `need` face down
    (the acting player's last one or more may be in its hand instead, to be played)
    and Aftershocks in the other face-down slots."""
    need = need[:]
    rng.shuffle(need)
    to_hand = max(0, len(need) - len(down))
    if acting and to_hand == 0 and need and hand and rng.random() < 0.5:
        to_hand = 1
    if to_hand > (len(hand) if acting else 0):
        return None
    faces = [slot for slot, _ in down]
    rng.shuffle(faces)
    wants: list[tuple[int, int]] = []
    for k, slot in enumerate(faces):
        wants.append((slot, need[k] if k < len(need) - to_hand else _ANY_AFTERSHOCK))
    hands = [slot for slot, _ in hand]
    rng.shuffle(hands)
    wants += list(zip(hands, need[len(need) - to_hand:], strict=False))
    return _deal(state, down + hand + rest, wants, rng)


def _scores_as_shown(world: ThalaraState, seat: int, observation: dict[str, Any]) -> bool:
    """One of `seat`'s actions ends the round with the stars and won Artifacts
    `observation` shows."""
    if world.is_over() or world.cur != seat:
        return False
    s = world.setup
    stars = observation["scores"]
    won = [view["artifacts"] for view in observation["seats"]]
    for action in world.legal_actions():
        after = world.clone()
        after.apply(action)
        if after.round == observation["round"] and list(after.stars) == stars and all(
                sorted([s.name(c) for c in after.won[p]]) == won[p] for p in range(s.n)):
            return True
    return False
