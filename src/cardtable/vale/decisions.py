"""The decisions effects ask for: each kind's options beside its answer.

The options are the legal actions (possibly none: the decision is then abandoned); the
answer is fed one of them. Each decision is a frame of its own class (frames.py), whose
docstring names its fields; OPTIONS and ANSWERS hold each kind's pair, by its `kind`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.api import Action, Event
from cardtable.engine.tuples import replace_at, without
from cardtable.vale import board, rules
from cardtable.vale.actions import (
    DONE,
    NAMES,
    STONE_DISCARD,
    TARGETS,
    UPGRADES,
    choose_action,
    pay_action,
    payment_counts,
)
from cardtable.vale.board import MAX_AREAS
from cardtable.vale.feasibility import (
    can_run,
    copy_targets,
    free_summon_targets,
    price_payments,
    recover_targets,
    take_targets,
)
from cardtable.vale.frames import (
    FRAME_NAMES,
    Activate,
    CardToDeckTop,
    Choose,
    ChooseTarget,
    Copy,
    Decision,
    DiscardAnyFromHand,
    DiscardFromArea,
    DiscardFromHand,
    DiscardFromOwnArea,
    DiscardFromShelter,
    DiscardOwnCard,
    Frame,
    FreeSummon,
    NameFamily,
    Order,
    PayPrice,
    Recover,
    Retrieve,
    Run,
    ShelterFromDisplay,
    ShelterFromHand,
    Steal,
    StoneLimit,
    SwapCard,
    SwapTarget,
    TakeFromDiscard,
    Upgrade,
)
from cardtable.vale.vocabulary import T_INSTANT

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState


def abandon(st: ValeState) -> None:
    """The newest decision has nothing to choose from: drop it, and (when it was part
    of a longer effect) the rest of that effect."""
    pending = st.pending
    frame = pending.pop()
    if (isinstance(frame, Decision) and frame.cont and pending
            and isinstance(pending[-1], Run)):
        pending.pop()


def hides_its_choices(st: ValeState, frame: Frame) -> bool:
    """Whether the others cannot tell how many answers this decision has: it sorts the
    decider's hand by what the cards are (a free summon from hand, a discard that must
    keep one possible), the hand holds two cards or more, and some are secret. Such a
    decision is asked even with one answer, so that its being asked tells nobody
    anything. (These decisions always have an answer, so with one card in hand
    everybody knows there is exactly one.)"""
    if isinstance(frame, FreeSummon):
        sorts_the_hand = not frame.from_discard
    elif isinstance(frame, DiscardFromHand):
        sorts_the_hand = frame.protect != -2
    else:
        return False
    hand = st.hands[frame.player]
    public = st.public
    return sorts_the_hand and len(hand) > 1 and not all(public[c] for c in hand)


# --- stone-limit ---------------------------------------------------------------------

def _limit_options(st: ValeState, frame: StoneLimit) -> list[Action]:
    stones = board.stones_of(st, frame.player)
    return [STONE_DISCARD[k] for k in range(3) if stones[k]]


def _limit_answer(st: ValeState, frame: StoneLimit, action: Action) -> None:
    p = frame.player
    st.stones[board.stone_at(p, action.a)] -= 1
    if board.stone_count(st, p) <= board.stone_limit(st, p):
        st.pending.pop()


# --- order ---------------------------------------------------------------------------

def _order_options(st: ValeState, frame: Order) -> list[Action]:
    area = st.areas[frame.player]
    act_order = st.cs.act_order
    return [act_order[c] for c in frame.cards if c in area]


def _order_answer(st: ValeState, frame: Order, action: Action) -> None:
    p = frame.player
    c = action.a
    pending = st.pending
    remaining = tuple(x for x in frame.cards if x != c)
    if remaining:
        pending[-1] = Order(p, frame.source, frame.cont, remaining)
    else:
        pending.pop()
    pending.append(Run(p, c, st.cs.resolution[c]))


# --- choose --------------------------------------------------------------------------

def _choose_options(st: ValeState, frame: Choose) -> list[Action]:
    p, src, taken = frame.player, frame.source, frame.taken
    _, _number, labels, branches = frame.op
    hand_n = len(st.hands[p])
    area_n = len(st.areas[p])
    return [choose_action(label) for i, label in enumerate(labels)
            if not taken & (1 << i)
            and can_run(st, p, src, branches[i], hand_n, area_n, (), 0)]


def _choose_answer(st: ValeState, frame: Choose, action: Action) -> None:
    p, src, op, left = frame.player, frame.source, frame.op, frame.left
    _, _number, labels, branches = op
    i = labels.index(action.text[len("choose "):])
    if left > 1:
        st.pending[-1] = Choose(p, src, frame.cont, op, left - 1, frame.taken | (1 << i))
    else:
        st.pending.pop()
    if branches[i]:
        st.pending.append(Run(p, src, branches[i]))


# --- discard-from-hand ---------------------------------------------------------------

def _discard_hand_options(st: ValeState, frame: DiscardFromHand) -> list[Action]:
    p, protect = frame.player, frame.protect
    act_discard = st.cs.act_discard
    hand = st.hands[p]
    if protect == -2:
        return [act_discard[c] for c in hand]
    # the free summon that follows must stay possible: try each discard
    out = []
    for i in range(len(hand)):
        c = hand.pop(i)
        try:
            if free_summon_targets(st, p, protect):
                out.append(act_discard[c])
        finally:
            hand.insert(i, c)
    return out


def _discard_hand_answer(st: ValeState, frame: DiscardFromHand, action: Action) -> None:
    p = frame.player
    c = action.a
    st.pending.pop()
    st.hands[p].remove(c)
    st.discard.append(c)
    board.add_points(st, p, frame.points_per_cost * st.cs.cost[c])


# --- free-summon ---------------------------------------------------------------------

def _free_summon_options(st: ValeState, frame: FreeSummon) -> list[Action]:
    act_free = st.cs.act_free
    return [act_free[c] for c in free_summon_targets(
        st, frame.player, frame.family, from_discard=frame.from_discard,
        points_per_cost=frame.points_per_cost)]


def _free_summon_answer(st: ValeState, frame: FreeSummon, action: Action) -> None:
    p, from_discard = frame.player, frame.from_discard
    c = action.a
    cs = st.cs
    st.pending.pop()
    where = " from the discard pile" if from_discard else ""
    st.events.append(Event("summon", p, f"P{p + 1} summons {cs.ids[c]}{where} for free"))
    rules.summon(st, p, c, 0, 0, 0, st.discard if from_discard else None)
    board.add_points(st, p, frame.points_per_cost * cs.cost[c])


# --- choose-target and swap-target: a player with a card of the family ----------------

def _player_with_family_options(st: ValeState, frame: ChooseTarget | SwapTarget
                                ) -> list[Action]:
    family = frame.family
    return [TARGETS[q] for q in range(st.n) if board.family_count(st, q, family)]


def _target_discard_answer(st: ValeState, frame: ChooseTarget, action: Action) -> None:
    st.pending.pop()
    st.pending.append(DiscardFromArea(action.a, frame.source, frame.family))


# --- discard-from-area ---------------------------------------------------------------

def _pick_discard_options(st: ValeState, frame: DiscardFromArea) -> list[Action]:
    p, family = frame.player, frame.family
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.areas[p] if board.fam_match(st, p, c, family)]


def _pick_discard_answer(st: ValeState, frame: DiscardFromArea, action: Action) -> None:
    st.pending.pop()
    board.discard_from_area(st, frame.player, action.a)


# --- discard-from-own-area -----------------------------------------------------------

def _discard_area_options(st: ValeState, frame: DiscardFromOwnArea) -> list[Action]:
    src = frame.source
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.areas[frame.player] if c != src] + [DONE]


def _discard_area_answer(st: ValeState, frame: DiscardFromOwnArea, action: Action) -> None:
    if action.text == "done":
        st.pending.pop()
        return
    p, left = frame.player, frame.left
    board.discard_from_area(st, p, action.a)
    if left > 1:
        st.pending[-1] = DiscardFromOwnArea(p, frame.source, frame.cont, left - 1)
    else:
        st.pending.pop()


# --- recover -------------------------------------------------------------------------

def _recover_options(st: ValeState, frame: Recover) -> list[Action]:
    act_recover = st.cs.act_recover
    return [act_recover[c] for c in recover_targets(st, frame.player, frame.source,
                                                    frame.op)]


def _recover_answer(st: ValeState, frame: Recover, action: Action) -> None:
    p = frame.player
    points_per_cost = frame.op[5]
    c = action.a
    st.pending.pop()
    board.recover(st, p, c)
    board.add_points(st, p, points_per_cost * st.cs.cost[c])


# --- copy ----------------------------------------------------------------------------

def _copy_options(st: ValeState, frame: Copy) -> list[Action]:
    p = frame.player
    act_copy = st.cs.act_copy
    return [act_copy[c] for c in copy_targets(st, p, frame.source, frame.timing,
                                              len(st.hands[p]), len(st.areas[p]))]


def _copy_answer(st: ValeState, frame: Copy, action: Action) -> None:
    c = action.a
    cs = st.cs
    st.pending.pop()
    ops = cs.instant[c] if frame.timing == T_INSTANT else cs.resolution[c]
    # whose "this card" the copied effect means (copy_resolves_as)
    st.pending.append(Run(frame.player, c if st.setup.copy_as_target else frame.source, ops))


# --- steal ---------------------------------------------------------------------------

def _steal_options(st: ValeState, frame: Steal) -> list[Action]:
    p = frame.player
    return [TARGETS[q] for q in range(st.n) if q != p]


def _steal_answer(st: ValeState, frame: Steal, action: Action) -> None:
    points = frame.points
    st.pending.pop()
    lost = board.lose_points(st, action.a, points)
    board.add_points(st, frame.player, points if st.setup.steal_full else lost)


# --- take-from-discard ---------------------------------------------------------------

def _take_options(st: ValeState, frame: TakeFromDiscard) -> list[Action]:
    act_take = st.cs.act_take
    return [act_take[c] for c in take_targets(st, frame.family)]


def _take_answer(st: ValeState, frame: TakeFromDiscard, action: Action) -> None:
    c = action.a
    st.pending.pop()
    st.discard.remove(c)
    st.hands[frame.player].append(c)
    st.public[c] = 1


# --- discard-any-from-hand -----------------------------------------------------------

def _discard_many_options(st: ValeState, frame: DiscardAnyFromHand) -> list[Action]:
    act_discard = st.cs.act_discard
    acts = [act_discard[c] for c in st.hands[frame.player]]
    acts.append(DONE)
    return acts


def _discard_many_answer(st: ValeState, frame: DiscardAnyFromHand, action: Action) -> None:
    p, op, discarded = frame.player, frame.op, frame.discarded
    _, up_to, red, blue, purple, points = op
    done = action.text == "done"
    if not done:
        st.hands[p].remove(action.a)
        st.discard.append(action.a)
        discarded += 1
    if done or discarded >= up_to or not st.hands[p]:
        st.pending.pop()
        if red or blue or purple:
            board.gain_stones(st, p, red * discarded, blue * discarded, purple * discarded)
        board.add_points(st, p, points * discarded)
    else:
        st.pending[-1] = DiscardAnyFromHand(p, frame.source, frame.cont, op, discarded)


# --- upgrade -------------------------------------------------------------------------

def _upgrade_options(st: ValeState, frame: Upgrade) -> list[Action]:
    red, blue, _purple = board.stones_of(st, frame.player)
    out = []
    if red and frame.red_left:
        out.append(UPGRADES[0])
    if blue - frame.upgraded_blue > 0 and frame.blue_left:
        out.append(UPGRADES[1])
    if frame.optional:
        out.append(DONE)
    return out


def _upgrade_answer(st: ValeState, frame: Upgrade, action: Action) -> None:
    if action.text == "done":
        st.pending.pop()
        return
    p = frame.player
    red_left, blue_left, upgraded_blue = frame.red_left, frame.blue_left, frame.upgraded_blue
    if action.a == 0:
        board.upgrade_stone(st, p, 0)
        upgraded_blue += 1
        red_left -= 1
    else:
        board.upgrade_stone(st, p, 1)
        blue_left -= 1
    st.recheck = True
    left = frame.left - 1
    if left:
        st.pending[-1] = Upgrade(p, frame.source, frame.cont, left, frame.optional, red_left,
                                 blue_left, upgraded_blue)
    else:
        st.pending.pop()


# --- name-family ---------------------------------------------------------------------

def _name_options(st: ValeState, frame: NameFamily) -> list[Action]:
    return list(NAMES)


def _name_answer(st: ValeState, frame: NameFamily, action: Action) -> None:
    p = frame.player
    st.pending.pop()
    board.add_points(st, p, frame.points * board.family_count(st, p, action.a))


# --- swap-target (options above), swap-card -------------------------------------------

def _swap_target_answer(st: ValeState, frame: SwapTarget, action: Action) -> None:
    st.pending.pop()
    st.pending.append(SwapCard(action.a, frame.source, frame.family, frame.player))


def _swap_pick_options(st: ValeState, frame: SwapCard) -> list[Action]:
    p, family = frame.player, frame.family
    act_swap = st.cs.act_swap
    return [act_swap[c] for c in st.areas[p] if board.fam_match(st, p, c, family)]


def _swap_pick_answer(st: ValeState, frame: SwapCard, action: Action) -> None:
    p, src, owner = frame.player, frame.source, frame.owner
    c = action.a
    st.pending.pop()
    if owner != p and src in st.areas[owner]:
        mine = st.areas[p]
        theirs = st.areas[owner]
        mine[mine.index(c)] = src
        theirs[theirs.index(src)] = c
        st.recheck = True
        if st.cs.watch:
            board.stones_changed(st, p)
            board.stones_changed(st, owner)
        ids = st.cs.ids
        st.events.append(Event("swap", p, f"P{p + 1}'s {ids[c]} and P{owner + 1}'s "
                               f"{ids[src]} swap areas"))


# --- card-to-deck-top ----------------------------------------------------------------

def _top_options(st: ValeState, frame: CardToDeckTop) -> list[Action]:
    act_top = st.cs.act_top
    return [act_top[c] for c in st.hands[frame.player]]


def _top_answer(st: ValeState, frame: CardToDeckTop, action: Action) -> None:
    p = frame.player
    st.pending.pop()
    st.hands[p].remove(action.a)
    board.put_on_deck(st, action.a, p)


# --- discard-own-card ----------------------------------------------------------------

def _discard_own_options(st: ValeState, frame: DiscardOwnCard) -> list[Action]:
    src = frame.source
    other = frame.op[1]
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.areas[frame.player] if not (other and c == src)]


def _discard_own_answer(st: ValeState, frame: DiscardOwnCard, action: Action) -> None:
    p = frame.player
    _, _other, points_per_cost, family, then = frame.op
    c = action.a
    st.pending.pop()
    matched = family >= 0 and board.fam_match(st, p, c, family)
    board.add_points(st, p, points_per_cost * st.cs.cost[c])
    board.discard_from_area(st, p, c)
    if matched and then:
        st.pending.append(Run(p, frame.source, then))


# --- shelter-from-hand, shelter-from-display, retrieve, discard-from-shelter ---------

def _shelter_hand_options(st: ValeState, frame: ShelterFromHand) -> list[Action]:
    act_shelter = st.cs.act_shelter
    return [act_shelter[c] for c in st.hands[frame.player]]


def _shelter_hand_answer(st: ValeState, frame: ShelterFromHand, action: Action) -> None:
    p = frame.player
    st.pending.pop()
    st.hands[p].remove(action.a)
    board.shelter(st, p, action.a)


def _shelter_display_options(st: ValeState, frame: ShelterFromDisplay) -> list[Action]:
    act_shelter = st.cs.act_shelter
    return [act_shelter[c] for c in st.display]


def _shelter_display_answer(st: ValeState, frame: ShelterFromDisplay,
                            action: Action) -> None:
    st.pending.pop()
    st.display.remove(action.a)
    board.shelter(st, frame.player, action.a)


def _retrieve_options(st: ValeState, frame: Retrieve) -> list[Action]:
    act_retrieve = st.cs.act_retrieve
    return [act_retrieve[c] for c in st.shelter[frame.player]]


def _retrieve_answer(st: ValeState, frame: Retrieve, action: Action) -> None:
    p = frame.player
    c = action.a
    st.pending.pop()
    st.shelter = replace_at(st.shelter, p, without(st.shelter[p], c))
    st.hands[p].append(c)


def _discard_shelter_options(st: ValeState, frame: DiscardFromShelter) -> list[Action]:
    act_discard = st.cs.act_discard
    return [act_discard[c] for c in st.shelter[frame.player]]


def _discard_shelter_answer(st: ValeState, frame: DiscardFromShelter,
                            action: Action) -> None:
    st.pending.pop()
    st.shelter = replace_at(st.shelter, frame.player,
                            without(st.shelter[frame.player], action.a))
    st.discard.append(action.a)


# --- pay-price -----------------------------------------------------------------------

def _price_options(st: ValeState, frame: PayPrice) -> list[Action]:
    p = frame.player
    if frame.card < 0 and st.extra[p] >= MAX_AREAS:
        return []
    out = [pay_action(code) for code in price_payments(st, p, frame.price)]
    if frame.optional:
        out.append(DONE)
    return out


def _price_answer(st: ValeState, frame: PayPrice, action: Action) -> None:
    p, card = frame.player, frame.card
    st.pending.pop()
    if action.text == "done":
        return
    red, blue, purple = payment_counts(action.a)
    board.pay_stones(st, p, red, blue, purple)
    st.recheck = True
    if card < 0:
        board.buy_area(st, p)
    elif card in st.discard:
        st.discard.remove(card)
        st.hands[p].append(card)
        st.public[card] = 1
        st.events.append(Event("keep", p, f"P{p + 1} keeps {st.cs.ids[card]} in hand"))


# --- activate ------------------------------------------------------------------------

def _activate_options(st: ValeState, frame: Activate) -> list[Action]:
    cs = st.cs
    return [cs.act_activate[c] for c in st.areas[frame.player] if cs.has_resolution[c]]


def _activate_answer(st: ValeState, frame: Activate, action: Action) -> None:
    c = action.a
    st.pending.pop()
    st.pending.append(Run(frame.player, c, st.cs.resolution[c]))


def _not_a_decision(st: ValeState, frame: Any, *action: Action) -> Any:
    raise AssertionError(f"not a decision frame: {frame!r}")  # pragma: no cover


# Each function takes the frame class of its own kind: the tables type the frame Any.
OptionsFn = Callable[["ValeState", Any], list[Action]]
AnswerFn = Callable[["ValeState", Any, Action], None]
_DECISIONS: dict[str, tuple[OptionsFn, AnswerFn]] = {
    "run": (_not_a_decision, _not_a_decision),
    "order": (_order_options, _order_answer),
    "stone-limit": (_limit_options, _limit_answer),
    "choose": (_choose_options, _choose_answer),
    "discard-from-hand": (_discard_hand_options, _discard_hand_answer),
    "free-summon": (_free_summon_options, _free_summon_answer),
    "choose-target": (_player_with_family_options, _target_discard_answer),
    "discard-from-area": (_pick_discard_options, _pick_discard_answer),
    "discard-from-own-area": (_discard_area_options, _discard_area_answer),
    "recover": (_recover_options, _recover_answer),
    "copy": (_copy_options, _copy_answer),
    "steal": (_steal_options, _steal_answer),
    "take-from-discard": (_take_options, _take_answer),
    "discard-any-from-hand": (_discard_many_options, _discard_many_answer),
    "upgrade": (_upgrade_options, _upgrade_answer),
    "name-family": (_name_options, _name_answer),
    "swap-target": (_player_with_family_options, _swap_target_answer),
    "swap-card": (_swap_pick_options, _swap_pick_answer),
    "card-to-deck-top": (_top_options, _top_answer),
    "discard-own-card": (_discard_own_options, _discard_own_answer),
    "shelter-from-hand": (_shelter_hand_options, _shelter_hand_answer),
    "shelter-from-display": (_shelter_display_options, _shelter_display_answer),
    "retrieve": (_retrieve_options, _retrieve_answer),
    "discard-from-shelter": (_discard_shelter_options, _discard_shelter_answer),
    "pay-price": (_price_options, _price_answer),
    "activate": (_activate_options, _activate_answer),
}
#: each frame kind's options and answer, indexed by the kind
OPTIONS: Final = [_DECISIONS[name][0] for name in FRAME_NAMES]
ANSWERS: Final = [_DECISIONS[name][1] for name in FRAME_NAMES]


def frame_actions(st: ValeState, frame: Frame) -> list[Action]:
    """The choices of a decision frame (possibly empty; never asked of a run frame)."""
    return OPTIONS[frame.kind](st, frame)


def decide(st: ValeState, frame: Frame, action: Action) -> None:
    """Feed the chosen (legal) action into `frame`, the newest pending frame."""
    ANSWERS[frame.kind](st, frame, action)
