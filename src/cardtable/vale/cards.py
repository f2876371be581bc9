"""The Vale of Eternity card model and its loader.

A card set is a TOML file (`cards/base.toml` ships with the game; a player may pass
their own with the option `cards=<path>`). Each card is a `[[cards]]` table::

    [[cards]]
    id = "imp"                  # lowercase words joined by hyphens; used in the notation
    name = "Imp"
    family = "fire"             # fire, water, earth, wind, dragon
    cost = 0                    # the written (printed) summoning cost
    provenance = "confirmed"    # or "provisional"
    source = "card image ..."   # required when confirmed
    text = "..."                # the effect in our words, for display
    notes = "..."               # optional: interpretations
    instant = [{ op = "gain", red = 2 }]        # lightning-bolt effect
    permanent = []                              # infinity effect
    resolution = [{ op = "recover_self" }]      # hourglass effect

The effect vocabulary (`op = ...`) is documented in `cardtable.vale.effects`. Cards are
interned as small ints (their position in the file); per-card data lives in lists
indexed by that int, so the hot path never touches a dict or an object per card.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardtable.engine.api import Action
from cardtable.engine.cardfile import Table, load_toml
from cardtable.vale import effects as fx

FAMILIES: tuple[str, ...] = ("fire", "water", "earth", "wind", "dragon")
COLORS: tuple[str, ...] = ("red", "blue", "purple")
FIRE, WATER, EARTH, WIND, DRAGON = range(5)
RED, BLUE, PURPLE = range(3)

#: Words the notation uses on their own; a card may not be called like them.
RESERVED_IDS = frozenset({"red", "blue", "purple", "done", "end", "pay", "none"})
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
CARD_FIELDS = ("id", "name", "family", "cost", "provenance", "source", "text", "notes",
               "instant", "permanent", "resolution", "set")

BASE_FILE = Path(__file__).parent / "cards" / "base.toml"

# Action kinds (Action.kind). Kept here so cards.py can intern the per-card actions.
K_HUNT, K_SELL, K_TAME, K_SUMMON, K_REMOVE, K_END = range(6)
K_CHOOSE, K_DISCARD_CARD, K_DISCARD_STONE, K_TARGET, K_RECOVER = range(6, 11)
K_COPY, K_TAKE, K_ORDER, K_DONE, K_FREE = range(11, 16)


class CardSet:
    """A loaded card set: per-card data in lists indexed by the card's int."""

    __slots__ = ("act_copy", "act_discard", "act_free", "act_hunt", "act_order",
                 "act_recover", "act_sell", "act_take", "act_tame", "catalog", "cost", "costmod",
                 "family", "file", "fixed", "has_instant", "has_resolution", "ids", "index",
                 "inst_check", "instant", "limit_bonus", "limit_floor", "n", "names", "notes",
                 "on_summon", "on_tame", "pay_acts", "permanent", "provenance",
                 "reduce", "resolution", "source", "texts", "valmod")

    def __init__(self, file: str, cards: list[dict[str, Any]]) -> None:
        self.file = file
        self.n = len(cards)
        self.ids: list[str] = [c["id"] for c in cards]
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.names: list[str] = [c["name"] for c in cards]
        self.family: list[int] = [c["family"] for c in cards]
        self.cost: list[int] = [c["cost"] for c in cards]
        self.provenance: list[str] = [c["provenance"] for c in cards]
        self.source: list[str | None] = [c["source"] for c in cards]
        self.texts: list[str] = [c["text"] for c in cards]
        self.notes: list[str] = [c["notes"] for c in cards]
        self.instant: list[fx.Ops] = [c["instant"] for c in cards]
        self.resolution: list[fx.Ops] = [c["resolution"] for c in cards]
        self.permanent: list[fx.Ops] = [c["permanent"] for c in cards]
        self.has_instant: list[bool] = [bool(o) for o in self.instant]
        self.has_resolution: list[bool] = [bool(o) for o in self.resolution]
        self.inst_check: list[bool] = [fx.needs_check(o) for o in self.instant]
        # Permanent effects, summarised per card (None when the card has none).
        self.limit_bonus: list[int] = [0] * self.n
        self.valmod: list[tuple[int, int, int, int] | None] = [None] * self.n
        self.reduce: list[tuple[int, int] | None] = [None] * self.n
        self.fixed: list[tuple[int, int] | None] = [None] * self.n
        self.on_summon: list[tuple[fx.Op, ...]] = [()] * self.n
        self.on_tame: list[tuple[fx.Op, ...]] = [()] * self.n
        for i, ops in enumerate(self.permanent):
            self._summarise(i, ops)
        #: no player's stone limit can be below this (a fast path for the limit check)
        self.limit_floor = max(0, 4 + sum(b for b in self.limit_bonus if b < 0))
        self.costmod: list[bool] = [self.fixed[i] is not None or self.reduce[i] is not None
                                    for i in range(self.n)]
        # Interned actions, one per card and verb.
        self.act_hunt = [Action(K_HUNT, f"hunt {c}", i) for i, c in enumerate(self.ids)]
        self.act_sell = [Action(K_SELL, f"sell {c}", i) for i, c in enumerate(self.ids)]
        self.act_tame = [Action(K_TAME, f"tame {c}", i) for i, c in enumerate(self.ids)]
        self.act_discard = [Action(K_DISCARD_CARD, f"discard {c}", i)
                            for i, c in enumerate(self.ids)]
        self.act_recover = [Action(K_RECOVER, f"recover {c}", i)
                            for i, c in enumerate(self.ids)]
        self.act_copy = [Action(K_COPY, f"copy {c}", i) for i, c in enumerate(self.ids)]
        self.act_take = [Action(K_TAKE, f"take {c}", i) for i, c in enumerate(self.ids)]
        self.act_order = [Action(K_ORDER, f"order {c}", i) for i, c in enumerate(self.ids)]
        self.act_free = [Action(K_FREE, f"summon {c}", i) for i, c in enumerate(self.ids)]
        # (kind, card) -> {payment code: Action}, filled lazily.
        self.pay_acts: list[list[dict[int, Action]]] = [
            [{} for _ in range(self.n)], [{} for _ in range(self.n)]]
        self.catalog: dict[str, dict[str, Any]] = {
            cid: {"name": self.names[i], "family": FAMILIES[self.family[i]],
                  "cost": self.cost[i], "provisional": self.provenance[i] == "provisional",
                  "text": self.texts[i],
                  "timing": [t for t, o in (("instant", self.instant[i]),
                                            ("permanent", self.permanent[i]),
                                            ("resolution", self.resolution[i])) if o]}
            for i, cid in enumerate(self.ids)}

    def _summarise(self, i: int, ops: fx.Ops) -> None:
        summon: list[fx.Op] = []
        tame: list[fx.Op] = []
        for op in ops:
            code = op[0]
            if code == fx.P_LIMIT:
                self.limit_bonus[i] += op[1]
            elif code == fx.P_VALUE or code == fx.P_SWAP:
                dr, db, dp, sw = self.valmod[i] or (0, 0, 0, 0)
                if code == fx.P_SWAP:
                    sw ^= 1
                elif op[1] == RED:
                    dr += op[2]
                elif op[1] == BLUE:
                    db += op[2]
                else:
                    dp += op[2]
                self.valmod[i] = (dr, db, dp, sw)
            elif code == fx.P_REDUCE:
                self.reduce[i] = (op[1], op[2])
            elif code == fx.P_FIXED:
                self.fixed[i] = (op[1], op[2])
            elif code == fx.P_ON_SUMMON:
                summon.append(op)
            elif code == fx.P_ON_TAME:
                tame.append(op)
        self.on_summon[i] = tuple(summon)
        self.on_tame[i] = tuple(tame)

    def pay_action(self, kind: int, card: int, code: int) -> Action:
        """The interned `summon`/`remove` action for `card` paid with `code`."""
        table = self.pay_acts[kind - K_SUMMON][card]
        act = table.get(code)
        if act is None:
            verb = "summon" if kind == K_SUMMON else "remove"
            pay = payment_text(code)
            text = f"{verb} {self.ids[card]}" + (f" pay {pay}" if pay else "")
            act = Action(kind, text, card, code)
            table[code] = act
        return act


def payment_code(red: int, blue: int, purple: int) -> int:
    return red | (blue << 5) | (purple << 10)


def payment_counts(code: int) -> tuple[int, int, int]:
    return code & 31, (code >> 5) & 31, code >> 10


def payment_text(code: int) -> str:
    """`purple,blue,blue,red`: most valuable colour first (empty for no stones)."""
    r, b, p = payment_counts(code)
    return ",".join(["purple"] * p + ["blue"] * b + ["red"] * r)


def load_cards(path: str | Path) -> CardSet:
    """Read and check a card file; CardFileError names file, card and field."""
    file = str(path)
    doc = Table(file, load_toml(path), None)
    doc.reject_unknown(("cards", "meta"))
    tables = doc.tables("cards")
    if not tables:
        raise doc.error("cards", "the file holds no cards")
    cards: list[dict[str, Any]] = []
    seen: set[str] = set()
    for t in tables:
        t.reject_unknown(CARD_FIELDS)
        cid = t.str("id")
        if not _ID.match(cid):
            raise t.error("id", f"{cid!r} must be lowercase words joined by hyphens "
                                "(like 'young-forest-spirit')")
        if cid in RESERVED_IDS:
            raise t.error("id", f"{cid!r} is a word of the notation and cannot name a card")
        if cid in seen:
            raise t.error("id", f"a second card with id {cid!r}")
        seen.add(cid)
        kind, source = t.provenance()
        family = t.choice("family", FAMILIES)
        card: dict[str, Any] = {
            "id": cid, "name": t.str("name"), "family": FAMILIES.index(family),
            "cost": t.int("cost", low=0, high=99), "provenance": kind, "source": source,
            "text": t.str("text", "") if t.has("text") else "",
            "notes": t.str("notes") if t.has("notes") else "",
        }
        if t.has("set"):
            t.str("set")
        for timing in ("instant", "permanent", "resolution"):
            raw = t.data.get(timing, [])
            card[timing] = fx.compile_effect(file, cid, timing, raw)
        cards.append(card)
    if len(cards) > 255:
        raise doc.error("cards", "at most 255 cards per set")
    return CardSet(file, cards)


@lru_cache(maxsize=8)
def _cached(path: str, stamp: int = 0) -> CardSet:
    return load_cards(path)


def base_cards() -> CardSet:
    """The shipped 70-card base set (loaded once)."""
    return _cached(str(BASE_FILE))


def cards_from(path: str | None) -> CardSet:
    """The base set, or the card file at `path` (cached by path)."""
    if path is None:
        return base_cards()
    try:
        stamp = Path(path).stat().st_mtime_ns
    except OSError:
        return load_cards(path)  # raises a CardFileError naming the file
    return _cached(str(Path(path).resolve()), stamp)
