"""Search iterations per second of agent specs at the same mid-game positions, for
comparing a search variant's cost per iteration with plain ISMCTS (docs/ai.md, "Toward
an expert"). CPU time of the search alone (time.process_time, so another process on
the core does not count), fixed iteration budgets:

    python benchmarks/search_speed.py --game thalara --specs ismcts:300,expert:300
"""

from __future__ import annotations

import argparse
import random
import time

from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.agents.ismcts import ISMCTSAgent
from cardtable.engine.api import State


def positions(game_name: str, options: dict[str, str], count: int, seed: int) -> list[State]:
    """`count` positions reached by the game's rollout policy after 10 to 40 actions,
    each with a choice to make."""
    game = load_game(game_name)
    heuristics = game.heuristics()
    rng = random.Random(seed)
    out: list[State] = []
    k = 0
    while len(out) < count:
        state = game.new_game(players=2, seed=seed + k, **options)
        k += 1
        for _ in range(rng.randrange(10, 40)):
            if state.is_over():
                break
            state.apply(heuristics.rollout_action(state, rng))
        if not state.is_over() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--specs", required=True, help="agent specs with iteration budgets")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--expansion", default=None)
    args = parser.parse_args()
    options = {"expansion": args.expansion} if args.expansion else {}
    states = positions(args.game, options, args.positions, args.seed)
    for spec in args.specs.split(","):
        seconds = 0.0
        iterations = 0
        for i, state in enumerate(states):
            agent = make_agent(spec, state.game, i)
            assert isinstance(agent, ISMCTSAgent), f"{spec} is not a search"
            player = state.current_player()
            view = state.view(player)
            start = time.process_time()
            agent.search(view)
            seconds += time.process_time() - start
            iterations += agent.last_iterations
        print(f"{args.game} {spec}: {iterations / seconds:,.0f} iterations/s "
              f"({iterations} iterations at {len(states)} positions, {seconds:.2f} s CPU)")


if __name__ == "__main__":
    main()
