"""The rules of The Vale of Eternity: round flow, legal actions, applying actions,
scoring and the end of the game.

A round: Hunting (reveal 2 x players cards; snake draft), Action (each player in turn
order sells, tames, summons and removes, then ends the turn), Resolution (each player
in turn order resolves every Resolution effect in their area, in the order they
choose). The game ends at the end of a round in which someone has `end_score` (60)
points, or after round 10.

With the Artifacts (expansion='artifacts', 80 points): after the reveal, each player
from the first clockwise takes an Artifact tile without their own marker (an instant
ability resolves at once); an action ability is a `use` action of the Action phase
(the tile then goes back with the marker); after a player's Resolution, the tile in
front of them goes back with their marker. Areas may be purchased (the area limit is
the round number plus the purchased areas).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.engine.api import Action, Event, IllegalAction
from cardtable.engine.tuples import replace_at
from cardtable.vale import board, decisions, effects, feasibility
from cardtable.vale.actions import (
    END,
    K_ARTIFACT,
    K_CHOOSE,
    K_DONE,
    K_END,
    K_HUNT,
    K_REMOVE,
    K_SELL,
    K_SUMMON,
    K_TAME,
    K_TOP,
    K_USE,
    KINDS,
    payment_counts,
)
from cardtable.vale.cards import A_ACTION, A_INSTANT, ART_SRC
from cardtable.vale.frames import Order, PayPrice, Run, StoneLimit, Upgrade
from cardtable.vale.notation import canonical, why
from cardtable.vale.phases import ACTION, HUNTING, OVER, RESOLUTION
from cardtable.vale.phrases import choose_event, done_event, event_text
from cardtable.vale.scoring import winners

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

LAST_ROUND: Final = 10

_SELL = [board.SELL_TABLE[f] for f in range(5)]

#: per seat and action kind: action text -> its (immutable, shared) "action" event. By
#: kind too, since two kinds may share a text ("summon duduri" pays, or is a free summon)
#: and say different things: keyed by the text alone, the first one played in the
#: process gave its words to the other (found by tests/builds, comparing two processes).
_EVENTS: list[list[dict[str, Event]]] = [[{} for _ in range(KINDS)] for _ in range(8)]
_NO_FIXED = [-1] * 5
_NO_REDUCTION = [0] * 5
def current_player(st: ValeState) -> int | None:
    """Who must decide now: the player of the pending decision, else whose turn it is."""
    if st.pending:
        return st.pending[-1].player
    p = board.turn_player(st)
    return None if p < 0 else p


def start_round(st: ValeState) -> None:
    """Hunting phase: reveal 2 x players cards into the display."""
    st.phase = HUNTING
    st.picks = 0
    st.artifact_picks = 0 if st.arts else st.n
    display = st.display = []
    for _ in range(2 * st.n):
        c = board.take_top(st)
        if c < 0:
            break
        display.append(c)
    for c in display:
        st.public[c] = 1
    st.events.append(Event("round", None, f"Round {st.round}: P{st.first + 1} is first; "
                           f"revealed {', '.join(st.cs.ids[c] for c in display)}"))


def end_round(st: ValeState) -> None:
    if max(st.points) >= st.setup.end_score or st.round >= LAST_ROUND:
        st.phase = OVER
        st._winners = winners(st)
        won = [f"P{p + 1}" for p in st._winners]
        who = (f"{won[0]} wins" if len(won) == 1
               else f"{', '.join(won[:-1])} and {won[-1]} share the win")
        st.events.append(Event("over", None, f"The game is over: {who}"))
        return
    st.round += 1
    st.first = (st.first + 1) % st.n
    start_round(st)


def action_phase_actions(st: ValeState, p: int) -> list[Action]:
    """Sell/tame each hunted card, summon (one action per minimal payment), remove,
    end. Written for speed: this runs after nearly every action-phase step."""
    cs = st.cs
    acts: list[Action] = []
    hunted = st.hunted[p]
    for c in hunted:
        acts.append(cs.act_sell[c])
        acts.append(cs.act_tame[c])
    area = st.areas[p]
    hand = st.hands[p]
    red, blue, purple = board.stones_of(st, p)
    values: tuple[int, int, int] | None = None
    if hand and len(area) < st.round + st.extra[p]:
        values = board.stone_values(st, p)
        budget = red * values[0] + blue * values[1] + purple * values[2]
        costmod = cs.costmod
        fixed = _NO_FIXED
        reduction = _NO_REDUCTION
        if any(costmod[a] for a in area):
            fixed = [-1] * 5
            reduction = [0] * 5
            for a in area:
                fx = cs.fixed[a]
                if fx is not None:
                    for f in range(5) if fx[1] < 0 else (fx[1],):
                        fixed[f] = fx[0]
                rd = cs.reduce[a]
                if rd is not None:
                    for f in range(5) if rd[1] < 0 else (rd[1],):
                        reduction[f] += rd[0]
        hand_n = len(hand) - 1
        area_n = len(area) + 1
        family = cs.family
        costs = cs.cost
        inst_check = cs.inst_check
        inst_paid = cs.inst_paid
        tables = cs.pay_acts[0]
        for c in hand:
            f = family[c]
            cost = fixed[f]
            if cost < 0:
                cost = costs[c] - reduction[f]
            if cost > budget:
                continue
            if inst_check[c] and not inst_paid[c] and not feasibility.instant_ok(
                    st, p, c, hand_n, area_n):
                continue
            pays = board.payments(cost, red, blue, purple, values)
            if inst_check[c] and inst_paid[c]:
                # the instant resolves after the payment and the summon's triggers
                pays = tuple(code for code in pays if feasibility.instant_ok(
                    st, p, c, hand_n, area_n, paid=payment_counts(code)))
            table = tables[c]
            for code in pays:
                act = table.get(code)
                acts.append(act if act is not None else cs.pay_action(K_SUMMON, c, code))
    rnd = st.round
    if area and (red or blue or purple):
        if values is None:
            values = board.stone_values(st, p)
        if red * values[0] + blue * values[1] + purple * values[2] >= rnd:
            pays = board.payments(rnd, red, blue, purple, values)
            tables = cs.pay_acts[1]
            for c in area:
                table = tables[c]
                for code in pays:
                    act = table.get(code)
                    acts.append(act if act is not None else cs.pay_action(K_REMOVE, c, code))
    a = st.held[p]
    if a >= 0 and cs.art_ability[a] == A_ACTION and (
            not cs.art_check[a]
            or feasibility.can_run(st, p, ART_SRC + a, cs.art_ops[a], len(hand), len(area), (), 0)):
        acts.append(cs.act_use[a])
    if not hunted:
        acts.append(END)
    return acts


# --- summoning (shared by the Summon action and free summons) ---------------------------
# Triggers: when a card is summoned, the `on_summon` permanents of the cards already in
# the summoner's area score at once, in area order (so never for their own summon), and
# then the summoned card's instant effect starts; `on_tame` permanents pay out at once
# when a card is tamed. Their rewards need no decision, so they need no frame; the stone
# limit is checked right after, before anything else happens.
#
# The expansion's recovering permanents listen to events (a blue stone gained, a card
# drawn, points lost, stones changed), noted as bits in `st.triggered` and handled at the
# top of `proceed`, before the stone limit is checked (Thalassa's rulebook example). A
# Duduri King upgrade of a stone just received is decided before the stone limit too;
# Gem of Kukulkan's offer comes after it.

def summon(st: ValeState, p: int, card: int, red: int, blue: int, purple: int,
           origin: list[int] | None = None) -> None:
    """Pay, put `card` (from p's hand, or from `origin`) into p's area, fire the
    'whenever you summon' permanents of the cards already there, then start the card's
    instant effect."""
    cs = st.cs
    board.pay_stones(st, p, red, blue, purple)
    (st.hands[p] if origin is None else origin).remove(card)
    if cs.recover_stones[card]:
        board.stones_changed(st, p)
    board.add_points(st, p, board.summon_trigger_points(st, p, (red, blue, purple)))
    st.areas[p].append(card)
    st.public[card] = 1
    if cs.has_instant[card]:
        st.pending.append(Run(p, card, cs.instant[card]))


def tame_triggers(st: ValeState, p: int, card: int) -> None:
    cs = st.cs
    fam = cs.family[card]
    for other in st.areas[p]:
        for trigger in cs.on_tame[other]:
            _, need, red, blue, purple, points = trigger
            if need < 0 or need == fam:
                board.gain_stones(st, p, red, blue, purple)
                board.add_points(st, p, points)


def artifact_actions(st: ValeState, p: int) -> list[Action]:
    """The tiles p may take: in the display (held by nobody), without p's marker."""
    held = st.held
    mine = st.marker[p]
    act = st.cs.act_artifact
    return [act[a] for a in st.arts if a != mine and a not in held]


def take_artifact(st: ValeState, p: int, a: int) -> None:
    cs = st.cs
    # another player's marker on the tile goes back to them; p's marker moves onto it
    st.marker = tuple(a if q == p else (-1 if m == a else m) for q, m in enumerate(st.marker))
    st.held = replace_at(st.held, p, a)
    st.artifact_picks += 1
    if cs.art_ability[a] == A_INSTANT:
        st.pending.append(Run(p, ART_SRC + a, cs.art_ops[a]))


def return_artifact(st: ValeState, p: int) -> None:
    a = st.held[p]
    if a >= 0:
        st.held = replace_at(st.held, p, -1)
        st.events.append(Event("artifact", p, f"P{p + 1} returns {st.cs.art_ids[a]} to "
                               "the display (with their marker)"))


def after_sale(st: ValeState, p: int, card: int, red: int, blue: int) -> None:
    """Gem of Kukulkan (after the stones and the stone limit) and Duduri King (an
    upgrade of a stone just received, before the stone limit is checked)."""
    cs = st.cs
    a = st.held[p]
    if a >= 0 and cs.art_gem[a] >= 0:
        st.pending.append(PayPrice(p, ART_SRC + a, False, cs.art_gem[a], card, True))
    if red or blue:
        for c in st.areas[p]:
            for _ in range(cs.on_sell_upgrade[c]):
                st.pending.append(Upgrade(p, c, False, 1, False, red, blue, 0))


def proceed(st: ValeState) -> None:
    """Run pending steps and phases until someone must decide; sets st.legal."""
    pending = st.pending
    n = st.n
    while True:
        if st.recheck:
            st.recheck = False
            if st.triggered:
                board.watchers(st)
            if pending and isinstance(pending[-1], Upgrade):
                st.recheck = True  # a stone just received is being upgraded first
            else:
                q = board.first_over_limit(st)
                if q >= 0:
                    st.recheck = True  # until the discards are done
                    if not (pending and isinstance(pending[-1], StoneLimit)
                            and pending[-1].player == q):
                        pending.append(StoneLimit(q))
        if pending:
            top = pending[-1]
            if isinstance(top, Run):
                effects.run_step(st, top)
                continue
            acts = decisions.frame_actions(st, top)
            if not acts:
                decisions.abandon(st)
                continue
            if len(acts) == 1 and not decisions.hides_its_choices(st, top):
                only = acts[0]
                decider = top.player
                text = f"{event_text(decider, only)} (the only choice)"
                if only.kind == K_TOP and not st.public[only.a]:
                    st.events.append(Event("auto", decider, f"P{decider + 1} puts a card on "
                                           "top of the deck", text))
                elif only.kind == K_DONE:
                    said, told = done_event(st, decider, top)
                    st.events.append(Event("auto", decider, f"{said} (the only choice)",
                                           told and f"{told} (the only choice)"))
                elif only.kind == K_CHOOSE:
                    st.events.append(Event("auto", decider, f"{choose_event(decider, only, top)}"
                                           " (the only choice)"))
                else:
                    st.events.append(Event("auto", decider, text))
                decisions.decide(st, top, only)
                continue
            st.legal = acts
            return
        phase = st.phase
        if phase == HUNTING:
            if st.artifact_picks < n:
                st.legal = artifact_actions(st, (st.first + st.artifact_picks) % n)
                return
            if st.display:
                cs = st.cs
                st.legal = [cs.act_hunt[c] for c in st.display]
                return
            st.phase = ACTION
            st.turn = 0
            continue
        if phase == ACTION:
            st.legal = action_phase_actions(st, (st.first + st.turn) % n)
            return
        if phase == RESOLUTION:
            if st.turn and st.arts:
                return_artifact(st, (st.first + st.turn - 1) % n)
            if st.turn < n:
                p = (st.first + st.turn) % n
                st.turn += 1
                has_res = st.cs.has_resolution
                cards = tuple(c for c in st.areas[p] if has_res[c])
                if cards:
                    pending.append(Order(p, -1, False, cards))
                continue
            end_round(st)
            continue
        st.legal = []
        return


def apply(st: ValeState, action: Action) -> list[Event]:
    for listed in st.legal:
        if listed is action:
            break
    else:
        listed = _find(st, action)
    action = listed
    events = st.events = []
    pending = st.pending
    p = pending[-1].player if pending else board.turn_player(st)
    st.hist = (st.hist, action)
    cache = _EVENTS[p][action.kind]
    event = cache.get(action.text)
    if event is None:
        if len(cache) > 2000:
            cache.clear()
        event = cache[action.text] = Event("action", p, event_text(p, action))
    if action.kind == K_TOP and not st.public[action.a]:
        # Nurikabe: a secret hand card goes face down on top of the deck
        event = Event("action", p, f"P{p + 1} puts a card on top of the deck",
                      event_text(p, action))
    elif action.kind == K_DONE and pending:
        # "done" ends several kinds of decision, and an option's label says little: the
        # log says them from the decision (rare actions: not cached)
        event = Event("action", p, *done_event(st, p, pending[-1]))
    elif action.kind == K_CHOOSE and pending:
        event = Event("action", p, choose_event(p, action, pending[-1]))
    events.append(event)
    if pending:
        decisions.decide(st, pending[-1], action)
    else:
        kind = action.kind
        c = action.a
        if kind == K_SUMMON:
            r, b, pu = payment_counts(action.b)
            summon(st, p, c, r, b, pu)
        elif kind == K_SELL:
            st.hunted[p].remove(c)
            st.discard.append(c)
            r, b, pu = _SELL[st.cs.family[c]]
            board.gain_stones(st, p, r, b, pu)
            if st.arts or st.cs.watch:
                after_sale(st, p, c, r, b)
        elif kind == K_TAME:
            st.hunted[p].remove(c)
            st.hands[p].append(c)
            st.public[c] = 1
            tame_triggers(st, p, c)
        elif kind == K_REMOVE:
            r, b, pu = payment_counts(action.b)
            board.pay_stones(st, p, r, b, pu)
            board.discard_from_area(st, p, c)
        elif kind == K_END:
            st.turn += 1
            if st.turn == st.n:
                st.phase = RESOLUTION
                st.turn = 0
        elif kind == K_HUNT:
            st.display.remove(c)
            st.hunted[p].append(c)
            st.picks += 1
        elif kind == K_ARTIFACT:
            take_artifact(st, p, c)
        elif kind == K_USE:
            st.held = replace_at(st.held, p, -1)  # back to the display, with p's marker on it
            st.pending.append(Run(p, ART_SRC + c, st.cs.art_ops[c]))
        else:  # pragma: no cover - every listed action kind is handled above
            raise AssertionError(f"unexpected action {action!r}")
    proceed(st)
    return events


def _find(st: ValeState, action: Action) -> Action:
    """The listed action equal to `action` (same text), or IllegalAction saying why."""
    for listed in st.legal:
        if listed == action:
            return listed
    if st.phase == OVER:
        raise IllegalAction(f"{action.text!r}: the game is over")
    try:
        canon, words = canonical(st, action.text)
        reason = why(st, canon, words)
    except IllegalAction as exc:
        reason = str(exc)
    raise IllegalAction(f"{action.text!r} is not legal now: {reason}")
