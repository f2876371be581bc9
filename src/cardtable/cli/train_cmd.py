"""`cardtable train GAME`: fit a learned value for the search (agents/training.py says
what is learned and how), with a progress bar, resumable, on local processes or Ray."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console

import cardtable
from cardtable.agents.training import (
    CHUNK_GAMES,
    Chunk,
    TrainPlan,
    WorkFolder,
    card_digest_of,
    fit,
    numpy,
    play_chunk,
)
from cardtable.agents.value import ENV_DIR, value_face
from cardtable.arena.tournament import default_workers, map_local, map_ray
from cardtable.cli.arena_cmd import _check_writable, add_backend_flags
from cardtable.cli.options import add_game_option_flags, check_players, game_options, positive_int
from cardtable.cli.progress import progress_bar
from cardtable.engine.api import OptionError
from cardtable.engine.registry import load_game


def add_train_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "train", help="fit a learned value for the search (ismcts knob value=1)",
        description="Play GAMES games with the game's rollout policies, label positions of "
                    "them with the mean result of rollouts played from them to the end, and "
                    "fit a logistic model of that result to the game's value features. The "
                    "data are kept in chunks (--chunk games each) in a work folder beside "
                    "the model, so the same "
                    "command resumes a stopped run; every chunk comes from --seed and its "
                    "number, so the model is the same on any number of workers. Put the "
                    f"model in the folder named by ${ENV_DIR} as GAME-Np.json (or "
                    "GAME-Np-NAME.json for another card set) for ismcts:...+value=1 to use "
                    "it.",
        epilog="Example: cardtable train vale --players 2 --expansion artifacts --games 3000 "
               "--seed 1 --out vale-2p.json")
    parser.add_argument("game", help="the game (" + ", ".join(cardtable.games()) + ")")
    parser.add_argument("--players", type=positive_int, default=2, metavar="K",
                        help="players a game (default 2); a model serves one player count")
    parser.add_argument("--games", type=positive_int, default=2000, metavar="N",
                        help="games to play (default 2000)")
    parser.add_argument("--positions", type=positive_int, default=10, metavar="N",
                        help="positions kept a game (default 10)")
    parser.add_argument("--continuations", type=positive_int, default=4, metavar="N",
                        help="rollouts to the end that label a position (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--chunk", type=positive_int, default=CHUNK_GAMES, metavar="N",
                        help=f"games a chunk, the most a stopped run loses (default "
                             f"{CHUNK_GAMES})")
    parser.add_argument("--out", metavar="FILE.json", default=None,
                        help="where to write the model (default GAME-Np.json here)")
    parser.add_argument("--work", metavar="FOLDER", default=None,
                        help="the work folder of the chunks (default FILE.json's name "
                             "with .chunks)")
    parser.add_argument("--fresh", action="store_true",
                        help="throw away the chunks in the work folder and start again")
    add_backend_flags(parser)
    add_game_option_flags(parser)
    parser.set_defaults(run=run_train)
    return parser


def run_train(args: argparse.Namespace, console: Console, read_line: Any = None) -> int:
    numpy()                                   # before any game is played
    if args.workers is not None and args.ray is not None:
        raise OptionError("give --workers or --ray, not both")
    game = load_game(args.game)
    if value_face(game.name) is None:
        raise OptionError(f"{game.name} has no learned value to train")
    check_players(game, args.players)
    options = game_options(args, game, args.players)
    out = Path(args.out or f"{game.name}-{args.players}p.json")
    _check_writable(out, "--out")
    work = Path(args.work) if args.work else out.with_suffix(".chunks")
    plan = TrainPlan(game.name, args.players, options, args.games, args.seed,
                     args.positions, args.continuations, args.chunk)
    cards = card_digest_of(plan)              # bad options fail here, before the games
    folder = WorkFolder(work, plan, args.fresh)
    missing = folder.missing()
    start = time.perf_counter()
    quiet = not sys.stderr.isatty()
    err = Console(stderr=True, highlight=False)
    done_before = plan.chunks - len(missing)
    if done_before:
        err.print(f"resuming: {done_before} of {plan.chunks} chunks are in {work}")
    with progress_bar(err, disable=quiet) as bar:
        done = sum(len(plan.chunk_games(i)) for i in range(plan.chunks) if i not in missing)
        task = bar.add_task("games", total=plan.games, completed=done)

        def keep(chunk: Chunk) -> None:
            folder.save(chunk)
            bar.advance(task, len(plan.chunk_games(chunk.index)))

        items = [(plan, i) for i in missing]
        if args.ray is not None:
            map_ray(play_chunk, items, args.ray, keep)
        else:
            workers = args.workers or default_workers()
            map_local(play_chunk, items, workers, keep)
    command = "cardtable " + " ".join(shlex.quote(a) for a in sys.argv[1:]) \
        if os.path.basename(sys.argv[0]).startswith("cardtable") else "cardtable train " + game.name
    model = fit(plan, folder.chunks(), cards, command, time.perf_counter() - start)
    model.save(out)
    held = model.trained.get("held_out")
    console.print(f"wrote {out}: {len(model.weights)} weights from "
                  f"{model.trained['positions']:,} positions of {plan.games:,} games")
    if held:
        console.print(f"held-out log loss ({held['positions']:,} positions): the model "
                      f"{held['model']:.4f}, the hand-written evaluation "
                      f"{held['hand_written']:.4f}, a constant {held['constant']:.4f}")
    console.print(f"to play with it: {ENV_DIR}={out.resolve().parent} and an agent like "
                  f"ismcts:1000+value=1 (the file named {game.name}-{args.players}p.json "
                  f"or {game.name}-{args.players}p-NAME.json)")
    return 0

