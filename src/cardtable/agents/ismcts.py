"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

The searching player sees a View. Each iteration samples one full world consistent with
that view (`view.sample_world`), walks the one shared tree with UCB restricted to the
actions that are legal in that world (each child counts how often it was *available*
when the search chose among its siblings by UCB, and that count replaces the parent's
visit count in the exploration term; an iteration that expands a node, because one of
its legal actions is untried in this world, counts no availability there: a variant of
the textbook rule, which counts it too, kept because the measured figures are for it),
adds one node, plays a short rollout with the game's rollout policy, scores the end (or the
cut-off, with the game's evaluation), and adds a reward vector, one entry per player,
to every node on the path. A node is chosen by the player who moves there, from that
player's own entry, so opponents are modelled as trying to win for themselves.

Only the engine contract is used: `sample_world`, `legal_actions`, `current_player`,
`apply`, `is_over`, `scores`, `winners`, and the game's heuristics.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Any, Final

from cardtable.agents.base import Agent
from cardtable.engine.api import Action, Game, Heuristics, OptionError, State, View

# Named levels: seconds of thinking per decision.
LEVELS: Final[dict[str, float]] = {"easy": 0.1, "medium": 0.5, "hard": 2.0}
MAX_SECONDS: Final = 3600.0
MAX_ITERATIONS: Final = 100_000_000
MAX_DEPTH: Final = 10_000
MAX_EXPLORATION: Final = 100.0


@dataclass(frozen=True)
class SearchSettings:
    """How the search spends its budget. Exactly one of `iterations` and `seconds`."""

    iterations: int | None = None
    seconds: float | None = None
    # Tuned on Thalara at 0.1 s a decision (40-game matches against the previous
    # settings): depth 20 and c 0.5 beat depth 8 and c 0.7 in 61% of games.
    exploration: float = 0.5
    rollout_depth: int = 20
    margin_weight: float = 0.1

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ValueError("give exactly one of iterations and seconds")
        # The upper limits keep a typo (ismcts:infs, 1e308s) from thinking forever.
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be 1 to {MAX_ITERATIONS:,}")
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            raise ValueError(f"seconds must be above 0 and at most {MAX_SECONDS:g}")
        if not 0 <= self.rollout_depth <= MAX_DEPTH:
            raise ValueError(f"rollout_depth must be 0 to {MAX_DEPTH}")
        if not 0 <= self.exploration <= MAX_EXPLORATION:  # NaN fails this too
            raise ValueError(f"the exploration constant must be 0 to {MAX_EXPLORATION:g}")
        if not 0 <= self.margin_weight <= 1:
            raise ValueError("margin_weight must be 0 to 1")

    def __reduce__(self) -> tuple[Any, ...]:   # as Action's (engine/api.py)
        return (SearchSettings, (self.iterations, self.seconds, self.exploration,
                                 self.rollout_depth, self.margin_weight))


@dataclass(frozen=True)
class ActionStats:
    """One root action after a search: how often it was visited and the mean reward
    for the searching player (0 = loss, 1 = win; None when it was never tried)."""

    action: Action
    visits: int
    mean: float | None

    def __reduce__(self) -> tuple[Any, ...]:   # as Action's (engine/api.py)
        return (ActionStats, (self.action, self.visits, self.mean))


class _Node:
    """One tree node: the action that led here belongs to the parent's dict key."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * players


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, game: Game, seed: int | None = None,
                 settings: SearchSettings | None = None) -> None:
        self.heuristics: Heuristics = game.heuristics()
        self.rng = random.Random(seed)
        self.settings = settings or SearchSettings(seconds=LEVELS["medium"])
        self.last_iterations = 0
        self._last: tuple[View, _Node] | None = None

    # -- the agent interface ----------------------------------------------------
    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError("there is nothing to choose: no legal actions in this view")
        if len(legal) == 1:
            return legal[0]
        root = self.search(view)
        return self._ranked(root, legal)[0][0]

    def explain(self, view: View) -> list[tuple[Action, float, str]]:
        legal = view.legal_actions
        if len(legal) <= 1:
            return [(a, 1.0, "the only legal action") for a in legal]
        if self._last is not None and self._last[0] is view:
            root = self._last[1]
        else:
            root = self.search(view)
        assert view.player is not None
        total = sum(child.visits for child in root.children.values()) or 1
        out: list[tuple[Action, float, str]] = []
        for action, child in self._ranked(root, legal)[:5]:
            if not child.visits:
                out.append((action, 0.0, f"not tried in {total} visits"))
                continue
            mean = child.reward[view.player] / child.visits
            out.append((action, child.visits / total,
                        f"{child.visits} of {total} visits, "
                        f"expected result {mean:.2f} (0 = loss, 1 = win)"))
        return out

    # -- the search -------------------------------------------------------------
    def search(self, view: View) -> _Node:
        """Run the search for `view` and return the root of its tree."""
        player = view.player
        if player is None:
            raise ValueError("a spectator view has nobody to search for")
        settings = self.settings
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        limit = settings.iterations if settings.iterations is not None else 1 << 62
        root: _Node | None = None
        done = 0
        while done < limit:
            world = view.sample_world(self.rng)
            if root is None:
                root = _Node(world.num_players)
            self._iterate(root, world)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        assert root is not None
        self.last_iterations = done
        self._last = (view, root)
        return root

    def _iterate(self, root: _Node, world: State) -> None:
        rng = self.rng
        exploration = self.settings.exploration
        path = [root]
        node = root
        while not world.is_over():
            mover = world.current_player()
            assert mover is not None
            legal = world.legal_actions()
            children = node.children
            untried = [action for action in legal if action not in children]
            if untried:
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                child = _Node(len(root.reward))
                children[action] = child
                world.apply(action)
                path.append(child)
                break
            best: _Node | None = None
            best_action: Action | None = None
            best_value = -math.inf
            for action in legal:
                child = children[action]
                child.avail += 1
                value = (child.reward[mover] / child.visits
                         + exploration * math.sqrt(math.log(child.avail) / child.visits))
                if value > best_value:
                    best_value = value
                    best = child
                    best_action = action
            assert best is not None and best_action is not None
            world.apply(best_action)
            path.append(best)
            node = best
        rewards = self._playout(world)
        for visited in path:
            visited.visits += 1
            total = visited.reward
            for p, r in enumerate(rewards):
                total[p] += r

    def _playout(self, world: State) -> list[float]:
        """Play on with the rollout policy for a few actions, then score the result:
        one reward in [0, 1] per player."""
        heuristics = self.heuristics
        rng = self.rng
        for _ in range(self.settings.rollout_depth):
            if world.is_over():
                break
            world.apply(heuristics.rollout_action(world, rng))
        if world.is_over():
            return final_rewards(world, self.settings.margin_weight)
        out = []
        for p in range(world.num_players):
            value = heuristics.evaluate(world, p)
            out.append(min(1.0, max(0.0, (value + 1.0) / 2.0)))
        return out

    # -- for game analysis: the root's numbers, and a search of one given action ---
    def root_statistics(self, root: _Node, legal: list[Action],
                        player: int) -> list[ActionStats]:
        """Each legal action's visits at `root` and mean reward for `player`, in the
        order the agent ranks them: the first is the action `choose` plays."""
        out = []
        for action, child in self._ranked(root, legal):
            mean = child.reward[player] / child.visits if child.visits else None
            out.append(ActionStats(action, child.visits, mean))
        return out

    def search_action(self, view: View, action: Action, iterations: int) -> ActionStats:
        """Search below one root action only: every iteration samples a world from
        `view`, plays `action` in it, then walks, expands, rolls out and backs up as
        `search` does under that action. The mean is then estimated from all
        `iterations`, not from the few a losing action gets in a full search. The
        agent's moves and `search` are untouched; this is for game analysis."""
        player = view.player
        if player is None:
            raise ValueError("a spectator view has nobody to search for")
        if action not in view.legal_actions:
            raise ValueError(f"{action} is not a legal action of this view")
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be 1 to {MAX_ITERATIONS:,}")
        node: _Node | None = None
        for _ in range(iterations):
            world = view.sample_world(self.rng)
            world.apply(action)
            if node is None:
                node = _Node(world.num_players)
            self._iterate(node, world)
        assert node is not None
        return ActionStats(action, node.visits, node.reward[player] / node.visits)

    def _ranked(self, root: _Node, legal: list[Action]) -> list[tuple[Action, _Node]]:
        """The root's children for the legal actions, most visited first; actions the
        search never tried come last, in their listed order."""
        scored: list[tuple[Action, _Node]] = []
        for action in legal:
            child = root.children.get(action)
            scored.append((action, child if child is not None else _Node(len(root.reward))))
        scored.sort(key=lambda item: -item[1].visits)
        return scored


def final_rewards(state: State, margin_weight: float) -> list[float]:
    """Each player's reward for a finished game in [0, 1]: a win (shared wins split),
    blended with a small bonus for the score margin over the best opponent."""
    winners = state.winners()
    scores = state.scores()
    n = len(scores)
    out = []
    for p in range(n):
        result = 1.0 / len(winners) if p in winners else 0.0
        if margin_weight and n > 1:
            best_other = max(scores[q] for q in range(n) if q != p)
            margin = (scores[p] - best_other) / (abs(scores[p]) + abs(best_other) + 1)
            result = (1 - margin_weight) * result + margin_weight * (0.5 + 0.5 * margin)
        out.append(result)
    return out


# Names of the tuning knobs a level may carry after "+": ismcts:medium+depth=20+c=0.5
KNOBS: Final = {"depth": "rollout_depth", "c": "exploration", "margin": "margin_weight"}


def settings_for(level: str | None) -> SearchSettings:
    """The search settings for a level: a name (easy, medium, hard), a number of
    iterations ("400"), or a time ("0.3s", "250ms"), optionally followed by knobs:
    "+depth=N" (rollout actions before the evaluation), "+c=X" (exploration constant),
    "+margin=X" (weight of the score margin in the reward)."""
    if level is None:
        return SearchSettings(seconds=LEVELS["medium"])
    budget, *knobs = level.split("+")
    base = _budget(budget)
    changes: dict[str, float | int] = {}
    for knob in knobs:
        key, _, text = knob.partition("=")
        if key not in KNOBS:
            raise OptionError(f"unknown ismcts knob {key!r} in {level!r}; knobs: "
                              f"{', '.join(KNOBS)}")
        try:
            changes[KNOBS[key]] = int(text) if key == "depth" else float(text)
        except ValueError:
            raise OptionError(f"ismcts knob {key!r} needs a number, got {text!r}") from None
    try:
        return replace(base, **changes)  # type: ignore[arg-type]
    except ValueError as exc:
        raise OptionError(f"ismcts level {level!r}: {exc}") from None


def _budget(level: str) -> SearchSettings:
    if level in LEVELS:
        return SearchSettings(seconds=LEVELS[level])
    settings: dict[str, float | int] = {}
    try:
        if level.isascii() and level.isdigit():
            settings["iterations"] = int(level)
        elif level.endswith("ms"):
            settings["seconds"] = float(level[:-2]) / 1000
        elif level.endswith("s"):
            settings["seconds"] = float(level[:-1])
    except ValueError:
        pass
    if settings:
        try:
            return SearchSettings(**settings)  # type: ignore[arg-type]
        except ValueError as exc:
            raise OptionError(f"ismcts level {level!r}: {exc}") from None
    raise OptionError(f"unknown ismcts level {level!r}: use easy, medium, hard, a number "
                      "of iterations (ismcts:400) or a time (ismcts:0.3s)")
