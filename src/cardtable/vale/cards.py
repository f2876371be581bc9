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
    resolution = [{ op = "recover_self" }]      # Resolution effect

The Artifacts expansion (`cards/artifacts.toml`, loaded after the base file) adds its
28 cards the same way and the Artifact tiles as `[[artifacts]]` tables::

    [[artifacts]]
    id = "book-of-thoth"        # used in the notation: `artifact book-of-thoth`
    name = "Book of Thoth"
    kind = "advanced"           # or "base", with players = 2 | 3 | 4 (the mark)
    ability = "action"          # instant (when taken) | permanent (while held) | action
    provenance = "confirmed"
    source = "..."
    text = "..."
    effect = [{ op = "upgrade", n = 2, up_to = true }]

The effect vocabulary (`op = ...`) is documented in `cardtable.vale.vocabulary`. Cards are
interned as small ints (their position in the file); per-card data lives in lists
indexed by that int, so the hot path never touches a dict or an object per card.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from cardtable.engine.api import Action, CardFileError
from cardtable.engine.cardfile import Table, load_toml
from cardtable.vale import vocabulary as vocab
from cardtable.vale.actions import (
    K_ACTIVATE,
    K_ARTIFACT,
    K_COPY,
    K_DISCARD_CARD,
    K_FREE,
    K_HUNT,
    K_ORDER,
    K_RECOVER,
    K_RETRIEVE,
    K_SELL,
    K_SHELTER,
    K_SUMMON,
    K_SWAP,
    K_TAKE,
    K_TAME,
    K_TOP,
    K_USE,
    payment_text,
)
from cardtable.vale.board import BASE_LIMIT
from cardtable.vale.feasibility import needs_check, payment_matters
from cardtable.vale.vocabulary import BLUE, FAMILIES, RED

#: Words the notation uses on their own; a card may not be called like them.
RESERVED_IDS: Final = frozenset({"red", "blue", "purple", "done", "end", "pay", "none"})
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
CARD_FIELDS: Final = ("id", "name", "family", "cost", "provenance", "source", "text", "notes",
               "instant", "permanent", "resolution", "set")

BASE_FILE: Final = Path(__file__).parent / "cards" / "base.toml"


ARTIFACTS_FILE: Final = Path(__file__).parent / "cards" / "artifacts.toml"
ABILITIES: Final[tuple[str, ...]] = ("instant", "permanent", "action")
A_INSTANT: Final = 0
A_PERMANENT: Final = 1
A_ACTION: Final = 2
ART_SRC: Final = vocab.ART_SRC  # an Artifact as an effect's source: ART_SRC + its index
ARTIFACT_FIELDS: Final = ("id", "name", "kind", "players", "ability", "provenance", "source",
                   "text", "notes", "effect")

# The largest number each effect field may hold. The shipped cards gain at most 4 stones
# and draw 1, give at most 10 points and cost at most 12; a card file of one's own may go
# a few times beyond that, but `red = 1000000` would have the engine discard a million
# stones one by one, and a payment notes at most 31 stones of a color.
_STONES_MAX = 20  # counts: stones or cards one step gains, spends, draws or reveals
_POINTS_MAX = 100  # points one step gives or takes
_NUMBER_MAX = 99  # costs, prices, "up to" counts (99: as many as there are), thresholds
_FIELD_MAX: dict[str, int] = {
    "red": _STONES_MAX, "blue": _STONES_MAX, "purple": _STONES_MAX, "draw": _STONES_MAX,
    "count": _STONES_MAX, "n": _STONES_MAX, "per": _STONES_MAX,
    "points": _POINTS_MAX, "points_per_cost": 10,  # a cost of 10 then gives 100 points
}
_OP_FIELD_MAX: dict[tuple[str, str], int] = {
    ("stone_limit", "amount"): _STONES_MAX, ("stone_value", "amount"): 10,
}
#: a payment notes each color's count in 5 bits: no player may hold more of one color
MAX_STONE_LIMIT: Final = 31


class CardSet:
    """A loaded card set: per-card data in lists indexed by the card's int."""

    __slots__ = ("act_activate", "act_artifact", "act_copy", "act_discard", "act_free",
                 "act_hunt", "act_order", "act_recover", "act_retrieve", "act_sell",
                 "act_shelter", "act_swap", "act_take", "act_tame", "act_top", "act_use",
                 "any_loki", "art_ability", "art_catalog", "art_check", "art_gem", "art_ids",
                 "art_index",
                 "art_kind", "art_n", "art_names", "art_ops", "art_players", "art_provenance",
                 "art_texts", "ash", "catalog", "cost", "costmod", "family", "file", "fixed",
                 "has_instant", "has_permanent", "has_resolution", "ids", "index",
                 "inst_check", "inst_paid", "instant", "limit_bonus", "limit_floor", "loki",
                 "n", "names",
                 "notes", "on_discard", "on_sell_upgrade", "on_summon", "on_tame", "pay_acts",
                 "permanent", "provenance", "recover_on", "recover_stones", "reduce",
                 "resolution", "source", "stone_watch", "texts", "valmod", "watch")

    def __init__(self, file: str, cards: list[dict[str, Any]],
                 artifacts: list[dict[str, Any]] | None = None) -> None:
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
        self.instant: list[vocab.Ops] = [c["instant"] for c in cards]
        self.resolution: list[vocab.Ops] = [c["resolution"] for c in cards]
        self.permanent: list[vocab.Ops] = [c["permanent"] for c in cards]
        self.has_instant: list[bool] = [bool(o) for o in self.instant]
        self.has_resolution: list[bool] = [bool(o) for o in self.resolution]
        self.inst_check: list[bool] = [needs_check(o) for o in self.instant]
        # whether the stones a summon pays may decide if the instant can be resolved
        self.inst_paid: list[bool] = [payment_matters(o) for o in self.instant]
        # Permanent effects, summarised per card (None when the card has none).
        self.limit_bonus: list[int] = [0] * self.n
        self.valmod: list[tuple[int, int, int, int] | None] = [None] * self.n
        self.reduce: list[tuple[int, int] | None] = [None] * self.n
        self.fixed: list[tuple[int, int] | None] = [None] * self.n
        self.on_summon: list[tuple[vocab.Op, ...]] = [()] * self.n
        self.on_tame: list[tuple[vocab.Op, ...]] = [()] * self.n
        # the expansion's permanent effects
        self.loki: list[bool] = [False] * self.n  # any family on its owner's turn
        self.ash: list[bool] = [False] * self.n  # recovered (+round points) instead of discarded
        self.on_discard: list[tuple[int, int, int] | None] = [None] * self.n
        self.recover_on: list[int] = [0] * self.n  # bits: vocab.EV_BLUE, EV_DRAW, EV_LOST
        self.recover_stones: list[int] = [0] * self.n  # recover when holding >= this many
        self.on_sell_upgrade: list[int] = [0] * self.n
        self.has_permanent: list[bool] = [bool(o) for o in self.permanent]
        for i, ops in enumerate(self.permanent):
            self._summarise(i, ops)
        self.any_loki = any(self.loki)
        self.stone_watch = tuple(i for i in range(self.n) if self.recover_stones[i])
        #: some card reacts to events the base game never watches (the slow path)
        self.watch = any(self.loki) or any(self.ash) or any(
            x is not None for x in self.on_discard) or any(self.recover_on) or any(
            self.recover_stones) or any(self.on_sell_upgrade)
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
        self.act_shelter = [Action(K_SHELTER, f"shelter {c}", i) for i, c in enumerate(self.ids)]
        self.act_retrieve = [Action(K_RETRIEVE, f"retrieve {c}", i)
                             for i, c in enumerate(self.ids)]
        self.act_swap = [Action(K_SWAP, f"swap {c}", i) for i, c in enumerate(self.ids)]
        self.act_top = [Action(K_TOP, f"top {c}", i) for i, c in enumerate(self.ids)]
        self.act_activate = [Action(K_ACTIVATE, f"activate {c}", i)
                             for i, c in enumerate(self.ids)]
        arts = artifacts or []
        self.art_n = len(arts)
        self.art_ids: list[str] = [a["id"] for a in arts]
        self.art_index: dict[str, int] = {a: i for i, a in enumerate(self.art_ids)}
        self.art_names: list[str] = [a["name"] for a in arts]
        self.art_kind: list[str] = [a["kind"] for a in arts]
        self.art_players: list[int] = [a["players"] for a in arts]
        self.art_ability: list[int] = [ABILITIES.index(a["ability"]) for a in arts]
        self.art_ops: list[vocab.Ops] = [a["effect"] for a in arts]
        #: an action ability that might be impossible (so `use` must check it)
        self.art_check: list[bool] = [needs_check(o) for o in self.art_ops]
        self.art_texts: list[str] = [a["text"] for a in arts]
        self.art_provenance: list[str] = [a["provenance"] for a in arts]
        #: the price of Gem-of-Kukulkan-like permanents (-1: none)
        self.art_gem: list[int] = [-1] * self.art_n
        for i, a in enumerate(arts):
            if self.art_ability[i] == A_PERMANENT:
                for op in a["effect"]:
                    if op[0] == vocab.P_ON_SELL_KEEP:
                        _, price = op
                        self.art_gem[i] = price
        self.act_artifact = [Action(K_ARTIFACT, f"artifact {a}", i)
                             for i, a in enumerate(self.art_ids)]
        self.act_use = [Action(K_USE, f"use {a}", i) for i, a in enumerate(self.art_ids)]
        self.art_catalog: dict[str, dict[str, Any]] = {
            a["id"]: {"name": a["name"], "kind": a["kind"], "players": a["players"],
                      "ability": a["ability"], "text": a["text"],
                      "provisional": a["provenance"] == "provisional"} for a in arts}
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

    def _summarise(self, i: int, ops: vocab.Ops) -> None:
        summon: list[vocab.Op] = []
        tame: list[vocab.Op] = []
        for op in ops:  # each op as vocabulary._compile_op reads it
            code = op[0]
            if code == vocab.P_LIMIT:
                _, amount = op
                self.limit_bonus[i] += amount
            elif code == vocab.P_VALUE or code == vocab.P_SWAP:
                dr, db, dp, sw = self.valmod[i] or (0, 0, 0, 0)
                if code == vocab.P_SWAP:
                    sw ^= 1
                else:
                    _, color, amount = op
                    if color == RED:
                        dr += amount
                    elif color == BLUE:
                        db += amount
                    else:
                        dp += amount
                self.valmod[i] = (dr, db, dp, sw)
            elif code == vocab.P_REDUCE:
                _, amount, family = op
                self.reduce[i] = (amount, family)
            elif code == vocab.P_FIXED:
                _, value, family = op
                self.fixed[i] = (value, family)
            elif code == vocab.P_ON_SUMMON:
                summon.append(op)
            elif code == vocab.P_ON_TAME:
                tame.append(op)
            elif code == vocab.P_ANY_FAMILY:
                self.loki[i] = True
            elif code == vocab.P_ASH:
                self.ash[i] = True
            elif code == vocab.P_ON_DISCARD:
                _, red, blue, purple = op
                self.on_discard[i] = (red, blue, purple)
            elif code == vocab.P_RECOVER_WHEN:
                _, event, value = op
                if event == vocab.EV_STONES:
                    self.recover_stones[i] = value
                else:
                    self.recover_on[i] |= event
            elif code == vocab.P_ON_SELL_UPGRADE:
                self.on_sell_upgrade[i] += 1
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


def load_cards(*paths: str | Path) -> CardSet:
    """Read and check one card file, or several played together (the base set and an
    expansion); CardFileError names file, card and field."""
    cards: list[dict[str, Any]] = []
    artifacts: list[dict[str, Any]] = []
    seen: set[str] = set()
    for path in paths:
        _read_file(path, cards, artifacts, seen)
    if len(cards) > 255:
        raise CardFileError(str(paths[-1]), "at most 255 cards per set", field="cards")
    # a player might hold every card that raises the stone limit
    limit = BASE_LIMIT
    for card in cards:
        limit += max(0, sum(op[1] for op in card["permanent"] if op[0] == vocab.P_LIMIT))
        if limit > MAX_STONE_LIMIT:
            raise CardFileError(card["file"], f"the cards' stone limits add up to more "
                                f"than {MAX_STONE_LIMIT} stones", card=card["id"],
                                field="permanent")
    return CardSet("+".join(str(p) for p in paths), cards, artifacts)


def _read_file(path: str | Path, cards: list[dict[str, Any]],
               artifacts: list[dict[str, Any]], seen: set[str]) -> None:
    file = str(path)
    if "\0" in file:
        # no file system takes a NUL, and opening it would raise a bare ValueError
        raise CardFileError(file.replace("\0", "\\x00"),
                            "not a usable path: it holds a NUL character")
    doc = Table(file, load_toml(path), None)
    doc.reject_unknown(("cards", "meta", "artifacts"))
    tables = doc.tables("cards")
    if not tables:
        raise doc.error("cards", "the file holds no cards")
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
            "file": file, "id": cid, "name": t.str("name"), "family": FAMILIES.index(family),
            "cost": t.int("cost", low=0, high=99), "provenance": kind, "source": source,
            "text": t.str("text", "") if t.has("text") else "",
            "notes": t.str("notes") if t.has("notes") else "",
        }
        if t.has("set"):
            t.str("set")
        for timing in ("instant", "permanent", "resolution"):
            raw = t.data.get(timing, [])
            card[timing] = vocab.compile_effect(file, cid, timing, raw)
            _check_bounds(file, cid, timing, raw)
        cards.append(card)
    if doc.has("artifacts"):
        art_seen = {a["id"] for a in artifacts}
        for t in doc.tables("artifacts"):
            t.reject_unknown(ARTIFACT_FIELDS)
            aid = t.str("id")
            if not _ID.match(aid):
                raise t.error("id", f"{aid!r} must be lowercase words joined by hyphens "
                                    "(like 'seven-league-boots')")
            if aid in art_seen:
                raise t.error("id", f"a second Artifact with id {aid!r}")
            art_seen.add(aid)
            kind, source = t.provenance()
            tile_kind = t.choice("kind", ("base", "advanced"))
            players = t.int("players", 0, low=0, high=4)
            if tile_kind == "base" and players < 2:
                raise t.error("players", "a base Artifact names its player count (2, 3 or 4)")
            ability = t.choice("ability", ABILITIES)
            timing = "permanent" if ability == "permanent" else "instant"
            raw = t.data.get("effect", [])
            compiled = vocab.compile_effect(file, aid, timing, raw, "effect")
            _check_bounds(file, aid, "effect", raw)
            artifacts.append({
                "id": aid, "name": t.str("name"), "kind": tile_kind, "players": players,
                "ability": ability, "provenance": kind, "source": source,
                "text": t.str("text", "") if t.has("text") else "",
                "effect": compiled})


def _check_bounds(file: str, card: str, path: str, steps: list[dict[str, Any]]) -> None:
    """Every number in these effect steps at most its field's bound (the steps compiled
    already, so their shape is right); the field is named as `compile_effect` names it."""
    for i, step in enumerate(steps, start=1):
        where = f"{path}[{i}]"
        op = step["op"]
        for key, value in step.items():
            if key in ("then", "else"):
                _check_bounds(file, card, f"{where}.{key}", value)
            elif key == "options":
                for j, option in enumerate(value, start=1):
                    _check_bounds(file, card, f"{where}.options[{j}].then", option["then"])
            elif key == "costs":
                if not all(0 <= c <= _NUMBER_MAX for c in value):
                    raise CardFileError(file, f"costs run from 0 to {_NUMBER_MAX}, not "
                                              f"{value!r}", card=card, field=f"{where}.costs")
            elif isinstance(value, int) and not isinstance(value, bool):
                high = _OP_FIELD_MAX.get((op, key), _FIELD_MAX.get(key, _NUMBER_MAX))
                if value > high:
                    raise CardFileError(file, f"must be at most {high}, not {value}",
                                        card=card, field=f"{where}.{key}")


@lru_cache(maxsize=8)
def _cached(path: str, stamp: int = 0, expansion: bool = False) -> CardSet:
    if expansion:
        return load_cards(path, ARTIFACTS_FILE)
    return load_cards(path)


def base_cards() -> CardSet:
    """The shipped 70-card base set (loaded once)."""
    return _cached(str(BASE_FILE))


def expansion_cards() -> CardSet:
    """The base set with the Artifacts expansion: 98 cards and 11 Artifact tiles."""
    return _cached(str(BASE_FILE), 0, True)


def cards_from(path: str | None, expansion: bool = False) -> CardSet:
    """The base set, or the card file at `path` (cached by path); with `expansion`, the
    Artifacts expansion's cards and tiles are added."""
    if path is None:
        return expansion_cards() if expansion else base_cards()
    try:
        stamp = Path(path).stat().st_mtime_ns
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return load_cards(path)  # raises a CardFileError naming the file
    return _cached(str(Path(path).resolve()), stamp, expansion)
