"""SQLite serves one server process: a second `cardtable serve` on the same file would
accept actions for the same games without hearing the first. The lock is filelock's
(an OS lock on a file beside the database, released when the process ends, even by
`kill -9`)."""

from __future__ import annotations

from filelock import FileLock, Timeout
from sqlalchemy.engine import make_url


class InUse(RuntimeError):
    """Another server process serves this SQLite file."""


class SingleProcess:
    def __init__(self, db_url: str) -> None:
        self.path: str | None = None
        url = make_url(db_url if "://" in db_url else f"sqlite:///{db_url}")
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            self.path = f"{url.database}.serve-lock"
        self._lock = FileLock(self.path, is_singleton=False) if self.path else None
        self.acquire()
        self.release()   # checked now, so that `serve` refuses before it starts; held
        # from the app's start to its end

    def acquire(self) -> None:
        if self._lock is None:
            return
        try:
            self._lock.acquire(timeout=0)
        except Timeout:
            raise InUse(
                f"another cardtable server is using {self._lock.lock_file[:-11]}"
                "; SQLite serves one server process. To run several processes on one "
                "database, use PostgreSQL: cardtable serve --db "
                "postgresql://user:password@host:5432/dbname") from None

    def release(self) -> None:
        if self._lock is not None and self._lock.is_locked:
            self._lock.release()
