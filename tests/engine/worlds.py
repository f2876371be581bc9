"""The check both games' hidden-information tests make of a sampled world: sampled just
before an action and fed the same action, it must tell its sampler the same story."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardtable.engine.api import Action, Event, State

Worlds = list[tuple[int, State]]


def sampled_worlds(state: State, seed: int) -> Worlds:
    """One world for each player but the one to act, sampled for that player; each must
    look to its sampler exactly like the true game."""
    actor = state.current_player()
    worlds: Worlds = [(v, state.view(v).sample_world(random.Random(seed)))
                      for v in range(state.num_players) if v != actor]
    for v, world in worlds:
        assert world.observation(v) == state.observation(v)
    return worlds


def retold(worlds: Worlds, action: Action, events: Sequence[Event],
           told: Callable[[str], str] = str, truth: State | None = None) -> int:
    """Feed `action` to each world and check its events read, to the world's sampler
    and through `told`, as the true `events` did; with `truth`, the sampler's observation
    must match it afterwards too. Returns how many worlds could take the action."""
    compared = 0
    for v, world in worlds:
        same = {str(a): a for a in world.legal_actions()}.get(str(action))
        if same is None:
            continue  # the actor's secret card is another one in this world
        world_events = world.apply(same)
        assert [told(e.text_for(v)) for e in world_events] == [told(e.text_for(v))
                                                                for e in events]
        if truth is not None:
            assert world.observation(v) == truth.observation(v)
        compared += 1
    return compared
