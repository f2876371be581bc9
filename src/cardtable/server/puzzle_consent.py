"""Whether a game's creator let its positions become puzzles (`puzzle_source` in
`POST /api/games`, off by default).

The consent is kept inside the game's stored options JSON, under a key no game option
can have (options are checked against each game's declarations, and a name starting
with an underscore is never declared), so the games table needs no new column. It is
taken out again as the row is read: the engine, the rooms, the records and the pages
only ever see the game's own options. A rematch is a new game whose creator has not
been asked, so it does not carry the consent.
"""

from __future__ import annotations

import json
from typing import Any

KEY = "_puzzle_source"
# how the key looks in the stored JSON (json.dumps's default separators): the query of
# `cardtable puzzles collect` narrows on it before each row is read properly
STORED = json.dumps({KEY: True})[1:-1]


def stored_options(options: dict[str, Any], allowed: bool) -> str:
    """The options column's text: the game's options, with the consent when given."""
    return json.dumps({**options, KEY: True} if allowed else options)


def read_options(text: str) -> tuple[dict[str, Any], bool]:
    """The game's options and whether its positions may become puzzles, from the
    options column's text."""
    options = json.loads(text)
    allowed = options.pop(KEY, False) is True
    return options, allowed
