"""The effect vocabulary of The Vale of Eternity, and how effects run.

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
  activate_resolution: resolve every hourglass effect in your area (you choose order)
  choose        n, options = [{label, then = [...]}]: choose n different options
  steal         points: an opponent of your choice loses them and you gain them
  take_discard  family: take a card of that family from the discard pile into your hand

Permanent ops: stone_limit (amount), stone_value (color, amount), swap_values,
cost_reduction (amount, family?), fixed_cost (value, family?), on_summon (points,
per_color?, paid?) and on_tame (family?, red, blue, purple, points).

Triggers: when a card is summoned, the `on_summon` permanents of the cards already in
the summoner's area score at once, in area order (so never for their own summon), and
then the summoned card's instant effect starts; `on_tame` permanents pay out at once
when a card is tamed. Their rewards need no decision, so they need no frame; the stone
limit is checked right after, before anything else happens.

Pending work is plain data: the state holds a stack of tuples (frames). A run frame
`(F_RUN, player, source, ops, pc)` is executed step by step; a decision frame waits for
its player's action. Frames never hold closures or generators, so clone() is a list
copy and records replay bit for bit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.api import Action, CardFileError, Event
from cardtable.vale import board

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

Op = tuple[Any, ...]
Ops = tuple[Op, ...]
Frame = tuple[Any, ...]

# --- opcodes -----------------------------------------------------------------------
(GAIN, LOSE, POINTS_PER, IF, SPEND, DISCARD_HAND, FREE_SUMMON, DISCARD_SELF,
 RECOVER_SELF, SELF_TO_DECK, CASH_STONES, STONES_TO, TARGET_DISCARD, DISCARD_AREA,
 RECOVER, COPY, ACTIVATE, CHOOSE, STEAL, TAKE_DISCARD) = range(20)
(P_LIMIT, P_VALUE, P_SWAP, P_REDUCE, P_FIXED, P_ON_SUMMON, P_ON_TAME) = range(100, 107)

# counts for points_per
(C_HAND, C_AREA, C_FAMILY, C_FAMILIES, C_COST_MAX, C_RESOLUTION, C_STONES,
 C_VALUE) = range(8)
COUNTS = ("hand", "area", "family", "families", "cost_at_most", "resolution_cards",
          "stones", "stone_value")
# conditions for if
(K_COSTS, K_NO_FAMILY, K_HAS_STONE, K_HAND_EQ_AREA, K_HAND_BELOW, K_OPP_AHEAD) = range(6)
CONDS = ("area_has_costs", "no_family_in_area", "has_stone", "hand_equals_area",
         "hand_below", "opponent_ahead")

# --- frames ------------------------------------------------------------------------
(F_RUN, F_ORDER, F_LIMIT, F_CHOOSE, F_DISCARD_HAND, F_FREE_SUMMON, F_TARGET_DISCARD,
 F_PICK_DISCARD, F_DISCARD_AREA, F_RECOVER, F_COPY, F_STEAL, F_TAKE) = range(13)
#: What each pending decision is called in the observation.
FRAME_NAMES = ("run", "order", "stone-limit", "choose", "discard-from-hand", "free-summon",
               "choose-target", "discard-from-area", "discard-from-own-area", "recover",
               "copy", "steal", "take-from-discard")

_FAMILIES = ("fire", "water", "earth", "wind", "dragon")
_COLORS = ("red", "blue", "purple")
_INSTANT, _RESOLUTION = 0, 1
_LABEL_ACTS: dict[str, Action] = {}


def choose_action(label: str) -> Action:
    from cardtable.vale.cards import K_CHOOSE

    act = _LABEL_ACTS.get(label)
    if act is None:
        act = _LABEL_ACTS[label] = Action(K_CHOOSE, f"choose {label}")
    return act


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


def compile_effect(file: str, card: str, timing: str, raw: Any) -> Ops:
    """Read one timing's list of ops ('instant', 'permanent' or 'resolution')."""
    return _compile_list(file, card, timing, timing, raw)


def _compile_list(file: str, card: str, path: str, timing: str, raw: Any) -> Ops:
    if not isinstance(raw, list):
        raise CardFileError(file, "must be a list of steps", card=card, field=path)
    return tuple(_compile_op(_Reader(file, card, f"{path}[{i}]", item), timing)
                 for i, item in enumerate(raw, start=1))


_TIMED_OPS = ("gain", "lose", "points_per", "if", "spend_stone", "discard_hand",
              "free_summon", "discard_self", "recover_self", "self_to_deck", "cash_stones",
              "stones_to", "target_discard", "discard_area", "recover", "copy",
              "activate_resolution", "choose", "steal", "take_discard")
_PERMANENT_OPS = ("stone_limit", "stone_value", "swap_values", "cost_reduction",
                  "fixed_cost", "on_summon", "on_tame")


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
            arg = r.word("family", _FAMILIES)
        elif count == C_COST_MAX:
            arg = r.num("cost")
        elif count in (C_STONES, C_VALUE):
            arg = r.word("color", _COLORS)
        op = (POINTS_PER, amount, count, arg)
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
            carg = r.word("family", _FAMILIES)
        elif cond == K_HAS_STONE:
            carg = r.word("color", _COLORS)
        elif cond == K_HAND_BELOW:
            carg = r.num("value")
        op = (IF, cond, carg, r.ops("then", timing), r.ops("else", timing, []))
    elif name == "spend_stone":
        op = (SPEND, r.word("color", _COLORS))
    elif name == "discard_hand":
        op = (DISCARD_HAND, r.num("points_per_cost", 0))
    elif name == "free_summon":
        op = (FREE_SUMMON, r.word("family", _FAMILIES, optional=True))
    elif name == "discard_self":
        op = (DISCARD_SELF,)
    elif name == "recover_self":
        op = (RECOVER_SELF,)
    elif name == "self_to_deck":
        op = (SELF_TO_DECK,)
    elif name == "cash_stones":
        op = (CASH_STONES,)
    elif name == "stones_to":
        op = (STONES_TO, r.word("color", _COLORS))
    elif name == "target_discard":
        op = (TARGET_DISCARD, r.word("family", _FAMILIES))
    elif name == "discard_area":
        op = (DISCARD_AREA, r.num("up_to", low=1))
    elif name == "recover":
        op = (RECOVER, r.flag("other", True), r.flag("needs_instant", False),
              r.num("max_cost", -1, low=-1), r.word("family", _FAMILIES, optional=True),
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
        op = (TAKE_DISCARD, r.word("family", _FAMILIES, optional=True))
    elif name == "stone_limit":
        op = (P_LIMIT, r.num("amount", low=-4))
    elif name == "stone_value":
        op = (P_VALUE, r.word("color", _COLORS), r.num("amount", low=-6))
    elif name == "swap_values":
        op = (P_SWAP,)
    elif name == "cost_reduction":
        op = (P_REDUCE, r.num("amount", low=1), r.word("family", _FAMILIES, optional=True))
    elif name == "fixed_cost":
        op = (P_FIXED, r.num("value"), r.word("family", _FAMILIES, optional=True))
    elif name == "on_summon":
        op = (P_ON_SUMMON, r.num("points", low=1), r.word("per_color", _COLORS, optional=True),
              r.word("paid", _COLORS, optional=True))
    else:  # on_tame
        op = (P_ON_TAME, r.word("family", _FAMILIES, optional=True),
              r.num("red", 0), r.num("blue", 0), r.num("purple", 0), r.num("points", 0))
    r.done()
    return op


_ALWAYS_OK = frozenset({GAIN, LOSE, POINTS_PER, DISCARD_SELF, RECOVER_SELF, SELF_TO_DECK,
                        CASH_STONES, STONES_TO, DISCARD_AREA, ACTIVATE})


def needs_check(ops: Ops) -> bool:
    """True when some step of these ops might be impossible (so summoning must check)."""
    for op in ops:
        if op[0] not in _ALWAYS_OK or (op[0] == GAIN and op[5]) or (op[0] == LOSE and op[2]):
            return True
    return False


# --- feasibility: "a card cannot be summoned if any part of its instant effect cannot
#     be resolved" ----------------------------------------------------------------------


def instant_ok(st: ValeState, p: int, card: int, hand_n: int, area_n: int,
               exclude: tuple[int, ...] = (), depth: int = 0) -> bool:
    """Whether `card`'s instant effect can be resolved in full if `p` summons it now.
    `hand_n`/`area_n` are p's hand and area sizes once the card is in the area;
    `exclude` are hand cards already spoken for."""
    cs = st.cs
    if not cs.inst_check[card]:
        return True
    return can_run(st, p, card, cs.instant[card], hand_n, area_n, (*exclude, card), depth)


def can_run(st: ValeState, p: int, src: int, ops: Ops, hand_n: int, area_n: int,
            exclude: tuple[int, ...], depth: int) -> bool:
    if depth > 4:
        return False
    cs = st.cs
    for op in ops:
        code = op[0]
        if code == GAIN:
            if op[5]:
                if not board.can_draw(st, op[5]):
                    return False
                hand_n += op[5]
        elif code in _ALWAYS_OK:
            if code == LOSE:
                if op[2] and st.pts[p] < op[1]:
                    return False
            elif code == DISCARD_SELF:
                area_n -= 1
            elif code == RECOVER_SELF:
                area_n -= 1
                hand_n += 1
        elif code == IF:
            branch = op[3] if condition(st, p, op[1], op[2]) else op[4]
            if not can_run(st, p, src, branch, hand_n, area_n, exclude, depth):
                return False
        elif code == SPEND:
            if not st.stones[3 * p + op[1]]:
                return False
        elif code == DISCARD_HAND:
            if hand_n < 1:
                return False
            hand_n -= 1
        elif code == FREE_SUMMON:
            if area_n >= st.round or hand_n < 1:
                return False
            fam = op[1]
            family = cs.family
            if not any((fam < 0 or family[c] == fam) and c not in exclude
                       and instant_ok(st, p, c, hand_n - 1, area_n + 1, exclude, depth + 1)
                       for c in st.hands[p]):
                return False
            hand_n -= 1
            area_n += 1
        elif code == TARGET_DISCARD:
            fam = op[1]
            family = cs.family
            # the summoned card is in its area when the effect resolves
            if family[src] != fam and not any(family[c] == fam for area in st.areas
                                              for c in area):
                return False
        elif code == RECOVER:
            if not recover_targets(st, p, src, op):
                return False
        elif code == COPY:
            if op[1] == _INSTANT and not copy_targets(st, p, src, _INSTANT, hand_n, area_n,
                                                      depth + 1):
                return False
        elif code == CHOOSE:
            ok = sum(1 for branch in op[3]
                     if can_run(st, p, src, branch, hand_n, area_n, exclude, depth))
            if ok < op[1]:
                return False
        elif code == STEAL:
            if st.n < 2:
                return False
        elif code == TAKE_DISCARD and not take_targets(st, op[1]):
            return False
    return True


def condition(st: ValeState, p: int, cond: int, arg: Any) -> bool:
    cs = st.cs
    if cond == K_COSTS:
        costs = {cs.cost[c] for c in st.areas[p]}
        return all(c in costs for c in arg)
    if cond == K_NO_FAMILY:
        return board.family_count(st, p, arg) == 0
    if cond == K_HAS_STONE:
        return bool(st.stones[3 * p + arg] > 0)
    if cond == K_HAND_EQ_AREA:
        return len(st.hands[p]) == len(st.areas[p])
    if cond == K_HAND_BELOW:
        return len(st.hands[p]) < int(arg)
    # K_OPP_AHEAD
    mine = st.pts[p]
    return any(s > mine for q, s in enumerate(st.pts) if q != p)


def count(st: ValeState, p: int, kind: int, arg: Any) -> int:
    cs = st.cs
    area = st.areas[p]
    if kind == C_HAND:
        return len(st.hands[p])
    if kind == C_AREA:
        return len(area)
    if kind == C_FAMILY:
        return board.family_count(st, p, arg)
    if kind == C_FAMILIES:
        return board.families(st, p)
    if kind == C_COST_MAX:
        return sum(1 for c in area if cs.cost[c] <= arg)
    if kind == C_RESOLUTION:
        return sum(1 for c in area if cs.has_resolution[c])
    color = int(arg)
    if kind == C_STONES:
        return st.stones[3 * p + color]
    # C_VALUE
    return st.stones[3 * p + color] * board.stone_values(st, p)[color]


def recover_targets(st: ValeState, p: int, src: int, op: Op) -> list[int]:
    cs = st.cs
    _, other, needs_instant, max_cost, fam, _pts = op
    return [c for c in st.areas[p]
            if not (other and c == src)
            and not (needs_instant and not cs.has_instant[c])
            and not (max_cost >= 0 and cs.cost[c] > max_cost)
            and not (fam >= 0 and cs.family[c] != fam)]


def copy_targets(st: ValeState, p: int, src: int, timing: int, hand_n: int, area_n: int,
                 depth: int = 0) -> list[int]:
    cs = st.cs
    if timing == _RESOLUTION:
        return [c for c in st.areas[p] if c != src and cs.has_resolution[c]]
    return [c for c in st.areas[p] if c != src and cs.has_instant[c]
            and (not cs.inst_check[c]
                 or can_run(st, p, src, cs.instant[c], hand_n, area_n, (src,), depth))]


def take_targets(st: ValeState, fam: int) -> list[int]:
    family = st.cs.family
    return [c for c in st.discard if fam < 0 or family[c] == fam]


def free_summon_targets(st: ValeState, p: int, fam: int, exclude: int = -1) -> list[int]:
    area_n = len(st.areas[p])
    if area_n >= st.round:
        return []
    cs = st.cs
    hand = st.hands[p]
    hand_n = len(hand) - 1
    return [c for c in hand if c != exclude and (fam < 0 or cs.family[c] == fam)
            and instant_ok(st, p, c, hand_n, area_n + 1)]


# --- summoning (shared by the Summon action and free summons) ---------------------------


def summon(st: ValeState, p: int, card: int, red: int, blue: int, purple: int) -> None:
    """Pay, put `card` into p's area, fire the 'whenever you summon' permanents of the
    cards already there, then start the card's instant effect."""
    cs = st.cs
    s = st.stones
    s[3 * p] -= red
    s[3 * p + 1] -= blue
    s[3 * p + 2] -= purple
    st.hands[p].remove(card)
    area = st.areas[p]
    paid = (red, blue, purple)
    for other in area:
        for trig in cs.on_summon[other]:
            _, points, per_color, need = trig
            if need >= 0 and not paid[need]:
                continue
            board.add_points(st, p, points * (paid[per_color] if per_color >= 0 else 1))
    area.append(card)
    st.pub[card] = 1
    if cs.has_instant[card]:
        st.stack.append((F_RUN, p, card, cs.instant[card], 0))


def tame_triggers(st: ValeState, p: int, card: int) -> None:
    cs = st.cs
    fam = cs.family[card]
    for other in st.areas[p]:
        for trig in cs.on_tame[other]:
            _, need, red, blue, purple, points = trig
            if need < 0 or need == fam:
                board.gain_stones(st, p, red, blue, purple)
                board.add_points(st, p, points)


# --- running effects ----------------------------------------------------------------


def run_step(st: ValeState) -> None:
    """Execute the next op of the run frame on top of the stack."""
    stack = st.stack
    _, p, src, ops, pc = stack[-1]
    if pc + 1 < len(ops):
        stack[-1] = (F_RUN, p, src, ops, pc + 1)
        cont = True
    else:
        stack.pop()
        cont = False
    op = ops[pc]
    code = op[0]
    cs = st.cs
    if code == GAIN:
        _, red, blue, purple, points, draws = op
        if red or blue or purple:
            board.gain_stones(st, p, red, blue, purple)
        if points:
            board.add_points(st, p, points)
        if draws:
            board.draw(st, p, draws)
    elif code == POINTS_PER:
        board.add_points(st, p, op[1] * count(st, p, op[2], op[3]))
    elif code == LOSE:
        if op[2] and st.pts[p] < op[1]:
            if cont:
                stack.pop()
        else:
            board.lose_points(st, p, op[1])
    elif code == IF:
        branch = op[3] if condition(st, p, op[1], op[2]) else op[4]
        if branch:
            stack.append((F_RUN, p, src, branch, 0))
    elif code == SPEND:
        i = 3 * p + op[1]
        if st.stones[i]:
            st.stones[i] -= 1
        elif cont:
            stack.pop()
    elif code == RECOVER_SELF:
        if src in st.areas[p]:
            board.recover(st, p, src)
    elif code == DISCARD_SELF:
        if src in st.areas[p]:
            board.discard_from_area(st, p, src)
    elif code == SELF_TO_DECK:
        if src in st.areas[p]:
            st.recheck = True
            st.areas[p].remove(src)
            st.deck.append(src)
            st.known_top += 1
    elif code == CASH_STONES:
        vr, vb, vp = board.stone_values(st, p)
        s = st.stones
        total = s[3 * p] * vr + s[3 * p + 1] * vb + s[3 * p + 2] * vp
        s[3 * p] = s[3 * p + 1] = s[3 * p + 2] = 0
        board.add_points(st, p, total)
    elif code == STONES_TO:
        s = st.stones
        total = s[3 * p] + s[3 * p + 1] + s[3 * p + 2]
        s[3 * p] = s[3 * p + 1] = s[3 * p + 2] = 0
        s[3 * p + op[1]] = total
        st.recheck = True
    elif code == DISCARD_HAND:
        protect = -2
        if cont:
            nxt = stack[-1]
            if nxt[4] < len(nxt[3]) and nxt[3][nxt[4]][0] == FREE_SUMMON:
                protect = nxt[3][nxt[4]][1]
        stack.append((F_DISCARD_HAND, p, src, cont, op[1], protect))
    elif code == FREE_SUMMON:
        stack.append((F_FREE_SUMMON, p, src, cont, op[1]))
    elif code == TARGET_DISCARD:
        stack.append((F_TARGET_DISCARD, p, src, cont, op[1]))
    elif code == DISCARD_AREA:
        stack.append((F_DISCARD_AREA, p, src, cont, op[1]))
    elif code == RECOVER:
        stack.append((F_RECOVER, p, src, cont, op))
    elif code == COPY:
        stack.append((F_COPY, p, src, cont, op[1]))
    elif code == ACTIVATE:
        cards = tuple(c for c in st.areas[p] if cs.has_resolution[c])
        if cards:
            stack.append((F_ORDER, p, src, cont, cards))
    elif code == CHOOSE:
        stack.append((F_CHOOSE, p, src, cont, op, op[1], 0))
    elif code == STEAL:
        stack.append((F_STEAL, p, src, cont, op[1]))
    elif code == TAKE_DISCARD:
        stack.append((F_TAKE, p, src, cont, op[1]))
    else:  # pragma: no cover - compile_effect admits nothing else
        raise AssertionError(f"unknown op {op!r}")


def abandon(st: ValeState) -> None:
    """The decision on top has nothing to choose from: drop it, and (when it was part
    of a longer effect) the rest of that effect."""
    frame = st.stack.pop()
    if frame[0] != F_LIMIT and frame[3] and st.stack and st.stack[-1][0] == F_RUN:
        st.stack.pop()


def frame_actions(st: ValeState, frame: Frame) -> list[Action]:
    """The choices of a decision frame (possibly empty)."""
    cs = st.cs
    kind = frame[0]
    p = frame[1]
    if kind == F_LIMIT:
        from cardtable.vale.notation import STONE_DISCARD

        s = st.stones
        return [STONE_DISCARD[k] for k in range(3) if s[3 * p + k]]
    if kind == F_ORDER:
        area = st.areas[p]
        return [cs.act_order[c] for c in frame[4] if c in area]
    if kind == F_CHOOSE:
        op = frame[4]
        mask = frame[6]
        hand_n = len(st.hands[p])
        area_n = len(st.areas[p])
        return [choose_action(label) for i, label in enumerate(op[2])
                if not mask & (1 << i)
                and can_run(st, p, frame[2], op[3][i], hand_n, area_n, (), 0)]
    if kind == F_DISCARD_HAND:
        hand = st.hands[p]
        protect = frame[5]
        if protect == -2:
            return [cs.act_discard[c] for c in hand]
        # the free summon that follows must stay possible: try each discard
        out = []
        for i in range(len(hand)):
            c = hand.pop(i)
            try:
                if free_summon_targets(st, p, protect):
                    out.append(cs.act_discard[c])
            finally:
                hand.insert(i, c)
        return out
    if kind == F_FREE_SUMMON:
        return [cs.act_free[c] for c in free_summon_targets(st, p, frame[4])]
    if kind == F_TARGET_DISCARD:
        from cardtable.vale.notation import TARGETS

        fam = frame[4]
        family = cs.family
        return [TARGETS[q] for q in range(st.n)
                if any(family[c] == fam for c in st.areas[q])]
    if kind == F_PICK_DISCARD:
        fam = frame[4]
        family = cs.family
        return [cs.act_discard[c] for c in st.areas[p] if family[c] == fam]
    if kind == F_DISCARD_AREA:
        from cardtable.vale.notation import DONE

        src = frame[2]
        return [cs.act_discard[c] for c in st.areas[p] if c != src] + [DONE]
    if kind == F_RECOVER:
        return [cs.act_recover[c] for c in recover_targets(st, p, frame[2], frame[4])]
    if kind == F_COPY:
        targets = copy_targets(st, p, frame[2], frame[4], len(st.hands[p]),
                               len(st.areas[p]))
        return [cs.act_copy[c] for c in targets]
    if kind == F_STEAL:
        from cardtable.vale.notation import TARGETS

        return [TARGETS[q] for q in range(st.n) if q != p]
    if kind == F_TAKE:
        return [cs.act_take[c] for c in take_targets(st, frame[4])]
    raise AssertionError(f"not a decision frame: {frame!r}")  # pragma: no cover


def decide(st: ValeState, frame: Frame, action: Action) -> None:
    """Feed the chosen (legal) action into the decision frame on top of the stack."""
    cs = st.cs
    stack = st.stack
    kind = frame[0]
    p = frame[1]
    src = frame[2]
    c = action.a
    if kind == F_LIMIT:
        st.stones[3 * p + action.a] -= 1
        if board.stone_count(st, p) <= board.stone_limit(st, p):
            stack.pop()
        return
    if kind == F_ORDER:
        remaining = tuple(x for x in frame[4] if x != c)
        if remaining:
            stack[-1] = (F_ORDER, p, src, frame[3], remaining)
        else:
            stack.pop()
        stack.append((F_RUN, p, c, cs.resolution[c], 0))
        return
    if kind == F_CHOOSE:
        op = frame[4]
        i = op[2].index(action.text[7:])
        left = frame[5] - 1
        if left:
            stack[-1] = (F_CHOOSE, p, src, frame[3], op, left, frame[6] | (1 << i))
        else:
            stack.pop()
        if op[3][i]:
            stack.append((F_RUN, p, src, op[3][i], 0))
        return
    if kind == F_DISCARD_AREA:
        if action.text == "done":
            stack.pop()
            return
        board.discard_from_area(st, p, c)
        left = frame[4] - 1
        if left:
            stack[-1] = (F_DISCARD_AREA, p, src, frame[3], left)
        else:
            stack.pop()
        return
    stack.pop()
    if kind == F_DISCARD_HAND:
        st.hands[p].remove(c)
        st.discard.append(c)
        board.add_points(st, p, frame[4] * cs.cost[c])
    elif kind == F_FREE_SUMMON:
        st.events.append(Event("summon", p, f"P{p + 1} summons {cs.ids[c]} for free"))
        summon(st, p, c, 0, 0, 0)
    elif kind == F_TARGET_DISCARD:
        q = action.a
        stack.append((F_PICK_DISCARD, q, src, False, frame[4]))
    elif kind == F_PICK_DISCARD:
        board.discard_from_area(st, p, c)
    elif kind == F_RECOVER:
        board.recover(st, p, c)
        board.add_points(st, p, frame[4][5] * cs.cost[c])
    elif kind == F_COPY:
        ops = cs.instant[c] if frame[4] == _INSTANT else cs.resolution[c]
        stack.append((F_RUN, p, src, ops, 0))
    elif kind == F_STEAL:
        q = action.a
        lost = board.lose_points(st, q, frame[4])
        board.add_points(st, p, frame[4] if st.steal_full else lost)
    elif kind == F_TAKE:
        st.discard.remove(c)
        st.hands[p].append(c)
        st.pub[c] = 1
