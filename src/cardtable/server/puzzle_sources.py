"""The server's finished games whose creators let them become puzzles, as saved-game
records for `cardtable puzzles make --from` (`cardtable puzzles collect`).

Only a game that is over, not abandoned, and was created with `puzzle_source` is ever
read out: the query asks for exactly that, and each row's consent is checked again as
`puzzle_consent` reads it, so a game without it cannot slip through a loose match.
Every record is replayed to its end before it is written, so what the maker reads is
a finished game the engine agrees with, whatever the stored `over` flag says.

The database is only read: no table is created and no schema is upgraded (a server
does that), and a SQLite file that does not exist is an error, not a new empty file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import and_, func, inspect, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from cardtable.engine.api import CardtableError, OptionError
from cardtable.engine.record import GameRecord
from cardtable.server.puzzle_consent import STORED, read_options
from cardtable.server.storage import actions_table, games_table, make_engine


@dataclass(frozen=True)
class Source:
    """One finished game that may feed puzzles."""

    id: str               # the game's id on the server
    finished: float       # when its last action was committed (seconds since 1970)
    set_name: str         # the puzzle set it feeds: the game, or game-expansion
    record: GameRecord

    def line(self) -> dict[str, Any]:
        """Its line in a saved-games file: the record under 'record', as `puzzles make
        --from` reads it, with where it came from."""
        return {"id": self.id, "finished": round(self.finished, 3), "set": self.set_name,
                "record": self.record.to_dict()}


def set_name(game: str, options: dict[str, Any]) -> str:
    """The puzzle set a game's positions belong to (as `puzzles make` names it)."""
    expansion = options.get("expansion")
    return game if expansion in (None, "none") else f"{game}-{expansion}"


def open_database(url: str) -> Engine:
    """An engine on an existing cardtable database; OptionError when there is none."""
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        if not path.is_file():
            raise OptionError(f"--db {url}: no such database file")
    try:
        engine = make_engine(url)
        if not inspect(engine).has_table(games_table.name):
            engine.dispose()
            raise OptionError(f"--db {url}: not a cardtable database (no table "
                              f"{games_table.name})")
    except SQLAlchemyError as exc:
        raise OptionError(f"--db {url}: {str(exc).splitlines()[0][:200]}") from None
    return engine


def finished_sources(engine: Engine, since: float | None = None,
                     game: str | None = None) -> Iterator[Source]:
    """The finished games their creators allowed, oldest finish first; with `since`,
    those finished at or after it; with `game`, that game's only."""
    last = (select(actions_table.c.game_id,
                   func.max(actions_table.c.created).label("finished"))
            .group_by(actions_table.c.game_id).subquery())
    conditions = [games_table.c.over == True,  # noqa: E712
                  games_table.c.abandoned == False,  # noqa: E712
                  games_table.c.options.contains(STORED, autoescape=True)]
    if since is not None:
        conditions.append(last.c.finished >= since)
    if game is not None:
        conditions.append(games_table.c.game == game)
    query = (select(games_table.c.id, games_table.c.game, games_table.c.players,
                    games_table.c.seed, games_table.c.options, last.c.finished)
             .join(last, last.c.game_id == games_table.c.id)
             .where(and_(*conditions))
             .order_by(last.c.finished, games_table.c.id))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
        for game_id, name, players, seed, text, finished in rows:
            options, allowed = read_options(text)
            if not allowed:
                continue
            texts = [r[0] for r in conn.execute(
                select(actions_table.c.text).where(actions_table.c.game_id == game_id)
                .order_by(actions_table.c.idx))]
            record = _finished_record(game_id, name, players, seed, options, texts)
            yield Source(game_id, float(finished), set_name(name, record.options), record)


def _finished_record(game_id: str, game: str, players: int, seed: int,
                     options: dict[str, Any], texts: list[str]) -> GameRecord:
    """The game's record, as the engine completes it, once it has replayed to its end."""
    try:
        state = GameRecord(game, players, seed, options, texts).replay()
    except CardtableError as exc:
        raise OptionError(f"game {game_id} does not replay: {exc}") from None
    if not state.is_over():
        raise OptionError(f"game {game_id} is stored as over but its {len(texts)} "
                          "actions do not end it")
    return GameRecord.from_state(state)
