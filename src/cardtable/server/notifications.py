"""What the server processes tell each other on PostgreSQL's notification channel:
each payload's text, written (`*_note`) and read back (`decode`) here and nowhere else.

Storage writes the notes that go out with a commit (actions, game events, seeks ended);
the cluster (server/cluster.py) writes the presence, question and heartbeat notes on its
own connection and reads every note. Payloads are `|`-separated, a kind letter first:

- `a|game|index|seat|actor|commit time|text`: an action committed (the text comes last,
  so a `|` inside it does no harm; an empty actor is the seat's own player);
- `e|game|kind`: something else about a game changed (`EVENTS`);
- `p|process|game|seats|spectators`: who is connected to a game in that process, one
  digit per seat (0 away, 1 connected, 2 connected and played by a program);
- `q|process|game`: a newcomer asks who is connected to a game;
- `h|process`: the process is alive;
- `k|seek,seek,...`: seeks paired, cancelled or expired (server/seek_api.py wakes their
  waiters).

A payload that does not read as one of these is refused whole with one NoteError, before
anything acts on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

# PostgreSQL's notification channel
CHANNEL: Final = "cardtable"

# what `e|game|kind` may say: the game was abandoned by its creator; a seat was claimed,
# came back, ran out of time or changed name; it was taken back (undo); a rematch
# changed; a chat line was stored
EVENTS: Final = frozenset({"abandoned", "seats", "undo", "rematch", "chat"})

# who is connected to a game: each seat, the spectators' count, each seat played by a
# program (a connection that said hello as a bot)
Presence = tuple[tuple[bool, ...], int, tuple[bool, ...]]


class NoteError(ValueError):
    """A payload that is not one of the notes above (or a note that cannot be written)."""


class ActionNote(NamedTuple):
    game_id: str
    idx: int
    seat: int
    actor: str | None
    created: float
    text: str


class EventNote(NamedTuple):
    game_id: str
    kind: str


class PresenceNote(NamedTuple):
    process: str
    game_id: str
    presence: Presence


class QuestionNote(NamedTuple):
    process: str
    game_id: str


class AliveNote(NamedTuple):
    process: str


class SeeksNote(NamedTuple):
    seek_ids: list[str]


Note = ActionNote | EventNote | PresenceNote | QuestionNote | AliveNote | SeeksNote


# ---- writing --------------------------------------------------------------------------

def _field(value: str) -> str:
    """A field before the last: a `|` in it would move every field after it."""
    if "|" in value:
        raise NoteError(f"a notification field cannot hold '|': {value!r}")
    return value


def action_note(game_id: str, idx: int, seat: int, text: str, actor: str | None,
                created: float) -> str:
    return (f"a|{_field(game_id)}|{idx}|{seat}|{_field(actor or '')}|{created!r}|{text}")


def event_note(game_id: str, kind: str) -> str:
    if kind not in EVENTS:
        raise NoteError(f"unknown game event {kind!r}")
    return f"e|{_field(game_id)}|{kind}"


def presence_note(process: str, game_id: str, presence: Presence) -> str:
    seats = "".join("2" if b else "1" if c else "0"
                    for c, b in zip(presence[0], presence[2], strict=True))
    return f"p|{_field(process)}|{_field(game_id)}|{seats}|{presence[1]}"


def question_note(process: str, game_id: str) -> str:
    return f"q|{_field(process)}|{_field(game_id)}"


def alive_note(process: str) -> str:
    return f"h|{_field(process)}"


def seeks_note(seek_ids: Sequence[str]) -> str:
    if not seek_ids or any("," in s or "|" in s or not s for s in seek_ids):
        raise NoteError(f"seek ids must be a non-empty list of plain ids: {seek_ids!r}")
    return "k|" + ",".join(seek_ids)


# ---- reading --------------------------------------------------------------------------

def decode(payload: str) -> Note:
    """The note `payload` holds; NoteError, naming what is wrong, when it holds none."""
    kind, _, rest = payload.partition("|")
    try:
        if kind == "a":
            return _action(rest)
        if kind == "e":
            return _event(rest)
        if kind == "p":
            return _presence(rest)
        if kind == "q":
            process, game_id = _split(rest, 2)
            return QuestionNote(process, game_id)
        if kind == "h":
            (process,) = _split(rest, 1)
            return AliveNote(process)
        if kind == "k":
            ids = rest.split(",")
            if not all(ids):
                raise NoteError("an empty seek id")
            return SeeksNote(ids)
    except NoteError as exc:
        raise NoteError(f"malformed notification {payload[:100]!r}: {exc}") from None
    raise NoteError(f"unknown notification {payload[:100]!r}")


def _split(rest: str, count: int) -> list[str]:
    """`rest` as exactly `count` non-empty fields."""
    fields = rest.split("|")
    if len(fields) != count or not all(fields):
        raise NoteError(f"{count} non-empty fields expected")
    return fields


def _whole(text: str, what: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise NoteError(f"{what} must be a whole number, not {text!r}")
    return int(text)


def _action(rest: str) -> ActionNote:
    fields = rest.split("|", 5)
    if len(fields) != 6:
        raise NoteError("6 fields expected")
    game_id, idx, seat, actor, created, text = fields
    if not game_id:
        raise NoteError("no game")
    try:
        when = float(created)
    except ValueError:
        raise NoteError(f"the commit time must be a number, not {created!r}") from None
    return ActionNote(game_id, _whole(idx, "the index"), _whole(seat, "the seat"),
                      actor or None, when, text)


def _event(rest: str) -> EventNote:
    game_id, kind = _split(rest, 2)
    if kind not in EVENTS:
        raise NoteError(f"unknown game event {kind!r}")
    return EventNote(game_id, kind)


def _presence(rest: str) -> PresenceNote:
    process, game_id, seats, spectators = _split(rest, 4)
    if seats.strip("012"):
        raise NoteError(f"each seat must be 0, 1 or 2, not {seats!r}")
    presence = (tuple(c in "12" for c in seats), _whole(spectators, "the spectators"),
                tuple(c == "2" for c in seats))
    return PresenceNote(process, game_id, presence)
