"""A cardtable agent against OpenSpiel's ISMCTS bot, through the OpenSpiel adapter.

    .venv/bin/python benchmarks/ismcts_vs_openspiel.py --agent ismcts:medium \\
        --game thalara --games 20 --simulations 200

Two players, seats alternating. The cardtable agent sees only its `View` (as
everywhere); OpenSpiel's bot searches the adapter's states with random rollouts and
resamples hidden information with `resample_from_infostate`. Prints wins, shared wins
and the mean time per decision of each side. Any agent spec of the registry works
(`greedy`, `random`, `ismcts:medium` once it is merged).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from cardtable import load_game
from cardtable.agents.registry import make_agent
from cardtable.rl import openspiel


def play(game_name: str, agent_spec: str, games: int, simulations: int,
         seed: int) -> None:
    game = openspiel.load(game_name, players=2)
    engine_game = load_game(game_name)
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0,
                           max_simulations=simulations, random_state=rs)
    wins = {"agent": 0, "openspiel": 0, "shared": 0}
    spent = {"agent": 0.0, "openspiel": 0.0}
    moves = {"agent": 0, "openspiel": 0}
    for k in range(games):
        agent = make_agent(agent_spec, engine_game, seed + k)
        agent_seat = k % 2
        state = game.new_initial_state()
        state.apply_action(int(rs.randint(game.max_chance_outcomes())))
        while not state.is_terminal():
            player = state.current_player()
            start = time.perf_counter()
            if player == agent_seat:
                engine = state.engine_state
                assert engine is not None
                action = agent.choose(engine.view(player))
                state.apply_action(game.encoding.action_index(action.text))
                side = "agent"
            else:
                state.apply_action(bot.step(state))
                side = "openspiel"
            spent[side] += time.perf_counter() - start
            moves[side] += 1
        returns = state.returns()
        if returns[agent_seat] == returns[1 - agent_seat]:
            wins["shared"] += 1
        elif returns[agent_seat] > 0:
            wins["agent"] += 1
        else:
            wins["openspiel"] += 1
        print(f"game {k + 1}: agent seat {agent_seat + 1}, returns {returns}", flush=True)
    print(f"{game_name}, {games} games: {agent_spec} wins {wins['agent']}, OpenSpiel ISMCTS "
          f"({simulations} simulations) wins {wins['openspiel']}, shared {wins['shared']}")
    for side in ("agent", "openspiel"):
        per = spent[side] / max(moves[side], 1) * 1000
        print(f"  {side}: {moves[side]} decisions, {per:.1f} ms each")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="ismcts:medium")
    parser.add_argument("--game", default="thalara", choices=["thalara", "vale"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    play(args.game, args.agent, args.games, args.simulations, args.seed)


if __name__ == "__main__":
    main()
