"""`cardtable balance`: the whole balance study of a card set in one command: every
pairing of its characters played by one agent with the seats and the first player
rotated, then each character's win rate, the match-up matrix, the first-player
advantage, what each spell does, and a plain verdict for every character and spell.

The command line registers it with `add_balance_parser(subparsers)`.
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
from cardtable.arena.balance import (
    BalanceSummary,
    Rate,
    Thresholds,
    balance_summary,
    plan_balance,
    verdict_lines,
)
from cardtable.arena.tournament import Tournament
from cardtable.cli.arena_cmd import (
    _check_writable,
    _names,
    add_run_flags,
    matchup_table,
    run_tournament,
)
from cardtable.cli.options import add_game_option_flags, game_options, positive_int
from cardtable.engine.api import OptionError

# 100 iterations a decision: what the balance reports in docs/balance.md were measured
# with (ismcts:easy until 2026-12-06, when easy became 40)
DEFAULT_AGENT = "ismcts:100"
DEFAULT_GAMES = 40


def add_balance_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `balance` subcommand to an argparse subparsers object."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "balance", help="a card set's balance: every pairing of its characters, with "
                        "verdicts per character and per spell",
        description="Play every pairing of the characters of a card set (the shipped "
                    "one, or --cards FILE of your own), GAMES games each, with one agent "
                    "in both seats, the seats and the first player rotating. Then print "
                    "each character's win rate with its 95% interval, the match-up "
                    "matrix, the first-player advantage, and for each spell how often it "
                    "was on offer and cast, in which conflicts, and how the games in "
                    "which it was cast went; and a verdict per character (in range, "
                    "strong, weak) and per spell (dead, dominant).",
        epilog="Examples: cardtable balance thalara --agent greedy --games 40; "
               "cardtable balance thalara --cards my-cards.toml --agent ismcts:easy "
               "--games 40 --workers 2 --save study.jsonl --report study.html")
    parser.add_argument("game", help="the game (" + ", ".join(cardtable.games()) + "; "
                        "one with characters)")
    parser.add_argument("--agent", default=DEFAULT_AGENT,
                        help=f"the agent in every seat (default {DEFAULT_AGENT}; greedy "
                             "gives a first look in a minute, a weaker stand-in for good "
                             "play)")
    parser.add_argument("--games", type=positive_int, default=DEFAULT_GAMES,
                        help=f"games per pairing of two characters (default "
                             f"{DEFAULT_GAMES}; a multiple of 4 gives every character "
                             "each seat and each turn order equally often)")
    parser.add_argument("--seed", type=int, default=1, help="study seed (default 1)")
    add_run_flags(parser, "study")
    parser.add_argument("--json", action="store_true",
                        help="print the numbers, the verdicts and every game as JSON")
    parser.add_argument("--report", metavar="FILE.html", default=None,
                        help="write a self-contained HTML report with plots")
    parser.add_argument("--band", default="42,58", metavar="LOW,HIGH",
                        help="a character is in range when its overall win rate is "
                             "within LOW-HIGH percent (default 42,58)")
    parser.add_argument("--pairing-band", default="30,70", metavar="LOW,HIGH",
                        help="pairings outside LOW-HIGH percent are listed (default 30,70)")
    parser.add_argument("--dead", type=float, default=2.0, metavar="PCT",
                        help="a spell cast in fewer than PCT percent of its owner's "
                             "rounds is dead (default 2)")
    parser.add_argument("--dominant", type=float, default=25.0, metavar="POINTS",
                        help="a spell is dominant when its owner wins at least POINTS "
                             "percentage points more often in games in which it was "
                             "cast than in the others, the 95%% intervals apart "
                             "(default 25)")
    add_game_option_flags(parser)
    for action in parser._actions:
        if "--characters" in action.option_strings:
            action.help = ("the characters to study, comma-separated (default: every "
                           "character of the card set)")
    parser.set_defaults(run=_run)
    return parser


def _run(args: argparse.Namespace, console: Any = None, read_line: Any = None) -> int:
    return balance_command(args)


def _band(text: str, flag: str) -> tuple[float, float]:
    parts = text.split(",")
    try:
        low, high = (float(p) / 100 for p in parts)
    except ValueError:
        raise OptionError(f"{flag} needs two percentages LOW,HIGH like 42,58, not "
                          f"{text!r}") from None
    if not 0 <= low < high <= 1:
        raise OptionError(f"{flag} needs 0 <= LOW < HIGH <= 100, not {text!r}")
    return low, high


def thresholds_of(args: argparse.Namespace) -> Thresholds:
    if not 0 <= args.dead <= 100:
        raise OptionError(f"--dead is a percentage from 0 to 100, not {args.dead:g}")
    if not 0 < args.dominant <= 100:
        raise OptionError(f"--dominant is a number of points above 0, up to 100, not "
                          f"{args.dominant:g}")
    return Thresholds(band=_band(args.band, "--band"),
                      pairing=_band(args.pairing_band, "--pairing-band"),
                      dead=args.dead / 100, dominant=args.dominant / 100)


def build_study(args: argparse.Namespace) -> Tournament:
    options = game_options(args)
    # --characters names the characters to study (default: all of the card set's)
    characters = options.pop("characters", None)
    if args.report is not None:
        _check_writable(Path(args.report), "--report")
    return plan_balance(args.game, args.agent.strip(), args.games, args.seed, options,
                        characters)


def balance_command(args: argparse.Namespace) -> int:
    """Run `cardtable balance` for parsed arguments; 0 on success."""
    thresholds = thresholds_of(args)
    if not _names(args.agent):
        raise OptionError("--agent needs an agent, like ismcts:easy or greedy")
    study = build_study(args)
    if args.games % 4:
        print(f"note: with {args.games} games per pairing the seats and turn orders do "
              "not come round equally often (a multiple of 4 balances them)",
              file=sys.stderr, flush=True)
    start = time.perf_counter()
    save = Path(args.save) if args.save else None
    results = run_tournament(study, args.workers, args.ray,
                             show_progress=sys.stderr.isatty(), save=save,
                             saved_only=args.saved_only)
    elapsed = time.perf_counter() - start
    summary = balance_summary(results, thresholds)
    if args.report:
        from cardtable.arena.balance_report import render

        Path(args.report).write_text(render(study, args.agent, summary, elapsed),
                                     encoding="utf-8")
    if args.json:
        json.dump({"game": study.game, "agent": args.agent, "games_per_pairing": args.games,
                   "seed": study.seed, "options": study.options,
                   "elapsed_seconds": round(elapsed, 2),
                   **summary.to_dict(), "records": [r.to_dict() for r in results]},
                  sys.stdout)
        sys.stdout.write("\n")
    else:
        print_balance(study, args.agent, summary, elapsed)
        if args.report:
            print(f"report written to {args.report}")
    return 0


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate(r: Rate) -> str:
    return "-" if not r.games else f"{100 * r.rate:.1f}% ({100 * r.low:.0f}-{100 * r.high:.0f})"


def print_balance(study: Tournament, agent: str, summary: BalanceSummary,
                  elapsed: float) -> None:
    console = Console(highlight=False)
    if not console.is_terminal:
        console.width = max(console.width, 140)
    t = summary.thresholds
    chars = Table(title=f"{study.game} balance: {summary.games} games of {agent}, seed "
                        f"{study.seed} ({elapsed:.0f} s); in range: "
                        f"{_pct(t.band[0])}-{_pct(t.band[1])}")
    for name in ("character", "games", "win rate (95% interval)", "moving first",
                 "moving second", "Elo", "verdict"):
        chars.add_column(name, justify="left" if name in ("character", "verdict")
                         else "right")
    for c in summary.characters:
        chars.add_row(c.name, str(c.overall.games), _rate(c.overall), _rate(c.moving_first),
                      _rate(c.moving_second), f"{summary.elo.get(c.name, 1500):.0f}",
                      c.verdict)
    console.print(chars)
    if summary.turn_order and summary.turn_order[0].games:
        first = summary.turn_order[0]
        console.print(f"first-player advantage: the player moving first won "
                      f"{_pct(first.win_rate)} ({_pct(first.ci_low)}-{_pct(first.ci_high)}) "
                      f"of {first.games} games")
    if summary.matchups is not None:
        console.print(matchup_table(summary.matchups, "match-ups: row character's points "
                                                      "against column character (games)"))
    spells = Table(title="spells (rates per round of the owner; win rates of the owner in "
                         "games with and without a cast)")
    for name in ("character", "spell", "offered", "cast/round", "casts/game",
                 "games cast", "conflicts", "won with it", "won without", "verdict"):
        spells.add_column(name, justify="left" if name in ("character", "spell",
                                                           "conflicts", "verdict")
                          else "right")
    for s in summary.spells:
        spells.add_row(s.character, s.spell, _pct(s.offered_rate), _pct(s.cast_rate),
                       f"{s.per_game:.2f}", _pct(s.games_cast / s.games if s.games else 0),
                       " ".join(f"{k}:{v}" for k, v in s.conflicts.items()) or "-",
                       _rate(s.with_it), _rate(s.without_it), s.verdict)
    console.print(spells)
    for line in verdict_lines(summary):
        console.print(line)
