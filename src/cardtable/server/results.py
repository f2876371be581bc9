"""Finished games' results and the ratings they move, in the games' database (SQLite or
PostgreSQL), so that every process of a cluster shares them.

A game's result is a row per seat (its account, place, whether it won, its Thalara
character), stored once when the game ends by whichever process sees the end first:
the (game, seat) key lets only one transaction store them, and a rated game's ratings
move in that same transaction, so they move exactly once however many processes see
the end. The ratings themselves (server/ratings.py does the arithmetic) are a row per
account and pool; a rating row is locked while a game moves it, so two games ending at
once on two processes both count.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    and_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from cardtable.server import ratings
from cardtable.server.accounts import accounts_table
from cardtable.server.ratings import Rating, SeatResult
from cardtable.server.storage import Storage, games_table, metadata

results_table = Table(
    "ct_results", metadata,
    Column("game_id", String(32), ForeignKey("ct_games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account", Integer, nullable=True, index=True),   # null: a guest's seat
    Column("pool", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("character", String(64), nullable=True),           # Thalara's; null in the Vale
    Column("at", Float, nullable=False),
    # a rated game's seat: its rating before and after (null: not rated)
    Column("mu_before", Float, nullable=True),
    Column("sigma_before", Float, nullable=True),
    Column("mu_after", Float, nullable=True),
    Column("sigma_after", Float, nullable=True),
)

ratings_table = Table(
    "ct_ratings", metadata,
    Column("account", Integer, primary_key=True),
    Column("pool", String(64), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ct_ratings_pool_mu", "pool", "mu"),
)


@dataclass(frozen=True)
class SeatOutcome:
    """One seat of a finished game, as its result is stored."""

    seat: int
    account: int | None
    place: int
    won: bool
    character: str | None = None


class Results:
    """Every read and write of results and ratings. Synchronous; each call is one
    transaction (settling is two: the rating rows are made first)."""

    def __init__(self, storage: Storage) -> None:
        self.engine = storage.engine
        self.postgres = storage.postgres

    # ---- a game ends -------------------------------------------------------------

    def settle(self, game_id: str, pool: str, seats: list[SeatOutcome], rated: bool) -> bool:
        """Store a finished game's result and, `rated`, move its players' ratings in
        `pool`. Whether this call did it: False when it was done before (by this
        process or another), and then nothing changes."""
        now = time.time()
        accounts = sorted(s.account for s in seats if s.account is not None)
        if rated:
            if len(accounts) != len(seats):
                raise ValueError("a rated game's every seat is an account's")
            self._make_rows(accounts, pool, now)
        try:
            with self.engine.begin() as conn:
                conn.execute(results_table.insert(), [
                    {"game_id": game_id, "seat": s.seat, "account": s.account, "pool": pool,
                     "place": s.place, "won": s.won, "character": s.character, "at": now}
                    for s in seats])
                if rated:
                    self._rate(conn, game_id, pool, seats, accounts, now)
        except IntegrityError:
            return False
        return True

    def _make_rows(self, accounts: list[int], pool: str, now: float) -> None:
        """A newcomer's rating row (so that it can be locked like any other); a row
        that is there already stays as it is."""
        make = pg_insert if self.postgres else sqlite_insert
        with self.engine.begin() as conn:
            conn.execute(make(ratings_table).values([
                {"account": a, "pool": pool, "mu": ratings.MU, "sigma": ratings.SIGMA,
                 "games": 0, "updated": now} for a in accounts]).on_conflict_do_nothing())

    def _rate(self, conn: Any, game_id: str, pool: str, seats: list[SeatOutcome],
              accounts: list[int], now: float) -> None:
        query = (select(ratings_table).where(and_(ratings_table.c.pool == pool,
                                                  ratings_table.c.account.in_(accounts)))
                 .order_by(ratings_table.c.account))   # one order: no deadlock
        if self.postgres:
            query = query.with_for_update()
        current = {r.account: Rating(r.mu, r.sigma, r.games) for r in conn.execute(query)}
        new = ratings.rate([SeatResult(s.account, s.place) for s in seats
                            if s.account is not None], current)
        for account, rating in new.items():
            conn.execute(update(ratings_table).where(and_(
                ratings_table.c.account == account, ratings_table.c.pool == pool))
                .values(mu=rating.mu, sigma=rating.sigma, games=rating.games, updated=now))
        for s in seats:
            assert s.account is not None
            old = current.get(s.account, ratings.NEW)
            conn.execute(update(results_table).where(and_(
                results_table.c.game_id == game_id, results_table.c.seat == s.seat))
                .values(mu_before=old.mu, sigma_before=old.sigma,
                        mu_after=new[s.account].mu, sigma_after=new[s.account].sigma))

    # ---- what is shown -----------------------------------------------------------

    def game(self, game_id: str) -> list[dict[str, Any]]:
        """A finished game's stored result, seat by seat (empty: not stored), with the
        rating change of each seat of a rated game."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(results_table).where(
                results_table.c.game_id == game_id).order_by(results_table.c.seat)).all()
        out = []
        for r in rows:
            seat: dict[str, Any] = {"seat": r.seat, "place": r.place, "won": bool(r.won)}
            if r.mu_after is not None:
                before, after = ratings.shown(r.mu_before), ratings.shown(r.mu_after)
                seat.update(before=before, after=after, change=after - before)
            out.append(seat)
        return out

    def leaderboard(self, pool: str, limit: int = 100) -> list[dict[str, Any]]:
        """The pool's players with a settled rating (`ratings.PROVISIONAL_GAMES` rated
        games or more), best first; a deleted account's rating went with it."""
        query = (select(accounts_table.c.name, ratings_table.c.mu, ratings_table.c.games)
                 .select_from(ratings_table.join(
                     accounts_table, accounts_table.c.id == ratings_table.c.account))
                 .where(and_(ratings_table.c.pool == pool,
                             ratings_table.c.games >= ratings.PROVISIONAL_GAMES))
                 .order_by(ratings_table.c.mu.desc(), ratings_table.c.games.desc(),
                           accounts_table.c.name)
                 .limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [{"name": r.name, "rating": ratings.shown(r.mu), "games": r.games}
                for r in rows]

    def ratings_of(self, account: int) -> list[dict[str, Any]]:
        """The account's ratings, one per pool it has played a rated game in."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(ratings_table).where(and_(
                ratings_table.c.account == account, ratings_table.c.games > 0))
                .order_by(ratings_table.c.pool)).all()
        return [{"pool": r.pool, "rating": ratings.shown(r.mu), "games": r.games,
                 "provisional": r.games < ratings.PROVISIONAL_GAMES} for r in rows]

    def history(self, account: int) -> dict[str, list[dict[str, Any]]]:
        """The account's rating after each rated game, oldest first, by pool."""
        query = (select(results_table.c.pool, results_table.c.game_id, results_table.c.at,
                        results_table.c.mu_after)
                 .where(and_(results_table.c.account == account,
                             results_table.c.mu_after.is_not(None)))
                 .order_by(results_table.c.at, results_table.c.game_id))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            out.setdefault(r.pool, []).append(
                {"game": r.game_id, "at": r.at, "rating": ratings.shown(r.mu_after)})
        return out

    def games_of(self, account: int, limit: int = 100) -> list[dict[str, Any]]:
        """The account's finished games that are listed in the lobby (a game kept to
        its links stays so), newest first, with its place."""
        query = (select(results_table, games_table.c.game, games_table.c.title,
                        games_table.c.players)
                 .select_from(results_table.join(
                     games_table, games_table.c.id == results_table.c.game_id))
                 .where(and_(results_table.c.account == account,
                             games_table.c.listed == True,  # noqa: E712
                             games_table.c.abandoned == False))  # noqa: E712
                 .order_by(results_table.c.at.desc()).limit(limit))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        out = []
        for r in rows:
            game: dict[str, Any] = {
                "id": r.game_id, "game": r.game, "title": r.title, "players": r.players,
                "seat": r.seat, "place": r.place, "won": bool(r.won), "at": r.at,
                "character": r.character, "rated": r.mu_after is not None,
                "replay": f"/g/{r.game_id}?replay=0",
                "analysis": f"/g/{r.game_id}?watch=1&analysis=1"}
            if r.mu_after is not None:
                game["change"] = ratings.shown(r.mu_after) - ratings.shown(r.mu_before)
            out.append(game)
        return out

    def win_rates(self, account: int) -> dict[str, list[dict[str, Any]]]:
        """How often the account won, per game and per Thalara character, over every
        finished game it played (listed or not: only the counts show)."""
        query = (select(games_table.c.game, results_table.c.character,
                        results_table.c.won)
                 .select_from(results_table.join(
                     games_table, games_table.c.id == results_table.c.game_id))
                 .where(results_table.c.account == account))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        games: dict[str, list[int]] = {}
        characters: dict[str, list[int]] = {}
        for game, character, won in rows:
            for table, key in ((games, game), (characters, character)):
                if key is None:     # a game without characters stores none
                    continue
                tally = table.setdefault(key, [0, 0])
                tally[0] += 1
                tally[1] += int(bool(won))

        def listed(table: dict[str, list[int]], name: str) -> list[dict[str, Any]]:
            return [{name: key, "played": n, "won": w, "rate": w / n}
                    for key, (n, w) in sorted(table.items())]

        return {"games": listed(games, "game"), "characters": listed(characters, "character")}
