"""Issue 29's first try at a learned value: a logistic model of who wins a Thalara game,
fitted to self-play, in place of the hand-written evaluation at the search's cut-off
(docs/ai.md, "Toward an expert"). Three steps, each its own command:

    python benchmarks/value_thalara.py data --games 1200 --agent ismcts:50 --seed 5 --out d.npz
    python benchmarks/value_thalara.py fit d.npz --out model.json
    python benchmarks/value_thalara.py ab model.json --games 200 --iterations 200 --seed 2 \\
        --save ab.jsonl

`data` plays 2-player games between two copies of `--agent` (with 5% of the decisions
taken at random, so that the games differ), keeps 8 positions a game at random and
writes each position's features for both seats with that seat's result (1 a win, 1/2
a shared win, 0 a loss). `fit` holds out every fifth game, prints the held-out log
loss of the hand-written evaluation (calibrated by one fitted scale) beside the
model's, then fits the model on every position and writes its weights. `ab` plays
ISMCTS with the model at the cut-off against the same search with the hand-written
evaluation, the same number of iterations, each deal twice with the seats turned,
one JSON line a game.

The features are differences between the seat and its best-placed opponent, so the
model of a 2-player game is antisymmetric: the two seats' chances add up to one.
Nothing here is part of the package: no model measured better (docs/ai.md).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

import numpy as np

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.agents.ismcts import ISMCTSAgent, final_rewards, settings_for
from cardtable.agents.training import chance, log_loss, logistic
from cardtable.engine.api import Action, Heuristics, State
from cardtable.thalara.state import ThalaraState
from cardtable.thalara.value_features import FEATURES
from cardtable.thalara.value_features import seat_features as features

POSITIONS_A_GAME = 8
RANDOM_SHARE = 0.05


def result(state: State, p: int) -> float:
    """The seat's result: 1 a win, 1/k a win shared by k, 0 a loss."""
    return final_rewards(state, 0.0)[p]


class LearnedValue:
    """The game's heuristics with the model's chance of winning (as -1..1) for the
    evaluation of an unfinished game; the rollout policy is the game's own."""

    def __init__(self, base: Heuristics, weights: list[float]) -> None:
        self.base = base
        self.weights = weights

    def evaluate(self, state: State, player: int) -> float:
        if state.is_over():
            return self.base.evaluate(state, player)
        assert isinstance(state, ThalaraState)
        z = sum(w * f for w, f in zip(self.weights, features(state, player), strict=True))
        return 2.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z)))) - 1.0

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        return self.base.rollout_action(state, rng)


def data(args: argparse.Namespace) -> None:
    game = load_game("thalara")
    heuristics = game.heuristics()
    rng = random.Random(args.seed)
    rows: list[list[float]] = []
    hand_written: list[float] = []
    results: list[float] = []
    games: list[int] = []
    for g in range(args.games):
        state = game.new_game(players=2, seed=rng.getrandbits(32))
        agents = [make_agent(args.agent, game, rng.getrandbits(32)) for _ in range(2)]
        seen: list[State] = []
        while not state.is_over():
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < RANDOM_SHARE:
                action = rng.choice(legal)
            else:
                action = agents[p].choose(state.view(p))
            seen.append(state.clone())
            state.apply(action)
        for kept in rng.sample(seen, min(POSITIONS_A_GAME, len(seen))):
            assert isinstance(kept, ThalaraState)
            for p in range(2):
                rows.append(features(kept, p))
                hand_written.append(heuristics.evaluate(kept, p))
                results.append(result(state, p))
                games.append(g)
        print(f"\r{g + 1}/{args.games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    np.savez(args.out, X=np.array(rows), Y=np.array(results), G=np.array(games),
             H=np.array(hand_written))


def fit(args: argparse.Namespace) -> None:
    loaded = np.load(args.data)
    X, Y, G = loaded["X"], loaded["Y"], loaded["G"]
    held = G % 5 == 0
    w = logistic(X[~held], Y[~held])
    model = log_loss(chance(X[held] @ w), Y[held])
    # the hand-written evaluation of the same positions, calibrated by one fitted scale
    H = loaded["H"][:, None]
    scale = logistic(H[~held], Y[~held])
    hand = log_loss(chance(H[held] @ scale), Y[held])
    print(f"held-out positions: {int(held.sum())}; log loss: the model {model:.4f}, "
          f"the hand-written evaluation {hand:.4f}, a coin {math.log(2):.4f}")
    weights = logistic(X, Y)
    Path(args.out).write_text(json.dumps({"features": FEATURES, "weights": list(weights),
                                          "positions": len(Y)}, indent=1) + "\n")
    for name, value in zip(FEATURES, weights, strict=True):
        print(f"  {value:+.3f}  {name}")


def ab(args: argparse.Namespace) -> None:
    weights = json.loads(Path(args.model).read_text())["weights"]
    game = load_game("thalara")
    settings = settings_for(str(args.iterations))
    score = 0.0
    with open(args.save, "a", encoding="utf-8") as out:
        for g in range(args.games):
            state = game.new_game(players=2, seed=args.seed * 1000 + g // 2)
            learned = ISMCTSAgent(game, args.seed * 7 + g, settings)
            learned.heuristics = LearnedValue(learned.heuristics, weights)
            plain = ISMCTSAgent(game, args.seed * 11 + g, settings)
            seats: list[ISMCTSAgent] = [learned, plain] if g % 2 == 0 else [plain, learned]
            while not state.is_over():
                p = state.current_player()
                assert p is not None
                state.apply(seats[p].choose(state.view(p)))
            mine = g % 2
            score += result(state, mine)
            out.write(json.dumps({"game": g, "seed": state.seed, "learned_seat": mine,
                                  "scores": state.scores(), "winners": state.winners()})
                      + "\n")
            out.flush()
            print(f"\r{g + 1} games: the learned value {score / (g + 1):.1%}", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    d = steps.add_parser("data", help="self-play positions and their results")
    d.add_argument("--games", type=int, default=1200)
    d.add_argument("--agent", default="ismcts:50")
    d.add_argument("--seed", type=int, default=5)
    d.add_argument("--out", required=True)
    f = steps.add_parser("fit", help="fit the model, print its held-out log loss")
    f.add_argument("data")
    f.add_argument("--out", required=True)
    a = steps.add_parser("ab", help="the learned value against the plain search")
    a.add_argument("model")
    a.add_argument("--games", type=int, default=200)
    a.add_argument("--iterations", type=int, default=200)
    a.add_argument("--seed", type=int, default=2)
    a.add_argument("--save", required=True)
    args = parser.parse_args()
    {"data": data, "fit": fit, "ab": ab}[args.step](args)


if __name__ == "__main__":
    main()
