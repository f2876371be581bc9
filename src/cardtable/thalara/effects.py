"""How a spell's effects run: casting a spell into a conflict, and its instant effects
resolved one step at a time, with a pending frame for each choice.

A pending frame is a `SpellChoice` (frames.py): the state's `pending` list holds them,
the newest last; `decisions.answer` takes it off and runs the spell on here, which
pushes the next when the spell asks again. Permanent effects do not run: they count
(scoring.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.engine.api import Event
from cardtable.engine.tuples import add_to, replace_at
from cardtable.thalara import board
from cardtable.thalara.cards import Spell
from cardtable.thalara.feasibility import can_do_something
from cardtable.thalara.frames import SpellChoice
from cardtable.thalara.vocabulary import Effect

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState

# Effects whose resolution asks the caster to choose.
CHOOSING: Final = ("to_supply", "destroy", "to_hand", "move", "take_from_supply", "place_extra",
            "swap_with_hand")


def cast(state: ThalaraState, player: int, sid: int, conf: int, events: list[Event]) -> None:
    """Place the spell into the conflict and resolve what it does at once."""
    spell = state.setup.spell_of[sid]
    state.cast_in = replace_at(state.cast_in, sid, conf)
    state.cspells = add_to(state.cspells, conf, sid)
    if spell.silences:
        state.silenced = replace_at(state.silenced, conf, True)
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
                state.pending = (*state.pending, SpellChoice(player, sid, conf, index))
                return
            continue
        _resolve_plain(state, e, player, conf, spell, events)


def _resolve_plain(state: ThalaraState, e: Effect, player: int, conf: int, spell: Spell,
                   events: list[Event]) -> None:
    n = state.setup.n
    if e.type == "block_opponents":
        state.blocked = replace_at(state.blocked, conf,
                                   state.blocked[conf] | (((1 << n) - 1) & ~(1 << player)))
        events.append(Event("block", player, f"Conflict {conf + 1} is closed to "
                                             f"P{player + 1}'s opponents this round"))
    elif e.type == "face_down_next":
        state.veil = replace_at(state.veil, player, conf)
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


