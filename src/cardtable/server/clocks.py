"""Turn clocks, worked out from what the database holds.

A game's time control is `none`, real time `Xm+Ys` (Fischer: a bank of X minutes per
seat, Y seconds added after each of its decisions) or turn-based `Nh` (N hours for
each decision, for games played over days). Nothing about a clock is kept in memory
only: a seat's remaining time follows from the commit time of every stored action,
the time the clocks started (once every human seat had come) and the seat's flags
(its time ran out, it came back). So every process, and a restarted one, reads the
same clocks from the database.

Whoever must decide runs the clock, whether it is that seat's turn or a decision that
falls to it in someone else's turn (a spell's target, a card to give up). A decision
the computer took for a seat whose time had run out costs that seat nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.server.storage import COMPUTER, ActionRow, SeatRow

ON_TIMEOUT = ("computer", "forfeit")
TIMEOUT_AGENT = "greedy"          # who plays for a seat whose time ran out
MAX_MINUTES = 24 * 60             # a real-time bank of at most a day
MAX_HOURS = 30 * 24               # a turn of at most thirty days

_FISCHER = re.compile(r"^(\d{1,4}(?:\.\d{1,2})?)m(?:\+(\d{1,4})s)?$")
_TURN = re.compile(r"^(\d{1,4})h$")


class ClockError(ValueError):
    """A time control that cannot be read; the text says what is expected."""


@dataclass(frozen=True)
class TimeControl:
    text: str
    bank: float = 0.0         # seconds, real time
    increment: float = 0.0    # seconds added after each decision, real time
    per_turn: float = 0.0     # seconds for each decision, turn-based

    @property
    def turn_based(self) -> bool:
        return self.per_turn > 0


def parse_time_control(text: str | None) -> TimeControl | None:
    """`none` (or nothing): None; `5m+3s`, `10m`: real time; `24h`: turn-based."""
    if text is None or text.strip().lower() in ("", "none"):
        return None
    spec = text.strip().lower().replace(" ", "")
    if (m := _FISCHER.match(spec)) is not None:
        minutes, seconds = float(m.group(1)), int(m.group(2) or 0)
        if not 0.05 <= minutes <= MAX_MINUTES or seconds > 600:
            raise ClockError(f"clock {text!r}: from 0.05 to {MAX_MINUTES} minutes, and at "
                             "most 600 seconds added a decision")
        return TimeControl(spec, bank=minutes * 60.0, increment=float(seconds))
    if (m := _TURN.match(spec)) is not None:
        hours = int(m.group(1))
        if not 1 <= hours <= MAX_HOURS:
            raise ClockError(f"clock {text!r}: from 1 to {MAX_HOURS} hours a decision")
        return TimeControl(spec, per_turn=hours * 3600.0)
    raise ClockError(f"clock {text!r}: 'none', real time like '5m+3s' (minutes for the game, "
                     "seconds added a decision) or turn-based like '24h' (hours a decision)")


@dataclass(frozen=True)
class ClockState:
    started: bool                   # every human seat has come: the clocks run
    remaining: list[float | None]   # seconds each human seat has left (None: computer)
    running: int | None             # the seat whose clock runs now
    deadline: float | None          # when the running clock reaches zero (epoch seconds)


def clock_state(control: TimeControl, start: float | None, seats: Sequence[SeatRow],
                actions: Sequence[ActionRow], deciding: int | None,
                now: float) -> ClockState:
    """The clocks at `now`, `deciding` being the seat that must decide (None: nobody,
    the game is over). Before the clocks start (`start` None) nothing runs. A seat
    that came back after its time ran out starts again with a full bank, from the
    moment it came back."""
    human = [s.kind != COMPUTER for s in seats]
    full = control.per_turn if control.turn_based else control.bank
    remaining: list[float | None] = [full if h else None for h in human]
    if start is None:
        return ClockState(False, remaining, None, None)
    origin = [max(start, s.returned or start) for s in seats]
    began = start                         # when the decision under way began
    for row in actions:
        left = remaining[row.seat]
        if (not control.turn_based and row.actor is None and left is not None
                and row.created > origin[row.seat]):
            spent = row.created - max(began, origin[row.seat])
            remaining[row.seat] = left - spent + control.increment
        began = max(began, row.created)
    if deciding is None or not human[deciding] or seats[deciding].absent:
        return ClockState(True, remaining, None, None)
    since = max(began, origin[deciding])
    left = control.per_turn if control.turn_based else remaining[deciding]
    assert left is not None
    deadline = since + left
    remaining[deciding] = deadline - now
    return ClockState(True, remaining, deciding, deadline)


def clock_view(control: TimeControl | None, on_timeout: str | None, state: ClockState | None,
               seats: Sequence[SeatRow], now: float) -> dict[str, Any] | None:
    """The clock as every viewer receives it (no secret in it: times are public).
    `remaining_ms` is each seat's time left when the message was made; the page
    counts the running one down."""
    if control is None or state is None:
        return None
    return {"control": control.text, "on_timeout": on_timeout or "computer",
            "started": state.started, "running": state.running,
            "remaining_ms": [None if r is None else max(0, round(r * 1000))
                             for r in state.remaining],
            "absent": [s.absent for s in seats], "forfeited": [s.forfeited for s in seats]}
