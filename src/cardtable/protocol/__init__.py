"""The game websocket's protocol as data: the JSON Schema (draft 2020-12) of every
message a client sends (`client_message`) and the server sends (`server_message`) on
`/ws/{game_id}`, with its version. docs/protocol.md says the same in words; the server
tests validate every message both ways against it, so the two cannot drift apart.

The version goes up when a message loses a field, a field changes its meaning or type,
or a client must send something new; a field or message added for clients that may
ignore it does not change it."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal

PROTOCOL_VERSION = 1

Direction = Literal["client", "server"]


@cache
def _schema_text() -> str:
    return resources.files(__package__).joinpath("schema.json").read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The whole schema (a fresh copy: callers may change it)."""
    loaded: dict[str, Any] = json.loads(_schema_text())
    return loaded


def message_schema(direction: Direction) -> dict[str, Any]:
    """The schema of one message sent by `direction` ("client" or "server"): the whole
    document with its root pointed at that message's definition."""
    whole = schema()
    whole.pop("oneOf", None)
    whole["$ref"] = f"#/$defs/{direction}_message"
    return whole
