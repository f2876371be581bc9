"""Replaying action texts: the one loop behind saved games, undo, the server's rooms and
computer players, analysis and puzzles.

A game is kept as its setup and the texts of its actions; every face that rebuilds a
state reads each text in the state it was played in (`parse_action`) and applies it.
Doing that in one place keeps one error for a text that no longer applies, a
RecordError naming the action's number and text, whoever replays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine.api import CardtableError, Event, RecordError, State

# Told of each replayed action: the seat that took it, its text and its events.
Watcher = Callable[[int | None, str, list[Event]], None]


def replay_action(state: State, text: str, number: int) -> list[Event]:
    """Apply the action `text` to `state` (changing it); its events. `number` counts
    the action in its game from 1, for the error when the text cannot be taken."""
    try:
        return state.apply(state.game.parse_action(state, text))
    except CardtableError as exc:
        raise RecordError(f"action {number} ({text!r}) cannot be replayed: {exc}") \
            from None


def replay_actions(state: State, texts: Sequence[str], first: int = 1,
                   watch: Watcher | None = None) -> list[list[Event]]:
    """Apply `texts` to `state` in order (changing it); each action's events. `first`
    is the number of `texts[0]` in its game (for a replay that goes on from a state
    already part way through). `watch`, if given, hears of each action as it is
    replayed: the player who took it, its text and its events."""
    out: list[list[Event]] = []
    number = first
    for text in texts:
        if watch is None:
            out.append(replay_action(state, text, number))
        else:
            player = state.current_player()
            events = replay_action(state, text, number)
            watch(player, text, events)
            out.append(events)
        number += 1
    return out
