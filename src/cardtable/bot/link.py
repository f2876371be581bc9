"""A seat link, as the server hands it out: `/g/GAME#seat=S&token=T`, absolute
(`https://host/g/GAME#seat=S&token=T`) or relative to a server given apart."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from cardtable.engine.api import CardtableError

_GAME_PATH = re.compile(r"^/g/([A-Za-z0-9_-]{1,32})/?$")


class LinkError(CardtableError, ValueError):
    """A seat link that cannot be read; the text says what a link looks like."""


@dataclass(frozen=True)
class SeatLink:
    server: str         # scheme and host, e.g. "https://cards.example.org"
    game_id: str
    seat: int           # counted from 0, as the link has it
    token: str

    @property
    def websocket(self) -> str:
        """The game's websocket address: ws:// for http, wss:// for https."""
        scheme, _, rest = self.server.partition("://")
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/{self.game_id}"

    @property
    def page(self) -> str:
        """The game's page, without the token (for messages a person reads)."""
        return f"{self.server}/g/{self.game_id}"


EXAMPLE = "http://HOST:PORT/g/GAME#seat=0&token=TOKEN"


def parse_link(text: str, server: str | None = None) -> SeatLink:
    """Read a seat link. `server` (http[s]://host[:port]) is where the game is: needed
    for a link without one, and it wins over the link's own (a link copied behind a
    proxy names the proxy's host)."""
    given = urlsplit(text.strip())
    where = server.strip().rstrip("/") if server else ""
    if where:
        parts = urlsplit(where)
        if parts.scheme not in ("http", "https") or not parts.netloc or \
                parts.path not in ("", "/"):
            raise LinkError(f"--server {server!r}: give it as http://HOST:PORT or "
                            "https://HOST")
        where = f"{parts.scheme}://{parts.netloc}"
    elif given.scheme in ("http", "https") and given.netloc:
        where = f"{given.scheme}://{given.netloc}"
    else:
        raise LinkError(f"{text!r} names no server: give the whole link ({EXAMPLE}) or "
                        "--server http://HOST:PORT")
    found = _GAME_PATH.match(given.path)
    if found is None:
        raise LinkError(f"{text!r} is not a seat link: a seat link looks like {EXAMPLE}")
    fields = parse_qs(given.fragment, keep_blank_values=True)
    seat_text = fields.get("seat", [""])[-1]
    token = fields.get("token", [""])[-1]
    if not token:
        raise LinkError(f"{text!r} has no seat token (#seat=S&token=T at its end): the "
                        "link to watch a game plays no seat; use the seat's own link")
    if not seat_text.isdigit() or int(seat_text) > 7:
        raise LinkError(f"{text!r}: the seat must be a seat number from 0 (#seat=0)")
    return SeatLink(where, found.group(1), int(seat_text), token)
