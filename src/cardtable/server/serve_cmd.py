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
    parser.add_argument("--log-level", default="warning",
                        choices=["critical", "error", "warning", "info", "debug"])


def serve_command(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from cardtable.server.app import create_app
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
    try:
        app = create_app(args.db, allow_seeds=args.allow_seeds)
    except Exception as exc:
        print(f"cannot open the database {args.db!r}: {exc}", file=sys.stderr)
        return 2
    # fewer, later collections of the cyclic garbage collector: states and observations
    # are many small containers, and a full collection is a pause for every game
    gc.collect()
    gc.freeze()
    gc.set_threshold(50000, 100, 1000)
    print(f"cardtable: serving on http://{args.host}:{args.port}/ (games in {args.db})",
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=False,
                ws_max_size=1 << 16)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardtable serve")
    add_serve_arguments(parser)
    return serve_command(parser.parse_args(argv))
