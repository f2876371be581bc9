"""The messages a room sends its sockets, as pure functions: from the game as the room
holds it (its row, state, stored actions and their events) and who is asking, the dict
that goes out (docs/protocol.md gives their schema). The room (server/rooms.py) decides
when to send them and to whom; nothing here reads the clock, the database or a socket.

What a viewer may know is decided here, and only from the engine: the observation and
each event as `viewer` sees them, the action texts only to the seat that played them,
the legal actions only to the seat that must decide, a rematch's token only to its seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine.api import Event, Game, State
from cardtable.engine.replay import replay_action
from cardtable.protocol import PROTOCOL_VERSION
from cardtable.server.connection import Message
from cardtable.server.notifications import Presence
from cardtable.server.storage import COMPUTER, ActionRow, GameRow


def result_winners(state: State, row: GameRow) -> list[int]:
    """The game's winners, a seat that lost by time ranking last: the engine's winners
    who did not forfeit, else the best scores among those who did not."""
    lost = {s.seat for s in row.seats if s.forfeited}
    winners = [w for w in state.winners() if w not in lost]
    if winners or not lost:
        return winners
    scores = state.scores()
    standing = [i for i in range(len(scores)) if i not in lost]
    if not standing:
        return []
    best = max(scores[i] for i in standing)
    return [i for i in standing if scores[i] == best]


def decision(game: Game, state: State, row: GameRow, viewer: int | None) -> Message | None:
    """The decision under way in words for `viewer` (the game's own phrases): what
    the phase is about, who decides and what, and for the deciding seat each
    answer's sentence."""
    describe = getattr(game, "decision", None)
    if describe is None:
        return None
    result: Message = describe(state, viewer, [s.name for s in row.seats])
    return result


def snapshot(game: Game, state: State, row: GameRow, viewer: int | None, *, count: int,
             presence: Presence, can_undo: bool, clock: Message | None) -> Message:
    """The game as `viewer` sees it now (`count` actions played); the presence, whether
    `viewer` may take back a move and the clocks' view are the room's to work out."""
    current = state.current_player()
    over = state.is_over()
    legal = ([str(a) for a in state.legal_actions()]
             if viewer is not None and viewer == current else [])
    return {"n": count, "observation": state.observation(viewer), "current_player": current,
            "legal": legal, "decision": decision(game, state, row, viewer),
            "over": over, "winners": result_winners(state, row) if over else None,
            "scores": state.scores() if over else None,
            "connected": list(presence[0]), "bots": list(presence[2]),
            "can_undo": can_undo, "clock": clock}


def log_for(actions: Sequence[ActionRow], events: Sequence[list[Event]],
            viewer: int | None) -> list[Message]:
    """Every action so far as `viewer` may see it: its own texts, everybody's events."""
    return [{"n": i + 1, "seat": a.seat,
             "action": a.text if viewer is not None and viewer == a.seat else None,
             "by": a.actor, "events": [e.to_dict(viewer) for e in evs]}
            for i, (a, evs) in enumerate(zip(actions, events, strict=True))]


def observed_log(game: Game, row: GameRow, texts: Sequence[str], log: list[Message],
                 viewer: int, after: int) -> None:
    """Add to each entry of `log` past action `after` what `viewer` saw once it was
    played (`observation`): the observations a seat's updates carried, for a program
    that missed them. The game is dealt again from its setup and replayed, so a
    caller bounds how often, and how far back, this is asked for."""
    state = game.new_game(row.players, row.seed, **row.options)
    for number, text in enumerate(texts, start=1):
        replay_action(state, text, number)
        if number > after:
            log[number - 1]["observation"] = state.observation(viewer)


def seats_public(row: GameRow) -> list[Message]:
    """Each seat: its name, kind, computer agent, and whether it was created open
    (anybody could take it from the lobby)."""
    return [{"seat": s.seat, "name": s.name, "kind": s.kind,
             "agent": s.agent if s.kind == COMPUTER else None, "open": s.open}
            for s in row.seats]


def rematch_public(row: GameRow, viewer: int | None) -> Message | None:
    """The rematch under way, as `viewer` may see it: the next game's token only
    to the seat it belongs to."""
    rematch = row.rematch
    if not rematch:
        return None
    out: Message = {"by": rematch["by"], "accepted": rematch["accepted"],
                    "declined": rematch["declined"], "next": None}
    if rematch.get("next"):
        nxt = rematch["next"]
        out["next"] = {"id": nxt["id"], "watch": f"/g/{nxt['id']}?watch=1"}
        if viewer is not None:
            mine = nxt["seats"].get(str(viewer))
            if mine is not None:
                out["next"].update(seat=mine["seat"], token=mine["token"],
                                   link=f"/g/{nxt['id']}#seat={mine['seat']}"
                                        f"&token={mine['token']}")
    return out


def welcome(game: Game, row: GameRow, viewer: int | None, *, catalogue: Any,
            log: list[Message], start: Message, snapshot: Message,
            kind: str = "welcome") -> Message:
    """The first message to a socket (`welcome`), or all of it again (`sync`, after an
    undo): the game, its seats, its catalogue and options, what `viewer` saw before the
    first action (`start`: a program at the seat rebuilds worlds from it and the log),
    the log and the snapshot for `viewer`."""
    return {"type": kind, "protocol": PROTOCOL_VERSION, "game_id": row.id,
            "game": row.game, "title": row.title or game.title, "seat": viewer,
            "seats": seats_public(row), "catalogue": catalogue, "log": log,
            "options": dict(row.options), "start": start,
            "rematch": rematch_public(row, viewer), **snapshot}


def update(row: ActionRow, events: Sequence[Event], viewer: int | None,
           snapshot: Message) -> Message:
    """An action was played: its text only to the seat that played it, its events as
    `viewer` sees them, and the snapshot after it."""
    return {"type": "update", "seat": row.seat,
            "action": row.text if viewer == row.seat else None, "by": row.actor,
            "events": [e.to_dict(viewer) for e in events], **snapshot}


def presence_message(presence: Presence) -> Message:
    return {"type": "presence", "connected": list(presence[0]), "spectators": presence[1],
            "bots": list(presence[2])}


def seats_message(row: GameRow, clock: Message | None, presence: Presence) -> Message:
    """Seats and clocks changed (a seat's time ran out, it came back)."""
    return {"type": "seats", "seats": seats_public(row), "clock": clock,
            "connected": list(presence[0]), "bots": list(presence[2])}


def rematch_message(row: GameRow, viewer: int | None) -> Message:
    return {"type": "rematch", **(rematch_public(row, viewer) or {})}


class RoomError(Exception):
    """A request the room refuses; `code` is a short machine-readable word (the error
    message's `code`, docs/protocol.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def error(code: str, message: str, msg_id: Any = None) -> Message:
    """A request refused (`msg_id`: the request's id, None when nothing asked)."""
    return {"type": "error", "code": code, "message": message, "id": msg_id}


def abandoned() -> Message:
    return error("abandoned", "the game was abandoned by its creator")
