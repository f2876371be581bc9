"""The game-option flags every game-running subcommand shares, and how they become the
keyword options of `game.new_game(players, seed, **options)`.

The command line knows no game's options: it maps a few common flags to option names
(--mode -> mode, --characters -> characters, --cards -> cards, --expansion -> expansion)
and passes anything else through `--option key=value`. What a game accepts is its
declaration (`game.declared_options()`): the options are checked and normalised against
it before any game starts (`check_options`), and `cardtable options GAME` lists it
(`options_table`). A game that declares nothing checks its options itself.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table
from rich.text import Text

from cardtable.engine.api import Game, OptionError
from cardtable.engine.options import validate_options


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
        "game options", "checked against the options the game declares, then passed to "
                        "it as it is set up ('cardtable options GAME' lists each option "
                        "with its values and default)")
    group.add_argument("--mode", metavar="MODE", help="game mode (option 'mode'), "
                       "for example standard or casual (thalara)")
    group.add_argument("--characters", metavar="A,B,...",
                       help="characters in seat order, comma-separated (option 'characters')")
    group.add_argument("--cards", metavar="PATH",
                       help="a card file to play with (option 'cards')")
    group.add_argument("--expansion", metavar="NAME",
                       help="an expansion to play with (option 'expansion'), for example "
                            "none, cards or artifacts (vale; default none)")
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


def game_options(args: argparse.Namespace, game: Game | None = None,
                 players: int | None = None) -> dict[str, Any]:
    """The keyword options for `new_game`, from the parsed flags; checked against
    `game`'s declarations when it is given (see `check_options`)."""
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
    return options if game is None else check_options(game, options, players)


def titled(game: str, options: dict[str, Any]) -> str:
    """The game's name with the options a run was given, as typed (`vale (expansion=
    artifacts)`): a table of results must say which game it measured."""
    if not options:
        return game
    shown = ", ".join(f"{key}={','.join(map(str, value)) if isinstance(value, list) else value}"
                      for key, value in options.items())
    return f"{game} ({shown})"


def check_options(game: Game, options: dict[str, Any],
                  players: int | None = None) -> dict[str, Any]:
    """`options` checked and normalised against the options `game` declares (one
    OptionError for the first problem: an unknown name lists the known ones, a value
    out of bounds says the bounds); as given for a game that declares none."""
    declared = game.declared_options()
    if not declared:
        return options
    return validate_options(game.name, declared, options, players)


def options_table(game: Game) -> Table:
    """The options `game` accepts: name, values (choices or bounds), default, meaning."""
    table = Table(title=f"{game.name}: {game.title}, {game.min_players}-"
                        f"{game.max_players} players", title_justify="left")
    table.add_column("option", no_wrap=True)
    declared = game.declared_options()
    if not declared:            # a game that declares nothing: its help lines alone
        table.add_column("meaning")
        for option, text in game.option_help().items():
            table.add_row(option, Text(text))
        return table
    # folded, not cut: a word like "expansion=artifacts" is wider than the column
    # an 80-column terminal leaves it, and an ellipsis hid what it names
    for column in ("values", "default", "meaning"):
        table.add_column(column, overflow="fold")
    for o in declared:
        if o.choices:
            values = "\n".join(f"{c.value}: {c.label}" for c in o.choices)
            if o.kind == "list":
                values += f"\nor {o.list_text()}"
        else:
            values = o.values_text()
        default = o.default_shown()
        if o.default is not None and o.table_default not in (None, o.default):
            default += f" (a new table in the browser: {o.table_default})"
        meaning = o.help[:1].upper() + o.help[1:] + "."
        if o.needs is not None:
            meaning += f" Only with {o.needs[0]}={o.needs[1]}."
        table.add_row(o.name, Text(values), Text(default), Text(meaning))
    return table


def check_players(game: Game, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise OptionError(f"{game.name} is played by {game.min_players} to "
                          f"{game.max_players} players, not {players}")
