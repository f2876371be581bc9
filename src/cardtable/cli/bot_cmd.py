"""`cardtable bot SEAT-LINK --agent AGENT`: an agent plays a seat of a game on a
cardtable server, through the public websocket protocol only (docs/protocol.md)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any, TextIO

from cardtable.cli.options import positive_int


def add_bot_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register `bot` on the `cardtable` command's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "bot", help="let an agent play a seat of a game on a server, as a bot",
        description="Play the seat of SEAT-LINK with an agent, through the server's "
                    "public websocket protocol (docs/protocol.md), the way a program in "
                    "any language can. The other players see the seat marked as a bot. "
                    "Prints a line per action and the result; exits 0 when the game is "
                    "over, 2 when it cannot play (a bad or taken link, a closed game, "
                    "the server out of reach after --retries tries).",
        epilog="Example: cardtable bot 'http://127.0.0.1:8000/g/AbC123#seat=1&token=...' "
               "--agent ismcts:expert")
    parser.add_argument("link", metavar="SEAT-LINK",
                        help="the seat's link, as the server gave it "
                             "(http://HOST:PORT/g/GAME#seat=S&token=T); quote it for the "
                             "shell")
    parser.add_argument("--agent", default="random", metavar="AGENT",
                        help="the agent that plays (default random; any agent of "
                             "'cardtable play', ismcts:expert included: the searching ones "
                             "sample worlds rebuilt from the seat's messages)")
    parser.add_argument("--server", default=None, metavar="URL",
                        help="the server (http://HOST:PORT), for a link without one or "
                             "to reach it at another address")
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="seed of the agent's choices (default: a random one)")
    parser.add_argument("--retries", type=positive_int, default=10, metavar="N",
                        help="tries to reconnect in a row before giving up (default 10)")
    parser.add_argument("--transcript", default=None, metavar="FILE",
                        help="write every message both ways to FILE, one JSON object a "
                             "line: {\"from\": \"client\" or \"server\", \"message\": ...}")
    parser.add_argument("--quiet", action="store_true",
                        help="print only the result, not a line per action")
    parser.set_defaults(func=bot_command)
    return parser


def bot_command(args: argparse.Namespace) -> int:
    try:
        import websockets  # noqa: F401
    except ImportError:
        print("cardtable bot: needs the websockets package: pip install 'cardtable[bot]'",
              file=sys.stderr)
        return 2
    from cardtable.bot import parse_link, play_seat

    link = parse_link(args.link, args.server)
    out: TextIO | None = None

    def say(line: str) -> None:
        print(line, flush=True)

    def result_only(line: str) -> None:
        if line.startswith(("game over", "playing seat")):
            say(line)

    def transcript(side: str, message: dict[str, Any]) -> None:
        assert out is not None
        out.write(json.dumps({"from": side, "message": message}) + "\n")

    try:
        if args.transcript:
            out = open(args.transcript, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
        asyncio.run(play_seat(link, args.agent, args.seed,
                              result_only if args.quiet else say,
                              transcript if out is not None else None, args.retries))
    finally:
        if out is not None:
            out.close()
    return 0
