"""uvicorn's websocket protocol with one addition: the ASGI scope carries the
connection's `abort`, so the server can drop an abusive client at once.

A graceful close waits for the socket's buffer to drain, and a client that declines
to read keeps it from draining for as long as it likes; ASGI offers no way to abort
a connection, hence this small extension (`scope["extensions"]["cardtable.abort"]`).
The app works without it (under another server or the test client, abusive sockets
are only closed, not aborted).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

ABORT = "cardtable.abort"


class AbortableWebSocketProtocol(WebSocketsSansIOProtocol):
    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:   # None: the handshake was refused
            scope["extensions"][ABORT] = {"abort": self.transport.abort}
