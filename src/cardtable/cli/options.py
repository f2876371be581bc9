"""The game-option flags every game-running subcommand shares, and how they become the
keyword options of `game.new_game(players, seed, **options)`.

The command line knows no game's options: it only maps a few common flags to option
names (--mode -> mode, --characters -> characters, --cards -> cards, --expansion ->
expansion) and passes anything else through `--option key=value`. The game itself
rejects what it does not know, with an OptionError.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardtable.engine.api import Game, OptionError


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (counts of games, players ...)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def add_game_option_flags(parser: argparse.ArgumentParser) -> Any:
    """Add the shared game-option group; returned so a subcommand can add its own."""
    group = parser.add_argument_group(
        "game options", "passed to the game as it is set up; the game rejects what it "
                        "does not know ('cardtable games GAME' lists its options)")
    group.add_argument("--mode", metavar="MODE", help="game mode (option 'mode'), "
                       "for example standard or casual")
    group.add_argument("--characters", metavar="A,B,...",
                       help="characters in seat order, comma-separated (option 'characters')")
    group.add_argument("--cards", metavar="PATH",
                       help="a card file to play with (option 'cards')")
    group.add_argument("--expansion", metavar="NAME",
                       help="an expansion to play with (option 'expansion')")
    group.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                       help="any other game option; repeatable. VALUE is read as JSON "
                            "when it can be (3, true, [\"a\",\"b\"]), else as text")
    return group


def parse_option_value(text: str) -> Any:
    """`3` -> 3, `true` -> True, `["a"]` -> ["a"], anything else stays text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword options for `new_game`, from the parsed flags."""
    options: dict[str, Any] = {}
    if args.mode is not None:
        options["mode"] = args.mode
    if args.characters is not None:
        names = [name.strip() for name in args.characters.split(",") if name.strip()]
        if not names:
            raise OptionError("--characters needs at least one name, like canto,accaina")
        options["characters"] = names
    if args.cards is not None:
        options["cards"] = args.cards
    if args.expansion is not None:
        options["expansion"] = args.expansion
    for item in args.option:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"--option needs KEY=VALUE, got {item!r}")
        if key in options:
            raise OptionError(f"option {key!r} is given twice")
        options[key] = parse_option_value(value.strip())
    return options


def check_players(game: Game, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise OptionError(f"{game.name} is played by {game.min_players} to "
                          f"{game.max_players} players, not {players}")
