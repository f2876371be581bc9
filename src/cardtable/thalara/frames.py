"""Thalara's pending decisions: what the state holds in `pending` while a spell waits
for its caster's choice.

Thalara has one kind: a spell's effect asking its caster to choose (a card to target,
a card to take, one more card to place, or the second step of a move or a swap). The
list is a stack: `decisions.answer` takes the top one, and pushes the next when the spell
goes on asking.

A frame is never changed once made (the next step is a new frame), so `clone()` copies
the list and shares the frames.
"""

from __future__ import annotations

from typing import Any, final


@final
class SpellChoice:
    """The effect at `effect` (its index in the spell's effects) of spell instance `sid`,
    cast by `player` into conflict `conf`, waits for the caster's choice. `stage` is 0,
    or 1 in the second step of a two-step effect, whose first step chose `chosen` (a
    card; -1 in stage 0)."""

    __slots__ = ("chosen", "conf", "effect", "player", "sid", "stage")

    player: int
    sid: int
    conf: int
    effect: int
    stage: int
    chosen: int

    def __init__(self, player: int, sid: int, conf: int, effect: int, stage: int = 0,
                 chosen: int = -1) -> None:
        self.player = player
        self.sid = sid
        self.conf = conf
        self.effect = effect
        self.stage = stage
        self.chosen = chosen

    def second_step(self, chosen: int) -> SpellChoice:
        """The frame of this effect's second step, once its first chose `chosen`."""
        return SpellChoice(self.player, self.sid, self.conf, self.effect, 1, chosen)

    def fields(self) -> tuple[int, int, int, int, int, int]:
        return (self.player, self.sid, self.conf, self.effect, self.stage, self.chosen)

    # Compared by value: two states are equal when their pending choices are.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpellChoice) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return "SpellChoice" + repr(self.fields())

    def __reduce__(self) -> tuple[Any, ...]:  # as engine.api.Action's
        return (SpellChoice, self.fields())
