"""`cardtable puzzles collect`: the server's finished games whose creators let them
become puzzles, written as the saved-games file `cardtable puzzles make --from` reads
(cardtable.server.puzzle_sources does the reading).

Nothing is written when anything is wrong: the database, the date, the output file, a
game that does not replay, or games of several puzzle sets without --set (`make` takes
one set per file).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console

import cardtable
from cardtable.cli.arena_cmd import _check_writable
from cardtable.engine.api import OptionError


def add_collect_parser(actions: Any) -> None:
    collect = actions.add_parser(
        "collect", help="the server's finished games that may become puzzles",
        description="Write the finished games of a server's database whose creators "
                    "let their positions become puzzles ('Let this game's positions "
                    "become puzzles' in the lobby, puzzle_source in POST /api/games; off "
                    "by default), one record a line, as 'cardtable puzzles make --from' "
                    "reads them. A game created without it, unfinished or abandoned is "
                    "never written. The database is only read.",
        epilog="Examples: cardtable puzzles collect --db sqlite:///cardtable.db --set vale "
               "--out vale-games.jsonl; cardtable puzzles make vale --from "
               "vale-games.jsonl --out vale-new.json")
    collect.add_argument("--db", default=os.environ.get("CARDTABLE_DB",
                                                        "sqlite:///cardtable.db"),
                         help="the server's database, as 'cardtable serve --db' takes it "
                              "(default: $CARDTABLE_DB, else sqlite:///cardtable.db)")
    collect.add_argument("--set", dest="set_name", default=None, metavar="SET",
                         help="only the games of this puzzle set: a game (thalara, vale) "
                              "or a game with its expansion (vale-artifacts); needed when "
                              "the games span several sets")
    collect.add_argument("--since", default=None, metavar="DATE",
                         help="only games finished at or after DATE (ISO 8601: 2026-12-01 "
                              "or 2026-12-01T18:30; UTC unless it names its offset)")
    collect.add_argument("--out", default=None, metavar="GAMES.jsonl",
                         help="write the records to this file (default: print them)")
    collect.set_defaults(run=run_puzzles_collect)


def parse_since(text: str) -> float:
    """Seconds since 1970 of an ISO 8601 date or time (UTC when it has no offset)."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise OptionError(f"--since {text!r}: not a date; give one like 2026-12-01 or "
                          "2026-12-01T18:30") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _game_of(set_name: str) -> str:
    for game in sorted(cardtable.games(), key=len, reverse=True):
        if set_name == game or set_name.startswith(game + "-"):
            return game
    raise OptionError(f"--set {set_name!r}: not a set of any game ("
                      f"{', '.join(cardtable.games())}, or one with its expansion like "
                      "vale-artifacts)")


def run_puzzles_collect(args: argparse.Namespace, console: Console,
                        read_line: Any = None) -> int:
    # here, not at the top: every `cardtable` command builds this parser, and only this
    # one needs SQLAlchemy
    from cardtable.server.puzzle_sources import finished_sources, open_database

    since = parse_since(args.since) if args.since is not None else None
    game = _game_of(args.set_name) if args.set_name is not None else None
    if args.out is not None:
        _check_writable(Path(args.out), "--out")
    engine = open_database(args.db)
    try:
        sources = [s for s in finished_sources(engine, since, game)
                   if args.set_name is None or s.set_name == args.set_name]
    finally:
        engine.dispose()
    sets = Counter(s.set_name for s in sources)
    if len(sets) > 1:
        found = ", ".join(f"{name} ({count})" for name, count in sorted(sets.items()))
        raise OptionError(f"the games are of several puzzle sets: {found}; give --set "
                          "(cardtable puzzles make takes one set per file)")
    text = "".join(json.dumps(s.line()) + "\n" for s in sources)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    Path(args.out).write_text(text, encoding="utf-8")
    what = f"{len(sources)} finished game{'s' if len(sources) != 1 else ''}"
    if sources:
        what += f" of {next(iter(sets))}"
    console.print(f"{what} whose creators let them become puzzles; written to "
                  f"{args.out}", soft_wrap=True)
    return 0
