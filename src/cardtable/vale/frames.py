"""Vale's pending work: the frames in the state's `pending` list, the newest last.

Every frame has a `player`, who acts, and a `source`, the card whose effect it is (or
ART_SRC + a tile; -1 for none). A `Run` frame is an effect under way, run one op at a
time (effects.py); every other frame is a `Decision` waiting for its player's choice
(decisions.py gives each kind its options and its answer). A decision's `cont` says it
interrupted a longer effect (the run frame below it), whose rest is dropped when the
decision has nothing to choose from.

`kind` is each class's number (F_RUN, F_ORDER, ...): it picks the functions of a kind
from tables, and FRAME_NAMES[kind] is what the observation calls the decision.

Frames are plain data, never changed once made (the next step of a decision is a new
frame in its place): `clone()` copies the list and shares the frames, and records
replay bit for bit. They hold no closures or generators.
"""

from __future__ import annotations

from typing import Any, Final, final

from cardtable.vale.vocabulary import Op, Ops

(F_RUN, F_ORDER, F_LIMIT, F_CHOOSE, F_DISCARD_HAND, F_FREE_SUMMON, F_TARGET_DISCARD,
 F_PICK_DISCARD, F_DISCARD_AREA, F_RECOVER, F_COPY, F_STEAL, F_TAKE) = range(13)
(F_DISCARD_MANY, F_UPGRADE, F_NAME, F_SWAP_TARGET, F_SWAP_PICK, F_TOP, F_DISCARD_OWN,
 F_SHELTER_HAND, F_SHELTER_DISPLAY, F_RETRIEVE, F_DISCARD_SHELTER, F_PRICE,
 F_ACTIVATE) = range(13, 26)
#: What each pending decision is called in the observation.
FRAME_NAMES: Final = ("run", "order", "stone-limit", "choose", "discard-from-hand", "free-summon",
               "choose-target", "discard-from-area", "discard-from-own-area", "recover",
               "copy", "steal", "take-from-discard", "discard-any-from-hand", "upgrade",
               "name-family", "swap-target", "swap-card", "card-to-deck-top",
               "discard-own-card", "shelter-from-hand", "shelter-from-display",
               "retrieve", "discard-from-shelter", "pay-price", "activate")


class Frame:
    """A pending step. Compared by value (`fields()`), as states are."""

    __slots__ = ("kind", "player", "source")

    kind: int
    player: int
    source: int

    def fields(self) -> tuple[Any, ...]:
        """Everything the frame holds, its kind first."""
        return (self.kind, self.player, self.source)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Frame) and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self.fields()[1:]!r}"


class Decision(Frame):
    """A frame that waits for its player's choice."""

    __slots__ = ("cont",)

    cont: bool


@final
class Run(Frame):
    """An effect under way: `ops[pc]` runs next."""

    __slots__ = ("ops", "pc")

    def __init__(self, player: int, source: int, ops: Ops, pc: int = 0) -> None:
        self.kind = F_RUN
        self.player = player
        self.source = source
        self.ops = ops
        self.pc = pc

    def fields(self) -> tuple[Any, ...]:
        return (F_RUN, self.player, self.source, self.ops, self.pc)


# --- decisions, in the order of their kinds --------------------------------------------


@final
class Order(Decision):
    """Which of `cards` (those with a Resolution effect) resolves next."""

    __slots__ = ("cards",)

    def __init__(self, player: int, source: int, cont: bool, cards: tuple[int, ...]) -> None:
        self.kind = F_ORDER
        self.player = player
        self.source = source
        self.cont = cont
        self.cards = cards

    def fields(self) -> tuple[Any, ...]:
        return (F_ORDER, self.player, self.source, self.cont, self.cards)


@final
class StoneLimit(Decision):
    """One stone to discard, down to the stone limit."""

    __slots__ = ()

    def __init__(self, player: int) -> None:
        self.kind = F_LIMIT
        self.player = player
        self.source = -1
        self.cont = False

    def fields(self) -> tuple[Any, ...]:
        return (F_LIMIT, self.player, self.source, self.cont)


@final
class Choose(Decision):
    """`left` more of the options of `op` (CHOOSE, number, labels, branches) to choose,
    none twice: `taken` has bit i set for the options already chosen."""

    __slots__ = ("left", "op", "taken")

    def __init__(self, player: int, source: int, cont: bool, op: Op, left: int,
                 taken: int) -> None:
        self.kind = F_CHOOSE
        self.player = player
        self.source = source
        self.cont = cont
        self.op = op
        self.left = left
        self.taken = taken

    def fields(self) -> tuple[Any, ...]:
        return (F_CHOOSE, self.player, self.source, self.cont, self.op, self.left, self.taken)


@final
class DiscardFromHand(Decision):
    """A hand card to discard, for `points_per_cost` points per cost. `protect` is the
    family (-1: any) the free summon after it needs, -2 when none follows."""

    __slots__ = ("points_per_cost", "protect")

    def __init__(self, player: int, source: int, cont: bool, points_per_cost: int,
                 protect: int) -> None:
        self.kind = F_DISCARD_HAND
        self.player = player
        self.source = source
        self.cont = cont
        self.points_per_cost = points_per_cost
        self.protect = protect

    def fields(self) -> tuple[Any, ...]:
        return (F_DISCARD_HAND, self.player, self.source, self.cont, self.points_per_cost,
                self.protect)


@final
class FreeSummon(Decision):
    """A card of `family` (-1: any) to summon for free from the hand (or the discard
    pile), scoring `points_per_cost` points per cost."""

    __slots__ = ("family", "from_discard", "points_per_cost")

    def __init__(self, player: int, source: int, cont: bool, family: int,
                 points_per_cost: int, from_discard: bool) -> None:
        self.kind = F_FREE_SUMMON
        self.player = player
        self.source = source
        self.cont = cont
        self.family = family
        self.points_per_cost = points_per_cost
        self.from_discard = from_discard

    def fields(self) -> tuple[Any, ...]:
        return (F_FREE_SUMMON, self.player, self.source, self.cont, self.family,
                self.points_per_cost, self.from_discard)


@final
class ChooseTarget(Decision):
    """The player who must give up a card of `family` of their area."""

    __slots__ = ("family",)

    def __init__(self, player: int, source: int, cont: bool, family: int) -> None:
        self.kind = F_TARGET_DISCARD
        self.player = player
        self.source = source
        self.cont = cont
        self.family = family

    def fields(self) -> tuple[Any, ...]:
        return (F_TARGET_DISCARD, self.player, self.source, self.cont, self.family)


@final
class DiscardFromArea(Decision):
    """The chosen player (`player`) picks which card of `family` of their area to give
    up to `source`."""

    __slots__ = ("family",)

    def __init__(self, player: int, source: int, family: int) -> None:
        self.kind = F_PICK_DISCARD
        self.player = player
        self.source = source
        self.cont = False
        self.family = family

    def fields(self) -> tuple[Any, ...]:
        return (F_PICK_DISCARD, self.player, self.source, self.cont, self.family)


@final
class DiscardFromOwnArea(Decision):
    """Up to `left` more of the player's other cards to discard, or done."""

    __slots__ = ("left",)

    def __init__(self, player: int, source: int, cont: bool, left: int) -> None:
        self.kind = F_DISCARD_AREA
        self.player = player
        self.source = source
        self.cont = cont
        self.left = left

    def fields(self) -> tuple[Any, ...]:
        return (F_DISCARD_AREA, self.player, self.source, self.cont, self.left)


@final
class Recover(Decision):
    """A card of the area to take back into the hand, as `op` says: (RECOVER, other,
    needs_instant, max_cost, family, points_per_cost)."""

    __slots__ = ("op",)

    def __init__(self, player: int, source: int, cont: bool, op: Op) -> None:
        self.kind = F_RECOVER
        self.player = player
        self.source = source
        self.cont = cont
        self.op = op

    def fields(self) -> tuple[Any, ...]:
        return (F_RECOVER, self.player, self.source, self.cont, self.op)


@final
class Copy(Decision):
    """The card whose instant (`timing` T_INSTANT) or Resolution effect to copy."""

    __slots__ = ("timing",)

    def __init__(self, player: int, source: int, cont: bool, timing: int) -> None:
        self.kind = F_COPY
        self.player = player
        self.source = source
        self.cont = cont
        self.timing = timing

    def fields(self) -> tuple[Any, ...]:
        return (F_COPY, self.player, self.source, self.cont, self.timing)


@final
class Steal(Decision):
    """The opponent who loses `points` to the player."""

    __slots__ = ("points",)

    def __init__(self, player: int, source: int, cont: bool, points: int) -> None:
        self.kind = F_STEAL
        self.player = player
        self.source = source
        self.cont = cont
        self.points = points

    def fields(self) -> tuple[Any, ...]:
        return (F_STEAL, self.player, self.source, self.cont, self.points)


@final
class TakeFromDiscard(Decision):
    """A card of `family` (-1: any) of the discard pile to take into the hand."""

    __slots__ = ("family",)

    def __init__(self, player: int, source: int, cont: bool, family: int) -> None:
        self.kind = F_TAKE
        self.player = player
        self.source = source
        self.cont = cont
        self.family = family

    def fields(self) -> tuple[Any, ...]:
        return (F_TAKE, self.player, self.source, self.cont, self.family)


@final
class DiscardAnyFromHand(Decision):
    """Hand cards to discard one at a time, or done; `discarded` so far. `op` is
    (DISCARD_MANY, up_to, red, blue, purple, points): the reward per card, paid when
    the player stops."""

    __slots__ = ("discarded", "op")

    def __init__(self, player: int, source: int, cont: bool, op: Op, discarded: int) -> None:
        self.kind = F_DISCARD_MANY
        self.player = player
        self.source = source
        self.cont = cont
        self.op = op
        self.discarded = discarded

    def fields(self) -> tuple[Any, ...]:
        return (F_DISCARD_MANY, self.player, self.source, self.cont, self.op, self.discarded)


@final
class Upgrade(Decision):
    """`left` more stone upgrades; `optional` ("up to") offers done. `red_left` and
    `blue_left` limit which stones may be upgraded (-1: any; Duduri King: the stones
    just received); `upgraded_blue` counts the blues made by this effect, which may not
    go on to purple."""

    __slots__ = ("blue_left", "left", "optional", "red_left", "upgraded_blue")

    def __init__(self, player: int, source: int, cont: bool, left: int, optional: bool,
                 red_left: int, blue_left: int, upgraded_blue: int) -> None:
        self.kind = F_UPGRADE
        self.player = player
        self.source = source
        self.cont = cont
        self.left = left
        self.optional = optional
        self.red_left = red_left
        self.blue_left = blue_left
        self.upgraded_blue = upgraded_blue

    def fields(self) -> tuple[Any, ...]:
        return (F_UPGRADE, self.player, self.source, self.cont, self.left, self.optional,
                self.red_left, self.blue_left, self.upgraded_blue)


@final
class NameFamily(Decision):
    """A family to name: `points` per card of it in the player's area."""

    __slots__ = ("points",)

    def __init__(self, player: int, source: int, cont: bool, points: int) -> None:
        self.kind = F_NAME
        self.player = player
        self.source = source
        self.cont = cont
        self.points = points

    def fields(self) -> tuple[Any, ...]:
        return (F_NAME, self.player, self.source, self.cont, self.points)


@final
class SwapTarget(Decision):
    """The player whose card of `family` trades places with `source`."""

    __slots__ = ("family",)

    def __init__(self, player: int, source: int, cont: bool, family: int) -> None:
        self.kind = F_SWAP_TARGET
        self.player = player
        self.source = source
        self.cont = cont
        self.family = family

    def fields(self) -> tuple[Any, ...]:
        return (F_SWAP_TARGET, self.player, self.source, self.cont, self.family)


@final
class SwapCard(Decision):
    """The chosen player (`player`) picks which card of `family` of their area trades
    places with `source`, a card of `owner`'s."""

    __slots__ = ("family", "owner")

    def __init__(self, player: int, source: int, family: int, owner: int) -> None:
        self.kind = F_SWAP_PICK
        self.player = player
        self.source = source
        self.cont = False
        self.family = family
        self.owner = owner

    def fields(self) -> tuple[Any, ...]:
        return (F_SWAP_PICK, self.player, self.source, self.cont, self.family, self.owner)


@final
class CardToDeckTop(Decision):
    """A hand card to put on top of the deck."""

    __slots__ = ()

    def __init__(self, player: int, source: int, cont: bool) -> None:
        self.kind = F_TOP
        self.player = player
        self.source = source
        self.cont = cont

    def fields(self) -> tuple[Any, ...]:
        return (F_TOP, self.player, self.source, self.cont)


@final
class DiscardOwnCard(Decision):
    """A card of the player's area to discard, as `op` says: (DISCARD_OWN, other,
    points_per_cost, family, then); `then` runs when the card was of `family`."""

    __slots__ = ("op",)

    def __init__(self, player: int, source: int, cont: bool, op: Op) -> None:
        self.kind = F_DISCARD_OWN
        self.player = player
        self.source = source
        self.cont = cont
        self.op = op

    def fields(self) -> tuple[Any, ...]:
        return (F_DISCARD_OWN, self.player, self.source, self.cont, self.op)


@final
class ShelterFromHand(Decision):
    """A hand card to shelter."""

    __slots__ = ()

    def __init__(self, player: int, source: int, cont: bool) -> None:
        self.kind = F_SHELTER_HAND
        self.player = player
        self.source = source
        self.cont = cont

    def fields(self) -> tuple[Any, ...]:
        return (F_SHELTER_HAND, self.player, self.source, self.cont)


@final
class ShelterFromDisplay(Decision):
    """A card of the hunting display to shelter."""

    __slots__ = ()

    def __init__(self, player: int, source: int, cont: bool) -> None:
        self.kind = F_SHELTER_DISPLAY
        self.player = player
        self.source = source
        self.cont = cont

    def fields(self) -> tuple[Any, ...]:
        return (F_SHELTER_DISPLAY, self.player, self.source, self.cont)


@final
class Retrieve(Decision):
    """A card of the player's shelter to take into the hand."""

    __slots__ = ()

    def __init__(self, player: int, source: int, cont: bool) -> None:
        self.kind = F_RETRIEVE
        self.player = player
        self.source = source
        self.cont = cont

    def fields(self) -> tuple[Any, ...]:
        return (F_RETRIEVE, self.player, self.source, self.cont)


@final
class DiscardFromShelter(Decision):
    """A card of the player's shelter to discard."""

    __slots__ = ()

    def __init__(self, player: int, source: int, cont: bool) -> None:
        self.kind = F_DISCARD_SHELTER
        self.player = player
        self.source = source
        self.cont = cont

    def fields(self) -> tuple[Any, ...]:
        return (F_DISCARD_SHELTER, self.player, self.source, self.cont)


@final
class PayPrice(Decision):
    """Stones worth `price` to pay for an extra area (`card` -1) or to keep `card`, the
    card just sold (Gem of Kukulkan); `optional` offers done."""

    __slots__ = ("card", "optional", "price")

    def __init__(self, player: int, source: int, cont: bool, price: int, card: int,
                 optional: bool) -> None:
        self.kind = F_PRICE
        self.player = player
        self.source = source
        self.cont = cont
        self.price = price
        self.card = card
        self.optional = optional

    def fields(self) -> tuple[Any, ...]:
        return (F_PRICE, self.player, self.source, self.cont, self.price, self.card,
                self.optional)


@final
class Activate(Decision):
    """The card of the area whose Resolution effect resolves now."""

    __slots__ = ()

    def __init__(self, player: int, source: int, cont: bool) -> None:
        self.kind = F_ACTIVATE
        self.player = player
        self.source = source
        self.cont = cont

    def fields(self) -> tuple[Any, ...]:
        return (F_ACTIVATE, self.player, self.source, self.cont)
