"""The agent interface: a View in, one of its legal actions out."""

from __future__ import annotations

from abc import ABC, abstractmethod

from mypy_extensions import mypyc_attr

from cardtable.engine.api import Action, View


# Compiled with mypyc (for the search), Agent stays open to agents in plain Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class Agent(ABC):
    """Chooses actions; sees only views, never the true state."""

    name: str = "agent"

    @abstractmethod
    def choose(self, view: View) -> Action:
        """One of `view.legal_actions`."""

    def explain(self, view: View) -> list[tuple[Action, float, str]]:
        """The actions this agent rates best, with a share in [0, 1] and a reason."""
        return [(self.choose(view), 1.0, "its only opinion")]
