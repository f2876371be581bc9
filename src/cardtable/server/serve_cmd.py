"""`cardtable serve`: the game server and web client in one process."""

from __future__ import annotations

import argparse
import gc
import ipaddress
import os
import sys
from typing import Any

DEFAULT_DB = "sqlite:///cardtable.db"


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register `serve` on the `cardtable` command's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="play in the browser: the game server and web client",
        description="Serve the lobby, the games and the web client. Games are saved in "
                    "the database and continue after a restart.")
    add_serve_arguments(parser)
    parser.set_defaults(func=serve_command)
    return parser


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default=os.environ.get("CARDTABLE_DB", DEFAULT_DB),
                        help="SQLAlchemy URL of the saved games: sqlite:///FILE (default "
                             "sqlite:///cardtable.db in the current folder) or "
                             "postgresql://user@host:port/dbname")
    parser.add_argument("--allow-seeds", action="store_true",
                        help="let whoever creates a game choose its seed even when "
                             "several humans play it (tests, benchmarks, agreed "
                             "tournaments); by default only a game with at most one "
                             "human seat takes a chosen seed")
    parser.add_argument("--ai-workers", type=_positive, default=None, metavar="N",
                        help="worker processes in which computer players think (default: "
                             "the number of cores minus one, at least 1)")
    parser.add_argument("--allow-computer-games", action="store_true",
                        help="let anybody create games with no human seat (off by "
                             "default: they would keep the computer-player pool busy)")
    parser.add_argument("--idle-pause", type=_minutes, default=10.0, metavar="MINUTES",
                        help="computer seats of a game nobody has been connected to for "
                             "this long pause until somebody comes back (default 10)")
    parser.add_argument("--games-per-address", type=_positive, default=20, metavar="N",
                        help="unfinished games one client address may have created "
                             "(default 20)")
    parser.add_argument("--signups-per-address", type=_positive, default=10, metavar="N",
                        help="accounts one client address may create in 15 minutes "
                             "(default 10)")
    parser.add_argument("--seeks-per-address", type=_positive, default=4, metavar="N",
                        help="quick pairing: seeks open at once from one client address "
                             "(default 4; it may post 15 times that in 10 minutes)")
    parser.add_argument("--sockets-per-address", type=_positive, default=256, metavar="N",
                        help="websockets one client address may hold open (default 256)")
    parser.add_argument("--max-analyses", type=_positive, default=1, metavar="N",
                        help="finished games this process analyses at once on the "
                             "computer-player pool (default 1)")
    parser.add_argument("--analysis-agent", default="ismcts:600", metavar="SPEC",
                        help="the search that judges finished games' decisions (default "
                             "ismcts:600: 600 iterations a decision, the same analysis on "
                             "any machine)")
    parser.add_argument("--log-level", default="warning",
                        choices=["critical", "error", "warning", "info", "debug"])


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"{value} is not between 1 and 100000")
    return value


def _minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of minutes") from None
    if not 0 < value <= 60 * 24 * 365:
        raise argparse.ArgumentTypeError("the pause is more than 0 minutes and at most a year")
    return value


def serve_command(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cardtable.server.app import create_app
        from cardtable.server.limits import Limits, default_ai_workers
        from cardtable.server.websocket_layer import AbortableWebSocketProtocol
    except ImportError as exc:
        print(f"cardtable serve needs the web extra (pip install 'cardtable[web]'): {exc}",
              file=sys.stderr)
        return 2
    try:
        if not ipaddress.ip_address(args.host).is_loopback:
            print(f"note: listening on {args.host}, reachable from other machines",
                  file=sys.stderr)
    except ValueError:
        pass
    limits = Limits(ai_workers=args.ai_workers or default_ai_workers(),
                    allow_computer_games=args.allow_computer_games,
                    idle_pause=args.idle_pause * 60,
                    games_per_address=args.games_per_address,
                    signups_per_address=args.signups_per_address,
                    analyses=args.max_analyses,
                    sockets_per_address=args.sockets_per_address,
                    seeks_per_address=args.seeks_per_address,
                    seek_posts_per_address=15 * args.seeks_per_address,
                    seek_waiters_per_address=4 * args.seeks_per_address,
                    analysis_agent=args.analysis_agent)
    from cardtable import games
    from cardtable.analysis import AnalysisError, search_settings
    from cardtable.server.single import InUse

    try:
        for game in games():                     # (the expert level is set for each game)
            search_settings(args.analysis_agent, game)
    except AnalysisError as exc:
        print(f"cardtable serve: --analysis-agent: {exc}", file=sys.stderr)
        return 2

    try:
        app = create_app(args.db, allow_seeds=args.allow_seeds, limits=limits)
    except InUse as exc:
        print(f"cardtable serve: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        print(f"cannot open the database {args.db!r}: {exc}", file=sys.stderr)
        return 2
    # The cyclic garbage collector pauses every game of the process while it scans.
    # What is loaded by now is never scanned again (freeze); a collection of the
    # youngest objects every 10,000 (not 700) keeps collections rare, and short: each
    # game's history grows by about 13 containers an action, and at 50,000 the
    # collections were pauses of 20-45 ms, the slowest 1% of round trips under load.
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 100)
    print(f"cardtable: serving on http://{args.host}:{args.port}/ (games in {args.db}); "
          f"open it in a browser to play, Ctrl+C stops", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=False,
                ws_max_size=limits.frame_bytes, ws=AbortableWebSocketProtocol)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardtable serve")
    add_serve_arguments(parser)
    return serve_command(parser.parse_args(argv))
