"""The actions of The Vale of Eternity: their kinds, the fixed actions every game
shares, and the codes of stone payments. Actions are interned: the per-card ones live
on the card set (cards.py), these are made once.

A payment is coded as one int, 5 bits per colour (red, blue, purple): no player may
hold more than 31 stones of a colour (cards.MAX_STONE_LIMIT).
"""

from __future__ import annotations

from cardtable.engine.api import Action
from cardtable.vale.vocabulary import COLORS, FAMILIES

# Action kinds (Action.kind)
K_HUNT, K_SELL, K_TAME, K_SUMMON, K_REMOVE, K_END = range(6)
K_CHOOSE, K_DISCARD_CARD, K_DISCARD_STONE, K_TARGET, K_RECOVER = range(6, 11)
K_COPY, K_TAKE, K_ORDER, K_DONE, K_FREE = range(11, 16)
# the Artifacts expansion
(K_ARTIFACT, K_USE, K_SHELTER, K_RETRIEVE, K_UPGRADE, K_NAME, K_PAY, K_SWAP, K_TOP,
 K_ACTIVATE) = range(16, 26)


def payment_code(red: int, blue: int, purple: int) -> int:
    return red | (blue << 5) | (purple << 10)


def payment_counts(code: int) -> tuple[int, int, int]:
    return code & 31, (code >> 5) & 31, code >> 10


def payment_text(code: int) -> str:
    """`purple,blue,blue,red`: most valuable colour first (empty for no stones)."""
    r, b, p = payment_counts(code)
    return ",".join(["purple"] * p + ["blue"] * b + ["red"] * r)


END = Action(K_END, "end")
DONE = Action(K_DONE, "done")
STONE_DISCARD = [Action(K_DISCARD_STONE, f"discard {c}", i) for i, c in enumerate(COLORS)]
TARGETS = [Action(K_TARGET, f"target p{q + 1}", q) for q in range(8)]
NAMES = tuple(Action(K_NAME, f"name {f}", i) for i, f in enumerate(FAMILIES))
UPGRADES = (Action(K_UPGRADE, "upgrade red", 0), Action(K_UPGRADE, "upgrade blue", 1))
_PAY: dict[int, Action] = {}
_CHOOSE: dict[str, Action] = {}


def pay_action(code: int) -> Action:
    """The interned `pay <stones>` action of a price."""
    act = _PAY.get(code)
    if act is None:
        act = _PAY[code] = Action(K_PAY, f"pay {payment_text(code)}", code)
    return act


def choose_action(label: str) -> Action:
    """The interned `choose <label>` action of an option of a `choose` effect."""
    act = _CHOOSE.get(label)
    if act is None:
        act = _CHOOSE[label] = Action(K_CHOOSE, f"choose {label}")
    return act
