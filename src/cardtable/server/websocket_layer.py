"""uvicorn's websocket protocol with two additions in the ASGI scope's extensions:

- `cardtable.abort`: the connection's `abort`, so the server can drop an abusive
  client at once. A graceful close waits for the socket's buffer to drain, and a
  client that declines to read keeps it from draining for as long as it likes; ASGI
  offers no way to abort a connection.
- `cardtable.send_now`: write several text frames in one go, now, when the socket
  takes them (see `send_now`). Through ASGI every message is a task switch and a
  write of its own; an action's `update` and `ack` to its player are two messages
  of the same moment, and the server sends three or more messages an action.

The app works without them (under another server or the test client, abusive sockets
are only closed, not aborted, and every message goes through ASGI's `send`).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

ABORT = "cardtable.abort"
SEND_NOW = "cardtable.send_now"


class AbortableWebSocketProtocol(WebSocketsSansIOProtocol):
    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:   # None: the handshake was refused
            scope["extensions"][ABORT] = {"abort": self.transport.abort}
            scope["extensions"][SEND_NOW] = {"send": self.send_now}

    def send_now(self, texts: list[str]) -> bool:
        """Write `texts` as text frames in one write, if the connection is open and
        its transport is not holding writes back (the client reads slower than we
        send). False, with nothing written, otherwise: the caller then queues them
        for ASGI's `send`, which waits for the transport, within the caller's bounds."""
        if (self.disconnected or self.close_sent or not self.handshake_complete
                or self.initial_response is not None or not self.writable.is_set()
                or self.transport.is_closing()):
            return False
        try:
            for text in texts:
                self.conn.send_text(text.encode())
        except Exception:   # the client began closing: ASGI's send will say so
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True
