"""The spell effect vocabulary of Thalara: the words a card file may use in a spell's
effects (VOCABULARY: each effect type, its kind and its fields) and how one effect
written there is read (`Effect`).

Spells are data built from these words, so a card file of one's own with new spells
loads without code. What each effect does is elsewhere, one job a module: its
strengths and totals in scoring.py, whether it can act in feasibility.py, running it
in effects.py, its choices in decisions.py.
"""

from __future__ import annotations

from typing import Final

from cardtable.engine.cardfile import Table

KINDS: Final = ("instant", "permanent")
TARGET_FIELDS: Final = ("whose", "card", "face", "max_strength", "pick")
# effect type -> (spell kind it belongs to, the fields it accepts besides `type`)
VOCABULARY: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "total_bonus": ("permanent", ("amount", "where", "when", "per")),
    "card_bonus": ("permanent", ("amount", "whose", "card", "where", "max_printed",
                                 "unique_color")),
    "silence": ("permanent", ()),
    "block_opponents": ("instant", ()),
    "face_down_next": ("instant", ()),
    "gain_aftershock": ("instant", ("count",)),
    "to_supply": ("instant", TARGET_FIELDS),
    "destroy": ("instant", TARGET_FIELDS),
    "to_hand": ("instant", TARGET_FIELDS),
    "move": ("instant", TARGET_FIELDS),
    "take_from_supply": ("instant", ()),
    "place_extra": ("instant", ()),
    "swap_with_hand": ("instant", ()),
}
WHERE: Final = ("here", "everywhere")
WHEN: Final = ("always", "has_cards", "most_cards", "equal_most_cards")
PER: Final = ("once", "distinct_colors", "equal_pairs")
WHOSE: Final = ("own", "opponents", "any")
CARD_KINDS: Final = ("energy", "remnant", "artifact", "aftershock")
FACES: Final = ("up", "any")
PICKS: Final = ("any", "highest")


class Effect:
    """One step of a spell. Unused fields keep neutral defaults."""

    __slots__ = ("amount", "card", "count", "face", "max_printed", "max_strength", "per",
                 "pick", "type", "unique_color", "when", "where", "whose")

    def __init__(self, table: Table, spell_kind: str) -> None:
        self.type = table.choice("type", tuple(VOCABULARY))
        kind, fields = VOCABULARY[self.type]
        if kind != spell_kind:
            raise table.error("type", f"{self.type!r} is an effect of {kind} spells, "
                                      f"but this spell is {spell_kind}")
        table.reject_unknown(("type", *fields))
        # strengths run 0-20, so a bonus beyond +-20 means nothing
        self.amount = table.int("amount", 0, low=-20, high=20) if "amount" in fields else 0
        if "amount" in fields and not table.has("amount"):
            raise table.error("amount", "missing")
        self.where = table.choice("where", WHERE, "here") if "where" in fields else "here"
        self.when = table.choice("when", WHEN, "always") if "when" in fields else "always"
        self.per = table.choice("per", PER, "once") if "per" in fields else "once"
        default_whose = "own" if self.type in ("card_bonus", "to_hand", "move") else "any"
        self.whose = table.choice("whose", WHOSE, default_whose) if "whose" in fields \
            else "own"
        self.card = table.choice("card", CARD_KINDS, "energy") if "card" in fields \
            else "energy"
        self.face = table.choice("face", FACES, "up") if "face" in fields else "up"
        # 99, the default, is "no limit" (strengths run 0-20)
        self.max_strength = table.int("max_strength", 99, low=0, high=99) \
            if "max_strength" in fields else 99
        self.max_printed = table.int("max_printed", 99, low=0, high=99) \
            if "max_printed" in fields else 99
        self.unique_color = table.bool("unique_color", False) \
            if "unique_color" in fields else False
        self.pick = table.choice("pick", PICKS, "any") if "pick" in fields else "any"
        self.count = table.int("count", 1, low=1, high=9) if "count" in fields else 1

