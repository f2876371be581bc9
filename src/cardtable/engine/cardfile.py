"""Reading card files: TOML with checked fields, and errors that name file, card, field.

Each game's `cards.py` builds its card model with these helpers, so every broken card
file fails the same way: one CardFileError saying where and what.
"""

from __future__ import annotations

import builtins
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from cardtable.engine.api import CardFileError

PROVENANCES: Final = ("confirmed", "provisional")


def load_toml(path: str | Path) -> dict[str, Any]:
    """The parsed TOML document at `path`."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise CardFileError(name, f"cannot read the file ({exc.strerror})") from None
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CardFileError(name, "the file is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(name, f"not valid TOML: {exc}") from None


class Table:
    """One TOML table of a card file, read field by field with clear errors."""

    __slots__ = ("card", "data", "file")

    def __init__(self, file: builtins.str, data: Any, card: builtins.str | None) -> None:
        if not isinstance(data, dict):
            raise CardFileError(file, "expected a table", card=card)
        self.file = file
        self.data = data
        self.card = card

    def error(self, field: builtins.str | None, message: builtins.str) -> CardFileError:
        return CardFileError(self.file, message, card=self.card, field=field)

    def has(self, field: builtins.str) -> builtins.bool:
        return field in self.data

    def str(self, field: builtins.str, default: builtins.str | None = None) -> builtins.str:
        value = self.data.get(field, default)
        if value is None:
            raise self.error(field, "missing")
        if not isinstance(value, builtins.str) or not value.strip():
            raise self.error(field, f"must be a non-empty string, not {value!r}")
        return value

    def int(self, field: builtins.str, default: builtins.int | None = None,
            low: builtins.int | None = None,
            high: builtins.int | None = None) -> builtins.int:
        value = self.data.get(field, default)
        if value is None:
            raise self.error(field, "missing")
        if not isinstance(value, builtins.int) or isinstance(value, builtins.bool):
            raise self.error(field, f"must be a whole number, not {value!r}")
        if low is not None and value < low:
            raise self.error(field, f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise self.error(field, f"must be at most {high}, not {value}")
        return value

    def bool(self, field: builtins.str, default: builtins.bool | None = None) -> builtins.bool:
        value = self.data.get(field, default)
        if not isinstance(value, builtins.bool):
            raise self.error(field, f"must be true or false, not {value!r}")
        return value

    def choice(self, field: builtins.str, allowed: Sequence[builtins.str],
               default: builtins.str | None = None) -> builtins.str:
        value = self.str(field, default)
        if value not in allowed:
            raise self.error(field, f"{value!r} is not one of {', '.join(allowed)}")
        return value

    def str_list(self, field: builtins.str,
                 default: list[builtins.str] | None = None) -> list[builtins.str]:
        value = self.data.get(field, default)
        if value is None:
            raise self.error(field, "missing")
        if not isinstance(value, list) or not all(isinstance(v, builtins.str) for v in value):
            raise self.error(field, f"must be a list of strings, not {value!r}")
        return list(value)

    def tables(self, field: builtins.str, key: builtins.str = "id") -> list[Table]:
        """The array of tables under `field`; each is named by its `key` field."""
        value = self.data.get(field)
        if value is None:
            raise self.error(field, "missing")
        if not isinstance(value, list):
            raise self.error(field, "must be an array of tables ([[...]])")
        out = []
        for index, item in enumerate(value, start=1):
            name = item.get(key) if isinstance(item, dict) else None
            label = str(name) if isinstance(name, builtins.str) else f"{field}[{index}]"
            out.append(Table(self.file, item, label))
        return out

    def provenance(self) -> tuple[builtins.str, builtins.str | None]:
        """(`confirmed` with its source, or `provisional`) for this card."""
        kind = self.choice("provenance", PROVENANCES)
        source = self.data.get("source")
        if kind == "confirmed" and not (isinstance(source, builtins.str) and source.strip()):
            raise self.error("source", "a confirmed card must name its source")
        if source is not None and not isinstance(source, builtins.str):
            raise self.error("source", "must be a string")
        return kind, source

    def reject_unknown(self, known: Sequence[builtins.str]) -> None:
        """A misspelt field is an error, not a silently ignored line."""
        for field in self.data:
            if field not in known:
                raise self.error(field, f"unknown field; known fields: {', '.join(known)}")
