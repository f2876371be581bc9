"""Conforming a Vale world to what one player saw (`ValeState.conform`).

A tracker (cardtable.bot.worlds) replays a game's public course in a world of its own:
same phases, decisions, scores and counts as the true game, but the cards that chance or
a hidden choice put somewhere may be others. `conform` then moves card instances until
`player` sees exactly the observation it was given.

Every card id names one card (a card set has no two alike), so the observation says
exactly which card lies in each place `player` can see: each slot of the display, the
discard pile, the areas, the hunted cards, the shelters and the known top of the deck
(the secret top too, for the player who put it there), every card of `player`'s own
hand, and the public cards of the other hands. Hands are shown sorted, so a hand's cards
count as a set: which of its slots holds which card is nobody's business but the legal
actions' order.

A card only moves when it lies where `player` cannot see it (the deck below its known
top, the other players' secret hand cards: `ValeState._deal`'s places) or where the
observation shows another card. The needed card `r` of a slot showing the wrong card `w`
trades places with it: `w` goes where `r` was. `r` comes from a hidden place, or from a
place that takes cards straight from the deck (the display, a shelter, `player`'s
secret hand cards), where the world may have dealt it while the truth dealt it to
another place in view: never from an area, the hunted cards, the discard pile or a
known hand card, which a card reaches in view, so that a world showing it there (and
the truth elsewhere) played another public course. A world that agreed about which hidden
place held which kind of card (say, a deck made of a reshuffled discard pile) still does,
and a world dealt at random stays one dealt at random (the swap is a bijection between
deals). `rng` only chooses which hand slot takes which card, the one free choice.

A public fact no swap changes (points, stones, counts, phase, decisions, who holds what
tile) makes `conform` return False; so does a card the observation needs from a place it
also shows, or from a place `player` sees that the observation agrees with, and a card
named by a pending step (its effect under way is that card's, and no other card of a set
has the same effects).

`hold` serves a tracker before it tries another seat's actions: a card that seat played
from its secret hand (the observation after shows it) may lie elsewhere in the world,
and then no action of that seat in the world is the true one; `hold` swaps it into that
hand, unseen by the tracked player.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from cardtable.vale import rules
from cardtable.vale.frames import Order, PayPrice
from cardtable.vale.phases import OVER, PHASE_NAMES

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

#: a slot is `place << SHIFT | index`; no place holds 256 cards (a card set has < 256)
SHIFT: Final = 8
MASK: Final = (1 << SHIFT) - 1
#: places: the deck, the display, the discard pile, then per seat q its hand, area,
#: hunted cards and shelter at SEAT_PLACES + 4 * q + HAND/AREA/HUNTED/SHELTER
DECK: Final = 0
DISPLAY: Final = 1
DISCARD: Final = 2
SEAT_PLACES: Final = 3
HAND: Final = 0
AREA: Final = 1
HUNTED: Final = 2
SHELTER: Final = 3


def conform(state: ValeState, player: int | None, observation: dict[str, Any],
            rng: random.Random) -> bool:
    """Move the cards of `state` that `player` cannot tell apart so that `player` sees
    exactly `observation`; True when it then does (module docstring). On False the
    state may be left half changed."""
    try:
        moved = _arrange(state, player, observation, rng)
    except (KeyError, TypeError, IndexError, AttributeError):
        return False  # a malformed observation: no world shows it
    if moved is None:
        return False
    if moved:
        # The world's history no longer replays to it (the end summary would replay it
        # and find its actions illegal): forgotten, as a sampled world has none.
        state.hist = None
        # The legal actions may name the moved cards; the events list is the caller's
        # (the last apply returned it), so proceed gets a new one.
        state.events = []
        rules.proceed(state)
    if state.phase == OVER:
        end = observation.get("end")
        if end is not None:
            try:
                state.end_sources = _sources(end)
            except (KeyError, TypeError):
                return False
    return state.observation(player) == observation


def _sources(end: dict[str, Any]) -> tuple[tuple[tuple[str, str | None, int], ...], ...]:
    """The points by source the summary shows: the true game's history made them, which
    the world's own cannot replay (summary.sources_of takes them as given)."""
    return tuple(tuple((str(s["kind"]), s["source"], int(s["points"]))
                       for s in seat["sources"]) for seat in end["players"])


def _arrange(st: ValeState, player: int | None, obs: dict[str, Any],
             rng: random.Random) -> bool | None:
    """Put every card the observation shows where it shows it: whether anything moved,
    None when some public fact or card cannot agree."""
    n = st.n
    if obs["players"] != n or obs["viewer"] != player:
        return None
    if obs["round"] != st.round or obs["phase"] != PHASE_NAMES[st.phase]:
        return None
    seats = obs["seats"]
    deck = st.deck
    if len(seats) != n or obs["deck"]["count"] != len(deck):
        return None
    # cheap public facts first: most candidate worlds of a tracker fail on these
    for q in range(n):
        seen = seats[q]
        if (seen["score"] != st.points[q] or seen["hand_count"] != len(st.hands[q])
                or len(seen["area"]) != len(st.areas[q])):
            return None
    moved = _tiles(st, obs["artifacts"])
    cs = st.cs
    index = cs.index
    public = st.public
    shelters = [list(s) for s in st.shelter]
    boxes: list[list[int]] = [deck, st.display, st.discard]
    for q in range(n):
        boxes += [st.hands[q], st.areas[q], st.hunted[q], shelters[q]]
    where = [-1] * cs.n
    for b, box in enumerate(boxes):
        base = b << SHIFT
        for i, c in enumerate(box):
            where[c] = base | i
    need = [False] * cs.n  # a card the observation shows somewhere (only once)
    targets: list[int] = []  # slot, card, slot, card ...: what each slot must hold
    # the known top of the deck (top first), and the secret top its author knows
    top = obs["deck"]["top"]
    if len(top) != st.known_top:
        return None
    last = len(deck) - 1
    for k, name in enumerate(top):
        if not _want(need, targets, (DECK << SHIFT) | (last - k), index[name]):
            return None
    private = obs["deck"]["top_private"]
    if player is not None and st.secret_top == player and deck:
        if private is None or not _want(need, targets, (DECK << SHIFT) | last,
                                        index[private]):
            return None
    elif private is not None:
        return None
    if not (_ordered(st.display, obs["display"], DISPLAY, index, need, targets)
            and _ordered(st.discard, obs["discard"], DISCARD, index, need, targets)):
        return None
    for q in range(n):
        seen = seats[q]
        place = SEAT_PLACES + 4 * q
        if not (_ordered(st.areas[q], seen["area"], place + AREA, index, need, targets)
                and _ordered(st.hunted[q], seen["hunted"], place + HUNTED, index, need,
                             targets)
                and _ordered(shelters[q], seen["shelter"], place + SHELTER, index, need,
                             targets)):
            return None
    for q in range(n):
        seen = seats[q]
        slot = (SEAT_PLACES + 4 * q + HAND) << SHIFT
        if q == player:
            ok = _own_hand(st.hands[q], seen["hand"], seen["hand_known"], slot, public,
                           where, index, need, targets, rng)
        else:
            ok = _other_hand(st.hands[q], seen["hand"], slot, public, where, index, need,
                             targets, rng)
        if not ok:
            return None
    if not targets:
        return moved
    named = _named(st)
    for k in range(0, len(targets), 2):
        slot = targets[k]
        r = targets[k + 1]
        box = boxes[slot >> SHIFT]
        i = slot & MASK
        w = box[i]
        if w == r:
            continue
        # `r` is needed only here: it lies in a hidden place or in one the observation
        # shows otherwise (a slot still to be put right), never in one already right
        t = where[r]
        if t < 0 or w in named or r in named or _settled(st, player, t, r):
            return None
        other = boxes[t >> SHIFT]
        other[t & MASK] = w
        box[i] = r
        where[w] = t
        where[r] = slot
        # the knowledge is the slot's: a card dealt into a secret hand is secret, one put
        # on the display is public, whatever the card was before
        public[w], public[r] = public[r], public[w]
        moved = True
    if moved:
        st.shelter = tuple(tuple(s) for s in shelters)
    return moved


def _settled(st: ValeState, player: int | None, slot: int, card: int) -> bool:
    """Whether `card`, at `slot` where the observation wants another card, got there in
    view of `player` from a place `player` saw (an area, the hunted cards, the discard
    pile, the known top of the deck, a hand card everybody knows): then the world played
    another public course, which no swap undoes. The display (revealed from the deck),
    the shelters (Incense Burner shelters the top of the deck) and `player`'s own secret
    hand cards (drawn) take cards straight from the deck: there the world may have dealt
    a card that the truth dealt to another place in view, both from the deck."""
    place = slot >> SHIFT
    if place == DISPLAY:
        return False
    if place == DECK:
        hidden = len(st.deck) - st.known_top
        if player is not None and st.secret_top == player:
            hidden -= 1
        return (slot & MASK) >= hidden
    if place == DISCARD:
        return True
    kind = (place - SEAT_PLACES) % 4
    if kind == SHELTER:
        return False
    if kind != HAND:
        return True
    # a hand: everybody's known cards are settled; `player`'s own secret cards were
    # drawn; another player's secret cards are hidden from `player`
    return bool(st.public[card])


def _want(need: list[bool], targets: list[int], slot: int, card: int) -> bool:
    """Note that `slot` must hold `card`; False when the card is already needed elsewhere."""
    if need[card]:
        return False
    need[card] = True
    targets.append(slot)
    targets.append(card)
    return True


def _ordered(box: list[int], names: list[str], place: int, index: dict[str, int],
             need: list[bool], targets: list[int]) -> bool:
    """A place shown card by card in order: each slot must hold its card."""
    if len(names) != len(box):
        return False
    base = place << SHIFT
    return all(_want(need, targets, base | i, index[name]) for i, name in enumerate(names))


def _own_hand(hand: list[int], names: list[str | None], known: list[bool], base: int,
              public: list[int], where: list[int], index: dict[str, int],
              need: list[bool], targets: list[int], rng: random.Random) -> bool:
    """`player`'s own hand, shown whole (sorted, each card with whether everybody knows
    it): the cards it should not hold give their slots to the ones it lacks, a secret
    slot to a secret card and a known slot to a known one (that is a public fact)."""
    if len(names) != len(hand) or len(known) != len(hand):
        return False
    wanted: dict[int, bool] = {}
    for name, k in zip(names, known, strict=True):
        if name is None:
            return False
        c = index[name]
        if need[c]:
            return False
        need[c] = True
        wanted[c] = bool(k)
    loose: list[list[int]] = [[], []]  # slots holding a card the hand should not, by flag
    for i, c in enumerate(hand):
        flag = wanted.get(c)
        if flag is None:
            loose[public[c]].append(base | i)
        elif flag != bool(public[c]):
            return False
    missing: list[list[int]] = [[], []]
    box = base >> SHIFT
    for c, k in wanted.items():
        if where[c] >> SHIFT != box:
            missing[1 if k else 0].append(c)
    return _pair(loose, missing, targets, rng)


def _other_hand(hand: list[int], names: list[str | None], base: int, public: list[int],
                where: list[int], index: dict[str, int], need: list[bool],
                targets: list[int], rng: random.Random) -> bool:
    """Another player's hand: its public cards are shown (the rest only counted); its
    public slots must hold them, its secret slots are hidden places."""
    wanted: list[int] = []
    for name in names:
        if name is not None:
            c = index[name]
            if need[c]:
                return False
            need[c] = True
            wanted.append(c)
    loose: list[int] = []
    shown = 0
    for i, c in enumerate(hand):
        if public[c]:
            shown += 1
            if c not in wanted:  # a handful of cards: a list is quick enough
                loose.append(base | i)
    if shown != len(wanted):
        return False  # how many of its cards everybody knows is a public fact
    box = base >> SHIFT
    missing = [c for c in wanted if where[c] >> SHIFT != box or not public[c]]
    return _pair([loose], [missing], targets, rng)


def _pair(loose: list[list[int]], missing: list[list[int]], targets: list[int],
          rng: random.Random) -> bool:
    """Give each loose slot one of the missing cards of its kind, at random: a hand's
    order is not shown, so any pairing agrees with the observation."""
    for slots, cards in zip(loose, missing, strict=True):
        if len(slots) != len(cards):
            return False
        rng.shuffle(cards)
        for slot, c in zip(slots, cards, strict=True):
            targets.append(slot)
            targets.append(c)
    return True


def _named(st: ValeState) -> set[int]:
    """The cards a pending step names (its source, the cards to order, a card just sold):
    the step belongs to that very card."""
    n = st.cs.n
    named: set[int] = set()
    for frame in st.pending:
        if 0 <= frame.source < n:
            named.add(frame.source)
        if isinstance(frame, Order):
            named.update(frame.cards)
        elif isinstance(frame, PayPrice) and frame.card >= 0:
            named.add(frame.card)
    return named


def _tiles(st: ValeState, tiles: list[dict[str, Any]]) -> bool:
    """The Artifact tiles in play: dealt from the seed with artifact_set 'standard', so a
    world from another seed may have others. Public from the start, they are put right
    while no tile has been taken (no marker placed yet); True when they were."""
    if len(tiles) != len(st.arts):
        return False
    art_index = st.cs.art_index
    shown = tuple(sorted(art_index[t["id"]] for t in tiles))
    if shown == st.arts or len(set(shown)) != len(shown):
        return False
    untouched = (all(h < 0 for h in st.held) and all(m < 0 for m in st.marker)
                 and all(t["held_by"] is None and t["marker"] is None for t in tiles))
    if not untouched:
        return False
    st.arts = shown
    return True


def hold(state: ValeState, player: int | None, seat: int, card: int,
         rng: random.Random, keep: frozenset[int] = frozenset()) -> bool:
    """Make `card` one of `seat`'s hand cards hidden from `player`, when it lies in a
    place hidden from `player`: it trades places with one of those cards, chosen at
    random (`player` sees nothing change). For a tracker that learns from an action's
    public words that `seat` played `card` from its secret hand (a summon, say): the
    world's deal may have put the card elsewhere, and then no action of `seat` in the
    world is the true one. The cards of `keep` (held already) stay in the hand. True
    when `card` is now a secret card of `seat`'s hand."""
    if seat == player:
        return False
    hand = state.hands[seat]
    public = state.public
    if card in hand:
        return not public[card]
    secret = [i for i, c in enumerate(hand) if not public[c] and c not in keep]
    if not secret:
        return False
    box: list[int] | None = None
    deck = state.deck
    hidden_deck = len(deck) - state.known_top
    if state.secret_top >= 0 and state.secret_top == player:
        hidden_deck -= 1
    if card in deck[:hidden_deck]:
        box = deck
    else:
        for q in range(state.n):
            if q != player and q != seat and card in state.hands[q] and not public[card]:
                box = state.hands[q]
    if box is None:
        return False  # `player` sees where the card is
    i = rng.choice(secret)
    other = hand[i]
    j = box.index(card)
    box[j] = other
    hand[i] = card
    public[card], public[other] = public[other], public[card]
    state.hist = None  # as in conform: the history no longer replays to this world
    state.events = []
    rules.proceed(state)
    return True


def prepare(state: ValeState, player: int | None, seat: int, observation: dict[str, Any],
            rng: random.Random) -> bool:
    """Before `seat`'s action, make each card that `observation` (what `player` saw
    after it) shows, and that this world hides from `player`, one of `seat`'s secret
    hand cards (`hold`): the action showed it, so it most likely came from that hand
    (summoned to an area, even another's by a swap; sold or discarded; put on top of
    the deck, as Tengu puts itself; sheltered; shown with the hand, as Anzu shows it),
    and the world's deal had put it elsewhere. The display is left out: its cards come
    from the deck. True when a card moved."""
    try:
        shown: list[Any] = [*observation["discard"], *observation["deck"]["top"]]
        for seen in observation["seats"]:
            shown += [*seen["area"], *seen["hand"], *seen["shelter"], *seen["hunted"]]
        cards = [state.cs.index[name] for name in shown if isinstance(name, str)]
    except (KeyError, TypeError, IndexError):
        return False
    held: set[int] = set()      # in the hand now, to stay there
    moved = False
    for card in cards:
        if card in state.hands[seat]:
            held.add(card)
        elif hold(state, player, seat, card, rng, frozenset(held)):
            held.add(card)
            moved = True
    return moved
