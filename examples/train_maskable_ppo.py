"""Train a small masked policy (sb3-contrib MaskablePPO) for Thalara against `random`
and print its win rate. Not run in CI; needs the `rl-train` extra:

    pip install -e '.[rl-train]'
    python examples/train_maskable_ppo.py --steps 50000 --games 200

The environment is `cardtable/Thalara-v0` (two players, the learner in a random seat);
`env.action_masks()` is what MaskablePPO reads to mask illegal actions.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import torch
from sb3_contrib import MaskablePPO

import cardtable.rl.gymnasium  # noqa: F401  (registers cardtable/Thalara-v0)


def win_rate(model: Any, env: Any, games: int, seed: int) -> tuple[float, float]:
    """(sole wins, shared wins) of the learner over `games` episodes, as fractions."""
    sole = shared = 0
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(),
                                      deterministic=True)
            obs, _reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        winners = info.get("winners", [])
        if info["seat"] in winners:
            if len(winners) == 1:
                sole += 1
            else:
                shared += 1
    return sole / games, shared / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50_000, help="training steps")
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1,
                        help="PyTorch threads (a small network trains fastest on one)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    env = gymnasium.make("cardtable/Thalara-v0", opponent=args.opponent, seat=None)
    model = MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=128, gamma=1.0,
                        learning_rate=3e-4, ent_coef=0.01, seed=args.seed, verbose=0,
                        policy_kwargs={"net_arch": [128, 128]})
    before = win_rate(model, env, args.games, seed=10_000)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    took = time.perf_counter() - start
    after = win_rate(model, env, args.games, seed=10_000)
    print(f"opponent {args.opponent}, {args.games} games, learner in a random seat")
    print(f"untrained: wins {before[0]:.1%} (shared {before[1]:.1%})")
    print(f"after {args.steps:,} steps ({took:.0f} s): wins {after[0]:.1%} "
          f"(shared {after[1]:.1%})")


if __name__ == "__main__":
    main()
