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
    bindparam,
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

from cardtable.server.notifications import CHANNEL, action_note, event_note
from cardtable.server.puzzle_consent import read_options, stored_options

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
    # the time control ("5m+3s", "24h"; null: none), what a timeout does ("computer" or
    # "forfeit"), and when the clocks started (once every human seat had come)
    Column("clock", String(32), nullable=True),
    Column("on_timeout", String(16), nullable=True),
    Column("clock_start", Float, nullable=True),
    # a rematch under way (JSON) and the game this one is a rematch of
    Column("rematch", Text, nullable=True),
    Column("rematch_of", String(32), nullable=True),
    # a rated game: its end moves its players' ratings (server/results.py)
    Column("rated", Boolean, nullable=False, server_default=false()),
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
    # added later: the seat's holder has come at least once; its clock ran out and the
    # computer plays for it (absent) or it lost by time (forfeited); when it came back
    Column("seen", Boolean, nullable=False, server_default=false()),
    Column("absent", Boolean, nullable=False, server_default=false()),
    Column("forfeited", Boolean, nullable=False, server_default=false()),
    Column("returned", Float, nullable=True),
    # created as an open seat (for the lobby), not held by the game's creator
    Column("open", Boolean, nullable=False, server_default=false()),
    # the account the seat is bound to (server/accounts.py; null: a guest's seat)
    Column("account", Integer, nullable=True, index=True),
)

actions_table = Table(
    "ct_actions", metadata,
    Column("game_id", String(32), ForeignKey("ct_games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
    Column("created", Float, nullable=False),
    # added later: "computer" when the computer played for a seat whose time ran out
    Column("actor", String(16), nullable=True),
)

analyses_table = Table(
    "ct_analyses", metadata,
    Column("game_id", String(32), ForeignKey("ct_games.id"), primary_key=True),
    Column("agent", String(64), nullable=False),
    Column("state", String(16), nullable=False),       # running, done, failed
    Column("done", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    Column("result", Text, nullable=True),             # the analysis JSON once done
)

HUMAN = "human"
COMPUTER = "computer"
# asked for at creation: a human seat anybody may take from the lobby (stored as a
# human seat not yet claimed)
OPEN = "open"


def could_be_id(text: str) -> bool:
    """Whether `text` could be a game's id (`_create` makes them: 8 letters and
    digits). Anything else is looked up nowhere: PostgreSQL refuses a NUL in a query."""
    return 0 < len(text) <= 32 and text.isascii() and text.isalnum()


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
    seen: bool = False
    absent: bool = False
    forfeited: bool = False
    returned: float | None = None
    open: bool = False
    account: int | None = None


def holds(info: SeatRow, token: str | None) -> bool:
    """Whether `token` is the token of a claimed human seat (compared in constant time).
    A claimed seat's token never changes."""
    return (info.kind == HUMAN and info.claimed and token is not None
            and secrets.compare_digest(token.encode("utf-8", "surrogatepass"),
                                       info.token.encode()))


@dataclass(frozen=True)
class ActionRow:
    idx: int
    seat: int
    text: str
    created: float
    actor: str | None = None


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
    clock: str | None = None
    on_timeout: str | None = None
    clock_start: float | None = None
    rematch: dict[str, Any] | None = None
    rematch_of: str | None = None
    rated: bool = False
    puzzle_source: bool = False   # its creator let it feed puzzles (puzzle_consent.py)


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


ActionIn = tuple[str, int, int, str, str | None]   # game id, index, seat, text, actor


class Storage:
    """Every read and write of saved games. Synchronous; each call is one transaction."""

    def __init__(self, url: str) -> None:
        # the tables of accounts, chat, results and seeks are made with the games'
        from cardtable.server import accounts, chat, results, seeks  # noqa: F401

        self.url = url
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        metadata.create_all(self.engine)
        upgrade_schema(self.engine)
        self._insert_action = insert(actions_table)
        # the statements every hello and every room load runs, built once: building a
        # statement is most of what a small query costs in Python
        # a game and its seats in one query (the two tables share no column name)
        self._game_by_id = (
            select(games_table, seats_table)
            .select_from(games_table.outerjoin(
                seats_table, seats_table.c.game_id == games_table.c.id))
            .where(games_table.c.id == bindparam("gid"))
            .order_by(seats_table.c.seat))
        self._game_for_update = self._game_by_id.with_for_update(of=games_table)
        self._actions_from = (
            select(actions_table.c.idx, actions_table.c.seat, actions_table.c.text,
                   actions_table.c.created, actions_table.c.actor)
            .where(and_(actions_table.c.game_id == bindparam("gid"),
                        actions_table.c.idx >= bindparam("start")))
            .order_by(actions_table.c.idx))
        this_seat = update(seats_table).where(and_(
            seats_table.c.game_id == bindparam("gid"), seats_table.c.seat == bindparam("s")))
        self._seen = this_seat.values(seen=True)
        self._back = this_seat.values(seen=True, absent=False, returned=bindparam("now"))
        self._start_clocks = (update(games_table).where(and_(
            games_table.c.id == bindparam("gid"), games_table.c.clock_start.is_(None)))
            .values(clock_start=bindparam("now")))

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """Raise unless the database answers."""
        with self.engine.connect() as conn:
            conn.execute(select(1)).scalar_one()

    # ---- games -----------------------------------------------------------------

    def create_game(self, game: str, players: int, seed: int, options: dict[str, Any],
                    seats: list[tuple[str, str | None, str]], title: str = "",
                    listed: bool = True, computer_delay_ms: int = 0,
                    creator: str | None = None, clock: str | None = None,
                    on_timeout: str | None = None,
                    rematch_of: str | None = None,
                    accounts: list[int | None] | None = None,
                    rated: bool = False, puzzle_source: bool = False) -> GameRow:
        """Store a new game; `seats` is (kind, agent spec or None, name) per seat, kind
        `human` (claimed now: the creator holds its token), `open` (a human seat left
        for the lobby) or `computer`; `accounts`, the account each seat is bound to."""
        with self.engine.begin() as conn:
            return self._create(conn, game, players, seed, options, seats, title, listed,
                                computer_delay_ms, creator, clock, on_timeout, rematch_of,
                                accounts, rated, puzzle_source)

    def _create(self, conn: Any, game: str, players: int, seed: int,
                options: dict[str, Any], seats: list[tuple[str, str | None, str]],
                title: str, listed: bool, computer_delay_ms: int, creator: str | None,
                clock: str | None, on_timeout: str | None,
                rematch_of: str | None, accounts: list[int | None] | None = None,
                rated: bool = False, puzzle_source: bool = False) -> GameRow:
        game_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        now = time.time()
        bound = accounts or [None] * len(seats)
        rows = [SeatRow(i, HUMAN if kind == OPEN else kind, agent, name,
                        secrets.token_urlsafe(18), kind == HUMAN, open=kind == OPEN,
                        account=bound[i] if kind == HUMAN else None)
                for i, (kind, agent, name) in enumerate(seats)]
        conn.execute(insert(games_table).values(
            id=game_id, game=game, players=players, seed=seed,
            options=stored_options(options, puzzle_source), title=title, listed=listed,
            computer_delay_ms=computer_delay_ms, created=now, over=False,
            winners=None, creator=creator, abandoned=False, clock=clock,
            on_timeout=on_timeout, clock_start=None, rematch=None, rematch_of=rematch_of,
            rated=rated))
        conn.execute(insert(seats_table), [
            {"game_id": game_id, "seat": r.seat, "kind": r.kind, "agent": r.agent,
             "name": r.name, "token": r.token, "claimed": r.claimed, "seen": False,
             "absent": False, "forfeited": False, "returned": None, "open": r.open,
             "account": r.account}
            for r in rows])
        return GameRow(game_id, game, players, seed, options, title, listed,
                       computer_delay_ms, now, False, None, rows, creator, False, clock,
                       on_timeout, None, None, rematch_of, rated, puzzle_source)

    def get_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            return self._get(conn, game_id)

    def _get(self, conn: Any, game_id: str, lock: bool = False) -> GameRow | None:
        query = self._game_for_update if lock and self.postgres else self._game_by_id
        rows = conn.execute(query, {"gid": game_id}).all()
        if not rows:
            return None
        return self._game_row(rows[0], [r for r in rows if r._mapping["seat"] is not None])

    def game_and_actions(self, game_id: str) -> tuple[GameRow | None, list[ActionRow]]:
        """The game and every stored action (none for a game that is gone or
        abandoned), on one connection."""
        with self.engine.connect() as conn:
            row = self._get(conn, game_id)
            if row is None or row.abandoned:
                return row, []
            return row, self._action_rows(conn, game_id, 0)

    @staticmethod
    def _game_row(row: Any, seats: Any) -> GameRow:
        m = row._mapping
        options, puzzle_source = read_options(m["options"])
        return GameRow(
            m["id"], m["game"], m["players"], m["seed"], options,
            m["title"], bool(m["listed"]), m["computer_delay_ms"], m["created"],
            bool(m["over"]), json.loads(m["winners"]) if m["winners"] else None,
            [SeatRow(s._mapping["seat"], s._mapping["kind"], s._mapping["agent"],
                     s._mapping["name"], s._mapping["token"], bool(s._mapping["claimed"]),
                     bool(s._mapping["seen"]), bool(s._mapping["absent"]),
                     bool(s._mapping["forfeited"]), s._mapping["returned"],
                     bool(s._mapping["open"]), s._mapping["account"])
             for s in seats],
            m["creator"], bool(m["abandoned"]), m["clock"], m["on_timeout"],
            m["clock_start"], json.loads(m["rematch"]) if m["rematch"] else None,
            m["rematch_of"], bool(m["rated"]), puzzle_source)

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
            self._notify(conn, event_note(game_id, "abandoned"))

    def claim_seat(self, game_id: str, seat: int, token: str | None = None,
                   name: str | None = None, account: int | None = None,
                   only_seat: bool = False) -> bool:
        """Mark a seat as taken, with a new `token` (and the joiner's `name`, and the
        account it is bound to) when given; False when it already was taken, or, with
        `only_seat` (a rated game), when the account has another seat of the game."""
        values: dict[str, Any] = {"claimed": True}
        if account is not None:
            values["account"] = account
        if token is not None:
            values["token"] = token
        if name is not None:
            values["name"] = name
        taken = seats_table.c.claimed == False  # noqa: E712
        if only_seat and account is not None:
            other = seats_table.alias("other")
            taken = and_(taken, ~select(other.c.seat).where(and_(
                other.c.game_id == game_id, other.c.account == account)).exists())
        with self.engine.begin() as conn:
            if only_seat and self.postgres:
                # two joins at once on two processes: the second waits for the first,
                # then sees its seat
                conn.execute(select(games_table.c.id).where(games_table.c.id == game_id)
                             .with_for_update())
            result = conn.execute(update(seats_table).where(and_(
                seats_table.c.game_id == game_id, seats_table.c.seat == seat,
                taken)).values(**values))
            if result.rowcount == 1:
                self._notify(conn, event_note(game_id, "seats"))
            return bool(result.rowcount == 1)

    def hello(self, game_id: str, seat: int | None, token: str | None) -> GameRow | None:
        """Somebody said hello to the game, for `seat` with `token` (or to watch): the
        game as it now stands (None if there is none). When the token holds the seat,
        the seat has been seen; if its time had run out, it plays again; once every
        human seat has come, the clocks start. One transaction, which holds the game's
        row while a seat is greeted: two seats arriving together on two processes
        would otherwise each count the other as not yet come, and the clocks would
        never start."""
        with self.engine.begin() as conn:
            row = self._get(conn, game_id, lock=seat is not None)
            if row is None or row.abandoned or seat is None or not 0 <= seat < len(row.seats):
                return row
            info = row.seats[seat]
            if not holds(info, token) or (info.seen and not info.absent):
                return row
            now = time.time()
            returned = info.absent
            conn.execute(self._back if returned else self._seen,
                         {"gid": game_id, "s": seat, "now": now})
            info.seen = True
            if returned:
                info.absent, info.returned = False, now
            started = False
            # (seats are seen only here, each hello holding the game's row: the seats
            # just read are current)
            if row.clock_start is None and all(s.seen for s in row.seats if s.kind == HUMAN):
                started = conn.execute(self._start_clocks,
                                       {"gid": game_id, "now": now}).rowcount > 0
                if started:
                    row.clock_start = now
            # the other processes hear of what changes their rooms: a clock began, a
            # seat is back. That a seat was seen, or that a game without a clock has
            # all its seats, matters only to the next hello, which reads the row anyway.
            if (started and row.clock is not None) or returned:
                self._notify(conn, event_note(game_id, "seats"))
            return row

    def time_ran_out(self, game_id: str, seat: int, forfeit: bool) -> None:
        """A seat's clock ran out: the computer plays for it; with `forfeit`, it has
        lost by time whatever happens next."""
        with self.engine.begin() as conn:
            values: dict[str, Any] = {"absent": True}
            if forfeit:
                values["forfeited"] = True
            conn.execute(update(seats_table).where(and_(
                seats_table.c.game_id == game_id, seats_table.c.seat == seat))
                .values(**values))
            self._notify(conn, event_note(game_id, "seats"))

    def finish(self, game_id: str, winners: list[int] | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games_table).where(games_table.c.id == game_id).values(
                over=winners is not None,
                winners=json.dumps(winners) if winners is not None else None))

    def change_rematch(self, game_id: str,
                       change: Any) -> tuple[dict[str, Any] | None, GameRow | None]:
        """Read a finished game's rematch under a row lock, let `change(row, conn)`
        return the new rematch (and create the next game with `self._create` on the
        same connection), store it and tell the other processes. (rematch, row)."""
        with self.engine.begin() as conn:
            row = self._get(conn, game_id, lock=True)
            if row is None:
                return None, None
            rematch = change(row, conn)
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(rematch=json.dumps(rematch) if rematch else None))
            self._notify(conn, event_note(game_id, "rematch"))
            row.rematch = rematch
            return rematch, row

    def notify(self, payload: str) -> None:
        """Tell the other processes (PostgreSQL only; one process has nobody to tell)."""
        if self.postgres:
            with self.engine.begin() as conn:
                self._notify(conn, payload)

    def _notify(self, conn: Any, payload: str) -> None:
        if self.postgres:
            conn.execute(select(func.pg_notify(CHANNEL, payload)))

    def _notify_all(self, conn: Any, payloads: list[str]) -> None:
        """Several notifications in one statement (one round trip), in order."""
        if self.postgres and payloads:
            conn.exec_driver_sql(
                "SELECT pg_notify(%(channel)s, p) FROM unnest(%(payloads)s::text[]) "
                "WITH ORDINALITY AS t(p, i) ORDER BY i",
                {"channel": CHANNEL, "payloads": payloads})

    # ---- actions ---------------------------------------------------------------

    def append_action(self, game_id: str, idx: int, seat: int, text: str,
                      actor: str | None = None) -> float:
        """Commit action number `idx` (from 0); StorageError when that index is taken.
        The commit time."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(self._insert_action, {
                    "game_id": game_id, "idx": idx, "seat": seat, "text": text,
                    "created": now, "actor": actor})
                self._notify(conn, action_note(game_id, idx, seat, text, actor, now))
        except IntegrityError as exc:
            raise StorageError(f"action {idx} of game {game_id} is already stored") from exc
        return now

    def append_many(self, rows: list[ActionIn]) -> list[float | Exception]:
        """Commit several actions (game id, index, seat, text, actor) in one
        transaction, or, when that fails, each on its own; the outcome of each, in
        order (its commit time, or what went wrong). On PostgreSQL each action's
        notification goes out with its commit."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(self._insert_action, [
                    {"game_id": g, "idx": i, "seat": s, "text": t, "created": now,
                     "actor": a} for g, i, s, t, a in rows])
                self._notify_all(conn, [action_note(g, i, s, t, a, now)
                                        for g, i, s, t, a in rows])
            return [now] * len(rows)
        except IntegrityError:
            pass
        out: list[float | Exception] = []
        for g, i, s, t, a in rows:
            try:
                out.append(self.append_action(g, i, s, t, a))
            except Exception as exc:
                out.append(exc)
        return out

    def actions(self, game_id: str) -> list[tuple[int, str]]:
        """(seat, text) of every stored action, in order."""
        return [(r.seat, r.text) for r in self.action_rows(game_id)]

    def action_rows(self, game_id: str, start: int = 0) -> list[ActionRow]:
        """Every stored action from index `start` on, in order; StorageError on a gap."""
        with self.engine.connect() as conn:
            return self._action_rows(conn, game_id, start)

    def _action_rows(self, conn: Any, game_id: str, start: int) -> list[ActionRow]:
        rows = conn.execute(self._actions_from, {"gid": game_id, "start": start}).all()
        out: list[ActionRow] = []
        for expected, row in enumerate(rows, start=start):
            if row[0] != expected:
                raise StorageError(f"game {game_id}: action {expected} is missing")
            out.append(ActionRow(row[0], row[1], row[2], row[3], row[4]))
        return out

    def truncate(self, game_id: str, keep: int) -> None:
        """Forget every action from index `keep` on (undo)."""
        with self.engine.begin() as conn:
            conn.execute(delete(actions_table).where(and_(
                actions_table.c.game_id == game_id, actions_table.c.idx >= keep)))
            conn.execute(update(games_table).where(games_table.c.id == game_id)
                         .values(over=False, winners=None))
            self._notify(conn, event_note(game_id, "undo"))


class Analyses:
    """The stored analyses of finished games (server/analyses.py runs them)."""

    def __init__(self, storage: Storage) -> None:
        self.engine = storage.engine

    def get(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(analyses_table).where(
                analyses_table.c.game_id == game_id)).first()
        if row is None:
            return None
        m = row._mapping
        return {"state": m["state"], "agent": m["agent"], "done": m["done"],
                "total": m["total"], "updated": m["updated"],
                "result": json.loads(m["result"]) if m["result"] else None}

    def claim(self, game_id: str, agent: str, total: int, stale_after: float) -> bool:
        """Start analysing `game_id` here, unless a process is at it (it wrote within
        `stale_after` seconds) or it is done."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(analyses_table).values(
                    game_id=game_id, agent=agent, state="running", done=0, total=total,
                    updated=now, result=None))
            return True
        except IntegrityError:
            pass
        with self.engine.begin() as conn:
            taken = conn.execute(update(analyses_table).where(and_(
                analyses_table.c.game_id == game_id,
                analyses_table.c.state != "done",
                (analyses_table.c.state == "failed")
                | (analyses_table.c.updated < now - stale_after)))
                .values(agent=agent, state="running", done=0, total=total, updated=now))
            return bool(taken.rowcount == 1)

    def progress(self, game_id: str, done: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(analyses_table).where(analyses_table.c.game_id == game_id)
                         .values(done=done, updated=time.time()))

    def finish(self, game_id: str, result: dict[str, Any] | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(analyses_table).where(analyses_table.c.game_id == game_id)
                         .values(state="done" if result is not None else "failed",
                                 updated=time.time(),
                                 result=json.dumps(result) if result is not None else None))


def upgrade_schema(engine: Engine) -> None:
    """Add the columns this version has and an older database lacks. Columns are only
    ever added, each nullable or with a default, so an older database keeps working;
    that needs no migration tool (Alembic would add a migration tree and a command
    for what this loop does)."""
    present = inspect(engine)
    with engine.begin() as conn:
        for table in metadata.sorted_tables:
            have = {c["name"] for c in present.get_columns(table.name)}
            added: set[str] = set()
            for column in table.columns:
                if column.name in have:
                    continue
                added.add(column.name)
                kind = column.type.compile(dialect=engine.dialect)
                default = ""
                if column.server_default is not None:
                    value = column.server_default.arg  # type: ignore[attr-defined]
                    default = " DEFAULT " + str(value.compile(dialect=engine.dialect))
                conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN "
                                     f"{column.name} {kind}{default}")
            # and the indexes of the columns just added (an account's seats are found
            # by theirs)
            for index in table.indexes:
                if added & {c.name for c in index.columns}:
                    index.create(conn, checkfirst=True)
