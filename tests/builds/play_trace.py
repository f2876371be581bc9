"""Play seeded random games of every game and option set and fingerprint all that
happened, so that two builds (the pure source and the mypyc-compiled one) can be shown
to play one game: the same digests or they differ.

Each step writes down the legal actions, the action chosen, the events as every viewer
(each seat and a spectator) reads them, every viewer's observation and the scores; at
the end the winners. Every SEARCH_EVERY steps the searches choose too: ISMCTS at a fixed
iteration budget (its choice and every root action's visits and mean reward, floats
exactly), the same with the learned value (`value=1`) and the value's features of the
world, a world sampled from the decider's view, and the greedy agent's choice.

    python tests/builds/play_trace.py [--games N]      # prints {case: [digest per game]}
    python tests/builds/play_trace.py --case C --seed S  # prints that game's trace lines

The test (test_builds_agree.py) runs this file with PYTHONPATH=src, the pure source, and
compares with the same trace made in its own process, whichever build that runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from cardtable import load_game
from cardtable.agents.greedy import GreedyAgent
from cardtable.agents.ismcts import ISMCTSAgent, SearchSettings
from cardtable.agents.value import value_face
from cardtable.buildinfo import build_kind

# (case name, game, players, options): every option value of both games at least once,
# and every player count of each game.
CASES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("thalara-2p", "thalara", 2, {}),
    ("thalara-3p-casual", "thalara", 3, {"mode": "casual"}),
    ("thalara-4p", "thalara", 4, {}),
    ("thalara-2p-casual-ties", "thalara", 2,
     {"mode": "casual", "star_tie": "most-artifacts", "idle_rounds": 1}),
    ("thalara-2p-casts", "thalara", 2,
     {"empty_casts": "allowed", "silence_scope": "spell"}),
    ("thalara-3p-characters", "thalara", 3,
     {"characters": ["canto", "accaina", "kandhran"]}),
    ("vale-2p", "vale", 2, {}),
    ("vale-3p-cards", "vale", 3, {"expansion": "cards"}),
    ("vale-4p", "vale", 4, {}),
    ("vale-4p-artifacts", "vale", 4, {"expansion": "artifacts"}),
    ("vale-2p-artifacts-base", "vale", 2,
     {"expansion": "artifacts", "artifact_set": "base", "steal": "full"}),
    ("vale-3p-rules", "vale", 3,
     {"start_scores": "zero", "tie_break": "shared", "end_score": 40,
      "copy_resolves_as": "target"}),
]
GAMES = 6            # random games per case
SEARCH_EVERY = 37    # steps between the searches' turns
ITERATIONS = 24      # ISMCTS iterations a search


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def trace_game(game_name: str, players: int, options: dict[str, Any], seed: int,
               lines: list[str] | None = None) -> str:
    """The digest of one seeded random game and the searches made along it (each line
    of it also appended to `lines`, when given, to find where two builds part)."""
    game = load_game(game_name)
    digest = hashlib.sha256()

    def note(*parts: Any) -> None:
        line = _dump(parts)
        digest.update(line.encode())
        digest.update(b"\n")
        if lines is not None:
            lines.append(line)

    state = game.new_game(players, seed, **options)
    viewers: list[int | None] = [*range(players), None]
    rng = random.Random(seed * 7919 + 1)
    searcher = ISMCTSAgent(game, seed=seed,
                           settings=SearchSettings(iterations=ITERATIONS))
    # the search with the learned value (the shipped model where one fits these cards)
    valued = ISMCTSAgent(game, seed=seed,
                         settings=SearchSettings(iterations=ITERATIONS, value=True))
    face = value_face(game_name)
    assert face is not None
    greedy = GreedyAgent(game, seed=seed)
    step = 0
    note("start", [state.observation(v) for v in viewers])
    while True:
        legal = state.legal_actions()
        if not legal:
            break
        mover = state.current_player()
        note("legal", step, mover, [str(a) for a in legal])
        if step % SEARCH_EVERY == 0 and mover is not None:
            view = state.view(mover)
            world = view.sample_world(random.Random(seed + step))
            note("world", world.observation(mover), [str(a) for a in world.legal_actions()],
                 world.scores())
            root = searcher.search(view)
            stats = searcher.root_statistics(root, view.legal_actions, mover)
            note("ismcts", [(str(s.action), s.visits, repr(s.mean)) for s in stats])
            note("greedy", str(greedy.choose(view)))
            note("value features", face.card_digest(world),
                 [[repr(x) for x in row] for row in face.features(world)])
            root = valued.search(view)
            stats = valued.root_statistics(root, view.legal_actions, mover)
            note("ismcts+value", [(str(s.action), s.visits, repr(s.mean)) for s in stats])
        action = rng.choice(legal)
        events = state.apply(action)
        note("apply", str(action), [[e.to_dict(v) for e in events] for v in viewers])
        note("after", [state.observation(v) for v in viewers], state.scores())
        step += 1
    note("end", state.is_over(), state.scores(), state.winners(), step)
    return digest.hexdigest()


def trace(games: int = GAMES) -> dict[str, list[str]]:
    """{case: [digest of each game]}, games seeded 0, 1, ... within each case."""
    return {name: [trace_game(game, players, options, seed) for seed in range(games)]
            for name, game, players, options in CASES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--case", choices=[case[0] for case in CASES])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.case:
        _, game, players, options = next(c for c in CASES if c[0] == args.case)
        lines: list[str] = []
        trace_game(game, players, options, args.seed, lines)
        print("\n".join(lines))
        return
    json.dump({"build": build_kind(), "traces": trace(args.games)}, sys.stdout)


if __name__ == "__main__":
    main()
