"""One-step look-ahead: try each legal action in a sampled world and keep the one the
game's heuristics rate best for the player to move."""

from __future__ import annotations

import random

from cardtable.agents.base import Agent
from cardtable.engine.api import Action, Game, View


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, game: Game, seed: int | None = None, samples: int = 1) -> None:
        self.heuristics = game.heuristics()
        self.rng = random.Random(seed)
        self.samples = samples

    def rate(self, view: View) -> list[tuple[Action, float]]:
        player = view.player
        assert player is not None, "a spectator has nothing to choose"
        totals = dict.fromkeys(view.legal_actions, 0.0)
        for _ in range(self.samples):
            world = view.sample_world(self.rng)
            for action in view.legal_actions:
                after = world.clone()
                after.apply(action)
                totals[action] += self.heuristics.evaluate(after, player)
        return sorted(totals.items(), key=lambda item: -item[1])

    def choose(self, view: View) -> Action:
        if not view.legal_actions:
            raise ValueError("there is nothing to choose: no legal actions in this view")
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        rated = self.rate(view)
        best = rated[0][1]
        # Ties are broken at random so the agent is not predictable in the same spot.
        top = [action for action, value in rated if value >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def explain(self, view: View) -> list[tuple[Action, float, str]]:
        rated = self.rate(view)[:5]
        return [(a, 1.0 if i == 0 else 0.0, f"evaluation {v:+.2f}")
                for i, (a, v) in enumerate(rated)]
