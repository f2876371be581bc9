"""How a decision's loss becomes a word: best, good, inaccuracy, mistake, blunder.

The loss is the expected result (0 = loss, 1 = win, for the deciding seat) of the
search's best action minus that of the action taken. The thresholds were chosen from
measured loss distributions; docs/ai.md ("Game analysis") says how.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine.api import CardtableError

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
# The labels a chart marks as points.
FLAGGED = ("mistake", "blunder")


class AnalysisError(CardtableError, ValueError):
    """An analysis that cannot be made or read (a bad seat, agent or JSON)."""


@dataclass(frozen=True)
class Thresholds:
    """The loss from which each label starts; below `inaccuracy` an action that is not
    the search's choice is `good`."""

    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.20

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder <= 1:
            raise AnalysisError("label thresholds must rise: 0 < inaccuracy <= mistake <= "
                                f"blunder <= 1, not {self.to_dict()}")

    def label(self, loss: float, is_best: bool) -> str:
        """The label of a decision: `best` when the search would have taken it too."""
        if is_best:
            return "best"
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return "good"

    def to_dict(self) -> dict[str, float]:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake,
                "blunder": self.blunder}

    @classmethod
    def from_dict(cls, data: Any) -> Thresholds:
        if not isinstance(data, dict) or set(data) != {"inaccuracy", "mistake", "blunder"}:
            raise AnalysisError("'thresholds' must hold inaccuracy, mistake and blunder")
        values = [data[k] for k in ("inaccuracy", "mistake", "blunder")]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            raise AnalysisError("label thresholds must be numbers")
        return cls(*(float(v) for v in values))
