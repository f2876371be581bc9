"""The Vale of Eternity (base game, 70 cards) and its Artifacts expansion (options
expansion="cards" | "artifacts") on the cardtable engine contract."""

from cardtable.vale.game import ValeGame

__all__ = ["ValeGame"]
