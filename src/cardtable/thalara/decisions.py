"""The decision a spell asks for: the legal answers to the pending `SpellChoice`
(frames.py), feeding the answer in, and the decision as a viewer sees it.

`answer` takes the newest frame off `pending`, does what the choice says and runs the
spell on (effects.py), which pushes the next frame when the spell asks again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.api import Action, Event
from cardtable.engine.tuples import add_to
from cardtable.thalara import board
from cardtable.thalara.board import side_of
from cardtable.thalara.cards import ARTIFACT, REMNANT
from cardtable.thalara.effects import resolve
from cardtable.thalara.feasibility import hand_remnants, open_conflicts, targets
from cardtable.thalara.vocabulary import Effect

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState


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


def answer(state: ThalaraState, action: Action, events: list[Event]) -> None:
    """Feed a choice into the pending frame and run the spell on."""
    s = state.setup
    frame = state.pending[-1]
    state.pending = state.pending[:-1]
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
        state.pending = (*state.pending,
                         frame.second_step(find_target(state, action, conf, player, e)))
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
        state.pending = (*state.pending,
                         frame.second_step(find_target(state, action, conf, player, e)))
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
        state.known = state.known | {chosen}
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
            state.known = state.known - {card}
            if s.casual:
                # everyone saw a face-up card go on top; a face-down one only its owner
                board.put_on_top(state, owner, 1, not down)
            verb = "back to its owner's supply"
        elif t == "to_hand":
            target_hand = state.hands[side if kind == ARTIFACT else owner]
            target_hand.append(card)
            if not down:
                state.known = state.known | {card}
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
        types = sorted({s.card_type[c] for c in hand_remnants(state, player)})
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

