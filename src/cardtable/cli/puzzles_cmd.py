"""`cardtable puzzles make`: puzzles from saved games (--from) or from games played for
the purpose (--selfplay N); the work is done by `cardtable.puzzles`.

Everything that can be wrong (the game, the budgets, the records, the output file) is
found before the first search, and nothing is written until every game is done.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.arena.tournament import default_workers, plan
from cardtable.cli.arena_cmd import _check_writable, _names, add_backend_flags
from cardtable.cli.options import add_game_option_flags, game_options, positive_int
from cardtable.cli.progress import progress_bar
from cardtable.engine.api import OptionError
from cardtable.engine.record import GameRecord
from cardtable.puzzles.maker import GameOutcome, GameTask, Settings, make, unique
from cardtable.puzzles.model import Puzzle, dump, load

DEFAULT_AGENTS = "ismcts:100,greedy"


def add_puzzles_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `puzzles` subcommand (with its own subcommand `make`)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "puzzles", help="puzzles: positions where one action is clearly best",
        description="Puzzles: positions from real games in which one action is clearly "
                    "best from the solver's own view. make finds them, play solves the "
                    "shipped ones, collect gathers a server's games that may feed make.")
    actions = parser.add_subparsers(dest="puzzles_command", metavar="COMMAND",
                                    required=True)
    maker = actions.add_parser(
        "make", help="find puzzles in saved games or in games played for the purpose",
        description="Analyse every decision of the games (--analysis budget); a decision "
                    "whose best action beats the runner-up by --margin is searched again "
                    "by two judges with --judge (at least 4 times the analysis budget) "
                    "and different seeds, and kept when both find the same best action "
                    "that far above its closest challengers. Each puzzle gets a theme "
                    "and a difficulty (how often --tries searches at --easy find it). "
                    "Every budget is ismcts:N (iterations) and every seed derives from "
                    "--seed and the position, so the same games give the same puzzles "
                    "on any number of workers.",
        epilog="Examples: cardtable puzzles make vale --from games.jsonl --out vale.json; "
               "cardtable puzzles make vale --expansion artifacts --selfplay 20 --workers "
               "2 --out artifacts.json")
    maker.add_argument("game", help="the game (" + ", ".join(cardtable.games()) + ")")
    source = maker.add_mutually_exclusive_group(required=True)
    source.add_argument("--from", dest="source", metavar="GAMES.jsonl",
                        help="saved games: one record per line (or a line with the "
                             "record under 'record', as the benchmarks write), or one "
                             "saved game (.json)")
    source.add_argument("--selfplay", type=positive_int, metavar="N",
                        help="play N games between --agents first (seats rotating, "
                             "seeds from --seed)")
    maker.add_argument("--agents", default=DEFAULT_AGENTS, metavar="A,B",
                       help=f"with --selfplay: who plays (default {DEFAULT_AGENTS})")
    maker.add_argument("--players", type=positive_int, default=2,
                       help="with --selfplay: players per game (default 2)")
    maker.add_argument("--selfplay-seed", type=int, default=None, metavar="S",
                       help="with --selfplay: the games' seed (default: --seed); another "
                            "seed gives other games to --add to a file")
    defaults = Settings()
    maker.add_argument("--analysis", default=defaults.analysis, metavar="ismcts:N",
                       help=f"the analysis's budget (default {defaults.analysis})")
    maker.add_argument("--judge", default=defaults.judge, metavar="ismcts:N",
                       help=f"each judge's budget (default {defaults.judge})")
    maker.add_argument("--easy", default=defaults.easy, metavar="ismcts:N",
                       help=f"the budget of the difficulty's searches (default "
                            f"{defaults.easy}, what ismcts:easy searched when the puzzles were "
                            "made)")
    maker.add_argument("--tries", type=positive_int, default=defaults.tries,
                       help=f"searches per puzzle for its difficulty (default "
                            f"{defaults.tries})")
    maker.add_argument("--margin", type=float, default=defaults.margin,
                       help=f"how far the best action must beat the others, in expected "
                            f"result (default {defaults.margin})")
    maker.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    maker.add_argument("--out", metavar="PUZZLES.json", default=None,
                       help="write the puzzles to this file (default: print them as JSON)")
    maker.add_argument("--add", action="store_true",
                       help="with --out: add the new puzzles to those already in the file "
                            "(made with the same budgets and seed), keeping both runs' "
                            "figures")
    add_backend_flags(maker)
    add_game_option_flags(maker)
    maker.set_defaults(run=run_puzzles_make)
    from cardtable.cli.puzzles_collect import add_collect_parser
    from cardtable.cli.puzzles_play import add_play_parser

    add_play_parser(actions)
    add_collect_parser(actions)
    return parser


def _set_name(game: str, options: dict[str, Any]) -> str:
    expansion = options.get("expansion")
    return game if expansion in (None, "none") else f"{game}-{expansion}"


def read_records(path: Path, game: str) -> list[GameRecord]:
    """The records of a saved-games file: JSON lines, or one saved game."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise OptionError(f"--from {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise OptionError(f"--from {path}: not a text file") from None
    stripped = text.strip()
    lines = [stripped] if stripped.startswith("{") and "\n{" not in stripped else [
        line for line in text.splitlines() if line.strip()]
    records = []
    for number, line in enumerate(lines, start=1):
        try:
            data = json.loads(line)
            if isinstance(data, dict) and "record" in data:
                data = data["record"]
            record = GameRecord.from_dict(data)
        except ValueError as exc:
            raise OptionError(f"--from {path}, line {number}: not a saved game ({exc})") \
                from None
        if record.game != game:
            raise OptionError(f"--from {path}, line {number}: a game of {record.game}, "
                              f"not {game}")
        records.append(record)
    if not records:
        raise OptionError(f"--from {path}: no games in it")
    return records


def _tasks(args: argparse.Namespace, settings: Settings) -> tuple[list[GameTask], str]:
    game = cardtable.load_game(args.game)
    if args.source is not None:
        if game_options(args):
            raise OptionError("with --from the games carry their own options; give no "
                              "game options")
        records = read_records(Path(args.source), game.name)
        names = {_set_name(game.name, r.options) for r in records}
        if len(names) > 1:
            raise OptionError(f"--from {args.source} mixes games of {', '.join(names)}; "
                              "make each set from its own file")
        for record in records:   # a record that does not replay fails now, not in a worker
            record.replay()
        name = names.pop()
        return [GameTask(i, settings, name, {"from": Path(args.source).name, "line": i + 1},
                         record=r.to_dict()) for i, r in enumerate(records)], name
    options = game_options(args, game, args.players)
    agents = _names(args.agents)
    if not agents:
        raise OptionError("--agents needs at least one agent, like ismcts:100,greedy")
    seed = args.seed if args.selfplay_seed is None else args.selfplay_seed
    tournament = plan(game.name, agents, args.selfplay, seed, args.players, options)
    name = _set_name(game.name, options)
    return [GameTask(spec.index, settings, name,
                     {"selfplay": seed, "game": spec.index + 1}, spec=spec)
            for spec in tournament.specs], name


def run_puzzles_make(args: argparse.Namespace, console: Console,
                     read_line: Any = None) -> int:
    if args.workers is not None and args.ray is not None:
        raise OptionError("give --workers or --ray, not both")
    settings = Settings(analysis=args.analysis, judge=args.judge, easy=args.easy,
                        tries=args.tries, margin=args.margin, seed=args.seed)
    earlier: tuple[list[Puzzle], dict[str, Any]] | None = None
    if args.out is not None:
        _check_writable(Path(args.out), "--out")
    if args.add:
        if args.out is None or not Path(args.out).exists():
            raise OptionError("--add adds to the puzzles in an existing --out file")
        earlier = load(args.out)
    tasks, name = _tasks(args, settings)
    if earlier is not None:
        _check_addable(earlier[1], name, settings, args.out)
    errors = Console(stderr=True)
    start = time.perf_counter()
    kept = 0
    with progress_bar(errors, transient=True, disable=not errors.is_terminal) as progress:
        bar = progress.add_task(f"{name}: games", total=len(tasks))

        def advance(done: int, total: int, outcome: GameOutcome) -> None:
            nonlocal kept
            kept += len(outcome.puzzles)
            progress.update(bar, completed=done,
                            description=f"{name}: games ({kept} puzzles)")
            if not errors.is_terminal:
                print(f"puzzles: {done}/{total} games, {kept} puzzles", file=sys.stderr,
                      flush=True)

        outcomes = make(tasks, args.workers or default_workers(), args.ray, advance)
    elapsed = time.perf_counter() - start
    # A position reached in two games (the same opening dealt twice) is one puzzle.
    puzzles = unique([p for o in outcomes for p in o.puzzles])
    analysed = sum(o.analysed for o in outcomes)
    candidates = sum(o.candidates for o in outcomes)
    about: dict[str, Any] = {"set": name, "game": args.game, "settings": settings.to_dict(),
             "games": len(outcomes), "source": args.source and Path(args.source).name,
             "selfplay": None if args.source else {
                 "agents": args.agents, "players": args.players,
                 "seed": args.seed if args.selfplay_seed is None else args.selfplay_seed},
             "analysed": analysed, "candidates": candidates, "kept": len(puzzles),
             "seconds": round(elapsed, 1)}
    if earlier is not None:
        about = _merged(earlier[1], about)
        puzzles = [*earlier[0], *unique(puzzles, earlier[0])]
        about["kept"] = len(puzzles)
    text = dump(puzzles, about)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    Path(args.out).write_text(text, encoding="utf-8")
    _print_summary(console, about, puzzles, args.out)
    return 0


RUN_KEYS = ("games", "source", "selfplay", "analysed", "candidates", "kept", "seconds")
TOTALS = ("games", "analysed", "candidates", "kept", "seconds")


def _check_addable(about: dict[str, Any], name: str, settings: Settings, out: str) -> None:
    if about.get("set") != name:
        raise OptionError(f"--add: {out} holds puzzles of {about.get('set')}, not {name}")
    if about.get("settings") != settings.to_dict():
        raise OptionError(f"--add: {out} was made with other budgets or seed "
                          f"({about.get('settings')}); give the same ones")


def _merged(earlier: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """One file's figures over its runs: each run's, and their totals."""
    runs = earlier.get("runs") or [{k: earlier.get(k) for k in RUN_KEYS}]
    runs = [*runs, {k: new.get(k) for k in RUN_KEYS}]
    totals = {k: round(sum(r[k] for r in runs), 1) if k == "seconds" else
              sum(r[k] for r in runs) for k in TOTALS}
    return {"set": new["set"], "game": new["game"], "settings": new["settings"],
            **totals, "runs": runs}


def _print_summary(console: Console, about: dict[str, Any], puzzles: list[Any],
                   out: str) -> None:
    console.print(f"{about['set']}: {about['kept']} puzzles from {about['games']} games "
                  f"({about['analysed']} positions analysed, {about['candidates']} "
                  f"candidates) in {about['seconds']:.0f} s; written to {out}",
                  soft_wrap=True)
    if not puzzles:
        return
    table = Table(title="themes and difficulties", title_justify="left")
    table.add_column("theme")
    for level in ("easy", "medium", "hard"):
        table.add_column(level, justify="right")
    themes = sorted({p.theme for p in puzzles})
    for theme in themes:
        table.add_row(theme, *(str(sum(p.theme == theme and p.difficulty == level
                                       for p in puzzles))
                               for level in ("easy", "medium", "hard")))
    console.print(table)
