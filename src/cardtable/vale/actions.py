"""The actions of The Vale of Eternity: their kinds, the fixed actions every game
shares, and the codes of stone payments. Actions are interned: the per-card ones live
on the card set (cards.py), these are made once.

A payment is coded as one int, 5 bits per colour (red, blue, purple): no player may
hold more than 31 stones of a colour (cards.MAX_STONE_LIMIT).
"""

from __future__ import annotations

from typing import Final

from cardtable.engine.api import Action
from cardtable.vale.vocabulary import COLORS, FAMILIES

# Action kinds (Action.kind)
K_HUNT: Final = 0
K_SELL: Final = 1
K_TAME: Final = 2
K_SUMMON: Final = 3
K_REMOVE: Final = 4
K_END: Final = 5
K_CHOOSE: Final = 6
K_DISCARD_CARD: Final = 7
K_DISCARD_STONE: Final = 8
K_TARGET: Final = 9
K_RECOVER: Final = 10
K_COPY: Final = 11
K_TAKE: Final = 12
K_ORDER: Final = 13
K_DONE: Final = 14
K_FREE: Final = 15
# the Artifacts expansion
K_ARTIFACT: Final = 16
K_USE: Final = 17
K_SHELTER: Final = 18
K_RETRIEVE: Final = 19
K_UPGRADE: Final = 20
K_NAME: Final = 21
K_PAY: Final = 22
K_SWAP: Final = 23
K_TOP: Final = 24
K_ACTIVATE: Final = 25
KINDS: Final = 26   # how many kinds there are


def payment_code(red: int, blue: int, purple: int) -> int:
    return red | (blue << 5) | (purple << 10)


def payment_counts(code: int) -> tuple[int, int, int]:
    return code & 31, (code >> 5) & 31, code >> 10


def payment_text(code: int) -> str:
    """`purple,blue,blue,red`: most valuable colour first (empty for no stones)."""
    r, b, p = payment_counts(code)
    return ",".join(["purple"] * p + ["blue"] * b + ["red"] * r)


END: Final = Action(K_END, "end")
DONE: Final = Action(K_DONE, "done")
STONE_DISCARD: Final = [Action(K_DISCARD_STONE, f"discard {c}", i) for i, c in enumerate(COLORS)]
TARGETS: Final = [Action(K_TARGET, f"target p{q + 1}", q) for q in range(8)]
NAMES: Final = tuple(Action(K_NAME, f"name {f}", i) for i, f in enumerate(FAMILIES))
UPGRADES: Final = (Action(K_UPGRADE, "upgrade red", 0), Action(K_UPGRADE, "upgrade blue", 1))
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
