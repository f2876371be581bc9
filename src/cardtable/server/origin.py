"""Requests from other sites are refused where a cookie could act for the person.

A browser sends `Origin` with every cross-origin request and with same-origin ones
that change something (POST, DELETE, ...), and `Sec-Fetch-Site` where it supports it.
A request that changes something is refused with 403 when either names another site;
a request without them comes from a program, not from a page the person is visiting,
and carries no cookie it was not given. The websocket does not refuse a foreign
origin (programs and other sites may watch), but ignores its cookie.

The origin's host and port are compared with the request's `Host`: a TLS proxy in
front changes the scheme, not the host.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _host_port(netloc: str, scheme: str) -> str | None:
    """`host:port` of a netloc, the scheme's port filled in; None if unreadable."""
    parts = urlsplit("//" + netloc)
    try:
        port = parts.port
    except ValueError:
        return None
    default = {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(scheme)
    return f"{(parts.hostname or '').lower()}:{port or default}"


def same_site(headers: Mapping[str, str], scheme: str) -> bool:
    """Whether the request's Origin (and Sec-Fetch-Site) allow it: absent, or the
    request's own host."""
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin == "null":
        return False
    parts = urlsplit(origin)
    host = headers.get("host", "")
    if not parts.netloc or not host:
        return False
    # the Host header has no scheme: read it with the origin's (a proxy that ends
    # TLS makes the request's own scheme differ from the page's)
    theirs = _host_port(parts.netloc, parts.scheme)
    return theirs is not None and theirs == _host_port(host, parts.scheme)


class OriginCheck:
    """ASGI middleware: a request that changes something (not GET, HEAD, OPTIONS) from
    another site's page gets 403 before the application sees it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            headers = {k.decode("latin-1"): v.decode("latin-1")
                       for k, v in scope.get("headers", [])}
            if not same_site(headers, scope.get("scheme", "http")):
                body = b'{"detail":"this request came from another site\'s page: refused"}'
                await send({"type": "http.response.start", "status": 403,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
