"""The sentences of The Vale of Eternity's action events ("P1 hunts imp", "P2 summons
undine-queen, paying 3 red stones"), and the small words they and `phrases.py` share.

An event's sentence says what the action's notation says, nothing more: seats as
P1..Pn and cards by their ids, which the faces turn into names.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.api import Action
from cardtable.vale.actions import (
    K_ACTIVATE,
    K_ARTIFACT,
    K_CHOOSE,
    K_COPY,
    K_DISCARD_CARD,
    K_DISCARD_STONE,
    K_DONE,
    K_END,
    K_FREE,
    K_HUNT,
    K_NAME,
    K_ORDER,
    K_PAY,
    K_RECOVER,
    K_REMOVE,
    K_RETRIEVE,
    K_SELL,
    K_SHELTER,
    K_SUMMON,
    K_SWAP,
    K_TAKE,
    K_TAME,
    K_TARGET,
    K_TOP,
    K_UPGRADE,
    K_USE,
    payment_counts,
)

# --- small words ------------------------------------------------------------------


def plural(n: int, word: str) -> str:
    """`1 card`, `2 cards`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def stones(red: int, blue: int, purple: int) -> str:
    """`3 red stones`, `1 purple stone and 1 red stone` (most valuable colour first)."""
    parts = [plural(k, f"{color} stone") for k, color in
             ((purple, "purple"), (blue, "blue"), (red, "red")) if k]
    return join(parts) or "no stones"


def event_text(p: int, action: Action) -> str:
    """The public sentence of seat `p`'s action `action`, seats as P1..Pn and cards by
    their ids; it says what the action's notation says, nothing more."""
    kind = action.kind
    who = f"P{p + 1}"
    words = action.text.split()
    arg = words[1] if len(words) > 1 else ""
    if kind in (K_SUMMON, K_REMOVE):
        verb = "summons" if kind == K_SUMMON else "removes"
        where = "" if kind == K_SUMMON else " from their area"
        if action.b > 0:
            return f"{who} {verb} {arg}{where}, paying {stones(*payment_counts(action.b))}"
        return f"{who} {verb} {arg}{where}"
    template = _EVENT_WORDS.get(kind)
    if template is None:  # pragma: no cover - every action kind has its words
        return f"{who}: {action.text}"
    if kind == K_CHOOSE:
        arg = arg.replace("-", " ")
    elif kind == K_TARGET:
        arg = arg.upper()
    elif kind == K_PAY:
        arg = stones(*payment_counts(action.a))
    return template.format(who=who, arg=arg)


_EVENT_WORDS = {
    K_HUNT: "{who} hunts {arg}", K_SELL: "{who} sells {arg}", K_TAME: "{who} tames {arg}",
    K_END: "{who} ends their turn", K_CHOOSE: "{who} chooses the option “{arg}”",
    K_DISCARD_CARD: "{who} discards {arg}", K_DISCARD_STONE: "{who} discards a {arg} stone",
    K_TARGET: "{who} chooses {arg}", K_RECOVER: "{who} takes {arg} back into their hand",
    K_COPY: "{who} copies the effect of {arg}",
    K_TAKE: "{who} takes {arg} from the discard pile",
    K_ORDER: "{who} resolves the Resolution effect of {arg} next", K_DONE: "{who} stops",
    K_FREE: "{who} picks {arg} to summon for free",
    K_ARTIFACT: "{who} picks the Artifact {arg}", K_USE: "{who} uses the Artifact {arg}",
    K_SHELTER: "{who} shelters {arg}", K_RETRIEVE: "{who} retrieves {arg} from their shelter",
    K_UPGRADE: "{who} upgrades a {arg} stone", K_NAME: "{who} names the {arg} family",
    K_PAY: "{who} pays {arg}", K_SWAP: "{who} gives up {arg} in the swap",
    K_TOP: "{who} puts {arg} on top of the deck",
    K_ACTIVATE: "{who} resolves the Resolution effect of {arg}",
}
