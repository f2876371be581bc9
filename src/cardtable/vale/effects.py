"""How effects run: the stack of pending steps (frames), a step at a time, and the
decisions effects ask for with their answers. The ops are read from the card files by
`vocabulary.py`; whether they can run is checked by `feasibility.py`.

Triggers: when a card is summoned, the `on_summon` permanents of the cards already in
the summoner's area score at once, in area order (so never for their own summon), and
then the summoned card's instant effect starts; `on_tame` permanents pay out at once
when a card is tamed. Their rewards need no decision, so they need no frame; the stone
limit is checked right after, before anything else happens.

The expansion's recovering permanents listen to events (a blue stone gained, a card
drawn, points lost, stones changed), noted as bits in `st.trig` and handled at the top
of `rules.proceed`, before the stone limit is checked (Thalassa's rulebook example). A
Duduri King upgrade of a stone just received is decided before the stone limit too;
Gem of Kukulkan's offer comes after it.

Pending work is plain data: the state holds a stack of tuples (frames). A run frame
`(F_RUN, player, source, ops, pc)` is executed step by step; a decision frame waits for
its player's action. Frames never hold closures or generators, so clone() is a list
copy and records replay bit for bit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.api import Action, Event
from cardtable.vale import board
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
    condition,
    copy_targets,
    count,
    free_summon_targets,
    price_payments,
    recover_targets,
    take_targets,
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
    T_INSTANT,
    TAKE_DISCARD,
    TARGET_DISCARD,
    UPGRADE,
    Op,
)

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

Frame = tuple[Any, ...]

# --- frames ------------------------------------------------------------------------
(F_RUN, F_ORDER, F_LIMIT, F_CHOOSE, F_DISCARD_HAND, F_FREE_SUMMON, F_TARGET_DISCARD,
 F_PICK_DISCARD, F_DISCARD_AREA, F_RECOVER, F_COPY, F_STEAL, F_TAKE) = range(13)
(F_DISCARD_MANY, F_UPGRADE, F_NAME, F_SWAP_TARGET, F_SWAP_PICK, F_TOP, F_DISCARD_OWN,
 F_SHELTER_HAND, F_SHELTER_DISPLAY, F_RETRIEVE, F_DISCARD_SHELTER, F_PRICE,
 F_ACTIVATE) = range(13, 26)
#: What each pending decision is called in the observation.
FRAME_NAMES = ("run", "order", "stone-limit", "choose", "discard-from-hand", "free-summon",
               "choose-target", "discard-from-area", "discard-from-own-area", "recover",
               "copy", "steal", "take-from-discard", "discard-any-from-hand", "upgrade",
               "name-family", "swap-target", "swap-card", "card-to-deck-top",
               "discard-own-card", "shelter-from-hand", "shelter-from-display",
               "retrieve", "discard-from-shelter", "pay-price", "activate")

# --- summoning (shared by the Summon action and free summons) ---------------------------


def summon(st: ValeState, p: int, card: int, red: int, blue: int, purple: int,
           origin: list[int] | None = None) -> None:
    """Pay, put `card` (from p's hand, or from `origin`) into p's area, fire the
    'whenever you summon' permanents of the cards already there, then start the card's
    instant effect."""
    cs = st.cs
    s = st.stones
    s[3 * p] -= red
    s[3 * p + 1] -= blue
    s[3 * p + 2] -= purple
    (st.hands[p] if origin is None else origin).remove(card)
    if cs.recover_stones[card]:
        board.stones_changed(st, p)
    area = st.areas[p]
    paid = (red, blue, purple)
    for other in area:
        for trig in cs.on_summon[other]:
            _, points, per_color, need = trig
            if need >= 0 and not paid[need]:
                continue
            board.add_points(st, p, points * (paid[per_color] if per_color >= 0 else 1))
    area.append(card)
    st.pub[card] = 1
    if cs.has_instant[card]:
        st.stack.append((F_RUN, p, card, cs.instant[card], 0))


def tame_triggers(st: ValeState, p: int, card: int) -> None:
    cs = st.cs
    fam = cs.family[card]
    for other in st.areas[p]:
        for trig in cs.on_tame[other]:
            _, need, red, blue, purple, points = trig
            if need < 0 or need == fam:
                board.gain_stones(st, p, red, blue, purple)
                board.add_points(st, p, points)


# --- running effects ----------------------------------------------------------------


def run_step(st: ValeState) -> None:
    """Execute the next op of the run frame on top of the stack."""
    stack = st.stack
    _, p, src, ops, pc = stack[-1]
    if pc + 1 < len(ops):
        stack[-1] = (F_RUN, p, src, ops, pc + 1)
        cont = True
    else:
        stack.pop()
        cont = False
        if 0 <= src < ART_SRC and st.cs.recover_stones[src]:
            board.stones_changed(st, p)  # Fireblast, its own instant effect over
    op = ops[pc]
    code = op[0]
    cs = st.cs
    if code == GAIN:
        _, red, blue, purple, points, draws = op
        if red or blue or purple:
            board.gain_stones(st, p, red, blue, purple)
        if points:
            board.add_points(st, p, points)
        if draws:
            board.draw(st, p, draws)
    elif code == POINTS_PER:
        board.add_points(st, p, op[1] * (count(st, p, op[2], op[3]) // op[4]))
    elif code == LOSE:
        if op[2] and st.pts[p] < op[1]:
            if cont:
                stack.pop()
        else:
            board.lose_points(st, p, op[1])
    elif code == IF:
        branch = op[3] if condition(st, p, op[1], op[2]) else op[4]
        if branch:
            stack.append((F_RUN, p, src, branch, 0))
    elif code == SPEND:
        i = 3 * p + op[1]
        if st.stones[i] >= op[2]:
            st.stones[i] -= op[2]
        elif cont:
            stack.pop()
    elif code == RECOVER_SELF:
        if src in st.areas[p]:
            board.recover(st, p, src)
    elif code == DISCARD_SELF:
        if src in st.areas[p]:
            board.discard_from_area(st, p, src)
    elif code == SELF_TO_DECK:
        if src in st.areas[p]:
            st.recheck = True
            st.areas[p].remove(src)
            board.put_on_deck(st, src, -1)
    elif code == CASH_STONES:
        vr, vb, vp = board.stone_values(st, p)
        s = st.stones
        total = s[3 * p] * vr + s[3 * p + 1] * vb + s[3 * p + 2] * vp
        s[3 * p] = s[3 * p + 1] = s[3 * p + 2] = 0
        board.add_points(st, p, total)
    elif code == STONES_TO:
        s = st.stones
        total = s[3 * p] + s[3 * p + 1] + s[3 * p + 2]
        s[3 * p] = s[3 * p + 1] = s[3 * p + 2] = 0
        s[3 * p + op[1]] = total
        st.recheck = True
    elif code == DISCARD_HAND:
        protect = -2
        if cont:
            nxt = stack[-1]
            if nxt[4] < len(nxt[3]) and nxt[3][nxt[4]][0] == FREE_SUMMON:
                protect = nxt[3][nxt[4]][1]
        stack.append((F_DISCARD_HAND, p, src, cont, op[1], protect))
    elif code == FREE_SUMMON:
        stack.append((F_FREE_SUMMON, p, src, cont, op[1], op[2], op[3]))
    elif code == TARGET_DISCARD:
        stack.append((F_TARGET_DISCARD, p, src, cont, op[1]))
    elif code == DISCARD_AREA:
        stack.append((F_DISCARD_AREA, p, src, cont, op[1]))
    elif code == RECOVER:
        stack.append((F_RECOVER, p, src, cont, op))
    elif code == COPY:
        stack.append((F_COPY, p, src, cont, op[1]))
    elif code == ACTIVATE:
        cards = tuple(c for c in st.areas[p] if cs.has_resolution[c])
        if cards:
            stack.append((F_ORDER, p, src, cont, cards))
    elif code == CHOOSE:
        stack.append((F_CHOOSE, p, src, cont, op, op[1], 0))
    elif code == STEAL:
        stack.append((F_STEAL, p, src, cont, op[1]))
    elif code == TAKE_DISCARD:
        stack.append((F_TAKE, p, src, cont, op[1]))
    else:
        _run_expansion(st, p, src, op, cont)


def _run_expansion(st: ValeState, p: int, src: int, op: Op, cont: bool) -> None:
    """The Artifacts expansion's ops."""
    stack = st.stack
    code = op[0]
    cs = st.cs
    if code == DISCARD_MANY:
        stack.append((F_DISCARD_MANY, p, src, cont, op, 0))
    elif code == UPGRADE:
        stack.append((F_UPGRADE, p, src, cont, op[1], op[2], -1, -1, 0))
    elif code == NAME_FAMILY:
        stack.append((F_NAME, p, src, cont, op[1]))
    elif code == SWAP:
        stack.append((F_SWAP_TARGET, p, src, cont, op[1]))
    elif code == REVEAL_HAND:
        hand = st.hands[p]
        for c in hand:
            st.pub[c] = 1
        st.events.append(Event("reveal", p, f"P{p + 1} reveals their hand: " + (
            ", ".join(cs.ids[c] for c in sorted(hand)) or "nothing")))
    elif code == HAND_TO_DECK:
        stack.append((F_TOP, p, src, cont))
    elif code == DISCARD_OWN:
        stack.append((F_DISCARD_OWN, p, src, cont, op))
    elif code == SHELTER_DECK:
        for _ in range(op[1]):
            c = board.take_top(st)
            if c < 0:
                break
            board.shelter(st, p, c)
    elif code == SHELTER_HAND:
        stack.append((F_SHELTER_HAND, p, src, cont))
    elif code == SHELTER_DISPLAY:
        stack.append((F_SHELTER_DISPLAY, p, src, cont))
    elif code == REVEAL_DISPLAY:
        for _ in range(op[1]):
            c = board.take_top(st)
            if c < 0:
                break
            st.display.append(c)
            st.pub[c] = 1
            st.events.append(Event("reveal", p, f"P{p + 1} reveals {cs.ids[c]} into the "
                                   "hunting display"))
    elif code == RETRIEVE:
        if op[1]:
            shel = st.shelter[p]
            if shel:
                st.events.append(Event("retrieve", p, f"P{p + 1} retrieves "
                                       + ", ".join(cs.ids[c] for c in shel)))
                st.hands[p].extend(shel)
                shel.clear()
        else:
            stack.append((F_RETRIEVE, p, src, cont))
    elif code == DISCARD_SHELTER:
        stack.append((F_DISCARD_SHELTER, p, src, cont))
    elif code == BUY_AREA:
        if op[1]:
            stack.append((F_PRICE, p, src, cont, op[1], -1, False))
        elif st.extra[p] < MAX_AREAS:
            board.buy_area(st, p)
        elif cont:
            stack.pop()
    elif code == ACTIVATE_ONE:
        stack.append((F_ACTIVATE, p, src, cont))
    else:  # pragma: no cover - compile_effect admits nothing else
        raise AssertionError(f"unknown op {op!r}")


def abandon(st: ValeState) -> None:
    """The decision on top has nothing to choose from: drop it, and (when it was part
    of a longer effect) the rest of that effect."""
    frame = st.stack.pop()
    if frame[0] != F_LIMIT and frame[3] and st.stack and st.stack[-1][0] == F_RUN:
        st.stack.pop()


def frame_actions(st: ValeState, frame: Frame) -> list[Action]:
    """The choices of a decision frame (possibly empty)."""
    cs = st.cs
    kind = frame[0]
    p = frame[1]
    if kind == F_LIMIT:

        s = st.stones
        return [STONE_DISCARD[k] for k in range(3) if s[3 * p + k]]
    if kind == F_ORDER:
        area = st.areas[p]
        return [cs.act_order[c] for c in frame[4] if c in area]
    if kind == F_CHOOSE:
        op = frame[4]
        mask = frame[6]
        hand_n = len(st.hands[p])
        area_n = len(st.areas[p])
        return [choose_action(label) for i, label in enumerate(op[2])
                if not mask & (1 << i)
                and can_run(st, p, frame[2], op[3][i], hand_n, area_n, (), 0)]
    if kind == F_DISCARD_HAND:
        hand = st.hands[p]
        protect = frame[5]
        if protect == -2:
            return [cs.act_discard[c] for c in hand]
        # the free summon that follows must stay possible: try each discard
        out = []
        for i in range(len(hand)):
            c = hand.pop(i)
            try:
                if free_summon_targets(st, p, protect):
                    out.append(cs.act_discard[c])
            finally:
                hand.insert(i, c)
        return out
    if kind == F_FREE_SUMMON:
        return [cs.act_free[c] for c in free_summon_targets(st, p, frame[4],
                                                            from_discard=bool(frame[6]))]
    if kind in (F_TARGET_DISCARD, F_SWAP_TARGET):
        fam = frame[4]
        return [TARGETS[q] for q in range(st.n) if board.family_count(st, q, fam)]
    if kind == F_PICK_DISCARD:
        fam = frame[4]
        return [cs.act_discard[c] for c in st.areas[p] if board.fam_match(st, p, c, fam)]
    if kind == F_DISCARD_AREA:
        src = frame[2]
        return [cs.act_discard[c] for c in st.areas[p] if c != src] + [DONE]
    if kind == F_RECOVER:
        return [cs.act_recover[c] for c in recover_targets(st, p, frame[2], frame[4])]
    if kind == F_COPY:
        targets = copy_targets(st, p, frame[2], frame[4], len(st.hands[p]),
                               len(st.areas[p]))
        return [cs.act_copy[c] for c in targets]
    if kind == F_STEAL:
        return [TARGETS[q] for q in range(st.n) if q != p]
    if kind == F_TAKE:
        return [cs.act_take[c] for c in take_targets(st, frame[4])]
    return _expansion_actions(st, frame)


def _expansion_actions(st: ValeState, frame: Frame) -> list[Action]:
    cs = st.cs
    kind = frame[0]
    p = frame[1]
    if kind == F_DISCARD_MANY:
        acts = [cs.act_discard[c] for c in st.hands[p]]
        acts.append(DONE)
        return acts
    if kind == F_UPGRADE:
        _, _, _, _, _left, optional, avail_r, avail_b, up_b = frame
        s = st.stones
        out = []
        if s[3 * p] and avail_r:
            out.append(UPGRADES[0])
        if s[3 * p + 1] - up_b > 0 and avail_b:
            out.append(UPGRADES[1])
        if optional:
            out.append(DONE)
        return out
    if kind == F_NAME:
        return list(NAMES)
    if kind == F_SWAP_PICK:
        fam = frame[4]
        return [cs.act_swap[c] for c in st.areas[p] if board.fam_match(st, p, c, fam)]
    if kind == F_TOP:
        return [cs.act_top[c] for c in st.hands[p]]
    if kind == F_DISCARD_OWN:
        src = frame[2]
        other = frame[4][1]
        return [cs.act_discard[c] for c in st.areas[p] if not (other and c == src)]
    if kind == F_SHELTER_HAND:
        return [cs.act_shelter[c] for c in st.hands[p]]
    if kind == F_SHELTER_DISPLAY:
        return [cs.act_shelter[c] for c in st.display]
    if kind == F_RETRIEVE:
        return [cs.act_retrieve[c] for c in st.shelter[p]]
    if kind == F_DISCARD_SHELTER:
        return [cs.act_discard[c] for c in st.shelter[p]]
    if kind == F_PRICE:
        if frame[5] < 0 and st.extra[p] >= MAX_AREAS:
            return []
        out = [pay_action(code) for code in price_payments(st, p, frame[4])]
        if frame[6]:
            out.append(DONE)
        return out
    if kind == F_ACTIVATE:
        return [cs.act_activate[c] for c in st.areas[p] if cs.has_resolution[c]]
    raise AssertionError(f"not a decision frame: {frame!r}")  # pragma: no cover


def hides_its_choices(st: ValeState, frame: Frame) -> bool:
    """Whether the others cannot tell how many answers this decision has: it sorts the
    decider's hand by what the cards are (a free summon from hand, a discard that must
    keep one possible), the hand holds two cards or more, and some are secret. Such a
    decision is asked even with one answer, so that its being asked tells nobody
    anything. (These decisions always have an answer, so with one card in hand
    everybody knows there is exactly one.)"""
    kind = frame[0]
    if (kind == F_FREE_SUMMON and not frame[6]) or (kind == F_DISCARD_HAND
                                                    and frame[5] != -2):
        hand = st.hands[frame[1]]
        pub = st.pub
        return len(hand) > 1 and not all(pub[c] for c in hand)
    return False


def decide(st: ValeState, frame: Frame, action: Action) -> None:
    """Feed the chosen (legal) action into the decision frame on top of the stack."""
    cs = st.cs
    stack = st.stack
    kind = frame[0]
    p = frame[1]
    src = frame[2]
    c = action.a
    if kind == F_LIMIT:
        st.stones[3 * p + action.a] -= 1
        if board.stone_count(st, p) <= board.stone_limit(st, p):
            stack.pop()
        return
    if kind == F_ORDER:
        remaining = tuple(x for x in frame[4] if x != c)
        if remaining:
            stack[-1] = (F_ORDER, p, src, frame[3], remaining)
        else:
            stack.pop()
        stack.append((F_RUN, p, c, cs.resolution[c], 0))
        return
    if kind == F_CHOOSE:
        op = frame[4]
        i = op[2].index(action.text[7:])
        left = frame[5] - 1
        if left:
            stack[-1] = (F_CHOOSE, p, src, frame[3], op, left, frame[6] | (1 << i))
        else:
            stack.pop()
        if op[3][i]:
            stack.append((F_RUN, p, src, op[3][i], 0))
        return
    if kind >= F_DISCARD_MANY:
        _decide_expansion(st, frame, action, kind, p, src)
        return
    if kind == F_DISCARD_AREA:
        if action.text == "done":
            stack.pop()
            return
        board.discard_from_area(st, p, c)
        left = frame[4] - 1
        if left:
            stack[-1] = (F_DISCARD_AREA, p, src, frame[3], left)
        else:
            stack.pop()
        return
    stack.pop()
    if kind == F_DISCARD_HAND:
        st.hands[p].remove(c)
        st.discard.append(c)
        board.add_points(st, p, frame[4] * cs.cost[c])
    elif kind == F_FREE_SUMMON:
        origin = st.discard if frame[6] else None
        where = " from the discard pile" if frame[6] else ""
        st.events.append(Event("summon", p, f"P{p + 1} summons {cs.ids[c]}{where} for free"))
        summon(st, p, c, 0, 0, 0, origin)
        board.add_points(st, p, frame[5] * cs.cost[c])
    elif kind == F_TARGET_DISCARD:
        q = action.a
        stack.append((F_PICK_DISCARD, q, src, False, frame[4]))
    elif kind == F_PICK_DISCARD:
        board.discard_from_area(st, p, c)
    elif kind == F_RECOVER:
        board.recover(st, p, c)
        board.add_points(st, p, frame[4][5] * cs.cost[c])
    elif kind == F_COPY:
        ops = cs.instant[c] if frame[4] == T_INSTANT else cs.resolution[c]
        # whose "this card" the copied effect means (copy_resolves_as)
        stack.append((F_RUN, p, c if st.copy_as_target else src, ops, 0))
    elif kind == F_STEAL:
        q = action.a
        lost = board.lose_points(st, q, frame[4])
        board.add_points(st, p, frame[4] if st.steal_full else lost)
    elif kind == F_TAKE:
        st.discard.remove(c)
        st.hands[p].append(c)
        st.pub[c] = 1


def _decide_expansion(st: ValeState, frame: Frame, action: Action, kind: int, p: int,
                      src: int) -> None:
    """`decide` for the Artifacts expansion's frames; `kind`, `p` and `src` are the
    frame's first three fields, already read by `decide`."""
    cs = st.cs
    stack = st.stack
    c = action.a
    done = action.text == "done"
    if kind == F_DISCARD_MANY:
        op = frame[4]
        n = frame[5]
        if not done:
            st.hands[p].remove(c)
            st.discard.append(c)
            n += 1
        if done or n >= op[1] or not st.hands[p]:
            stack.pop()
            _, _, red, blue, purple, points = op
            if red or blue or purple:
                board.gain_stones(st, p, red * n, blue * n, purple * n)
            board.add_points(st, p, points * n)
        else:
            stack[-1] = (*frame[:5], n)
        return
    if kind == F_UPGRADE:
        _, _, _, cont, left, optional, avail_r, avail_b, up_b = frame
        if done:
            stack.pop()
            return
        s = st.stones
        if c == 0:
            s[3 * p] -= 1
            s[3 * p + 1] += 1
            up_b += 1
            avail_r -= 1
        else:
            s[3 * p + 1] -= 1
            s[3 * p + 2] += 1
            avail_b -= 1
        st.recheck = True
        left -= 1
        if left:
            stack[-1] = (F_UPGRADE, p, src, cont, left, optional, avail_r, avail_b, up_b)
        else:
            stack.pop()
        return
    if kind == F_PRICE:
        stack.pop()
        if done:
            return
        r, b, pu = payment_counts(c)
        s = st.stones
        s[3 * p] -= r
        s[3 * p + 1] -= b
        s[3 * p + 2] -= pu
        st.recheck = True
        card = frame[5]
        if card < 0:
            board.buy_area(st, p)
        elif card in st.discard:
            st.discard.remove(card)
            st.hands[p].append(card)
            st.pub[card] = 1
            st.events.append(Event("keep", p, f"P{p + 1} keeps {cs.ids[card]} in hand"))
        return
    stack.pop()
    if kind == F_NAME:
        board.add_points(st, p, frame[4] * board.family_count(st, p, c))
    elif kind == F_SWAP_TARGET:
        stack.append((F_SWAP_PICK, action.a, src, False, frame[4], p))
    elif kind == F_SWAP_PICK:
        owner = frame[5]
        if owner != p and src in st.areas[owner]:
            mine = st.areas[p]
            theirs = st.areas[owner]
            mine[mine.index(c)] = src
            theirs[theirs.index(src)] = c
            st.recheck = True
            if st.cs.watch:
                board.stones_changed(st, p)
                board.stones_changed(st, owner)
            st.events.append(Event("swap", p, f"P{p + 1}'s {cs.ids[c]} and P{owner + 1}'s "
                                   f"{cs.ids[src]} swap areas"))
    elif kind == F_TOP:
        st.hands[p].remove(c)
        board.put_on_deck(st, c, p)
    elif kind == F_DISCARD_OWN:
        op = frame[4]
        fam = op[3]
        matched = fam >= 0 and board.fam_match(st, p, c, fam)
        board.add_points(st, p, op[2] * cs.cost[c])
        board.discard_from_area(st, p, c)
        if matched and op[4]:
            stack.append((F_RUN, p, src, op[4], 0))
    elif kind == F_SHELTER_HAND:
        st.hands[p].remove(c)
        board.shelter(st, p, c)
    elif kind == F_SHELTER_DISPLAY:
        st.display.remove(c)
        board.shelter(st, p, c)
    elif kind == F_RETRIEVE:
        st.shelter[p].remove(c)
        st.hands[p].append(c)
        st.events.append(Event("retrieve", p, f"P{p + 1} retrieves {cs.ids[c]}"))
    elif kind == F_DISCARD_SHELTER:
        st.shelter[p].remove(c)
        st.discard.append(c)
    elif kind == F_ACTIVATE:
        stack.append((F_RUN, p, c, cs.resolution[c], 0))
    else:  # pragma: no cover
        raise AssertionError(f"not a decision frame: {frame!r}")
