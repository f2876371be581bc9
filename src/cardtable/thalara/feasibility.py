"""Whether a spell can be cast and whether its effect can act: the cards an effect may
choose, the conflicts a player may place a card into, and the `cast` actions open
now. The same target lists give a running spell its choices (decisions.py), so a
check and its choice never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.api import Action
from cardtable.thalara.board import side
from cardtable.thalara.cards import ARTIFACT, KIND_OF, REMNANT
from cardtable.thalara.scoring import card_strength
from cardtable.thalara.vocabulary import Effect

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState


def targets(state: ThalaraState, e: Effect, player: int, conf: int) -> list[int]:
    """The cards in conflict `conf` that effect `e`, cast by `player`, may choose."""
    s = state.setup
    n = s.n
    out: list[int] = []
    best = -1
    for q in range(n):
        if (e.whose == "own" and q != player) or (e.whose == "opponents" and q == player):
            continue
        for c in side(state, conf, q):
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


def hand_remnants(state: ThalaraState, player: int) -> list[int]:
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
            bool(targets(state, e, player, conf)) and bool(hand_remnants(state, player))
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
    least = s.min_requirement
    sids: list[int] | None = None
    faceup = s.faceup_slot[player]
    bases = s.color_base[player]
    for conf in range(len(state.display)):
        if side_colors[faceup[conf]] < least:
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

