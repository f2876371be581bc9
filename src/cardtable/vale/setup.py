"""What stays fixed for a whole game of The Vale of Eternity: the cards, the number of
players, the points each seat starts with and the settings its options chose. Made
once by `ValeGame.new_game`, shared, never copied, by every clone (as Thalara's
setup.py).

The state keeps the cards and the player count at hand as well (`state.cs`,
`state.n`): every rule reads them, and one attribute is quicker than two.
"""

from __future__ import annotations

from typing import Any

from cardtable.vale.cards import CardSet


class Setup:
    __slots__ = (
        "artifact_set",
        "cards",
        "copy_as_target",
        "end_score",
        "expansion",
        "n",
        "start_scores",
        "steal_full",
        "tie_break",
    )

    def __init__(self, cards: CardSet, players: int, start_scores: list[int],
                 settings: dict[str, Any]) -> None:
        self.cards = cards
        self.n = players
        self.start_scores: tuple[int, ...] = tuple(start_scores)
        self.expansion: str = settings["expansion"]
        self.end_score: int = settings["end_score"]
        self.tie_break: str = settings["tie_break"]
        # steal=full: Goblin takes the full amount, whatever the opponent could lose
        self.steal_full: bool = settings["steal"] == "full"
        # copy_resolves_as=target: a copied effect's "this card" is the copied card
        self.copy_as_target: bool = settings["copy_resolves_as"] == "target"
        # 'standard', 'base' or the tiles named (used with expansion=artifacts only)
        self.artifact_set: str | list[str] = settings["artifact_set"]
