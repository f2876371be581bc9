"""The spell effect vocabulary: how permanent effects shape strengths and totals, and
how instant effects resolve, one step at a time, with a pending frame for each choice.

Permanent effects are computed from the current board every time (never stored), so a
bonus appears the moment its condition holds and vanishes when it stops holding.

A pending frame is a `SpellChoice` (frames.py): the state's `pending` list holds them,
the newest last; `answer` takes it off and pushes the next when the spell asks again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.api import Action, Event
from cardtable.thalara import board
from cardtable.thalara.cards import AFTERSHOCK, ARTIFACT, REMNANT, Effect, Spell
from cardtable.thalara.frames import SpellChoice
from cardtable.thalara.notation import SPELL_SLOTS
from cardtable.thalara.setup import add_to

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState

KIND_OF: Final = {"remnant": REMNANT, "artifact": ARTIFACT, "aftershock": AFTERSHOCK}
# Effects whose resolution asks the caster to choose.
CHOOSING: Final = ("to_supply", "destroy", "to_hand", "move", "take_from_supply", "place_extra",
            "swap_with_hand")
PROMPTS: Final = {
    "to_supply": "choose a card to send back to its owner's supply",
    "destroy": "choose a card to destroy",
    "to_hand": "choose a card to take back into its owner's hand",
    "move": "choose one of your cards to move",
    "take_from_supply": "choose a card from your supply to take into your hand",
    "place_extra": "place one more card from your hand",
    "swap_with_hand": "choose one of your Remnants here to swap",
}
PROMPTS_STAGE2: Final = {
    "move": "choose the conflict to move it to",
    "swap_with_hand": "choose a Remnant from your hand to put in its place",
}


# ---- strengths and totals ------------------------------------------------------------

def _visible(state: ThalaraState, card: int, scoring: bool) -> bool:
    return scoring or card not in state.facedown


def card_strength(state: ThalaraState, card: int, conf: int, side: int,
                  scoring: bool) -> int:
    """The current strength of `card`, lying on `side`'s side of conflict `conf`."""
    s = state.setup
    value = s.card_strength[card]
    if state.silenced[conf]:
        return value
    n = s.n
    # conf is not silenced; a spell lying in a silenced conflict still acts here unless
    # silence_scope=spell
    stopped = state.silenced if s.silence_spells else s.none_silenced
    for x, sids in enumerate(state.cspells):
        if not sids or stopped[x]:
            continue
        for sid in sids:
            spell = s.spell_of[sid]
            for e in spell.effects:
                if e.type != "card_bonus" or (e.where == "here" and x != conf):
                    continue
                owner = sid // SPELL_SLOTS
                if (e.whose == "own") != (owner == side) and e.whose != "any":
                    continue
                if e.card != "energy" and KIND_OF[e.card] != s.card_kind[card]:
                    continue
                if s.card_strength[card] > e.max_printed:
                    continue
                if e.unique_color and not _unique_color(state, card, conf, n, scoring):
                    continue
                value += e.amount
    return value if value > 0 else 0


def _unique_color(state: ThalaraState, card: int, conf: int, n: int, scoring: bool) -> bool:
    color = state.setup.card_color[card]
    if color < 0:
        return False
    colors = state.setup.card_color
    seen = 0
    for p in range(n):
        for c in board.side(state, conf, p):
            if colors[c] == color and _visible(state, c, scoring):
                seen += 1
    return seen == 1


def conflict_totals(state: ThalaraState, conf: int, scoring: bool) -> list[int]:
    """Each player's total in conflict `conf`. During the round a face-down card counts
    nothing (it has no strength); at scoring every card is revealed and counts."""
    s = state.setup
    n = s.n
    any_spell = any(state.cspells)
    totals = []
    for p in range(n):
        total = 0
        for c in board.side(state, conf, p):
            if not scoring and c in state.facedown:
                continue
            total += card_strength(state, c, conf, p, scoring) if any_spell \
                else s.card_strength[c]
        totals.append(total)
    if not any_spell or state.silenced[conf]:
        return totals
    stopped = state.silenced if s.silence_spells else s.none_silenced
    for x, sids in enumerate(state.cspells):
        if stopped[x]:
            continue
        for sid in sids:
            for e in s.spell_of[sid].effects:
                if e.type != "total_bonus" or (e.where == "here" and x != conf):
                    continue
                owner = sid // SPELL_SLOTS
                if _condition_holds(state, e, conf, owner):
                    totals[owner] += e.amount * _multiplier(state, e, conf, owner, scoring)
    return totals


def _condition_holds(state: ThalaraState, e: Effect, conf: int, owner: int) -> bool:
    if e.when == "always":
        return True
    n = state.setup.n
    counts = [len(board.side(state, conf, p)) for p in range(n)]
    mine = counts[owner]
    others = max(counts[p] for p in range(n) if p != owner)
    if e.when == "has_cards":
        return mine >= 1
    if e.when == "most_cards":
        return mine > others
    return mine == others  # equal_most_cards


def _multiplier(state: ThalaraState, e: Effect, conf: int, owner: int, scoring: bool) -> int:
    if e.per == "once":
        return 1
    s = state.setup
    mine = [c for c in board.side(state, conf, owner) if _visible(state, c, scoring)]
    if e.per == "distinct_colors":
        return len({s.card_color[c] for c in mine if s.card_color[c] >= 0})
    strengths: dict[int, int] = {}
    for c in mine:
        value = card_strength(state, c, conf, owner, scoring)
        strengths[value] = strengths.get(value, 0) + 1
    return sum(k // 2 for k in strengths.values())  # equal_pairs: disjoint pairs


# ---- instant effects -----------------------------------------------------------------

def side_of(state: ThalaraState, card: int, conf: int) -> int:
    n = state.setup.n
    for p in range(n):
        if card in board.side(state, conf, p):
            return p
    raise ValueError("card is not in that conflict")


def targets(state: ThalaraState, e: Effect, player: int, conf: int) -> list[int]:
    """The cards in conflict `conf` that effect `e`, cast by `player`, may choose."""
    s = state.setup
    n = s.n
    out: list[int] = []
    best = -1
    for q in range(n):
        if (e.whose == "own" and q != player) or (e.whose == "opponents" and q == player):
            continue
        for c in board.side(state, conf, q):
            kind = s.card_kind[c]
            down = c in state.facedown
            if down and c not in state.known and kind != ARTIFACT:
                # Nobody but its owner knows what this card is. It may be a Remnant or an
                # Aftershock (that a card is an Artifact is public), so an effect naming
                # either may pick it: offering it only when it is one would tell its kind.
                if e.card == "artifact":
                    continue
            elif e.card != "energy" and KIND_OF[e.card] != kind:
                continue
            if e.type == "to_supply" and kind == ARTIFACT:
                continue  # an Artifact has no supply to go back to
            if down and (e.face == "up" or e.max_strength < 99 or e.pick == "highest"
                         or e.type == "swap_with_hand"):
                continue  # strength-based effects never touch face-down cards
            if e.type == "swap_with_hand" and kind != REMNANT:
                continue
            if e.max_strength < 99 or e.pick == "highest":
                value = card_strength(state, c, conf, q, False)
                if value > e.max_strength:
                    continue
                if e.pick == "highest":
                    if value < best:
                        continue
                    if value > best:
                        best = value
                        out.clear()
            out.append(c)
    return out


def open_conflicts(state: ThalaraState, player: int, besides: int = -1) -> list[int]:
    """Conflicts `player` may place a card into (an Energy Barrier keeps them out)."""
    bit = 1 << player
    return [i for i in range(len(state.display))
            if i != besides and not (state.blocked[i] & bit and not state.silenced[i])]


def _hand_remnants(state: ThalaraState, player: int) -> list[int]:
    kinds = state.setup.card_kind
    return [c for c in state.hands[player] if kinds[c] == REMNANT]


def can_do_something(state: ThalaraState, e: Effect, player: int, conf: int) -> bool:
    t = e.type
    if t in ("total_bonus", "card_bonus", "silence"):
        return True
    if t == "face_down_next":
        # with no card left to place it changes nothing (a Veil already waiting cannot
        # be: the card placed before this cast took it)
        return bool(state.hands[player])
    if t == "block_opponents":
        # only an opponent who may still place a card, and is not yet kept out, is stopped
        return any(q != player and not state.passed[q] and state.hands[q]
                   and not state.blocked[conf] >> q & 1 for q in range(state.setup.n))
    if t == "gain_aftershock":
        return bool(state.pool[player])
    if t == "take_from_supply":
        return bool(state.supply[player])
    if t == "place_extra":
        return bool(state.hands[player]) and bool(open_conflicts(state, player))
    if t == "move":
        return bool(targets(state, e, player, conf)) and \
            bool(open_conflicts(state, player, conf))
    if t == "swap_with_hand":
        # The hand card is placed into this conflict, so an opposing Energy Barrier here
        # keeps it out, as it does a moved card (Shift).
        return not _closed_to(state, player, conf) and \
            bool(targets(state, e, player, conf)) and bool(_hand_remnants(state, player))
    return bool(targets(state, e, player, conf))


def _closed_to(state: ThalaraState, player: int, conf: int) -> bool:
    """Has an Energy Barrier closed conflict `conf` to `player` (Silence there lifts it)?"""
    return bool(state.blocked[conf] >> player & 1) and not state.silenced[conf]


def cast_actions(state: ThalaraState, player: int) -> list[Action]:
    """Every `cast` action open to `player` right now (their spells not yet cast, in
    each conflict where the requirement is met)."""
    s = state.setup
    out: list[Action] = []
    side_colors = state.side_colors
    side_faceup = state.side_faceup
    least = s.min_requirement
    sids: list[int] | None = None
    slots = s.side_slot[player]
    bases = s.color_base[player]
    for conf in range(len(state.display)):
        if side_faceup[slots[conf]] < least:
            continue
        if sids is None:
            sids = [sid for sid in s.spells_of[player] if state.cast_in[sid] < 0]
        base = bases[conf]
        for sid in sids:
            for color, need in s.spell_of[sid].need_pairs:
                if side_colors[base + color] < need:
                    break
            else:
                if castable(state, player, sid, conf):
                    out.append(s.actions.cast[sid][conf])
    return out


def castable(state: ThalaraState, player: int, sid: int, conf: int) -> bool:
    """May `player` activate spell instance `sid` in conflict `conf` now?"""
    s = state.setup
    if state.cast_in[sid] >= 0:
        return False
    spell = s.spell_of[sid]
    base = s.color_base[player][conf]
    side_colors = state.side_colors
    for color, need in spell.need_pairs:
        if side_colors[base + color] < need:
            return False
    if spell.kind == "instant":
        if state.silenced[conf]:
            return False
        if not s.empty_casts and not any(
                can_do_something(state, e, player, conf) for e in spell.effects):
            return False
    elif state.silenced[conf] and not s.empty_casts:
        # Silence stops every other spell in its conflict, so a permanent spell cast
        # there (a second Silence too) changes nothing there: an empty cast, unless it
        # also acts in other conflicts (Beacon, War Cry, Balance, Quake) and Silence
        # stops it only in its own (silence_scope=conflict).
        return spell.reaches_elsewhere and not s.silence_spells
    return True


def cast(state: ThalaraState, player: int, sid: int, conf: int, events: list[Event]) -> None:
    """Place the spell into the conflict and resolve what it does at once."""
    spell = state.setup.spell_of[sid]
    state.cast_in[sid] = conf
    state.cspells[conf].append(sid)
    if spell.silences:
        state.silenced[conf] = True
    events.append(Event("cast", player, f"P{player + 1} casts {spell.name} into conflict "
                                        f"{conf + 1}", data={"spell": spell.id,
                                                             "conflict": conf + 1}))
    if spell.kind == "instant":
        resolve(state, player, sid, conf, 0, events)


def resolve(state: ThalaraState, player: int, sid: int, conf: int, start: int,
            events: list[Event]) -> None:
    """Run the spell's effects from `start` until one needs a choice (a frame is pushed)
    or all are done. An effect with nothing to act on is passed over."""
    spell = state.setup.spell_of[sid]
    for index in range(start, len(spell.effects)):
        e = spell.effects[index]
        if e.type in CHOOSING:
            if can_do_something(state, e, player, conf):
                state.pending.append(SpellChoice(player, sid, conf, index))
                return
            continue
        _resolve_plain(state, e, player, conf, spell, events)


def _resolve_plain(state: ThalaraState, e: Effect, player: int, conf: int, spell: Spell,
                   events: list[Event]) -> None:
    n = state.setup.n
    if e.type == "block_opponents":
        state.blocked[conf] |= ((1 << n) - 1) & ~(1 << player)
        events.append(Event("block", player, f"Conflict {conf + 1} is closed to "
                                             f"P{player + 1}'s opponents this round"))
    elif e.type == "face_down_next":
        state.veil[player] = conf
    elif e.type == "gain_aftershock":
        gained = 0
        for _ in range(e.count):
            pool = state.pool[player]
            if pool:
                state.supply[player].append(pool[-1])
                state.pool = (*state.pool[:player], pool[:-1], *state.pool[player + 1:])
                gained += 1
        if gained and state.setup.casual:
            # A card from the pool is not sent back, so it is shuffled in, not put on
            # top (the clarification on top covers cards sent back to a supply).
            state.reshuffle(state.supply[player])
            board.shuffled(state, player)
        events.append(Event("aftershock", player, f"P{player + 1} puts {gained} "
                                                  "Aftershock(s) into their supply"))


def answer(state: ThalaraState, action: Action, events: list[Event]) -> None:
    """Feed a choice into the pending frame and run the spell on."""
    s = state.setup
    frame = state.pending.pop()
    player, sid, conf, index = frame.player, frame.sid, frame.conf, frame.effect
    stage, chosen = frame.stage, frame.chosen
    spell = s.spell_of[sid]
    e = spell.effects[index]
    t = e.type
    who = f"P{player + 1}"
    if t == "place_extra":
        board.place(state, player, board.find(s.card_type, state.hands[player], action.a), action.b,
               events)
    elif t == "take_from_supply":
        supply = state.supply[player]
        for i, c in enumerate(supply):
            if s.card_type[c] == action.a:
                state.hands[player].append(supply.pop(i))
                break
        if s.casual:
            state.reshuffle(supply)
            board.shuffled(state, player)
        events.append(Event("take", player, f"{who} takes a card from their supply",
                            f"{who} takes {s.type_names[action.a]} from their supply"))
    elif t == "move" and stage == 0:
        state.pending.append(frame.second_step(find_target(state, action, conf, player, e)))
        return
    elif t == "move":
        down = chosen in state.facedown
        board.remove_from_conflict(state, chosen, conf, player)
        board.add_to_conflict(state, chosen, action.a, player, down)
        where = f"from conflict {conf + 1} to conflict {action.a + 1}"
        if down:  # a card file may allow moving face-down cards: only the mover sees it
            events.append(Event("move", player, f"{who} moves a face-down card {where}",
                                f"{who} moves {s.name(chosen)} face-down {where}"))
        else:
            events.append(Event("move", player, f"{who} moves {s.name(chosen)} {where}"))
    elif t == "swap_with_hand" and stage == 0:
        state.pending.append(frame.second_step(find_target(state, action, conf, player, e)))
        return
    elif t == "swap_with_hand":
        hand = state.hands[player]
        for i, c in enumerate(hand):
            if s.card_type[c] == action.a and s.card_kind[c] == REMNANT:
                incoming = hand.pop(i)
                break
        board.remove_from_conflict(state, chosen, conf, player)
        board.add_to_conflict(state, incoming, conf, player, False)
        hand.append(chosen)
        state.known.add(chosen)
        events.append(Event("swap", player, f"{who} swaps {s.name(chosen)} in conflict "
                                            f"{conf + 1} for {s.name(incoming)} from hand"))
    else:
        card = find_target(state, action, conf, player, e)
        side = side_of(state, card, conf)
        down = card in state.facedown
        shown = "a face-down card" if down else s.name(card)
        owner = s.card_owner[card]
        board.remove_from_conflict(state, card, conf, side)
        kind = s.card_kind[card]
        if t == "to_supply":
            state.supply[owner].append(card)  # Casual Chaos: on top of the draw pile
            state.known.discard(card)
            if s.casual:
                # everyone saw a face-up card go on top; a face-down one only its owner
                board.put_on_top(state, owner, 1, not down)
            verb = "back to its owner's supply"
        elif t == "to_hand":
            target_hand = state.hands[side if kind == ARTIFACT else owner]
            target_hand.append(card)
            if not down:
                state.known.add(card)
            verb = "back into its owner's hand"
        elif kind == REMNANT:
            state.discard = add_to(state.discard, owner, card)
            verb = "destroyed"
        elif kind == ARTIFACT:
            verb = "destroyed (it returns to hand at the end of the round)"
        else:
            state.pool = add_to(state.pool, owner, card)
            verb = "destroyed (back to the Aftershock pool)"
        events.append(Event("target", player, f"{who}'s {spell.name}: {shown} of "
                                              f"P{side + 1} in conflict {conf + 1} goes "
                                              f"{verb}"))
    resolve(state, player, sid, conf, index + 1, events)


def choices(state: ThalaraState) -> list[Action]:
    """The legal answers to the newest pending frame."""
    frame = state.pending[-1]
    player, conf, stage = frame.player, frame.conf, frame.stage
    s = state.setup
    e = s.spell_of[frame.sid].effects[frame.effect]
    table = s.actions
    if e.type == "place_extra":
        opens = open_conflicts(state, player)
        types = sorted({s.card_type[c] for c in state.hands[player]})
        return [table.play[t][i] for t in types for i in opens]
    if e.type == "take_from_supply":
        types = sorted({s.card_type[c] for c in state.supply[player]})
        return [table.target[(t, player, True)] for t in types]
    if stage == 1 and e.type == "move":
        return [table.target_conflict[i] for i in open_conflicts(state, player, conf)]
    if stage == 1 and e.type == "swap_with_hand":
        types = sorted({s.card_type[c] for c in _hand_remnants(state, player)})
        return [table.target[(t, player, True)] for t in types]
    seen: dict[str, Action] = {}
    for c in targets(state, e, player, conf):
        action = target_action(state, c, conf, player)
        seen.setdefault(action.text, action)
    return list(seen.values())


def target_action(state: ThalaraState, card: int, conf: int, chooser: int) -> Action:
    s = state.setup
    owner = side_of(state, card, conf)
    t = s.card_type[card]
    if card in state.facedown and owner != chooser:
        t = len(s.type_names)  # named only as "facedown"
    return s.actions.target[(t, owner, owner == chooser)]


def find_target(state: ThalaraState, action: Action, conf: int, chooser: int,
                e: Effect) -> int:
    """The card a `target` action names among the effect's candidates."""
    for c in targets(state, e, chooser, conf):
        if target_action(state, c, conf, chooser) is action:
            return c
    raise ValueError("no such target")


def pending_prompt(state: ThalaraState, viewer: int | None = None) -> dict[str, Any]:
    """The pending decision as `viewer` sees it: `stage` is 1 or 2 (the second step of a
    two-step choice such as a move or a swap), and `chosen` names the card picked in
    the first step, for the deciding player only (it may be hidden from the others)."""
    frame = state.pending[-1]
    player, sid, chosen = frame.player, frame.sid, frame.chosen
    s = state.setup
    e = s.spell_of[sid].effects[frame.effect]
    prompt = PROMPTS_STAGE2[e.type] if frame.stage == 1 else PROMPTS[e.type]
    shown = None
    if chosen >= 0 and viewer == player:
        # a card file may let a spell pick someone else's face-down card: not named
        hidden = chosen in state.facedown and s.card_owner[chosen] != viewer
        shown = "a face-down card" if hidden else s.name(chosen)
    return {"kind": "spell", "player": player, "spell": s.spell_of[sid].id,
            "conflict": frame.conf + 1, "prompt": prompt, "stage": frame.stage + 1,
            "chosen": shown}
