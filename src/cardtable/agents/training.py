"""Training a learned value (agents/value.py): `cardtable train GAME`.

What the model learns is what the search asks of it: at the rollout's cut-off, how the
game will end if play goes on. So the data are positions of games played by the game's
own rollout policies (the quick one and, where the game has one, the informed one, half
and half, with 5% random moves so that games differ), and each position's target is the
mean result (agents/ismcts.py `final_rewards`, the search's reward) of several rollouts
of the quick policy from it to the end. A model fitted to that stands in for rollouts
played to the end, at the cost of one evaluation.

The games are played in chunks, each a pure function of (the settings, the seed, the
chunk's number), kept as a file in a work folder beside the model: a run that is
stopped resumes from the chunks it has, and a run on several processes or on Ray gives
the same chunks as one on a single process. When every chunk is there, a logistic model
is fitted by Newton's method, first without every fifth game to report its held-out log
loss beside the hand-written evaluation's (calibrated by one fitted scale) and a coin's,
then on everything. numpy is needed here (the `train` extra), not to play.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cardtable.agents.ismcts import final_rewards
from cardtable.agents.value import ValueModel, value_face
from cardtable.engine.api import Action, CardtableError, State
from cardtable.engine.registry import load_game

CHUNK_GAMES = 50
RANDOM_SHARE = 0.05
MARGIN_WEIGHT = 0.1     # the search's default reward (SearchSettings.margin_weight)
L2 = 1e-3


class TrainingError(CardtableError):
    pass


@dataclass(frozen=True)
class TrainPlan:
    """Everything that decides the data; the work folder keeps it and refuses to mix."""

    game: str
    players: int
    options: dict[str, Any]
    games: int
    seed: int
    positions: int = 10          # positions kept a game
    continuations: int = 4       # rollouts to the end a position
    chunk: int = CHUNK_GAMES     # games a chunk (the work a stopped run may lose)

    @property
    def chunks(self) -> int:
        return -(-self.games // self.chunk)

    def chunk_games(self, index: int) -> range:
        return range(index * self.chunk, min(self.games, (index + 1) * self.chunk))


@dataclass(frozen=True)
class Chunk:
    """One chunk's rows: features, target, the hand-written evaluation, the game."""

    index: int
    rows: list[list[float]]
    targets: list[float]
    hand_written: list[float]
    games: list[int]


def numpy() -> Any:
    try:
        import numpy as np
    except ImportError:
        raise TrainingError("training needs numpy: pip install 'cardtable[train]'") from None
    return np


def play_chunk(item: tuple[TrainPlan, int]) -> Chunk:
    """Play one chunk's games and label its positions (a pure function of its input,
    so that it runs the same on any worker)."""
    plan, index = item
    game = load_game(plan.game)
    face = value_face(plan.game)
    assert face is not None
    heuristics = game.heuristics()
    informed: Callable[[State, random.Random], Action] | None = getattr(
        heuristics, "informed_rollout_action", None)
    rows: list[list[float]] = []
    targets: list[float] = []
    hand: list[float] = []
    games: list[int] = []
    for g in plan.chunk_games(index):
        rng = random.Random(f"{plan.seed}:{g}")
        state = game.new_game(plan.players, rng.getrandbits(32), **plan.options)
        seen: list[State] = []
        while not state.is_over():
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < RANDOM_SHARE:
                action = rng.choice(legal)
            elif informed is not None and rng.random() < 0.5:
                action = informed(state, rng)
            else:
                action = heuristics.rollout_action(state, rng)
            seen.append(state.clone())
            state.apply(action)
        for kept in rng.sample(seen, min(plan.positions, len(seen))):
            results = [0.0] * plan.players
            for _ in range(plan.continuations):
                world = kept.clone()
                while not world.is_over():
                    world.apply(heuristics.rollout_action(world, rng))
                for p, r in enumerate(final_rewards(world, MARGIN_WEIGHT)):
                    results[p] += r / plan.continuations
            for p, row in enumerate(face.features(kept)):
                rows.append(row)
                targets.append(results[p])
                hand.append(heuristics.evaluate(kept, p))
                games.append(g)
    return Chunk(index, rows, targets, hand, games)


class WorkFolder:
    """The chunks of one plan, each a JSON file; `plan.json` says which plan."""

    def __init__(self, folder: Path, plan: TrainPlan, fresh: bool) -> None:
        self.folder = folder
        self.plan = plan
        folder.mkdir(parents=True, exist_ok=True)
        marker = folder / "plan.json"
        wanted = asdict(plan)
        if marker.exists() and not fresh:
            try:
                kept = json.loads(marker.read_text(encoding="utf-8"))
            except ValueError:
                kept = None
            if kept != wanted:
                raise TrainingError(
                    f"{folder} holds data of another training plan ({kept}); give the same "
                    "settings to resume it, or --fresh to start again")
        if fresh:
            for old in folder.glob("chunk-*.json"):
                old.unlink()
        marker.write_text(json.dumps(wanted, indent=1) + "\n", encoding="utf-8")
        self._kept: dict[int, Chunk] = {}

    def path(self, index: int) -> Path:
        return self.folder / f"chunk-{index:05d}.json"

    def missing(self) -> list[int]:
        """The chunks still to play: absent, or not a whole chunk of this plan (a file
        cut short or edited by hand is played again, not trusted). The others are kept
        in memory from here on, so that the fit does not read them a second time."""
        return [i for i in range(self.plan.chunks) if not self._read(i)]

    def _read(self, index: int) -> bool:
        try:
            data = json.loads(self.path(index).read_text(encoding="utf-8"))
            chunk = Chunk(**data)
            whole = (chunk.index == index and len(chunk.rows) == len(chunk.targets)
                     == len(chunk.hand_written) == len(chunk.games))
        except (OSError, ValueError, TypeError):
            return False
        if whole:
            self._kept[index] = chunk
        return whole

    def save(self, chunk: Chunk) -> None:
        temporary = self.path(chunk.index).with_suffix(".part")
        temporary.write_text(json.dumps(asdict(chunk)), encoding="utf-8")
        temporary.replace(self.path(chunk.index))   # a stopped run leaves no half chunk
        self._kept[chunk.index] = chunk

    def chunks(self) -> Iterator[Chunk]:
        for i in range(self.plan.chunks):
            if i not in self._kept and not self._read(i):
                raise TrainingError(f"{self.path(i)} is missing or broken: run the same "
                                    "command again to play it")
            yield self._kept[i]


def chance(z: Any) -> Any:
    """The logistic function: a model's score as a chance (numpy arrays)."""
    return 1.0 / (1.0 + numpy().exp(-z))


def logistic(X: Any, Y: Any) -> Any:
    """Weights of a logistic regression without intercept, to soft targets (Newton)."""
    np = numpy()
    w = np.zeros(X.shape[1])
    for _ in range(50):
        p = chance(X @ w)
        grad = X.T @ (p - Y) / len(Y) + L2 * w
        hess = (X * (p * (1 - p))[:, None]).T @ X / len(Y) + L2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    return w


def log_loss(p: Any, Y: Any) -> float:
    np = numpy()
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(Y * np.log(p) + (1 - Y) * np.log(1 - p)))


def fit(plan: TrainPlan, chunks: Iterator[Chunk], cards: str,
        command: str, seconds: float) -> ValueModel:
    np = numpy()
    face = value_face(plan.game)
    assert face is not None
    rows: list[list[float]] = []
    targets: list[float] = []
    hand: list[float] = []
    games: list[int] = []
    for chunk in chunks:
        rows += chunk.rows
        targets += chunk.targets
        hand += chunk.hand_written
        games += chunk.games
    if not rows:
        raise TrainingError("no positions to fit: play more games")
    X, Y, G = np.array(rows), np.array(targets), np.array(games)
    H = np.arctanh(np.clip(np.array(hand), -0.999999, 0.999999))[:, None]
    held = G % 5 == 0
    report: dict[str, Any] = {"positions": len(Y)}
    if held.any() and (~held).any():
        model_loss = log_loss(chance(X[held] @ logistic(X[~held], Y[~held])), Y[held])
        hand_loss = log_loss(chance(H[held] @ logistic(H[~held], Y[~held])), Y[held])
        coin = log_loss(np.full(int(held.sum()), float(Y[~held].mean())), Y[held])
        report["held_out"] = {"positions": int(held.sum()), "model": round(model_loss, 4),
                              "hand_written": round(hand_loss, 4), "constant": round(coin, 4)}
    weights = logistic(X, Y)
    trained = {"command": command, "games": plan.games, "seed": plan.seed,
               "options": plan.options, "positions_a_game": plan.positions,
               "continuations": plan.continuations, "seconds": round(seconds, 1),
               **report}
    return ValueModel(plan.game, plan.players, cards, tuple(face.FEATURES),
                      tuple(round(float(w), 6) for w in weights), trained)


def card_digest_of(plan: TrainPlan) -> str:
    face = value_face(plan.game)
    assert face is not None
    state = load_game(plan.game).new_game(plan.players, 0, **plan.options)
    return face.card_digest(state)
