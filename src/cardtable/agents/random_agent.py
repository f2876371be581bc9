"""The uniformly random agent: a baseline and the playout policy of benchmarks."""

from __future__ import annotations

import random

from cardtable.agents.base import Agent
from cardtable.engine.api import Action, View


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.rng.choice(view.legal_actions)
