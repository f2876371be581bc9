"""Accounts, their sessions and the sign-in attempts, in the same database as the games
(SQLite or PostgreSQL), so that every process of a cluster shares them.

An account has a stable integer id (what seats, and later ratings, refer to), its name
as shown, the name's key (NFKC, case folded: unique) and skeleton (what it looks like:
unique), and its argon2 hash. A session is stored as the SHA-256 of its cookie's value,
so the table alone signs nobody in. Every sign-in attempt is a row until it succeeds;
counting the rows of a name or an address in the window is the sign-in limit, and
holds across processes.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
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
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from cardtable.server.notifications import event_note
from cardtable.server.storage import (
    HUMAN,
    Storage,
    games_table,
    metadata,
    seats_table,
)

accounts_table = Table(
    "ct_accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    Column("name_key", String(128), nullable=False, unique=True),
    Column("skeleton", String(256), nullable=False, unique=True),
    Column("password", String(200), nullable=False),
    Column("created", Float, nullable=False),
)

sessions_table = Table(
    "ct_sessions", metadata,
    Column("id", String(64), primary_key=True),          # SHA-256 of the cookie, hex
    Column("account", Integer, nullable=False, index=True),
    Column("created", Float, nullable=False),
)

attempts_table = Table(
    "ct_signin_attempts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("scope", String(200), nullable=False),        # name:<key> or addr:<address>
    Column("at", Float, nullable=False),
    Index("ct_signin_attempts_scope_at", "scope", "at"),
)

SESSION_DAYS = 30


class NameTaken(ValueError):
    """The name, or one that looks like it, belongs to an account already."""


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    created: float


def session_id(cookie: str) -> str:
    return hashlib.sha256(cookie.encode("utf-8", "surrogatepass")).hexdigest()


class Accounts:
    """Every read and write of accounts. Synchronous; each call is one transaction."""

    def __init__(self, storage: Storage) -> None:
        self.engine = storage.engine
        self.storage = storage

    # ---- accounts ------------------------------------------------------------------

    def create(self, name: str, name_key: str, skeleton: str, password_hash: str) -> Account:
        now = time.time()
        try:
            with self.engine.begin() as conn:
                new_id = conn.execute(insert(accounts_table).values(
                    name=name, name_key=name_key, skeleton=skeleton,
                    password=password_hash, created=now)).inserted_primary_key
        except IntegrityError:
            raise NameTaken(name) from None
        assert new_id is not None
        return Account(int(new_id[0]), name, now)

    def by_key(self, name_key: str) -> tuple[Account, str] | None:
        """The account of a name key and its stored hash."""
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts_table).where(
                accounts_table.c.name_key == name_key)).first()
        if row is None:
            return None
        m = row._mapping
        return Account(m["id"], m["name"], m["created"]), m["password"]

    def set_password(self, account: int, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(accounts_table).where(accounts_table.c.id == account)
                         .values(password=password_hash))

    def delete(self, account: int) -> list[str]:
        """The account goes, and with it its sessions; its seats stay in their games,
        named as a guest's seat would be and bound to nobody, and so do its chat lines
        and its games' results; its ratings go.
        The games it had seats in."""
        with self.engine.begin() as conn:
            seats = conn.execute(select(seats_table.c.game_id, seats_table.c.seat).where(
                seats_table.c.account == account)).all()
            for game_id, seat in seats:
                conn.execute(update(seats_table).where(and_(
                    seats_table.c.game_id == game_id, seats_table.c.seat == seat))
                    .values(account=None, name=f"Player {seat + 1}"))
            from cardtable.server.chat import chat_table

            conn.execute(update(chat_table).where(chat_table.c.account == account)
                         .values(account=None, name="a deleted account"))
            # its results stay with their games, a guest's; its ratings go
            from cardtable.server.results import ratings_table, results_table

            conn.execute(update(results_table).where(results_table.c.account == account)
                         .values(account=None))
            conn.execute(delete(ratings_table).where(ratings_table.c.account == account))
            conn.execute(delete(sessions_table).where(sessions_table.c.account == account))
            conn.execute(delete(accounts_table).where(accounts_table.c.id == account))
            games = sorted({g for g, _ in seats})
            for game_id in games:
                self.storage._notify(conn, event_note(game_id, "seats"))
        return games

    # ---- sessions ------------------------------------------------------------------

    def start_session(self, account: int, replaces: str | None) -> str:
        """A new session for `account` (its cookie's value); the session `replaces`
        (a cookie this browser had) ends."""
        cookie = secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            if replaces:
                conn.execute(delete(sessions_table).where(
                    sessions_table.c.id == session_id(replaces)))
            conn.execute(insert(sessions_table).values(
                id=session_id(cookie), account=account, created=time.time()))
        return cookie

    def end_session(self, cookie: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_table).where(sessions_table.c.id == session_id(cookie)))

    def session(self, cookie: str) -> Account | None:
        """The account a session cookie signs in (None: unknown or expired)."""
        oldest = time.time() - SESSION_DAYS * 86400
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name, accounts_table.c.created)
                .select_from(sessions_table.join(
                    accounts_table, accounts_table.c.id == sessions_table.c.account))
                .where(and_(sessions_table.c.id == session_id(cookie),
                            sessions_table.c.created >= oldest))).first()
        return Account(row[0], row[1], row[2]) if row is not None else None

    # ---- sign-in attempts ----------------------------------------------------------

    def attempt(self, scopes: list[str], window: float) -> tuple[list[int], list[int]]:
        """Note a sign-in attempt under each scope; how many attempts each scope has
        had in the last `window` seconds (this one included), and the new rows' ids
        (forgotten again when the attempt succeeds)."""
        now = time.time()
        with self.engine.begin() as conn:
            ids = [int(conn.execute(insert(attempts_table).values(scope=s, at=now))
                       .inserted_primary_key[0])  # type: ignore[index]
                   for s in scopes]
            counts = [int(conn.execute(select(func.count()).select_from(attempts_table)
                                       .where(and_(attempts_table.c.scope == s,
                                                   attempts_table.c.at > now - window)))
                          .scalar_one()) for s in scopes]
            # the old rows go now and then (about one attempt in fifty)
            if secrets.randbelow(50) == 0:
                conn.execute(delete(attempts_table).where(attempts_table.c.at <= now - window))
        return counts, ids

    def forget_attempts(self, ids: list[int]) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(attempts_table).where(attempts_table.c.id.in_(ids)))

    # ---- seats ---------------------------------------------------------------------

    def bind_seat(self, game_id: str, seat: int, account: int) -> bool:
        """Bind a seat to `account` unless another account has it; whether it is the
        account's now."""
        with self.engine.begin() as conn:
            done = conn.execute(update(seats_table).where(and_(
                seats_table.c.game_id == game_id, seats_table.c.seat == seat,
                (seats_table.c.account.is_(None)) | (seats_table.c.account == account)))
                .values(account=account))
            return bool(done.rowcount == 1)

    def seats(self, account: int, limit: int = 200) -> list[dict[str, Any]]:
        """The account's seats, newest game first, with their links (the account's
        own seats only)."""
        query = (select(games_table.c.id, games_table.c.game, games_table.c.title,
                        games_table.c.over, games_table.c.created, seats_table.c.seat,
                        seats_table.c.token)
                 .select_from(seats_table.join(games_table,
                                               games_table.c.id == seats_table.c.game_id))
                 .where(and_(seats_table.c.account == account,
                             seats_table.c.kind == HUMAN,
                             games_table.c.abandoned == False))  # noqa: E712
                 .order_by(games_table.c.created.desc()).limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [{"id": r[0], "game": r[1], "title": r[2], "over": bool(r[3]),
                 "created": r[4], "seat": r[5], "token": r[6],
                 "link": f"/g/{r[0]}#seat={r[5]}&token={r[6]}"} for r in rows]
