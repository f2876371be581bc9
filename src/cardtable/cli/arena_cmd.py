"""`cardtable arena`: a seeded tournament between agents, with win rates, intervals,
average scores, Elo, and optionally a JSON dump and an HTML balance report.

The command line registers it with `add_arena_parser(subparsers)`; `arena_command(args)`
runs it and returns the exit status (errors are raised as CardtableError).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import cardtable
from cardtable.arena.ratings import MatchupStats, Summary, summarize
from cardtable.arena.saved import SaveFile, load_saved
from cardtable.arena.tournament import (
    ArenaError,
    GameResult,
    GameSpec,
    Tournament,
    default_workers,
    plan,
    run_local,
    run_ray,
)
from cardtable.cli.options import add_game_option_flags, game_options, positive_int, titled
from cardtable.cli.progress import progress_bar
from cardtable.engine.api import OptionError


def _names(text: str | None) -> list[str]:
    return [] if text is None else [n.strip() for n in text.split(",") if n.strip()]


def add_arena_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `arena` subcommand to an argparse subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "arena", help="a tournament between agents: win rates, Elo, a balance report",
        description="Play GAMES seeded games between agents with the seats rotating, then "
                    "print each agent's win rate with a 95% Wilson interval, average "
                    "score, Elo (fitted to every pairwise result) and decision time, and "
                    "the win rate by seat. A shared win counts 1/k for each of k winners. "
                    "Every seed comes from --seed and the game's number, so a tournament "
                    "is the same on any number of workers.",
        epilog="Examples: cardtable arena thalara --agents ismcts:medium,greedy --games 200 "
               "--seed 1 --workers 2; cardtable arena thalara --agents ismcts:easy "
               "--character-pool myrja,canto,accaina,kandhran --games 400 --report "
               "balance.html; cardtable arena vale --agents ismcts:easy,greedy --players 4 "
               "--ray auto --json > vale.json")
    parser.add_argument("game", help="the game (" + ", ".join(cardtable.games()) + ")")
    parser.add_argument("--agents", required=True, metavar="A,B[,C,D]",
                        help="comma-separated agent specs: random, greedy, ismcts:easy, "
                             "ismcts:medium, ismcts:hard, ismcts:expert, ismcts:N (N "
                             "iterations)")
    parser.add_argument("--games", type=positive_int, default=100, help="games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    parser.add_argument("--players", type=positive_int, default=None,
                        help="players per game (default: the number of agents, within "
                             "the game's limits)")
    add_run_flags(parser, "tournament")
    parser.add_argument("--json", action="store_true",
                        help="print the numbers and one record per game as JSON")
    parser.add_argument("--report", metavar="FILE.html", default=None,
                        help="write a self-contained HTML balance report with plots")
    group = add_game_option_flags(parser)
    group.add_argument("--character-pool", metavar="A,B,...",
                       help="play every assignment of these characters to the seats in "
                            "turn, for a match-up matrix")
    parser.set_defaults(func=arena_command, run=_run)
    return parser


def add_run_flags(parser: argparse.ArgumentParser, what: str) -> None:
    """Where the games are played (--workers, --ray) and where they are saved as they
    finish (--save, --saved-only): the same for every command built on the arena."""
    add_backend_flags(parser)
    parser.add_argument("--save", metavar="FILE.jsonl", default=None,
                        help="append each game to FILE as it finishes (one JSON line); "
                             f"the same command with the same FILE resumes a stopped "
                             f"{what}, playing only the games not in FILE yet")
    parser.add_argument("--saved-only", action="store_true",
                        help="with --save: play nothing, only give the numbers for the "
                             "games in FILE so far (safe while another run still adds "
                             "to it)")


def add_backend_flags(parser: argparse.ArgumentParser) -> None:
    """Where the work runs: local processes (--workers) or Ray (--ray)."""
    parser.add_argument("--workers", type=positive_int, default=None,
                        help="local processes (default: all cores; 1 plays in this process)")
    parser.add_argument("--ray", metavar="ADDRESS", default=None,
                        help="run on Ray instead: 'auto' (join the running cluster, or "
                             "start one here), 'local', or a cluster address")


def _run(args: argparse.Namespace, console: Any = None, read_line: Any = None) -> int:
    return arena_command(args)


def _check_writable(path: Path, flag: str) -> None:
    """Fail before the games are played, not after, when `path` cannot be written."""
    if path.is_dir():
        raise OptionError(f"{flag} {path}: that is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise OptionError(f"{flag} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise OptionError(f"{flag} {path}: the folder {folder} cannot be written to")


def build_tournament(args: argparse.Namespace) -> Tournament:
    game = cardtable.load_game(args.game)
    agents = _names(args.agents)
    if not agents:
        raise OptionError("--agents needs at least one agent, like ismcts:medium,greedy")
    players = args.players
    if players is None:
        players = min(max(len(agents), game.min_players), game.max_players)
    pool = _names(getattr(args, "character_pool", None)) or None
    if getattr(args, "character_pool", None) is not None and pool is None:
        raise OptionError("--character-pool needs names, like myrja,canto,accaina")
    report = getattr(args, "report", None)
    if report is not None:
        _check_writable(Path(report), "--report")
    return plan(game.name, agents, args.games, args.seed, players, game_options(args), pool)


def run_tournament(tournament: Tournament, workers: int | None, ray: str | None,
                   show_progress: bool = True, save: Path | None = None,
                   saved_only: bool = False) -> list[GameResult]:
    """Play the tournament's games; with `save`, skip those already saved there and
    save the others as they finish. With `saved_only`, play nothing: the games in `save`
    so far (another run may still be adding to it). The results come back in game
    order."""
    if saved_only:
        if save is None:
            raise ArenaError("--saved-only reads the games in --save FILE; give the file")
        if not save.exists():
            raise ArenaError(f"no saved games: {save} does not exist")
        saved = load_saved(save, tournament.specs, repair=False)
        if not saved:
            raise ArenaError(f"no saved games in {save} yet")
        print(f"arena: {len(saved)} of {len(tournament.specs)} games in {save}; "
              "playing none (--saved-only)", file=sys.stderr, flush=True)
        return [saved[i] for i in sorted(saved)]
    saved = load_saved(save, tournament.specs) if save is not None else {}
    specs = [spec for spec in tournament.specs if spec.index not in saved]
    if saved:
        print(f"arena: {len(saved)} of {len(tournament.specs)} games already in {save}; "
              f"playing the other {len(specs)}", file=sys.stderr, flush=True)
    if not specs:
        return [saved[i] for i in sorted(saved)]
    with contextlib.ExitStack() as stack:
        on_result = stack.enter_context(SaveFile(save)) if save is not None else None
        played = _play(tournament, specs, len(saved), workers, ray, show_progress, on_result)
    return sorted([*saved.values(), *played], key=lambda r: r.index)


def _play(tournament: Tournament, specs: list[GameSpec], already: int, workers: int | None,
          ray: str | None, show_progress: bool,
          on_result: SaveFile | None) -> list[GameResult]:
    console = Console(stderr=True)
    with progress_bar(console, disable=not show_progress) as progress:
        everything = len(tournament.specs)
        task = progress.add_task(f"{tournament.game} arena", total=everything,
                                 completed=already)

        step = max(1, everything // 10)

        def advance(done: int, total: int) -> None:
            done += already
            progress.update(task, completed=done)
            if not show_progress and (done % step == 0 or done == everything):
                # No terminal for a bar (a log file, CI): a line every tenth.
                print(f"arena: {done}/{everything} games", file=sys.stderr, flush=True)

        if ray is not None:
            return run_ray(specs, ray, advance, on_result=on_result)
        return run_local(specs, workers or default_workers(), advance, on_result=on_result)


def to_json(tournament: Tournament, summary: Summary, results: list[GameResult],
            elapsed: float) -> dict[str, Any]:
    return {"game": tournament.game, "players": tournament.players,
            "seed": tournament.seed, "options": tournament.options,
            "agents": tournament.entrants, "elapsed_seconds": round(elapsed, 2),
            **summary.to_dict(), "records": [r.to_dict() for r in results]}


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{1000 * x:.0f} ms"


def print_summary(tournament: Tournament, summary: Summary, elapsed: float) -> None:
    console = Console(highlight=False)
    if not console.is_terminal:
        # Into a file or a pipe: no screen edge to fit, so nothing is cut to 80 columns.
        console.width = max(console.width, 120)
    table = Table(title=f"{titled(tournament.game, tournament.options)}: {summary.games} "
                        f"games, {tournament.players} players, seed {tournament.seed} "
                        f"({elapsed:.0f} s)")
    for name in ("agent", "seats", "win rate", "95% CI", "avg score", "Elo",
                 "time/move"):
        table.add_column(name, justify="left" if name == "agent" else "right")
    for e in summary.entrants:
        table.add_row(e.label, str(e.games), f"{100 * e.win_rate:.1f}%",
                      f"{100 * e.ci_low:.1f}-{100 * e.ci_high:.1f}%", f"{e.avg_score:.2f}",
                      f"{e.elo:.0f}", _ms(e.median_decision))
    console.print(table)
    for title, stats in (("win rate by turn order (1 = moved first)", summary.turn_order),
                         ("win rate by seat", summary.seats)):
        if not stats or not stats[0].games:
            continue
        seats = Table(title=title)
        for name in ("position" if "turn" in title else "seat", "games", "win rate",
                     "95% CI", "avg score"):
            seats.add_column(name, justify="right")
        for s in stats:
            seats.add_row(str(s.seat + 1), str(s.games), f"{100 * s.win_rate:.1f}%",
                          f"{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}%",
                          f"{s.avg_score:.2f}")
        console.print(seats)
    if summary.matchups is not None:
        console.print(matchup_table(summary.matchups, "characters: row against column"))
    console.print("time/move: the median time of a decision with more than one legal "
                  "action.")
    if summary.shared_wins:
        console.print(f"{summary.shared_wins} games had a shared win (1/k to each winner).")


def matchup_table(m: MatchupStats, title: str) -> Table:
    """The match-up matrix for the terminal: row character's points against each column
    character, with the games in brackets."""
    chars = Table(title=title)
    chars.add_column("")
    for name in m.names:
        chars.add_column(name, justify="right")
    for i, name in enumerate(m.names):
        cells = []
        for j in range(len(m.names)):
            rate = m.rate(i, j)
            cells.append("-" if rate is None else f"{100 * rate:.0f}% ({m.games[i][j]})")
        chars.add_row(name, *cells)
    return chars


def arena_command(args: argparse.Namespace) -> int:
    """Run `cardtable arena` for parsed arguments; 0 on success."""
    tournament = build_tournament(args)
    games = len(tournament.specs)
    if games % tournament.cycle:
        what = "seatings and character assignments" if tournament.characters else "seatings"
        print(f"note: the {what} come round every {tournament.cycle} games; with {games} "
              f"games some agents get some seats more often (a multiple of "
              f"{tournament.cycle} balances them)", file=sys.stderr, flush=True)
    start = time.perf_counter()
    save = Path(args.save) if getattr(args, "save", None) else None
    results = run_tournament(tournament, args.workers, args.ray,
                             show_progress=sys.stderr.isatty(), save=save,
                             saved_only=getattr(args, "saved_only", False))
    elapsed = time.perf_counter() - start
    summary = summarize(tournament.entrants, results)
    if args.report:
        from cardtable.arena.report import render

        Path(args.report).write_text(render(tournament, summary, elapsed), encoding="utf-8")
    if args.json:
        json.dump(to_json(tournament, summary, results, elapsed), sys.stdout)
        sys.stdout.write("\n")
    else:
        print_summary(tournament, summary, elapsed)
        if args.report:
            print(f"report written to {args.report}")
    return 0
