"""The Thalara card model and its loader: colors, Remnants, Artifacts, Aftershocks,
characters and their spells, read from a TOML card file.

Spells are data: each one lists effects from the vocabulary (vocabulary.py: each effect
type, its kind and its fields), so a card file of one's own with new spells built from
that vocabulary loads without code.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Final

from cardtable.engine.api import CardFileError
from cardtable.engine.cardfile import Table, load_toml
from cardtable.thalara.actions import FACEDOWN
from cardtable.thalara.vocabulary import KINDS, Effect

CARDS_DIR: Final = Path(__file__).parent / "cards"
CORE_PATH: Final = CARDS_DIR / "core.toml"
# The card sets shipped with the package, by the name the `cards` option takes instead
# of a path. "core" is the set played by default; "provisional-2026" is the provisional
# set as it was before it was tuned for balance, kept so that its records replay.
SHIPPED: Final = {"core": CORE_PATH, "provisional-2026": CARDS_DIR / "provisional-2026.toml"}
# Records made before records named their card set were played with this set.
LEGACY_SET: Final = "provisional-2026"
# Fields that say where content comes from, not how the game plays: a card set's digest
# leaves them out, so marking an entry's provenance does not make it another set.
PROVENANCE_FIELDS: Final = ("provenance", "source", "note")
# Provisional content changed for balance (docs/balance.md) says so in its provenance.
TUNED: Final = "provisional, tuned"


REMNANT, ARTIFACT, AFTERSHOCK = 0, 1, 2
# the kind each card word of the effect vocabulary names (`card = "remnant"`)
KIND_OF: Final = {"remnant": REMNANT, "artifact": ARTIFACT, "aftershock": AFTERSHOCK}
COLORLESS: Final = -1

# Ids the notation or the options carry must read back: the notation splits on spaces
# and ignores letter case (`play A01 2`, `cast energy-barrier 2`), `target 3` is a
# conflict and `@p2` a seat, and `characters=a,b` splits on commas. So an id is one word
# of letters, digits and hyphens that starts with a letter.
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
# A color is letters only: the strength is written right after it (`red3`), so a color
# ending in a digit would make two Remnants read alike (`r1` + 2 and `r` + 12).
_COLOR = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
# The `characters` option is read in lower case, so a character id must be lower case.
_CHARACTER = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
# Card names the notation gives a meaning of its own (`target facedown@p2`).
RESERVED_CARD_NAMES: Final = ("aftershock", FACEDOWN)


def _id(table: Table, pattern: re.Pattern[str], rule: str,
        field: str = "id") -> str:
    """The id in `field`, checked against `pattern`; `rule` says what it must be."""
    value = table.str(field)
    if not pattern.fullmatch(value):
        raise table.error(field, f"{value!r} must be {rule}")
    return value


def _provenance(table: Table) -> tuple[str, str | None]:
    """`confirmed` (with a source), `provisional`, or `provisional, tuned`."""
    if table.data.get("provenance") == TUNED:
        source = table.data.get("source")
        if source is not None and not isinstance(source, str):
            raise table.error("source", "must be a string")
        return TUNED, source
    return table.provenance()


def is_provisional(provenance: str) -> bool:
    return provenance != "confirmed"


class Spell:
    __slots__ = ("character", "effects", "id", "kind", "name", "need", "need_pairs", "note",
                 "provenance", "reaches_elsewhere", "requires", "silences", "source",
                 "text")

    def __init__(self, table: Table, colors: tuple[str, ...]) -> None:
        table.reject_unknown(("id", "name", "requires", "kind", "text", "provenance",
                              "source", "note", "effects"))
        self.id = _id(table, _WORD, "one word of letters, digits and hyphens starting "
                                    "with a letter (like 'energy-barrier'), so the "
                                    "notation can read it")
        self.name = table.str("name")
        self.requires = tuple(table.str_list("requires"))
        if not 1 <= len(self.requires) <= 5:
            raise table.error("requires", "a spell requires one to five energy cards")
        need = [0] * len(colors)
        for color in self.requires:
            if color not in colors:
                raise table.error("requires", f"unknown color {color!r}; colors: "
                                              f"{', '.join(colors)}")
            need[colors.index(color)] += 1
        self.need = tuple(need)
        self.need_pairs = tuple((c, k) for c, k in enumerate(need) if k)
        self.kind = table.choice("kind", KINDS)
        self.text = table.str("text")
        self.provenance, self.source = _provenance(table)
        self.note = table.str("note") if table.has("note") else None
        raw = table.data.get("effects")
        if not isinstance(raw, list) or not raw:
            raise table.error("effects", "must be a non-empty list of effect tables")
        self.effects = tuple(
            Effect(Table(table.file, item, f"{self.id} effect {i}"), self.kind)
            for i, item in enumerate(raw, start=1))
        self.silences = any(e.type == "silence" for e in self.effects)
        # a permanent bonus that acts in other conflicts than its own (Beacon, Quake)
        self.reaches_elsewhere = any(e.where == "everywhere" for e in self.effects)
        self.character = ""

    @property
    def provisional(self) -> bool:
        return is_provisional(self.provenance)


class Character:
    __slots__ = ("id", "name", "provenance", "source", "spells")

    def __init__(self, table: Table, spells: dict[str, Spell]) -> None:
        table.reject_unknown(("id", "name", "spells", "provenance", "source"))
        self.id = _id(table, _CHARACTER, "lowercase letters, digits and hyphens starting "
                                         "with a letter (like 'myrja'), so the "
                                         "characters option can name it")
        self.name = table.str("name")
        self.provenance, self.source = _provenance(table)
        names = table.str_list("spells")
        if not 1 <= len(names) <= 16:
            raise table.error("spells", "a character has one to sixteen spells")
        missing = [n for n in names if n not in spells]
        if missing:
            raise table.error("spells", f"unknown spell {missing[0]!r}")
        if len(set(names)) != len(names):
            raise table.error("spells", "a spell is listed twice")
        self.spells = tuple(spells[n] for n in names)


class ArtifactSpec:
    __slots__ = ("color", "id", "name", "provenance", "source", "stars", "strength")

    def __init__(self, table: Table, colors: tuple[str, ...]) -> None:
        table.reject_unknown(("id", "name", "color", "strength", "stars", "provenance",
                              "source"))
        self.id = _id(table, _WORD, "one word of letters, digits and hyphens starting "
                                    "with a letter (like 'A01'), so the notation can "
                                    "read it")
        self.name = table.str("name")
        self.color = colors.index(table.choice("color", colors))
        self.strength = table.int("strength", low=0, high=20)
        self.stars = table.int("stars", low=0, high=9)
        self.provenance, self.source = _provenance(table)


class CardSet:
    """Everything a card file defines, checked."""

    __slots__ = ("aftershock_per_player", "aftershock_provisional", "aftershock_strength",
                 "aftershock_tuned", "artifacts", "artifacts_to_end", "characters",
                 "color_provisional", "colors", "conflicts", "digest", "hand_size", "name", "path",
                 "remnant_provisional", "remnants", "sets", "spells")

    def __init__(self, path: str, data: dict[str, object]) -> None:
        self.path = path
        self.digest = content_digest(data)
        top = Table(path, data, None)
        top.reject_unknown(("set", "colors", "remnants", "artifacts", "aftershock",
                            "characters", "spells"))
        head = Table(path, data.get("set"), "set")
        head.reject_unknown(("name", "hand_size", "artifacts_to_end", "conflicts", "sets",
                             "provenance", "source"))
        self.name = head.str("name")
        self.hand_size = head.int("hand_size", low=1, high=20)
        self.artifacts_to_end = head.int("artifacts_to_end", low=1, high=50)
        self.conflicts = self._per_count(head, "conflicts", 1, 9)
        self.sets = self._per_count(head, "sets", 1, 4)
        _provenance(head)

        colors = top.tables("colors")
        ids: list[str] = []
        for c in colors:
            cid = _id(c, _COLOR, "letters joined by hyphens (like 'red'), so the notation "
                                 "can read a Remnant's name: the strength follows the "
                                 "color, as in 'red3'")
            # the notation ignores letter case, so 'Red' and 'red' would read alike
            if cid.lower() in (i.lower() for i in ids):
                raise c.error("id", "a color id is listed twice (letter case does not "
                                    "count)")
            ids.append(cid)
        self.colors = tuple(ids)
        self.color_provisional = tuple(is_provisional(_provenance(c)[0]) for c in colors)

        self.remnants: list[tuple[int, int]] = []
        self.remnant_provisional = False
        for row in top.tables("remnants", key="color"):
            row.reject_unknown(("color", "strengths", "provenance", "source"))
            color = self.colors.index(row.choice("color", self.colors))
            strengths = row.data.get("strengths")
            if not isinstance(strengths, list) or not strengths or not all(
                    isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 20
                    for s in strengths):
                raise row.error("strengths", "must be a list of strengths from 0 to 20")
            if len(set(strengths)) != len(strengths):
                raise row.error("strengths", "a color holds each strength at most once, "
                                             "so a card is named by color and strength")
            if any(c == color for c, _ in self.remnants):
                raise row.error("color", "this color's Remnants are listed twice")
            self.remnants.extend((color, s) for s in strengths)
            self.remnant_provisional |= is_provisional(_provenance(row)[0])

        self.artifacts = [ArtifactSpec(t, self.colors) for t in top.tables("artifacts")]
        if not self.artifacts:
            # Artifacts are what the game is played for: without one it is over at once
            raise top.error("artifacts", "a card file needs at least one Artifact")
        # the notation ignores letter case, so ids are compared in lower case
        remnants = {n.lower() for n in self.remnant_names()}
        seen: set[str] = set()
        for a in self.artifacts:
            key = a.id.lower()
            if key in seen:
                raise CardFileError(path, "an Artifact id is listed twice (letter case "
                                          "does not count)", card=a.id, field="id")
            if key in remnants:
                raise CardFileError(path, "an Artifact id must differ from every Remnant "
                                          "name", card=a.id, field="id")
            if key in RESERVED_CARD_NAMES:
                raise CardFileError(path, f"{a.id!r} is a word of the notation and cannot "
                                          "name an Artifact", card=a.id, field="id")
            seen.add(key)

        shock = Table(path, data.get("aftershock"), "aftershock")
        shock.reject_unknown(("per_player", "strength", "provenance", "source"))
        self.aftershock_per_player = shock.int("per_player", low=0, high=20)
        self.aftershock_strength = shock.int("strength", low=0, high=20)
        provenance = _provenance(shock)[0]
        self.aftershock_provisional = is_provisional(provenance)
        self.aftershock_tuned = provenance == TUNED

        self.spells: dict[str, Spell] = {}
        lowered: set[str] = set()  # the notation ignores letter case: 'Surge' is 'surge'
        for table in top.tables("spells"):
            spell = Spell(table, self.colors)
            if spell.id.lower() in lowered:
                raise table.error("id", "this spell id is used twice")
            lowered.add(spell.id.lower())
            self.spells[spell.id] = spell
        self.characters: dict[str, Character] = {}
        for table in top.tables("characters"):
            character = Character(table, self.spells)
            if character.id in self.characters:
                raise table.error("id", "this character id is used twice")
            self.characters[character.id] = character
            for spell in character.spells:
                if spell.character and spell.character != character.id:
                    raise table.error("spells", f"spell {spell.id!r} already belongs to "
                                                f"{spell.character!r}")
                spell.character = character.id
        if not self.characters:
            raise top.error("characters", "a card file needs at least one character")

    @staticmethod
    def _per_count(table: Table, field: str, low: int, high: int) -> tuple[int, int, int]:
        value = table.data.get(field)
        if not isinstance(value, list) or len(value) != 3 or not all(
                isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
                for v in value):
            raise table.error(field, f"must list three numbers from {low} to {high}, "
                                     "for 2, 3 and 4 players")
        return (value[0], value[1], value[2])

    def remnant_names(self) -> list[str]:
        return [f"{self.colors[c]}{s}" for c, s in self.remnants]


def content_digest(data: Any) -> str:
    """A short fingerprint of what a card file says about play: the same cards, spells
    and numbers give the same digest whatever the file's comments, layout or
    provenance fields. Records keep it to tell which set a game was played with."""
    def playing(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: playing(v) for k, v in value.items() if k not in PROVENANCE_FIELDS}
        if isinstance(value, list):
            return [playing(v) for v in value]
        return value

    text = json.dumps(playing(data), sort_keys=True, separators=(",", ":"), default=str)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def load_card_set(path: str | Path) -> CardSet:
    """The card set in the TOML file at `path`; CardFileError names what is wrong."""
    name = str(path)
    if "\0" in name:
        # no file system takes a NUL, and opening it would raise a bare ValueError
        raise CardFileError(name.replace("\0", "\\x00"),
                            "not a usable path: it holds a NUL character")
    return CardSet(name, load_toml(path))


@cache
def core_card_set() -> CardSet:
    return load_card_set(CORE_PATH)


@cache
def shipped_card_set(name: str) -> CardSet:
    """A card set shipped with the package, by its name (see SHIPPED)."""
    return core_card_set() if name == "core" else load_card_set(SHIPPED[name])


def card_set(name_or_path: str | Path) -> CardSet:
    """A shipped set by name ("core", "provisional-2026"), else the card file at the
    path. A name wins over a file of the same name in the working folder: write
    `./core` for that file."""
    if isinstance(name_or_path, str) and name_or_path in SHIPPED:
        return shipped_card_set(name_or_path)
    name = str(name_or_path)
    # a path with a NUL cannot be resolved; load_card_set says so in a CardFileError
    if "\0" not in name:
        resolved = Path(name_or_path).resolve()
        for shipped, path in SHIPPED.items():
            if resolved == path.resolve():
                return shipped_card_set(shipped)
    return load_card_set(name_or_path)

