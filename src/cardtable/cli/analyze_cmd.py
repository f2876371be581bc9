"""`cardtable analyze`: judge every decision of a saved game with a search from the
deciding seat's view, label the costly ones, summarise each seat and draw the chart.

The command line registers it with `add_analyze_parser(subparsers)`; the work is done
by `cardtable.analysis`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardtable.analysis import FLAGGED, LABELS, Analysis, analyze, search_settings
from cardtable.analysis.plot import plot_chart, pyplot
from cardtable.analysis.run import DEFAULT_JUDGE
from cardtable.cli.arena_cmd import _check_writable
from cardtable.cli.options import positive_int
from cardtable.cli.play import parse_seat, saved_cli_settings
from cardtable.cli.progress import progress_bar
from cardtable.engine.api import OptionError
from cardtable.engine.record import GameRecord


def _preferred(best: str, loss: float) -> str:
    """'better' only for a loss that shows (-0.00 would say better and equal at once)."""
    if round(loss, 2) > 0:
        return f"better {best} (-{loss:.2f})"
    return f"the search preferred {best} (as good)"

def add_analyze_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `analyze` subcommand to an argparse subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "analyze", help="judge every decision of a saved game: mistakes, blunders, a chart",
        description="Replay a saved game and, for every decision of the chosen seats, "
                    "search from that seat's view alone (what the player could know "
                    "then): the action taken, the search's best action, the expected "
                    "result of each (0 = loss, 1 = win), the loss (best minus taken) and "
                    "a label: best, good, inaccuracy, mistake or blunder. Decisions with "
                    "one legal action are skipped and counted. With ismcts:N (N "
                    "iterations a decision) the analysis is the same on any number of "
                    "workers.",
        epilog="Examples: cardtable analyze game.json; cardtable analyze game.json --seat P1 "
               "--agent ismcts:2000 --plot chart.png; cardtable analyze game.json --all "
               "--json > analysis.json")
    parser.add_argument("record", metavar="GAME.json", help="the saved game (a record)")
    seats = parser.add_mutually_exclusive_group()
    seats.add_argument("--seat", metavar="S", default=None,
                       help="analyse this seat only: 0, 1, ... or P1, P2, ... (default: "
                            "every seat of a finished game; the player's own seat of a "
                            "game saved by 'cardtable play' that is not over)")
    seats.add_argument("--all", action="store_true",
                       help="analyse every seat (finished games only)")
    parser.add_argument("--agent", default=DEFAULT_JUDGE, metavar="ismcts:LEVEL",
                        help="the search that judges: ismcts:N (N iterations a decision, "
                             f"deterministic; the default is {DEFAULT_JUDGE}), ismcts:easy "
                             "(40), ismcts:medium (150), ismcts:hard (2,000) or "
                             "ismcts:expert")
    parser.add_argument("--json", action="store_true",
                        help="print the analysis as one JSON object: every decision, the "
                             "summary and the chart data per seat")
    parser.add_argument("--plot", metavar="CHART.png", default=None,
                        help="draw the chart into this PNG file (needs matplotlib: "
                             "pip install 'cardtable[report]')")
    parser.add_argument("--workers", type=positive_int, default=None, metavar="W",
                        help="processes that search (default: all cores; 1 searches in "
                             "this process)")
    parser.set_defaults(run=run_analyze)
    return parser


def chosen_seats(args: argparse.Namespace, record: GameRecord, over: bool) -> list[int]:
    """The seats to analyse. While a game goes on, its other seats' decisions are
    secrets (a hand chosen, a card taken), so only the player's own seat is analysed:
    the one `cardtable play` saved with the game, or the one named by --seat."""
    players = record.players
    if over:
        if args.seat is None:
            return list(range(players))
        return [parse_seat(args.seat, players)]
    if args.all:
        raise OptionError("the game is not over: its other players' decisions are still "
                          "secret; analyse one seat with --seat")
    saved = saved_cli_settings(Path(args.record)).get("seat")
    own = saved if isinstance(saved, int) and not isinstance(saved, bool) else None
    if args.seat is None:
        if own is None:
            raise OptionError("the game is not over: name the seat to analyse with --seat")
        return [parse_seat(str(own), players)]
    seat = parse_seat(args.seat, players)
    if own is not None and seat != own:
        raise OptionError(f"the game is not over and was played from seat P{own + 1}; "
                          "the other seats' decisions are still secret")
    return [seat]


def run_analyze(args: argparse.Namespace, console: Console, read_line: Any = None) -> int:
    # Everything that can be wrong is found before the first search, and nothing is
    # written until the analysis is done.
    record = GameRecord.load(args.record)
    search_settings(args.agent, record.game)
    over = record.replay().is_over()
    seats = chosen_seats(args, record, over)
    if args.plot is not None:
        _check_writable(Path(args.plot), "--plot")
        pyplot()
    workers = args.workers or os.cpu_count() or 1
    errors = Console(stderr=True)
    with progress_bar(errors, transient=True, disable=not errors.is_terminal) as progress:
        task = progress.add_task(f"{record.game}: analysing", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        analysis = analyze(record, seats, args.agent, workers, advance)
    if args.plot is not None:
        plot_chart(analysis.chart(), args.plot, _title(analysis))
    if args.json:
        json.dump(analysis.to_dict(), sys.stdout)
        sys.stdout.write("\n")
        return 0
    print_analysis(console, analysis)
    if args.plot is not None:
        console.print(f"chart written to {args.plot}")
    return 0


def _title(analysis: Analysis) -> str:
    seats = ", ".join(f"P{s + 1}" for s in analysis.seats)
    return f"{analysis.game}: {seats} judged by {analysis.agent}"


def _result(analysis: Analysis) -> str:
    scores = ", ".join(f"P{p + 1} {s}" for p, s in enumerate(analysis.scores))
    if not analysis.over:
        return f"not over; scores {scores}"
    winners = ", ".join(f"P{w + 1}" for w in analysis.winners) or "none"
    return f"scores {scores}; won by {winners}"


def print_analysis(console: Console, analysis: Analysis) -> None:
    """The analysis as tables: per seat its flagged decisions, then the summaries."""
    if not console.is_terminal:
        # Into a file or a pipe: no screen edge to fit, so nothing is cut to 80 columns.
        console.width = max(console.width, 120)
    console.print(Text(f"{_title(analysis)}: {analysis.actions} actions, "
                       f"{_result(analysis)}", style="bold"))
    for seat in analysis.seats:
        flagged = [d for d in analysis.of_seat(seat)
                   if d.label in ("inaccuracy", *FLAGGED)]
        if not flagged:
            continue
        table = Table(title=f"P{seat + 1}: inaccuracies, mistakes and blunders",
                      title_justify="left", box=box.SIMPLE_HEAD)
        for name in ("action", "round", "taken (expected)", "better (expected)", "loss",
                     "label"):
            table.add_column(name, justify="right" if name in ("action", "round", "loss")
                             else "left")
        for d in flagged:
            j = d.judgement
            table.add_row(str(d.index + 1), "-" if d.round is None else str(d.round),
                          Text(f"{j.taken} ({j.taken_expected:.2f})"),
                          Text(f"{j.best} ({j.best_expected:.2f})"), f"{j.loss:.2f}",
                          d.label)
        console.print(table)
    # without the boxes' rules every header fits whole in 80 columns ("inaccu…" did not)
    summary = Table(title="summary per seat", title_justify="left", box=box.SIMPLE_HEAD,
                    show_edge=False, pad_edge=False, collapse_padding=True)
    for name in ("seat", "analysed", "forced", "avg loss", *LABELS):
        summary.add_column(name, justify="left" if name == "seat" else "right",
                           min_width=None if " " in name else len(name))
    for seat in analysis.seats:
        s = analysis.summary(seat)
        summary.add_row(f"P{seat + 1}", str(s["decisions"]), str(s["forced"]),
                        f"{s['average_loss']:.3f}",
                        *(str(s["labels"][label]) for label in LABELS))
    console.print(summary)
    for seat in analysis.seats:
        costly = analysis.summary(seat)["costliest"]
        if costly:
            console.print(Text(f"P{seat + 1}'s costliest: " + "; ".join(
                f"action {c['index'] + 1} (round {c['round']}): {c['taken']}, "
                + _preferred(c['better'], c['loss']) for c in costly)))
    t = analysis.thresholds
    console.print(Text(f"loss = expected result of the search's best action minus that of "
                       f"the action taken; inaccuracy from {t.inaccuracy:g}, mistake from "
                       f"{t.mistake:g}, blunder from {t.blunder:g}; actions count from 1."))
