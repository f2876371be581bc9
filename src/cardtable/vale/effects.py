"""How effects run: the `Run` frame newest in `pending` executes one op at a time, by
the function of its code in RUN, (st, player, source, op, cont). The ops are read from
the card files by `vocabulary.py`; whether they can run is checked by `feasibility.py`.
An op that asks for a choice pushes its decision frame (frames.py), which
`decisions.py` offers and answers; `cont` tells the op whether more of its effect
follows (the run frame stays below it), so that a step that cannot be done, or a
decision with nothing to choose from, can drop the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cardtable.engine.api import Event
from cardtable.engine.tuples import replace_at
from cardtable.vale import board
from cardtable.vale.board import MAX_AREAS
from cardtable.vale.feasibility import condition, count
from cardtable.vale.frames import (
    Activate,
    CardToDeckTop,
    Choose,
    ChooseTarget,
    Copy,
    DiscardAnyFromHand,
    DiscardFromHand,
    DiscardFromOwnArea,
    DiscardFromShelter,
    DiscardOwnCard,
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
    SwapTarget,
    TakeFromDiscard,
    Upgrade,
)
from cardtable.vale.vocabulary import (
    ACTIVATE,
    ACTIVATE_ONE,
    ART_SRC,
    BUY_AREA,
    CASH_STONES,
    CHOOSE,
    COPY,
    DISCARD_AREA,
    DISCARD_HAND,
    DISCARD_MANY,
    DISCARD_OWN,
    DISCARD_SELF,
    DISCARD_SHELTER,
    FREE_SUMMON,
    GAIN,
    HAND_TO_DECK,
    IF,
    LOSE,
    NAME_FAMILY,
    OPS_COUNT,
    POINTS_PER,
    RECOVER,
    RECOVER_SELF,
    RETRIEVE,
    REVEAL_DISPLAY,
    REVEAL_HAND,
    SELF_TO_DECK,
    SHELTER_DECK,
    SHELTER_DISPLAY,
    SHELTER_HAND,
    SPEND,
    STEAL,
    STONES_TO,
    SWAP,
    TAKE_DISCARD,
    TARGET_DISCARD,
    UPGRADE,
    Op,
)

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState


def run_step(st: ValeState, frame: Run) -> None:
    """Execute the next op of `frame`, the newest pending frame. `cont` tells the op
    whether more of its effect follows (the run frame stays below it)."""
    pending = st.pending
    p = frame.player
    src = frame.source
    ops = frame.ops
    pc = frame.pc
    if pc + 1 < len(ops):
        pending[-1] = Run(p, src, ops, pc + 1)
        cont = True
    else:
        pending.pop()
        cont = False
        if 0 <= src < ART_SRC and st.cs.recover_stones[src]:
            board.stones_changed(st, p)  # Fireblast, its own instant effect over
    op = ops[pc]
    RUN[op[0]](st, p, src, op, cont)


def _stop_effect(st: ValeState, cont: bool) -> None:
    """A step that cannot be done stops the rest of its effect."""
    if cont:
        st.pending.pop()


def _gain(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, red, blue, purple, points, draws = op
    if red or blue or purple:
        board.gain_stones(st, p, red, blue, purple)
    if points:
        board.add_points(st, p, points)
    if draws:
        board.draw(st, p, draws)


def _points_per(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points, counted, arg, per = op
    board.add_points(st, p, points * (count(st, p, counted, arg) // per))


def _lose(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points, strict = op
    if strict and st.points[p] < points:
        _stop_effect(st, cont)  # a price that cannot be paid
    else:
        board.lose_points(st, p, points)


def _if(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, cond, arg, then, otherwise = op
    branch = then if condition(st, p, cond, arg) else otherwise
    if branch:
        st.pending.append(Run(p, src, branch))


def _spend(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, color, number = op
    i = board.stone_at(p, color)
    if st.stones[i] >= number:
        st.stones[i] -= number
    else:
        _stop_effect(st, cont)


def _recover_self(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    if src in st.areas[p]:
        board.recover(st, p, src)


def _discard_self(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    if src in st.areas[p]:
        board.discard_from_area(st, p, src)


def _self_to_deck(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    if src in st.areas[p]:
        st.recheck = True
        st.areas[p].remove(src)
        board.put_on_deck(st, src, -1)


def _cash_stones(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    vr, vb, vp = board.stone_values(st, p)
    red, blue, purple = board.stones_of(st, p)
    board.set_stones(st, p, 0, 0, 0)
    board.add_points(st, p, red * vr + blue * vb + purple * vp)


def _stones_to(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, color = op
    total = board.stone_count(st, p)
    board.set_stones(st, p, 0, 0, 0)
    st.stones[board.stone_at(p, color)] = total
    st.recheck = True


def _discard_hand(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points_per_cost = op
    protect = -2  # no free summon follows
    if cont:
        run = st.pending[-1]
        assert isinstance(run, Run)
        ops, pc = run.ops, run.pc
        if pc < len(ops) and ops[pc][0] == FREE_SUMMON:
            protect = ops[pc][1]  # the family the free summon needs (-1: any)
    st.pending.append(DiscardFromHand(p, src, cont, points_per_cost, protect))


def _free_summon(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family, points_per_cost, from_discard = op
    st.pending.append(FreeSummon(p, src, cont, family, points_per_cost, bool(from_discard)))


def _target_discard(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family = op
    st.pending.append(ChooseTarget(p, src, cont, family))


def _discard_area(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, up_to = op
    st.pending.append(DiscardFromOwnArea(p, src, cont, up_to))


def _recover(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(Recover(p, src, cont, op))


def _copy(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, timing = op
    st.pending.append(Copy(p, src, cont, timing))


def _activate(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    has_resolution = st.cs.has_resolution
    cards = tuple(c for c in st.areas[p] if has_resolution[c])
    if cards:
        st.pending.append(Order(p, src, cont, cards))


def _choose(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number, _labels, _branches = op
    st.pending.append(Choose(p, src, cont, op, number, 0))


def _steal(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points = op
    st.pending.append(Steal(p, src, cont, points))


def _take_discard(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family = op
    st.pending.append(TakeFromDiscard(p, src, cont, family))


def _discard_hand_many(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(DiscardAnyFromHand(p, src, cont, op, 0))


def _upgrade(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number, up_to = op
    st.pending.append(Upgrade(p, src, cont, number, bool(up_to), -1, -1, 0))


def _name_family(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, points = op
    st.pending.append(NameFamily(p, src, cont, points))


def _swap(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, family = op
    st.pending.append(SwapTarget(p, src, cont, family))


def _reveal_hand(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    hand = st.hands[p]
    for c in hand:
        st.public[c] = 1
    st.events.append(Event("reveal", p, f"P{p + 1} reveals their hand: " + (
        ", ".join(st.cs.ids[c] for c in sorted(hand)) or "nothing")))


def _hand_to_deck(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(CardToDeckTop(p, src, cont))


def _discard_own(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(DiscardOwnCard(p, src, cont, op))


def _shelter_deck(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number = op
    for _ in range(number):
        c = board.take_top(st)
        if c < 0:
            break
        board.shelter(st, p, c)


def _shelter_hand(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(ShelterFromHand(p, src, cont))


def _shelter_display(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(ShelterFromDisplay(p, src, cont))


def _reveal_display(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, number = op
    for _ in range(number):
        c = board.take_top(st)
        if c < 0:
            break
        st.display.append(c)
        st.public[c] = 1
        st.events.append(Event("reveal", p, f"P{p + 1} reveals {st.cs.ids[c]} into the "
                               "hunting display"))


def _retrieve(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, every = op
    if not every:
        st.pending.append(Retrieve(p, src, cont))
        return
    sheltered = st.shelter[p]
    if sheltered:
        st.events.append(Event("retrieve", p, f"P{p + 1} retrieves "
                               + ", ".join(st.cs.ids[c] for c in sheltered)))
        st.hands[p].extend(sheltered)
        st.shelter = replace_at(st.shelter, p, ())


def _discard_shelter(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(DiscardFromShelter(p, src, cont))


def _buy_area(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    _, price = op
    if price:
        st.pending.append(PayPrice(p, src, cont, price, -1, False))
    elif st.extra[p] < MAX_AREAS:
        board.buy_area(st, p)
    else:
        _stop_effect(st, cont)


def _activate_one(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    st.pending.append(Activate(p, src, cont))


_RUNS: dict[int, Callable[[ValeState, int, int, Op, bool], None]] = {
    GAIN: _gain, LOSE: _lose, POINTS_PER: _points_per, IF: _if, SPEND: _spend,
    DISCARD_HAND: _discard_hand, FREE_SUMMON: _free_summon, DISCARD_SELF: _discard_self,
    RECOVER_SELF: _recover_self, SELF_TO_DECK: _self_to_deck, CASH_STONES: _cash_stones,
    STONES_TO: _stones_to, TARGET_DISCARD: _target_discard, DISCARD_AREA: _discard_area,
    RECOVER: _recover, COPY: _copy, ACTIVATE: _activate, CHOOSE: _choose, STEAL: _steal,
    TAKE_DISCARD: _take_discard, DISCARD_MANY: _discard_hand_many, UPGRADE: _upgrade,
    NAME_FAMILY: _name_family, SWAP: _swap, REVEAL_HAND: _reveal_hand,
    HAND_TO_DECK: _hand_to_deck, DISCARD_OWN: _discard_own, SHELTER_DECK: _shelter_deck,
    SHELTER_HAND: _shelter_hand, SHELTER_DISPLAY: _shelter_display,
    REVEAL_DISPLAY: _reveal_display, RETRIEVE: _retrieve,
    DISCARD_SHELTER: _discard_shelter, BUY_AREA: _buy_area, ACTIVATE_ONE: _activate_one,
}
#: the function running each op, indexed by its code
RUN: Final = [_RUNS[code] for code in range(OPS_COUNT)]
