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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from cardtable.agents.base import Agent
from cardtable.agents.value import ValueFace, model_for, value_face
from cardtable.engine.api import Action, Game, Heuristics, OptionError, State, View

# Named levels: search iterations per decision. A level is a strength, not a clock: the
# same opponent on the pure and the compiled build (which runs about 3.5 times the
# iterations a second), on a loaded server and an idle one, so that its published rating
# holds wherever it plays. The budgets make a ladder: each level beat the one below it in
# at least 65% of 200 games in Thalara and in Vale (docs/ai.md, "The ladder"). Hard is
# what the 2 s clock searched on the pure build of the development machine; easy and
# medium were that machine's 0.1 and 0.5 s (100 and 500 iterations) until 2026-12-06,
# when four times the iterations proved worth too little over 500 for a rung of its own.
# A clock stays available as ismcts:0.5s.
LEVELS: Final[dict[str, int]] = {"easy": 40, "medium": 150, "hard": 2000}
# The hints' budget a decision: what 500 plain iterations cost (the 0.5 s clock's, the
# old medium's), which the hints have always had.
HINT_PLAIN_ITERATIONS: Final = 500
# The expert: the settings that beat hard in that game at hard's cost (docs/ai.md,
# "Sixth round", "Seventh round" and "Tenth round"). Thalara: the informed rollout at
# every step, with the 1,000 iterations that cost what hard's 2,000 plain ones do (an
# informed Thalara iteration is 1.7 to 1.85 times as dear, benchmarks/search_speed.py).
# Vale: rollouts of 60 actions before the evaluation instead of 20 (about two rounds of
# 2p play instead of one), which cost twice as much, so 1,000 iterations too; with the
# Artifacts the learned value where they stop instead of the hand-written evaluation (7%
# dearer), in the base game the informed rollout at every step of them (no dearer at that
# length, "Thirteenth round"). Either thinks about as long as hard on either build. A
# game without settings of its own gets hard's.
EXPERT: Final = "expert"
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
    # Experiments toward an expert (issue 29, docs/ai.md "Toward an expert"), off by
    # default so every level above plays as it was measured:
    # count a child's availability on every visit to its parent in which it is legal,
    # expansions included (the textbook rule of Cowling et al.), not only on UCB steps;
    textbook_availability: bool = False
    # progressive bias: each child's prior is the game's evaluation (0..1, for the player
    # who moves) of the position right after its action, in the world the parent was
    # first expanded in; untried actions are expanded best prior first, and UCB adds
    # bias * prior / (visits + 1), a pull that fades as the child's own mean firms up.
    bias: float = 0.0
    # leaf mixing: the reward is (1 - mix) * the rollout's result + mix * the game's
    # evaluation of the position the rollout started from (the newly added node), a
    # second, less noisy opinion of the same leaf (AlphaGo's lambda, with the game's
    # hand-written evaluation in place of a value network).
    mix: float = 0.0
    # MAST (move-average sampling): the search keeps, per player and action, the mean
    # reward of the iterations that played it anywhere (tree or rollout); a rollout
    # step takes the legal action with the best such mean with this probability (else
    # the game's rollout policy), and untried actions are expanded best mean first.
    mast: float = 0.0
    # an informed rollout: a rollout step takes the game's informed policy (a one-step
    # judgement of the actions, cheaper than the evaluation) with this probability, else
    # the game's quick policy; a game without an informed policy refuses the knob.
    informed: float = 0.0
    # a learned value (agents/value.py) at the rollout's cut-off in place of the game's
    # hand-written evaluation; a game without one refuses the knob, and where no model
    # fits (another player count, other cards) the hand-written one is used, said once.
    value: bool = False
    # the games the value judges in, when `value` is on: every game (empty), or only
    # those set up with all of these options, (name, value) pairs. The expert's value
    # is for Vale with the Artifacts, where it was measured to help; in the base game it
    # did not (docs/ai.md, "Tenth round").
    value_only_with: tuple[tuple[str, str], ...] = ()
    # the games the informed rollout plays in, when `informed` is on: every game (empty),
    # or only those set up with all of these options. The expert's is for Vale's base
    # game, where it was measured to help on top of the longer rollouts; with the
    # Artifacts it was not measured there (docs/ai.md, "Thirteenth round").
    informed_only_with: tuple[tuple[str, str], ...] = ()
    # with three or more players, how far the evaluation and the reward's score margin
    # measure a player against the mean of the others instead of the best of them
    # (0: the best, 1: the mean). A player far behind the leader otherwise sees every
    # position as lost alike (the evaluation saturates), and plays its own game loosely.
    # No effect with two players, where the two are the same opponent.
    field: float = 0.0
    # with three or more players, the share of the reward and of the evaluation given to
    # the player's place instead of to winning alone: at the end, the share of the others
    # it finished ahead of (a tie half); at a rollout's cut-off, the mean of its
    # evaluation against each other player in turn. Under win-or-nothing three of four
    # players score 0 in most ends, and second place is worth no more than last.
    rank: float = 0.0
    # with three or more players, the share of the reward and of the evaluation given to
    # the player's own points, measured against a scale of the game's (Vale: one and a
    # half times the points that end it) rather than against the others: a player who
    # cannot win is still paid for every point it scores.
    points: float = 0.0

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
        if not 0 <= self.bias <= MAX_EXPLORATION:
            raise ValueError(f"the bias weight must be 0 to {MAX_EXPLORATION:g}")
        if not 0 <= self.mix <= 1:
            raise ValueError("mix must be 0 to 1")
        if not 0 <= self.mast <= 1:
            raise ValueError("mast must be 0 to 1")
        if not 0 <= self.informed <= 1:
            raise ValueError("roll (the informed rollout's share) must be 0 to 1")
        if not 0 <= self.field <= 1:
            raise ValueError("field must be 0 to 1")
        if not 0 <= self.rank <= 1:
            raise ValueError("rank must be 0 to 1")
        if not 0 <= self.points <= 1:
            raise ValueError("points must be 0 to 1")

    def __reduce__(self) -> tuple[Any, ...]:   # as Action's (engine/api.py)
        return (SearchSettings, (self.iterations, self.seconds, self.exploration,
                                 self.rollout_depth, self.margin_weight,
                                 self.textbook_availability, self.bias, self.mix,
                                 self.mast, self.informed, self.value,
                                 self.value_only_with, self.informed_only_with,
                                 self.field, self.rank, self.points))


# The expert's settings per game (the reasons are at EXPERT above), built here so that a
# setting out of bounds fails at import rather than at a player's first game.
EXPERT_SETTINGS: Final[dict[str, SearchSettings]] = {
    "thalara": SearchSettings(iterations=1000, informed=1.0),
    "vale": SearchSettings(iterations=1000, rollout_depth=60, value=True,
                           value_only_with=(("expansion", "artifacts"),), informed=1.0,
                           informed_only_with=(("expansion", "none"),)),
}


# The hints' search per game: the strongest settings measured at the hints' cost a
# decision (HINT_PLAIN_ITERATIONS). Each is the expert's method at half those
# iterations, since its iterations cost twice a plain one (docs/ai.md, "Ninth round";
# "medium" there is the 500 iterations medium was then): Thalara's informed rollout beat
# those 500 in 71% of 100 games at that cost; Vale's rollouts of 60 actions, played by
# the informed policy as the base game's expert plays them, in 70.5% of 100 base games
# ("Thirteenth round").
HINT_LEVELS: Final[dict[str, str]] = {"thalara": "250+roll=1",
                                      "vale": "250+depth=60+roll=1"}

# ...and where the expert's learned value judges (Vale with the Artifacts), the hints'
# judges too: at the hints' cost it beat 500 plain iterations in 70.0% of 100 games
# (docs/ai.md, "Eleventh round"), where the rollouts of 60 actions alone won 59.5%.
HINT_LEVELS_WITH: Final[dict[str, tuple[tuple[tuple[str, str], ...], str]]] = {
    "vale": (EXPERT_SETTINGS["vale"].value_only_with, "250+depth=60+value=1"),
}


def set_up_with(options: Mapping[str, object], wanted: tuple[tuple[str, str], ...]) -> bool:
    """Whether a game's `options` hold every (name, value) of `wanted` (true when it is
    empty): the test of `value_only_with`, for the search and the hints alike."""
    return all(options.get(name) == value for name, value in wanted)


def hint_level(game: str, options: Mapping[str, object] | None = None) -> str:
    """The level the hints search `game` set up with `options` at (an `ismcts:` level
    with its knobs)."""
    special = HINT_LEVELS_WITH.get(game)
    if special is not None and options is not None and set_up_with(options, special[0]):
        return special[1]
    return HINT_LEVELS.get(game, str(HINT_PLAIN_ITERATIONS))


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

    __slots__ = ("avail", "children", "priors", "reward", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * players
        # with progressive bias: each action's prior, once rated (see SearchSettings)
        self.priors: dict[Action, float] | None = None


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, game: Game, seed: int | None = None,
                 settings: SearchSettings | None = None) -> None:
        self.heuristics: Heuristics = game.heuristics()
        self.rng = random.Random(seed)
        self.settings = settings or SearchSettings(iterations=LEVELS["medium"])
        self.last_iterations = 0
        self._last: tuple[View, _Node] | None = None
        # MAST's table for the search under way: (player, action) -> [reward sum, count]
        self._mast: dict[tuple[int, Action], list[float]] = {}
        self._moves: list[tuple[int, Action]] = []
        # the game's informed rollout policy, for the `roll` knob (not every game has one)
        self._informed: Callable[[State, random.Random], Action] | None = \
            getattr(self.heuristics, "informed_rollout_action", None)
        if self.settings.informed and self._informed is None:
            raise OptionError(f"the ismcts knob 'roll' needs an informed rollout policy, "
                              f"which {game.name} does not have")
        # the informed rollout's share in the search under way (0 where the settings
        # restrict it to other options: `informed_only_with`), set as each search starts
        self._roll_share = self.settings.informed
        # the game's evaluation against the field, for the `field` knob
        self._field_evaluate: Callable[[State, int, float], float] | None = \
            getattr(self.heuristics, "evaluate_field", None)
        # the game's evaluation against one other player, for the `rank` knob
        self._pair_evaluate: Callable[[State, int, int], float] | None = \
            getattr(self.heuristics, "evaluate_against", None)
        if self.settings.rank and self._pair_evaluate is None:
            raise OptionError(f"the ismcts knob 'rank' needs an evaluation of one player "
                              f"against another, which {game.name} does not have")
        # the game's measure of a player's own points, for the `points` knob
        self._points_evaluate: Callable[[State, int], float] | None = \
            getattr(self.heuristics, "evaluate_points", None)
        if self.settings.points and self._points_evaluate is None:
            raise OptionError(f"the ismcts knob 'points' needs a measure of a player's own "
                              f"points, which {game.name} does not have")
        if self.settings.field and self._field_evaluate is None:
            raise OptionError(f"the ismcts knob 'field' needs an evaluation against the "
                              f"field, which {game.name} does not have")
        self._game_name = game.name
        self._value_face: ValueFace | None = None
        if self.settings.value:
            self._value_face = value_face(game.name)
            if self._value_face is None:
                raise OptionError(f"the ismcts knob 'value' needs a learned value, which "
                                  f"{game.name} does not have")

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
        self._mast = {}
        while done < limit:
            world = view.sample_world(self.rng)
            if root is None:
                root = _Node(world.num_players)
                self._settle_rollout(world)
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
        settings = self.settings
        exploration = settings.exploration
        textbook = settings.textbook_availability
        bias = settings.bias
        mast = settings.mast
        moves = self._moves
        moves.clear()
        path = [root]
        node = root
        while not world.is_over():
            mover = world.current_player()
            assert mover is not None
            legal = world.legal_actions()
            children = node.children
            untried = [action for action in legal if action not in children]
            if untried:
                if textbook:
                    for action in legal:
                        known = children.get(action)
                        if known is not None:
                            known.avail += 1
                if bias:
                    rated = self._priors(node, world, untried, mover)
                    action = max(untried, key=lambda a: rated[a])
                elif mast:
                    action = self._mast_best(mover, untried)
                else:
                    action = untried[0] if len(untried) == 1 else rng.choice(untried)
                if mast:
                    moves.append((mover, action))
                child = _Node(len(root.reward))
                children[action] = child
                world.apply(action)
                path.append(child)
                break
            best: _Node | None = None
            best_action: Action | None = None
            best_value = -math.inf
            priors = node.priors if bias else None
            for action in legal:
                child = children[action]
                child.avail += 1
                value = (child.reward[mover] / child.visits
                         + exploration * math.sqrt(math.log(child.avail) / child.visits))
                if priors is not None:
                    value += bias * priors.get(action, 0.5) / (child.visits + 1)
                if value > best_value:
                    best_value = value
                    best = child
                    best_action = action
            assert best is not None and best_action is not None
            if mast:
                moves.append((mover, best_action))
            world.apply(best_action)
            path.append(best)
            node = best
        mix = settings.mix
        if mix and not world.is_over():
            leaf = self._evaluation(world)
            rewards = [(1 - mix) * r + mix * v
                       for r, v in zip(self._playout(world), leaf, strict=True)]
        else:
            rewards = self._playout(world)
        for visited in path:
            visited.visits += 1
            total = visited.reward
            for p, r in enumerate(rewards):
                total[p] += r
        if mast:
            table = self._mast
            for mover, action in moves:
                entry = table.get((mover, action))
                if entry is None:
                    table[(mover, action)] = [rewards[mover], 1.0]
                else:
                    entry[0] += rewards[mover]
                    entry[1] += 1.0

    def _priors(self, node: _Node, world: State, actions: list[Action],
                mover: int) -> dict[Action, float]:
        """The node's priors, rating in `world` the actions of `actions` not rated yet:
        the game's evaluation for `mover` after each, mapped to 0..1. An action is rated
        once, in the first world it is legal in at this node."""
        priors = node.priors
        if priors is None:
            priors = node.priors = {}
        evaluate = self.heuristics.evaluate
        for action in actions:
            if action not in priors:
                after = world.clone()
                after.apply(action)
                priors[action] = min(1.0, max(0.0, (evaluate(after, mover) + 1.0) / 2.0))
        return priors

    def _playout(self, world: State) -> list[float]:
        """Play on with the rollout policy for a few actions, then score the result:
        one reward in [0, 1] per player."""
        heuristics = self.heuristics
        rng = self.rng
        mast = self.settings.mast
        informed_share = self._roll_share
        informed = self._informed
        moves = self._moves
        for _ in range(self.settings.rollout_depth):
            if world.is_over():
                break
            if informed is not None and informed_share and rng.random() < informed_share:
                world.apply(informed(world, rng))
            elif mast:
                mover = world.current_player()
                assert mover is not None
                if rng.random() < mast:
                    action = self._mast_best(mover, world.legal_actions())
                else:
                    action = heuristics.rollout_action(world, rng)
                moves.append((mover, action))
                world.apply(action)
            else:
                world.apply(heuristics.rollout_action(world, rng))
        if world.is_over():
            rewards = final_rewards(world, self.settings.margin_weight, self.settings.field,
                                    self.settings.rank)
            return self._with_own_points(world, rewards)
        return self._evaluation(world)

    def _with_own_points(self, world: State, results: list[float]) -> list[float]:
        """`results` (0..1 each) blended with each player's own points by the `points`
        knob's share, with three or more players."""
        share = self.settings.points
        own = self._points_evaluate
        if not share or own is None or world.num_players < 3:
            return results
        return [(1 - share) * r + share * min(1.0, max(0.0, (own(world, p) + 1.0) / 2.0))
                for p, r in enumerate(results)]

    def _mast_best(self, mover: int, actions: list[Action]) -> Action:
        """The action of `actions` with the best MAST mean for `mover` (one never played
        counts as 0.5, an even result); ties go to a random one."""
        table = self._mast
        best: list[Action] = []
        best_value = -1.0
        for action in actions:
            entry = table.get((mover, action))
            value = entry[0] / entry[1] if entry is not None else 0.5
            if value > best_value:
                best_value = value
                best = [action]
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _evaluation(self, world: State) -> list[float]:
        """The game's evaluation of `world` for every player, mapped to 0..1 (the
        learned value's chances with the `value` knob, where a model fits)."""
        face = self._value_face
        if face is not None and not world.is_over() and self._value_judges(world):
            model = model_for(self._game_name, world.num_players, face.card_digest(world))
            if model is not None:
                return model.chances(face.features(world))
        evaluate = self.heuristics.evaluate
        field = self.settings.field
        # with the `field` knob and three or more players, against the field instead
        against_field = self._field_evaluate if field and world.num_players > 2 else None
        n = world.num_players
        rank = self.settings.rank if n > 2 else 0.0
        against = self._pair_evaluate
        out = []
        for p in range(n):
            value = evaluate(world, p) if against_field is None else \
                against_field(world, p, field)
            if rank and against is not None and not world.is_over():
                place = sum(against(world, p, q) for q in range(n) if q != p) / (n - 1)
                value = (1 - rank) * value + rank * place
            out.append(min(1.0, max(0.0, (value + 1.0) / 2.0)))
        return self._with_own_points(world, out)

    def _settle_rollout(self, world: State) -> None:
        """Whether this search's rollouts are informed: the settings' share, unless
        `informed_only_with` names options this game was not set up with. Read once a
        search, from its first world (every world of a search is the same game)."""
        wanted = self.settings.informed_only_with
        informed = self.settings.informed
        self._roll_share = informed if not wanted or set_up_with(world.options, wanted) else 0.0

    def _value_judges(self, world: State) -> bool:
        """Whether the learned value is for this game's options (`value_only_with`)."""
        wanted = self.settings.value_only_with
        # most searches have no restriction: skip the copy of the options world.options makes
        return not wanted or set_up_with(world.options, wanted)

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
        player = _searcher(view, [action], iterations)
        node: _Node | None = None
        self._mast = {}
        for _ in range(iterations):
            world = view.sample_world(self.rng)
            world.apply(action)
            if node is None:
                node = _Node(world.num_players)
                self._settle_rollout(world)
            self._iterate(node, world)
        assert node is not None
        return ActionStats(action, node.visits, node.reward[player] / node.visits)

    def search_paired(self, view: View, actions: list[Action],
                      iterations: int) -> list[ActionStats]:
        """Search below each of `actions` alone, on common random numbers: every
        iteration samples one world from `view` and plays each action in a copy of it,
        and the random numbers of the search below each action start from the same seed.
        Two actions' means then differ by what the actions do, not by which deals and
        rollouts each happened to meet (the analysis compares the action taken with the
        search's choice this way, so that a good move is not called a loss by noise)."""
        player = _searcher(view, actions, iterations)
        master = self.rng
        nodes: list[_Node] = []
        self._mast = {}
        try:
            for _ in range(iterations):
                deal = view.sample_world(master)
                below = master.getrandbits(64)
                if not nodes:
                    nodes = [_Node(deal.num_players) for _ in actions]
                    self._settle_rollout(deal)
                for action, node in zip(actions, nodes, strict=True):
                    copy = deal.clone()
                    copy.apply(action)
                    self.rng = random.Random(below)
                    self._iterate(node, copy)
        finally:
            self.rng = master
        return [ActionStats(action, node.visits, node.reward[player] / node.visits)
                for action, node in zip(actions, nodes, strict=True)]

    def _ranked(self, root: _Node, legal: list[Action]) -> list[tuple[Action, _Node]]:
        """The root's children for the legal actions, most visited first; actions the
        search never tried come last, in their listed order."""
        scored: list[tuple[Action, _Node]] = []
        for action in legal:
            child = root.children.get(action)
            scored.append((action, child if child is not None else _Node(len(root.reward))))
        scored.sort(key=lambda item: -item[1].visits)
        return scored


def _searcher(view: View, actions: list[Action], iterations: int) -> int:
    """The seat a search of given root actions is for, once the view, the actions and
    the iterations are shown fit for one (`search_action`, `search_paired`)."""
    player = view.player
    if player is None:
        raise ValueError("a spectator view has nobody to search for")
    if not actions:
        raise ValueError("no actions to compare")
    for action in actions:
        if action not in view.legal_actions:
            raise ValueError(f"{action} is not a legal action of this view")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be 1 to {MAX_ITERATIONS:,}")
    return player


def final_rewards(state: State, margin_weight: float, field: float = 0.0,
                  rank: float = 0.0) -> list[float]:
    """Each player's reward for a finished game in [0, 1]: a win (shared wins split),
    with three or more players and `rank` blended with the share of the others the
    player finished ahead of, then blended with a small bonus for the score margin over
    the best opponent (with three or more players and `field`, over a blend of the best
    and the others' mean)."""
    winners = state.winners()
    scores = state.scores()
    n = len(scores)
    out = []
    for p in range(n):
        result = 1.0 / len(winners) if p in winners else 0.0
        if rank and n > 2:
            ahead = sum(1.0 if scores[p] > scores[q] else 0.5 if scores[p] == scores[q]
                        else 0.0 for q in range(n) if q != p)
            result = (1 - rank) * result + rank * ahead / (n - 1)
        if margin_weight and n > 1:
            best_other = float(max(scores[q] for q in range(n) if q != p))
            if field and n > 2:
                mean_other = (sum(scores) - scores[p]) / (n - 1)
                best_other = (1 - field) * best_other + field * mean_other
            margin = (scores[p] - best_other) / (abs(scores[p]) + abs(best_other) + 1)
            result = (1 - margin_weight) * result + margin_weight * (0.5 + 0.5 * margin)
        out.append(result)
    return out


# Names of the tuning knobs a level may carry after "+": ismcts:medium+depth=20+c=0.5
KNOBS: Final = {"depth": "rollout_depth", "c": "exploration", "margin": "margin_weight",
                "avail": "textbook_availability", "bias": "bias", "mix": "mix",
                "mast": "mast", "roll": "informed", "value": "value", "field": "field",
                "rank": "rank", "points": "points"}
# the knobs that are on or off (0 or 1)
SWITCHES: Final = ("avail", "value")


def settings_for(level: str | None, game: str | None = None) -> SearchSettings:
    """The search settings for a level: a name (easy, medium, hard, and expert, which
    needs the game's name), a number of iterations ("400"), or a time ("0.3s",
    "250ms"), optionally followed by knobs: "+depth=N" (rollout actions before the
    evaluation), "+c=X" (exploration constant), "+margin=X" (weight of the score margin
    in the reward)."""
    if level is None:
        return SearchSettings(iterations=LEVELS["medium"])
    budget, *knobs = level.split("+")
    base = _expert(game) if budget == EXPERT else _budget(budget)
    changes: dict[str, float | int | tuple[tuple[str, str], ...]] = {}
    for knob in knobs:
        key, _, text = knob.partition("=")
        if key not in KNOBS:
            raise OptionError(f"unknown ismcts knob {key!r} in {level!r}; knobs: "
                              f"{', '.join(KNOBS)}")
        try:
            if key in SWITCHES:
                if text not in ("0", "1"):
                    raise ValueError(text)
                changes[KNOBS[key]] = text == "1"
                if key == "value":   # said outright, the value judges in every game
                    changes["value_only_with"] = ()
            else:
                changes[KNOBS[key]] = int(text) if key == "depth" else float(text)
                if key == "roll":    # said outright, the informed rollout plays in every game
                    changes["informed_only_with"] = ()
        except ValueError:
            raise OptionError(f"ismcts knob {key!r} needs a number, got {text!r}"
                              + (f" ({key} takes 0 or 1)" if key in SWITCHES else "")) from None
    try:
        return replace(base, **changes)  # type: ignore[arg-type]
    except ValueError as exc:
        raise OptionError(f"ismcts level {level!r}: {exc}") from None


def _expert(game: str | None) -> SearchSettings:
    if game is None:
        raise OptionError("the expert level is set for each game; name the game")
    return EXPERT_SETTINGS.get(game) or _budget("hard")


def _budget(level: str) -> SearchSettings:
    if level in LEVELS:
        return SearchSettings(iterations=LEVELS[level])
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
    raise OptionError(f"unknown ismcts level {level!r}: use easy, medium, hard, expert, a number "
                      "of iterations (ismcts:400) or a time (ismcts:0.3s)")
