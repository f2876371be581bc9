"""Saved games through SQLAlchemy: SQLite in a local file by default, PostgreSQL by URL.

A game is stored as its setup (game, players, seed, options, seats) and the list of
action texts; states are rebuilt by replaying them. An action is committed before any
seat hears of it, and the primary key (game, index) makes a lost or duplicated action
impossible to store silently.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

games_table = Table(
    "ct_games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("title", String(200), nullable=False),
    Column("listed", Boolean, nullable=False),
    Column("computer_delay_ms", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("over", Boolean, nullable=False, default=False),
    Column("winners", Text, nullable=True),
    # added after the first release (see upgrade_schema): who created the game (the
    # client address, for the per-address limit) and whether its creator abandoned it
    Column("creator", String(64), nullable=True),
    Column("abandoned", Boolean, nullable=False, server_default=false()),
)

seats_table = Table(
    "ct_seats", metadata,
    Column("game_id", String(32), ForeignKey("ct_games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("agent", String(64), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token", String(64), nullable=False),
    Column("claimed", Boolean, nullable=False, default=False),
)

actions_table = Table(
    "ct_actions", metadata,
    Column("game_id", String(32), ForeignKey("ct_games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("created", Float, nullable=False),
)

HUMAN = "human"
COMPUTER = "computer"
# asked for at creation: a human seat anybody may take from the lobby (stored as a
# human seat not yet claimed)
OPEN = "open"


class StorageError(Exception):
    """The database refused a write (for example an action index already taken)."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    name: str
    token: str
    claimed: bool


@dataclass
class GameRow:
    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    title: str
    listed: bool
    computer_delay_ms: int
    created: float
    over: bool
    winners: list[int] | None
    seats: list[SeatRow] = field(default_factory=list)
    creator: str | None = None
    abandoned: bool = False


def default_url(path: str = "cardtable.db") -> str:
    return f"sqlite:///{path}"


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine; `postgresql://` URLs use psycopg 3."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            # WAL with synchronous=NORMAL survives a killed process (not a power cut
            # in the last moments), and keeps a commit well under a millisecond.
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Storage:
    """Every read and write of saved games. Synchronous; each call is one transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        metadata.create_all(self.engine)
        upgrade_schema(self.engine)
        self._insert_action = insert(actions_table)

    def close(self) -> None:
        self.engine.dispose()

    # ---- games -----------------------------------------------------------------

    def create_game(self, game: str, players: int, seed: int, options: dict[str, Any],
                    seats: list[tuple[str, str | None, str]], title: str = "",
                    listed: bool = True, computer_delay_ms: int = 0,
                    creator: str | None = None) -> GameRow:
        """Store a new game; `seats` is (kind, agent spec or None, name) per seat, kind
        `human` (claimed now: the creator holds its token), `open` (a human seat left
        for the lobby) or `computer`."""
        game_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        now = time.time()
        rows = [SeatRow(i, HUMAN if kind == OPEN else kind, agent, name,
                        secrets.token_urlsafe(18), kind == HUMAN)
                for i, (kind, agent, name) in enumerate(seats)]
        with self.engine.begin() as conn:
            conn.execute(insert(games_table).values(
                id=game_id, game=game, players=players, seed=seed,
                options=json.dumps(options), title=title, listed=listed,
                computer_delay_ms=computer_delay_ms, created=now, over=False,
                winners=None, creator=creator, abandoned=False))
            conn.execute(insert(seats_table), [
                {"game_id": game_id, "seat": r.seat, "kind": r.kind, "agent": r.agent,
                 "name": r.name, "token": r.token, "claimed": r.claimed} for r in rows])
        return GameRow(game_id, game, players, seed, options, title, listed,
                       computer_delay_ms, now, False, None, rows, creator)

    def get_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if row is None:
                return None
            seats = conn.execute(select(seats_table).where(seats_table.c.game_id == game_id)
                                 .order_by(seats_table.c.seat)).all()
        return self._game_row(row, seats)

    @staticmethod
    def _game_row(row: Any, seats: Any) -> GameRow:
        m = row._mapping
        return GameRow(
            m["id"], m["game"], m["players"], m["seed"], json.loads(m["options"]),
            m["title"], bool(m["listed"]), m["computer_delay_ms"], m["created"],
            bool(m["over"]), json.loads(m["winners"]) if m["winners"] else None,
            [SeatRow(s._mapping["seat"], s._mapping["kind"], s._mapping["agent"],
                     s._mapping["name"], s._mapping["token"], bool(s._mapping["claimed"]))
             for s in seats],
            m["creator"], bool(m["abandoned"]))

    def list_games(self, over: bool | None = None, limit: int = 100) -> list[GameRow]:
        """Games, newest first; `over` filters finished or unfinished ones."""
        query = (select(games_table).where(games_table.c.abandoned == False)  # noqa: E712
                 .order_by(games_table.c.created.desc()).limit(limit))
        if over is not None:
            query = query.where(games_table.c.over == over)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            ids = [r._mapping["id"] for r in rows]
            seats = conn.execute(select(seats_table).where(seats_table.c.game_id.in_(ids))
                                 .order_by(seats_table.c.seat)).all() if ids else []
        by_game: dict[str, list[Any]] = {}
        for s in seats:
            by_game.setdefault(s._mapping["game_id"], []).append(s)
        return [self._game_row(r, by_game.get(r._mapping["id"], [])) for r in rows]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games_table.c.id).where(and_(
                games_table.c.over == False, games_table.c.abandoned == False)))  # noqa: E712
            return [r[0] for r in rows]

    def unfinished_by(self, creator: str) -> int:
        """How many unfinished, unabandoned games `creator` (an address) has made."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(games_table).where(
                and_(games_table.c.creator == creator, games_table.c.over == False,  # noqa: E712
                     games_table.c.abandoned == False))).scalar_one())  # noqa: E712

    def abandon(self, game_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(abandoned=True))

    def claim_seat(self, game_id: str, seat: int, token: str | None = None,
                   name: str | None = None) -> bool:
        """Mark a seat as taken, with a new `token` (and the joiner's `name`) when
        given; False when it already was taken."""
        values: dict[str, Any] = {"claimed": True}
        if token is not None:
            values["token"] = token
        if name is not None:
            values["name"] = name
        with self.engine.begin() as conn:
            result = conn.execute(update(seats_table).where(and_(
                seats_table.c.game_id == game_id, seats_table.c.seat == seat,
                seats_table.c.claimed == False)).values(**values))  # noqa: E712
            return bool(result.rowcount == 1)

    def finish(self, game_id: str, winners: list[int] | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(
                over=winners is not None,
                winners=json.dumps(winners) if winners is not None else None))

    # ---- actions ---------------------------------------------------------------

    def append_action(self, game_id: str, idx: int, seat: int, text: str) -> None:
        """Commit action number `idx` (from 0); StorageError when that index is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(self._insert_action, {
                    "game_id": game_id, "idx": idx, "seat": seat, "text": text,
                    "created": time.time()})
        except IntegrityError as exc:
            raise StorageError(f"action {idx} of game {game_id} is already stored") from exc

    def append_many(self, rows: list[tuple[str, int, int, str]]) -> list[Exception | None]:
        """Commit several actions (game id, index, seat, text) in one transaction, or,
        when that fails, each on its own; the outcome of each, in order."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(self._insert_action, [
                    {"game_id": g, "idx": i, "seat": s, "text": t, "created": now}
                    for g, i, s, t in rows])
            return [None] * len(rows)
        except IntegrityError:
            pass
        out: list[Exception | None] = []
        for g, i, s, t in rows:
            try:
                self.append_action(g, i, s, t)
                out.append(None)
            except Exception as exc:
                out.append(exc)
        return out

    def actions(self, game_id: str) -> list[tuple[int, str]]:
        """(seat, text) of every stored action, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(actions_table.c.idx, actions_table.c.seat,
                                       actions_table.c.text)
                                .where(actions_table.c.game_id == game_id)
                                .order_by(actions_table.c.idx)).all()
        out: list[tuple[int, str]] = []
        for expected, row in enumerate(rows):
            if row[0] != expected:
                raise StorageError(f"game {game_id}: action {expected} is missing")
            out.append((row[1], row[2]))
        return out

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget every action from index `keep` on (undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_table).where(and_(
                actions_table.c.game_id == game_id, actions_table.c.idx >= keep)))
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(over=False, winners=None))


def upgrade_schema(engine: Engine) -> None:
    """Add the columns this version has and an older database lacks. Columns are only
    ever added, each nullable or with a default, so an older database keeps working;
    that needs no migration tool (Alembic would add a migration tree and a command
    for what this loop does)."""
    present = inspect(engine)
    with engine.begin() as conn:
        for table in metadata.sorted_tables:
            have = {c["name"] for c in present.get_columns(table.name)}
            for column in table.columns:
                if column.name in have:
                    continue
                kind = column.type.compile(dialect=engine.dialect)
                default = ""
                if column.server_default is not None:
                    value = column.server_default.arg  # type: ignore[attr-defined]
                    default = " DEFAULT " + str(value.compile(dialect=engine.dialect))
                conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN "
                                     f"{column.name} {kind}{default}")
