"""The effect vocabulary of The Vale of Eternity: the words of the card files, and how
an effect written there is read into small tuples.

Card files describe effects as lists of steps (`op = ...`), read into small tuples
(`Op`) by `compile_effect`. A card's instant, resolution and permanent effects are
each a tuple of ops.

Instant / resolution ops (each runs in order; a step that cannot be done -- no stone
to spend, no card to discard, no target -- stops the rest of that effect, which is how
"discard a red stone; if you did, gain 3 points" reads):

  gain          red, blue, purple, points, draw (any of them)
  lose          points (the score never drops below 0); strict = true makes it a
                cost: with fewer points the step cannot be done (Basilisk's options)
  points_per    points = amount per counted thing; count = hand | area | family
                (family=) | families | cost_at_most (cost=) | resolution_cards |
                stones (color=) | stone_value (color=)
  if            cond = area_has_costs (costs=[...]) | no_family_in_area (family=) |
                has_stone (color=) | hand_equals_area | hand_below (value=) |
                opponent_ahead; then = [...]; else = [...]
  spend_stone   color: discard one of your stones of that colour
  discard_hand  points_per_cost (default 0): discard a card from your hand
  free_summon   family (optional): summon a card from your hand without paying,
                within the area limit
  discard_self / recover_self / self_to_deck: this card leaves your area
  cash_stones   discard all your stones, gain points equal to their current value
  stones_to     color: every stone you hold becomes that colour
  target_discard family: choose a player (yourself included) with a summoned card of
                that family; THAT player chooses one of them to discard
  discard_area  up_to: discard up to that many of your other summoned cards
  recover       other, needs_instant, max_cost, family, points_per_cost: recover one
                of your summoned cards matching the filter
  copy          timing = instant | resolution: copy that effect of another card in
                your area and resolve it as this card's own
  activate_resolution: resolve every Resolution effect in your area (you choose order)
  choose        n, options = [{label, then = [...]}]: choose n different options
  steal         points: an opponent of your choice loses them and you gain them
  take_discard  family: take a card of that family from the discard pile into your hand

The Artifacts expansion adds (and `points_per` takes `per`, dividing the count first:
Fireblast's pairs; counts `permanent_cards`, `hand_families`; `if` takes
`stones_at_least` (value=); `spend_stone` takes `count`; `free_summon` takes
`points_per_cost` (Horus) and `source = "discard"` (Akhlut)):

  discard_hand_many up_to, red/blue/purple/points per card: discard cards from your
                hand one at a time (`done` to stop); the reward comes at the end
  upgrade       n, up_to: upgrade stones one colour up, never the same stone twice
  name_family   points: name a family; points per card of it in your area (Loki)
  swap          family: choose a player with such a summoned card; THAT player
                chooses one; it and this card trade areas (the swap dragons)
  reveal_hand   your hand becomes known to all (Anzu)
  hand_to_deck  put a hand card on top of the deck (Nurikabe)
  discard_own   other, points_per_cost, family, then: discard one of your summoned
                cards; `then` runs when it was of `family` (Anubis, Imperial Seal)
  shelter_deck (count) / shelter_hand / shelter_display: shelter cards
  reveal_display count: more cards into the hunting display (Seven-League Boots)
  retrieve      all: a card (or every card) of your own shelter into your hand
  discard_shelter: a card of your shelter to the discard pile
  buy_area      price: purchase an area (at most MAX_AREAS); a price is paid with
                current stone values but no cost reduction or fixed cost
  activate_one  resolve the Resolution effect of one card of your area (Ring of Wishes)

Permanent ops: stone_limit (amount), stone_value (color, amount), swap_values,
cost_reduction (amount, family?), fixed_cost (value, family?), on_summon (points,
per_color?, paid?) and on_tame (family?, red, blue, purple, points); for the expansion
any_family (Loki), ash (recovered instead of discarded, + round points), on_discard
(red/blue/purple: Totem Pole), recover_when (event = blue_gained | drew | lost_points
| stones_at_least, value: Thalassa, Banshee, Wendigo, Fireblast), on_sell_upgrade
(Duduri King) and, on an Artifact, on_sell_keep (price: Gem of Kukulkan).

Each op is read into a tuple: its code, then its fields in the order `_compile_op`
lists them. An op's code and fields are read here, checked in `feasibility.py` and
run in `effects.py`.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.engine.api import CardFileError

Op = tuple[Any, ...]
Ops = tuple[Op, ...]

FAMILIES: Final[tuple[str, ...]] = ("fire", "water", "earth", "wind", "dragon")
COLORS: Final[tuple[str, ...]] = ("red", "blue", "purple")
FIRE: Final = 0
WATER: Final = 1
EARTH: Final = 2
WIND: Final = 3
DRAGON: Final = 4
RED: Final = 0
BLUE: Final = 1
PURPLE: Final = 2

# --- opcodes -----------------------------------------------------------------------
(GAIN, LOSE, POINTS_PER, IF, SPEND, DISCARD_HAND, FREE_SUMMON, DISCARD_SELF,
 RECOVER_SELF, SELF_TO_DECK, CASH_STONES, STONES_TO, TARGET_DISCARD, DISCARD_AREA,
 RECOVER, COPY, ACTIVATE, CHOOSE, STEAL, TAKE_DISCARD) = range(20)
# the Artifacts expansion
(DISCARD_MANY, UPGRADE, NAME_FAMILY, SWAP, REVEAL_HAND, HAND_TO_DECK, DISCARD_OWN,
 SHELTER_DECK, SHELTER_HAND, SHELTER_DISPLAY, REVEAL_DISPLAY, RETRIEVE, DISCARD_SHELTER,
 BUY_AREA, ACTIVATE_ONE) = range(20, 35)
#: the instant and resolution ops' codes run from 0 to OPS_COUNT - 1
OPS_COUNT: Final = ACTIVATE_ONE + 1
P_LIMIT: Final = 100
P_VALUE: Final = 101
P_SWAP: Final = 102
P_REDUCE: Final = 103
P_FIXED: Final = 104
P_ON_SUMMON: Final = 105
P_ON_TAME: Final = 106
(P_ANY_FAMILY, P_ASH, P_ON_DISCARD, P_RECOVER_WHEN, P_ON_SELL_UPGRADE,
 P_ON_SELL_KEEP) = range(107, 113)
# events a permanent "recover" listens to (bits), and the stone-count condition
EV_BLUE, EV_DRAW, EV_LOST, EV_STONES = 1, 2, 4, 8
EVENTS: Final = ("blue_gained", "drew", "lost_points", "stones_at_least")
#: an effect's source is a card int, or ART_SRC + the tile's index for an Artifact
ART_SRC: Final = 1000

# counts for points_per
(C_HAND, C_AREA, C_FAMILY, C_FAMILIES, C_COST_MAX, C_RESOLUTION, C_STONES,
 C_VALUE, C_PERMANENT, C_HAND_FAMILIES) = range(10)
COUNTS: Final = ("hand", "area", "family", "families", "cost_at_most", "resolution_cards",
          "stones", "stone_value", "permanent_cards", "hand_families")
# conditions for if
(K_COSTS, K_NO_FAMILY, K_HAS_STONE, K_HAND_EQ_AREA, K_HAND_BELOW, K_OPP_AHEAD,
 K_STONES_AT_LEAST) = range(7)
CONDS: Final = ("area_has_costs", "no_family_in_area", "has_stone", "hand_equals_area",
         "hand_below", "opponent_ahead", "stones_at_least")
#: the timings `copy` copies
T_INSTANT, T_RESOLUTION = 0, 1

# --- compiling card files ----------------------------------------------------------


class _Reader:
    """One op table, read with errors naming the file, card and field path."""

    def __init__(self, file: str, card: str, path: str, data: Any) -> None:
        if not isinstance(data, dict):
            raise CardFileError(file, "each effect step must be a table like "
                                "{ op = \"gain\", red = 2 }", card=card, field=path)
        self.file, self.card, self.path, self.data = file, card, path, data
        self.used = {"op"}

    def error(self, key: str | None, message: str) -> CardFileError:
        field = self.path if key is None else f"{self.path}.{key}"
        return CardFileError(self.file, message, card=self.card, field=field)

    def num(self, key: str, default: int | None = None, low: int = 0) -> int:
        self.used.add(key)
        value = self.data.get(key, default)
        if value is None:
            raise self.error(key, "missing")
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(key, f"must be a whole number, not {value!r}")
        if value < low:
            raise self.error(key, f"must be at least {low}, not {value}")
        return value

    def flag(self, key: str, default: bool) -> bool:
        self.used.add(key)
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, not {value!r}")
        return value

    def word(self, key: str, allowed: tuple[str, ...], default: str | None = None,
             optional: bool = False) -> int:
        """Index of the word in `allowed`; -1 when optional and absent."""
        self.used.add(key)
        value = self.data.get(key, default)
        if value is None:
            if optional:
                return -1
            raise self.error(key, f"missing; one of {', '.join(allowed)}")
        if value not in allowed:
            raise self.error(key, f"{value!r} is not one of {', '.join(allowed)}")
        return allowed.index(value)

    def text(self, key: str) -> str:
        self.used.add(key)
        value = self.data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise self.error(key, f"must be a non-empty string, not {value!r}")
        return value

    def ops(self, key: str, timing: str, default: list[Any] | None = None) -> Ops:
        self.used.add(key)
        raw = self.data.get(key, default)
        if raw is None:
            raise self.error(key, "missing")
        return _compile_list(self.file, self.card, f"{self.path}.{key}", timing, raw)

    def done(self) -> None:
        for key in self.data:
            if key not in self.used:
                raise self.error(key, "unknown field for this op")


def compile_effect(file: str, card: str, timing: str, raw: Any,
                   field: str | None = None) -> Ops:
    """Read one timing's list of ops ('instant', 'permanent' or 'resolution'), found
    in the file under `field` (default: the timing's name)."""
    return _compile_list(file, card, field or timing, timing, raw)


def _compile_list(file: str, card: str, path: str, timing: str, raw: Any) -> Ops:
    if not isinstance(raw, list):
        raise CardFileError(file, "must be a list of steps", card=card, field=path)
    return tuple(_compile_op(_Reader(file, card, f"{path}[{i}]", item), timing)
                 for i, item in enumerate(raw, start=1))


_TIMED_OPS = ("gain", "lose", "points_per", "if", "spend_stone", "discard_hand",
              "free_summon", "discard_self", "recover_self", "self_to_deck", "cash_stones",
              "stones_to", "target_discard", "discard_area", "recover", "copy",
              "activate_resolution", "choose", "steal", "take_discard",
              "discard_hand_many", "upgrade", "name_family", "swap", "reveal_hand",
              "hand_to_deck", "discard_own", "shelter_deck", "shelter_hand",
              "shelter_display", "reveal_display", "retrieve", "discard_shelter",
              "buy_area", "activate_one")
_PERMANENT_OPS = ("stone_limit", "stone_value", "swap_values", "cost_reduction",
                  "fixed_cost", "on_summon", "on_tame", "any_family", "ash", "on_discard",
                  "recover_when", "on_sell_upgrade", "on_sell_keep")


def _compile_op(r: _Reader, timing: str) -> Op:
    name = r.data.get("op")
    allowed = _PERMANENT_OPS if timing == "permanent" else _TIMED_OPS
    if name not in allowed:
        raise r.error("op", f"{name!r} is not a {timing} op; one of {', '.join(allowed)}")
    op: Op
    if name == "gain":
        vals = tuple(r.num(k, 0) for k in ("red", "blue", "purple", "points", "draw"))
        r.done()
        if not any(vals):
            raise r.error(None, "gain needs at least one of red, blue, purple, points, draw")
        op = (GAIN, *vals)
    elif name == "lose":
        op = (LOSE, r.num("points", low=1), int(r.flag("strict", False)))
    elif name == "points_per":
        amount = r.num("points", low=1)
        count = r.word("count", COUNTS)
        arg: Any = -1
        if count == C_FAMILY:
            arg = r.word("family", FAMILIES)
        elif count == C_COST_MAX:
            arg = r.num("cost")
        elif count in (C_STONES, C_VALUE):
            arg = r.word("color", COLORS)
        op = (POINTS_PER, amount, count, arg, r.num("per", 1, low=1))
    elif name == "if":
        cond = r.word("cond", CONDS)
        carg: Any = -1
        if cond == K_COSTS:
            r.used.add("costs")
            costs = r.data.get("costs")
            if not isinstance(costs, list) or not costs or not all(
                    isinstance(c, int) and not isinstance(c, bool) for c in costs):
                raise r.error("costs", "must be a non-empty list of whole numbers")
            carg = tuple(costs)
        elif cond == K_NO_FAMILY:
            carg = r.word("family", FAMILIES)
        elif cond == K_HAS_STONE:
            carg = r.word("color", COLORS)
        elif cond in (K_HAND_BELOW, K_STONES_AT_LEAST):
            carg = r.num("value")
        op = (IF, cond, carg, r.ops("then", timing), r.ops("else", timing, []))
    elif name == "spend_stone":
        op = (SPEND, r.word("color", COLORS), r.num("count", 1, low=1))
    elif name == "discard_hand":
        op = (DISCARD_HAND, r.num("points_per_cost", 0))
    elif name == "free_summon":
        op = (FREE_SUMMON, r.word("family", FAMILIES, optional=True),
              r.num("points_per_cost", 0), r.word("source", ("hand", "discard"), "hand"))
    elif name == "discard_self":
        op = (DISCARD_SELF,)
    elif name == "recover_self":
        op = (RECOVER_SELF,)
    elif name == "self_to_deck":
        op = (SELF_TO_DECK,)
    elif name == "cash_stones":
        op = (CASH_STONES,)
    elif name == "stones_to":
        op = (STONES_TO, r.word("color", COLORS))
    elif name == "target_discard":
        op = (TARGET_DISCARD, r.word("family", FAMILIES))
    elif name == "discard_area":
        op = (DISCARD_AREA, r.num("up_to", low=1))
    elif name == "recover":
        op = (RECOVER, r.flag("other", True), r.flag("needs_instant", False),
              r.num("max_cost", -1, low=-1), r.word("family", FAMILIES, optional=True),
              r.num("points_per_cost", 0))
    elif name == "copy":
        op = (COPY, r.word("timing", ("instant", "resolution")))
    elif name == "activate_resolution":
        op = (ACTIVATE,)
    elif name == "choose":
        n = r.num("n", 1, low=1)
        r.used.add("options")
        raw = r.data.get("options")
        if not isinstance(raw, list) or len(raw) < n:
            raise r.error("options", f"must be a list of at least {n} option tables")
        labels: list[str] = []
        branches: list[Ops] = []
        for i, item in enumerate(raw, start=1):
            sub = _Reader(r.file, r.card, f"{r.path}.options[{i}]", item)
            sub.used = set()
            label = sub.text("label")
            if " " in label or label != label.lower():
                raise sub.error("label", "must be one lowercase word (hyphens allowed)")
            if label in labels:
                raise sub.error("label", f"a second option labelled {label!r}")
            labels.append(label)
            branches.append(sub.ops("then", timing))
            sub.done()
        op = (CHOOSE, n, tuple(labels), tuple(branches))
    elif name == "steal":
        op = (STEAL, r.num("points", low=1))
    elif name == "take_discard":
        op = (TAKE_DISCARD, r.word("family", FAMILIES, optional=True))
    elif name == "discard_hand_many":
        op = (DISCARD_MANY, r.num("up_to", low=1), *(r.num(k, 0) for k in
                                                   ("red", "blue", "purple", "points")))
    elif name == "upgrade":
        op = (UPGRADE, r.num("n", 1, low=1), int(r.flag("up_to", False)))
    elif name == "name_family":
        op = (NAME_FAMILY, r.num("points", low=1))
    elif name == "swap":
        op = (SWAP, r.word("family", FAMILIES))
    elif name == "reveal_hand":
        op = (REVEAL_HAND,)
    elif name == "hand_to_deck":
        op = (HAND_TO_DECK,)
    elif name == "discard_own":
        op = (DISCARD_OWN, r.flag("other", False), r.num("points_per_cost", 0),
              r.word("family", FAMILIES, optional=True), r.ops("then", timing, []))
    elif name == "shelter_deck":
        op = (SHELTER_DECK, r.num("count", 1, low=1))
    elif name == "shelter_hand":
        op = (SHELTER_HAND,)
    elif name == "shelter_display":
        op = (SHELTER_DISPLAY,)
    elif name == "reveal_display":
        op = (REVEAL_DISPLAY, r.num("count", 1, low=1))
    elif name == "retrieve":
        op = (RETRIEVE, int(r.flag("all", False)))
    elif name == "discard_shelter":
        op = (DISCARD_SHELTER,)
    elif name == "buy_area":
        op = (BUY_AREA, r.num("price", 0))
    elif name == "activate_one":
        op = (ACTIVATE_ONE,)
    elif name == "any_family":
        op = (P_ANY_FAMILY,)
    elif name == "ash":
        op = (P_ASH,)
    elif name == "on_discard":
        vals = tuple(r.num(k, 0) for k in ("red", "blue", "purple"))
        if not any(vals):
            raise r.error(None, "on_discard needs at least one of red, blue, purple")
        op = (P_ON_DISCARD, *vals)
    elif name == "recover_when":
        event = r.word("event", EVENTS)
        op = (P_RECOVER_WHEN, 1 << event,
              r.num("value", low=1) if event == EVENTS.index("stones_at_least") else 0)
    elif name == "on_sell_upgrade":
        op = (P_ON_SELL_UPGRADE,)
    elif name == "on_sell_keep":
        op = (P_ON_SELL_KEEP, r.num("price", 1))
    elif name == "stone_limit":
        op = (P_LIMIT, r.num("amount", low=-4))
    elif name == "stone_value":
        op = (P_VALUE, r.word("color", COLORS), r.num("amount", low=-6))
    elif name == "swap_values":
        op = (P_SWAP,)
    elif name == "cost_reduction":
        op = (P_REDUCE, r.num("amount", low=1), r.word("family", FAMILIES, optional=True))
    elif name == "fixed_cost":
        op = (P_FIXED, r.num("value"), r.word("family", FAMILIES, optional=True))
    elif name == "on_summon":
        op = (P_ON_SUMMON, r.num("points", low=1), r.word("per_color", COLORS, optional=True),
              r.word("paid", COLORS, optional=True))
    else:  # on_tame
        op = (P_ON_TAME, r.word("family", FAMILIES, optional=True),
              r.num("red", 0), r.num("blue", 0), r.num("purple", 0), r.num("points", 0))
    r.done()
    return op

