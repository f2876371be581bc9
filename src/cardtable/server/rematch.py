"""Rematch: once a game is over, any seat may offer the same game again; when every
human seat has accepted, the next game is made with the same seats (the same holders,
each with a new token and bound to the same account), the seats turned by one so that
the next player moves first, and a fresh seed; a rated game's rematch is rated. The
rematch lives in the finished game's row, changed under a row lock, so that offers and
answers reaching different processes add up."""

from __future__ import annotations

from typing import Any

from cardtable.server.seeds import server_seed
from cardtable.server.storage import COMPUTER, HUMAN, GameRow, Storage

ANSWERS = ("offer", "accept", "decline")


class RematchRefused(ValueError):
    """An answer that does not fit the rematch as it stands; the text says why."""


def next_rematch(storage: Storage, row: GameRow, conn: Any, seat: int,
                 answer: str) -> dict[str, Any] | None:
    """The rematch after `seat` gave `answer`, creating the next game on `conn` when
    the last human seat accepts. Raises RematchRefused."""
    if not row.over:
        raise RematchRefused("a rematch is for a finished game")
    if row.seats[seat].kind != HUMAN:
        raise RematchRefused("only the players' seats answer a rematch")
    rematch = row.rematch
    settled = rematch is not None and (rematch["declined"] or rematch.get("next"))
    if answer == "offer":
        if rematch is not None and not settled:
            answer = "accept"        # two offers at once: the second one accepts
        else:
            if rematch is not None and rematch.get("next"):
                raise RematchRefused("the rematch is already made")
            # a new offer (after a decline, it starts afresh)
            rematch = {"by": seat, "accepted": [], "declined": [], "next": None}
            settled = False
    if rematch is None:
        raise RematchRefused("nobody has offered a rematch")
    if settled:
        raise RematchRefused("this rematch is settled: offer a new one")
    if answer == "decline":
        rematch["declined"] = sorted({*rematch["declined"], seat})
        return rematch
    rematch["accepted"] = sorted({*rematch["accepted"], seat})
    humans = [s.seat for s in row.seats if s.kind == HUMAN]
    if set(rematch["accepted"]) >= set(humans):
        rematch["next"] = _make_next(storage, row, conn)
    return rematch


def _make_next(storage: Storage, row: GameRow, conn: Any) -> dict[str, Any]:
    """The next game: seat i of the new game is seat i + 1 of this one."""
    n = len(row.seats)
    order = [row.seats[(i + 1) % n] for i in range(n)]
    seats = [(s.kind if s.kind == COMPUTER else HUMAN, s.agent, s.name) for s in order]
    made = storage._create(conn, row.game, row.players, server_seed(), dict(row.options),
                           seats, row.title, row.listed, row.computer_delay_ms,
                           row.creator, row.clock, row.on_timeout, row.id,
                           [s.account for s in order], rated=row.rated)
    mapping = {str(old.seat): {"seat": new, "token": made.seats[new].token}
               for new, old in enumerate(order) if old.kind == HUMAN}
    return {"id": made.id, "seats": mapping}
