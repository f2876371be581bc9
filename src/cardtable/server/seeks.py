"""Quick pairing's seeks, in the games' database (SQLite or PostgreSQL), so that any
process of a cluster can pair the seeks posted to any other.

A seek is a row: what it asks for (game, players, clock, rated), whose it is (an
account, or a guest known by the seek's secret alone), the seeker's rating in the
game's pool when it was posted, when it was posted, when its seeker last asked about it
(`seen`), and its state: `open`, then `paired` (with the game and the seat), `cancelled`
or `expired`. Only the SHA-256 of its secret is stored.

Pairing is one transaction (`match`): on PostgreSQL it first takes a transaction-level
advisory lock, so one process at a time decides who plays whom (the decision is about
every open seek at once; it takes milliseconds), and it reads the open seeks
`FOR UPDATE`, so a cancel that comes meanwhile waits and then finds the seek paired.
Each seek leaves `open` only through an UPDATE conditioned on its being open, so no seek
is ever seated twice, and the games are created in that same transaction: a seek is
paired exactly when its game exists.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    String,
    Table,
    and_,
    delete,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError

from cardtable.server import pairing, ratings
from cardtable.server.notifications import seeks_note
from cardtable.server.results import ratings_table
from cardtable.server.seeds import server_seed
from cardtable.server.storage import (
    HUMAN,
    GameRow,
    Storage,
    games_table,
    metadata,
    seats_table,
)

seeks_table = Table(
    "ct_seeks", metadata,
    Column("id", String(32), primary_key=True),
    Column("secret", String(64), nullable=False),       # SHA-256 of the seek's secret, hex
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("clock", String(32), nullable=True),
    Column("rated", Boolean, nullable=False),
    Column("account", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("address", String(64), nullable=False),
    Column("rating", Integer, nullable=False),
    Column("created", Float, nullable=False),
    Column("seen", Float, nullable=False),
    Column("state", String(16), nullable=False),        # open, paired, cancelled, expired
    # "a<account>" while an account's seek is open, else null: unique, so an account
    # has one open seek at a time however many processes it posts to at once
    Column("open_key", String(32), nullable=True, unique=True),
    Column("game_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("ended", Float, nullable=True),
    Index("ct_seeks_state_created", "state", "created"),
    Index("ct_seeks_address_created", "address", "created"),
)

OPEN, PAIRED, CANCELLED, EXPIRED = "open", "paired", "cancelled", "expired"
# a number of PostgreSQL's transaction-level advisory locks that is quick pairing's
MATCH_LOCK = 0x63745F7365656B     # "ct_seek"
KEEP = 86400.0                    # seconds a finished seek's row is kept (its answer)


class SeekRefused(Exception):
    """A seek the server will not take; `status` is the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class SeekRow:
    id: str
    game: str
    players: int
    clock: str | None
    rated: bool
    account: int | None
    name: str
    address: str
    rating: int
    created: float
    seen: float
    state: str
    game_id: str | None
    seat: int | None
    ended: float | None

    def rule(self) -> pairing.Seek:
        owner = f"a{self.account}" if self.account is not None else f"g{self.id}"
        return pairing.Seek(self.id, self.game, self.players, self.clock, self.rated,
                            self.rating, self.created, owner)


@dataclass(frozen=True)
class Paired:
    """What a pass did: the games it created, and the seeks that left `open` (paired
    or expired): their seekers are told."""
    games: list[GameRow]
    ended: list[str]


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _row(m: Any) -> SeekRow:
    return SeekRow(m["id"], m["game"], m["players"], m["clock"], bool(m["rated"]),
                   m["account"], m["name"], m["address"], m["rating"], m["created"], m["seen"],
                   m["state"], m["game_id"], m["seat"], m["ended"])


class Seeks:
    """Every read and write of seeks. Synchronous; each call is one transaction."""

    def __init__(self, storage: Storage, lifetime: float = 900.0, idle: float = 40.0) -> None:
        self.storage = storage
        self.engine = storage.engine
        self.postgres = storage.postgres
        self.lifetime = lifetime    # an open seek expires this long after it was posted
        self.idle = idle            # ... or when its seeker has not asked for this long

    # ---- a seeker's seek ------------------------------------------------------------

    def post(self, game: str, players: int, clock: str | None, rated: bool,
             account: int | None, name: str, address: str, *, per_address: int,
             posts_per_window: int, window: float, total: int,
             games_per_address: int) -> tuple[SeekRow, str]:
        """Store a new open seek; (its row, its secret). SeekRefused when the account
        has an open seek already (409), the address has `per_address` open seeks,
        posted `posts_per_window` in the last `window` seconds or has
        `games_per_address` unfinished games, or the server holds `total` open seeks
        (429). One transaction: what it checks is read in one statement."""
        now = time.time()
        seek_id = secrets.token_urlsafe(9)
        secret = secrets.token_urlsafe(24)
        pool = ratings.pool(game, players)
        try:
            with self.engine.begin() as conn:
                if self.postgres:
                    # one address's posts one at a time, so that its counts hold
                    conn.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:a, 1))"),
                                 {"a": f"seek:{address}"})
                mine = seeks_table.c.address == address
                count = select(func.count()).select_from(seeks_table)
                checks = select(
                    count.where(and_(mine, seeks_table.c.state == OPEN)).scalar_subquery(),
                    count.where(and_(mine, seeks_table.c.created > now - window))
                    .scalar_subquery(),
                    count.where(seeks_table.c.state == OPEN).scalar_subquery(),
                    select(func.count()).select_from(games_table).where(and_(
                        games_table.c.creator == address,
                        games_table.c.over == False,  # noqa: E712
                        games_table.c.abandoned == False)).scalar_subquery(),  # noqa: E712
                    select(ratings_table.c.mu).where(and_(
                        ratings_table.c.account == (account if account is not None else -1),
                        ratings_table.c.pool == pool)).scalar_subquery())
                open_here, recent, everywhere, unfinished, mu = conn.execute(checks).one()
                if int(unfinished) >= games_per_address:
                    raise SeekRefused(429, f"you have {games_per_address} unfinished games "
                                           "on this server, its limit: finish or abandon "
                                           "one first")
                if int(open_here) >= per_address:
                    raise SeekRefused(429, f"{per_address} seeks are open from your "
                                           "address, its limit: cancel one first")
                if int(recent) >= posts_per_window:
                    raise SeekRefused(429, "too many seeks from your address: try again "
                                           "in a few minutes")
                if int(everywhere) >= total:
                    raise SeekRefused(429, "the server has as many seeks as it takes: try "
                                           "again in a minute")
                rating = ratings.shown(mu) if mu is not None else ratings.BASE
                conn.execute(insert(seeks_table).values(
                    id=seek_id, secret=hash_secret(secret), game=game, players=players,
                    clock=clock, rated=rated, account=account, name=name, address=address,
                    rating=rating, created=now, seen=now, state=OPEN,
                    open_key=f"a{account}" if account is not None else None,
                    game_id=None, seat=None, ended=None))
        except IntegrityError:      # the account's open seek holds `open_key`
            raise SeekRefused(409, "you are seeking a game already: cancel that seek "
                                   "first") from None
        return (SeekRow(seek_id, game, players, clock, rated, account, name, address,
                        rating, now, now, OPEN, None, None, None), secret)

    def get(self, seek_id: str) -> tuple[SeekRow, str, str | None] | None:
        """A seek, the hash of its secret, and once it is paired its seat's token (one
        query)."""
        query = (select(seeks_table, seats_table.c.token)
                 .select_from(seeks_table.outerjoin(seats_table, and_(
                     seats_table.c.game_id == seeks_table.c.game_id,
                     seats_table.c.seat == seeks_table.c.seat)))
                 .where(seeks_table.c.id == seek_id))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        if row is None:
            return None
        return _row(row._mapping), row._mapping["secret"], row._mapping["token"]

    def seen_now(self, seek_id: str, waiting: float = 0.0) -> None:
        """Its seeker asked about it, and waits `waiting` seconds for the answer: it
        is wanted until then at least."""
        with self.engine.begin() as conn:
            conn.execute(update(seeks_table).where(and_(
                seeks_table.c.id == seek_id, seeks_table.c.state == OPEN))
                .values(seen=time.time() + waiting))

    def cancel(self, seek_id: str) -> bool:
        """Cancel an open seek; False when it is no longer open (paired, expired)."""
        with self.engine.begin() as conn:
            done = conn.execute(update(seeks_table).where(and_(
                seeks_table.c.id == seek_id, seeks_table.c.state == OPEN))
                .values(state=CANCELLED, open_key=None, ended=time.time())).rowcount == 1
            if done:
                self.storage._notify(conn, seeks_note([seek_id]))
            return bool(done)

    def open_seeks(self, limit: int = 100) -> list[SeekRow]:
        """The open seeks still wanted, longest-waiting first."""
        now = time.time()
        with self.engine.connect() as conn:
            rows = conn.execute(select(seeks_table).where(and_(
                seeks_table.c.state == OPEN, seeks_table.c.created > now - self.lifetime,
                seeks_table.c.seen > now - self.idle))
                .order_by(seeks_table.c.created).limit(limit)).all()
        return [_row(r._mapping) for r in rows]

    def any_open(self) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(seeks_table.c.id).where(
                seeks_table.c.state == OPEN).limit(1)).first() is not None

    # ---- pairing -----------------------------------------------------------------------

    def match(self) -> Paired:
        """One pass: expire the seeks no longer wanted, seat every table of compatible
        seeks (pairing.groups) in a new game, and tell the other processes which seeks
        ended. One transaction."""
        ended: list[str] = []
        made: list[GameRow] = []
        with self.engine.begin() as conn:
            if self.postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MATCH_LOCK})
            now = time.time()
            stale = conn.execute(update(seeks_table).where(and_(
                seeks_table.c.state == OPEN,
                or_(seeks_table.c.created <= now - self.lifetime,
                    seeks_table.c.seen <= now - self.idle)))
                .values(state=EXPIRED, open_key=None, ended=now)
                .returning(seeks_table.c.id)).all()
            ended += [r[0] for r in stale]
            query = (select(seeks_table).where(seeks_table.c.state == OPEN)
                     .order_by(seeks_table.c.created))
            if self.postgres:
                query = query.with_for_update()
            rows = {r.id: r for r in (_row(m._mapping) for m in conn.execute(query).all())}
            for table in pairing.groups([r.rule() for r in rows.values()], now):
                seated = [rows[s.id] for s in table]
                creator = seated[0].address     # the longest-waiting: it counts the game
                # who sits where is drawn: the first to seek does not always move first
                order = list(range(len(seated)))
                secrets.SystemRandom().shuffle(order)
                seated = [seated[i] for i in order]
                with conn.begin_nested() as nested:
                    game = self.storage._create(
                        conn, seated[0].game, seated[0].players, server_seed(), {},
                        [(HUMAN, None, r.name) for r in seated], "", True, 0,
                        creator, seated[0].clock,
                        ("forfeit" if seated[0].rated else "computer")
                        if seated[0].clock is not None else None,
                        None, [r.account for r in seated], seated[0].rated)
                    taken = 0
                    for seat, r in enumerate(seated):
                        taken += conn.execute(update(seeks_table).where(and_(
                            seeks_table.c.id == r.id, seeks_table.c.state == OPEN))
                            .values(state=PAIRED, open_key=None, ended=now,
                                    game_id=game.id, seat=seat)).rowcount
                    if taken != len(seated):     # (cannot happen under the lock: safe)
                        nested.rollback()
                        continue
                made.append(game)
                ended += [r.id for r in seated]
            # the payload stays well under PostgreSQL's 8,000 bytes a notification
            for i in range(0, len(ended), 300):
                self.storage._notify(conn, seeks_note(ended[i:i + 300]))
            if secrets.randbelow(100) == 0:
                conn.execute(delete(seeks_table).where(and_(
                    seeks_table.c.state != OPEN, seeks_table.c.ended < now - KEEP)))
        return Paired(made, ended)
