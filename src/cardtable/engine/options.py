"""Declared options: what a game accepts as `new_game(players, seed, **options)`, said
once, as data, so that every face (the command line, the lobby, the RL adapters, the
docs) builds its controls and its checks from the same declaration.

A game declares each option as an `Option` (name, kind, choices or bounds, default, a
label and one sentence of help) and checks what it is given with `validate_options`,
which reads the values, normalises them (a choice matches without regard to letter
case and comes back as declared) and raises one clear error per problem. What the
declaration cannot say (a character id that must be in the chosen card file, a tile
list that must be one longer than the players) the game still checks itself, after.

Kinds:

- `choice`: one of `choices` (each a value with a short label);
- `bool`: True or False;
- `int`: a whole number, within `minimum`..`maximum` where they are given;
- `text`: any text (a digest, a name);
- `path`: the path of a file (text, or a path object, kept as text); never offered in a
  browser;
- `list`: a list of `item_kind` items ("text" or "int", ints within `minimum`..
  `maximum`), given as a list or as comma-separated text; `per_seat` asks for one item
  per seat; where `choices` are declared, one of those words stands instead of a list
  (Vale's `start_scores`: `seat`, `zero` or a list of numbers).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardtable.engine.api import OptionError

KINDS: Final = ("choice", "bool", "int", "text", "path", "list")
ITEM_KINDS: Final = ("text", "int")


@dataclass(frozen=True, slots=True)
class Choice:
    """One value a `choice` option (or a `list` option's word) may take."""

    value: str
    label: str

    def to_dict(self) -> dict[str, str]:
        return {"value": self.value, "label": self.label}


@dataclass(frozen=True, slots=True)
class Option:
    """One option a game accepts.

    `default` is what the rules use when the option is not given; None when the game
    derives it from the other options or the players (then `default_text` says how).
    `table_default` is what a table (the lobby) preselects when it is not the rules'
    default (Vale's `expansion`: the Artifacts); for a `per_seat` list, its first
    items, one per seat. A `list` names its `items` in words ("tile ids") and may offer
    `suggestions` (the shipped set's characters: a game played with another card file
    has others, so they are not enforced here). `needs` = (option, value): this option
    means something only when that other option has that value (given or by default).
    `headline`: a table shows it beside the game's name rather than among the other
    options. `player_facing` is False for an option that records fill in rather than
    players choose (a card set's digest)."""

    name: str
    kind: str
    label: str
    help: str
    default: Any = None
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    table_default: Any = None
    default_text: str = ""
    item_kind: str = "text"
    items: str = ""
    per_seat: bool = False
    suggestions: tuple[Choice, ...] = ()
    needs: tuple[str, str] | None = None
    headline: bool = False
    player_facing: bool = True

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name!r}: kind must be one of "
                             f"{', '.join(KINDS)}, not {self.kind!r}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"option {self.name!r}: a choice needs choices")
        if self.kind == "list" and self.item_kind not in ITEM_KINDS:
            raise ValueError(f"option {self.name!r}: item_kind must be one of "
                             f"{', '.join(ITEM_KINDS)}, not {self.item_kind!r}")
        if (self.minimum is not None and self.maximum is not None
                and self.minimum > self.maximum):
            raise ValueError(f"option {self.name!r}: minimum above maximum")

    # ---- what the faces show ------------------------------------------------------

    @property
    def values(self) -> tuple[str, ...]:
        """The declared values of the choices (or a list option's words)."""
        return tuple(c.value for c in self.choices)

    def bounds_text(self) -> str:
        """'from 1 to 20', 'at least 1', '' (no bounds)."""
        lo, hi = self.minimum, self.maximum
        if lo is not None and hi is not None:
            return f"from {lo} to {hi}"
        if lo is not None:
            return f"at least {lo}"
        if hi is not None:
            return f"at most {hi}"
        return ""

    def list_text(self) -> str:
        """What a list option's list holds, in words: 'a list of tile ids'."""
        noun = self.items or ("whole numbers" if self.item_kind == "int" else "texts")
        if self.item_kind == "int" and self.bounds_text():
            noun += f" {self.bounds_text()}"
        return f"a list of {noun}" + (", one per seat" if self.per_seat else "")

    def values_text(self) -> str:
        """The values the option takes, in words, for a help line or a table."""
        if self.kind == "choice":
            return ", ".join(self.values)
        if self.kind == "bool":
            return "true, false"
        if self.kind == "int":
            return " ".join(("whole number", self.bounds_text())).strip()
        if self.kind == "path":
            return "a path to a card file"
        if self.kind == "list":
            return ", ".join([*self.values, self.list_text()])
        return "text"

    def default_shown(self) -> str:
        """The default in words."""
        if self.default_text:
            return self.default_text
        if self.default is None:
            return "none"
        if isinstance(self.default, bool):
            return "true" if self.default else "false"
        return str(self.default)

    def help_line(self) -> str:
        """One line: the help, each choice with its label, the bounds and the default
        (what `Game.option_help()` gives)."""
        if self.choices:
            said = [f"{c.value} ({'default: ' if c.value == self.default else ''}"
                    f"{c.label})" for c in self.choices]
            if self.kind == "list":
                said.append(f"or {self.list_text()}")
            text = f"{self.help}: " + ", ".join(said)
            if self.default is None and self.default_text:
                text += f" (default {self.default_text})"
        else:
            text = f"{self.help}: {self.values_text()}"
            if self.default is not None or self.default_text:
                text += f" (default {self.default_shown()})"
        if self.needs is not None:
            text += f"; only with {self.needs[0]}={self.needs[1]}"
        if self.default is not None and self.table_default not in (None, self.default):
            text += f"; a new table starts with {self.table_default}"
        return text


    def to_dict(self) -> dict[str, Any]:
        """The declaration, JSON-safe (what /api/meta sends the lobby)."""
        return {"name": self.name, "kind": self.kind, "label": self.label,
                "help": self.help, "default": self.default,
                "default_text": self.default_shown(),
                "table_default": (self.default if self.table_default is None
                                  else self.table_default),
                "choices": [c.to_dict() for c in self.choices],
                "minimum": self.minimum, "maximum": self.maximum,
                "item_kind": self.item_kind if self.kind == "list" else None,
                "items": self.items, "per_seat": self.per_seat,
                "suggestions": [c.to_dict() for c in self.suggestions],
                "needs": None if self.needs is None else {self.needs[0]: self.needs[1]},
                "headline": self.headline,
                "player_facing": self.player_facing and self.kind != "path"}

    # ---- reading a value ----------------------------------------------------------

    def read(self, value: Any, players: int | None = None,
             error: type[Exception] = OptionError) -> Any:
        """`value` checked and normalised, or `error` saying what this option takes."""
        kind = self.kind
        if kind == "choice":
            found = self._word(value)
            if found is None:
                raise error(f"{self.name} must be one of {', '.join(self.values)}, "
                            f"not {value!r}")
            return found
        if kind == "bool":
            if not isinstance(value, bool):
                raise error(f"{self.name} must be true or false, not {value!r}")
            return value
        if kind == "int":
            return self._number(value, error, f"{self.name} must be")
        if kind == "text":
            if not isinstance(value, str):
                raise error(f"{self.name} must be text, not {value!r}")
            return value
        if kind == "path":
            if isinstance(value, os.PathLike):
                value = os.fspath(value)
            if not isinstance(value, str):
                raise error(f"{self.name} must be text, {self.help}; not {value!r}")
            return value
        return self._list(value, players, error)

    def _word(self, value: Any) -> str | None:
        if isinstance(value, str):
            wanted = value.strip().lower()
            for c in self.choices:
                if c.value.lower() == wanted:
                    return c.value
        return None

    def _number(self, value: Any, error: type[Exception], lead: str) -> int:
        lo, hi = self.minimum, self.maximum
        if (isinstance(value, bool) or not isinstance(value, int)
                or (lo is not None and value < lo) or (hi is not None and value > hi)):
            raise error(f"{lead} a whole number {self.bounds_text()}".rstrip()
                        + f", not {value!r}")
        return int(value)

    def _list(self, value: Any, players: int | None, error: type[Exception]) -> Any:
        word = self._word(value)
        if word is not None:
            return word
        noun = self.items or ("whole numbers" if self.item_kind == "int" else "texts")
        count = f" {players}" if self.per_seat and players is not None else ""
        words = (", or be " + " or ".join(repr(w) for w in self.values)) \
            if self.choices else ""
        lead = f"{self.name} must list{count} {noun}"
        if self.per_seat:
            lead += " (one per seat)"
        wrong = f"{lead}{words}; not {value!r}"
        if isinstance(value, str):
            if not self.choices or "," in value:
                items: list[Any] = [v.strip() for v in value.split(",") if v.strip()]
                if self.item_kind == "int":
                    try:
                        items = [int(v) for v in items]
                    except ValueError:
                        raise error(wrong) from None
            else:
                raise error(wrong)
        elif isinstance(value, list | tuple):
            items = list(value)
        else:
            raise error(wrong)
        if self.item_kind == "int":
            items = [self._number(v, error, f"{self.name}: each item must be")
                     for v in items]
        elif not all(isinstance(v, str) for v in items):
            raise error(wrong)
        if not items:
            raise error(wrong)
        if self.per_seat and players is not None and len(items) != players:
            raise error(f"{self.name} needs one per seat: {players} for {players} "
                        f"players, got {len(items)}")
        return items


def validate_options(game: str, declared: Sequence[Option], options: Mapping[str, Any],
                     players: int | None = None,
                     error: type[Exception] = OptionError) -> dict[str, Any]:
    """The options checked against `declared` and normalised: a new dict of the options
    given (defaults are not filled in; `defaults(declared)` has them). The first
    problem raises `error` (OptionError unless the game has its own type): an unknown
    option names the known ones, a number out of bounds the bounds, a choice not
    offered the offered ones. `options` itself is never changed."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(options) - set(by_name))
    if unknown:
        which = (f"option {unknown[0]!r}" if len(unknown) == 1
                 else "options " + ", ".join(map(repr, unknown)))
        raise error(f"unknown {which} for {game}; options: {', '.join(by_name)}")
    read = {name: by_name[name].read(value, players, error)
            for name, value in options.items()}
    for name in read:
        needs = by_name[name].needs
        if needs is not None:
            other, wanted = needs
            if read.get(other, by_name[other].default) != wanted:
                raise error(f"{name} needs {other}={wanted!r}")
    return read


def defaults(declared: Sequence[Option]) -> dict[str, Any]:
    """Each option's default, where the rules fix one (not derived from others)."""
    return {o.name: o.default for o in declared if o.default is not None}


def option_help(declared: Sequence[Option]) -> dict[str, str]:
    """{name: one line of help}, as `Game.option_help()` gives it."""
    return {o.name: o.help_line() for o in declared}
