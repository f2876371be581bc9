"""`cardtable`: play, simulate, replay and bench any game on the engine contract."""

from __future__ import annotations

import argparse
import builtins
import contextlib
import json
import os
import secrets
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

import cardtable
from cardtable import load_game
from cardtable.agents import make_agent
from cardtable.bench import DEFAULT_PLAYERS, BenchResult
from cardtable.buildinfo import build_kind
from cardtable.cli import simulate as sim
from cardtable.cli.learn_cmd import run_learn
from cardtable.cli.options import (
    add_game_option_flags,
    check_players,
    game_options,
    options_table,
    positive_int,
    titled,
)
from cardtable.cli.play import (
    PlaySession,
    ReadLine,
    decision_points,
    parse_seat,
    saved_cli_settings,
)
from cardtable.cli.render import renderer_for
from cardtable.cli.words import Words
from cardtable.engine.api import CardtableError, Event, OptionError, RecordError
from cardtable.engine.record import GameRecord

EXIT_ERROR = 2


def _games_text() -> str:
    names = cardtable.games()
    return ", ".join(names) if names else "none installed"


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def _search_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 3600:     # NaN fails this too
        raise argparse.ArgumentTypeError(f"must be 0 to 3600 seconds, got {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="Play, simulate, replay and benchmark card games: "
                    "Thalara: The Last Artifacts and The Vale of Eternity.",
        epilog="Run 'cardtable COMMAND --help' for a command's options. "
               f"Games: {_games_text()}.")
    parser.add_argument("--version", action="version",
                        version=f"cardtable {cardtable.__version__} ({build_kind()})")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    play = commands.add_parser(
        "play", help="play a game in the terminal against the computer",
        description="Play a game in the terminal: you hold one seat, the computer "
                    "(--vs) all the others. Enter an action by its number in the list "
                    "or in the game's notation; 'help', 'undo', 'hint', 'board' and "
                    "'quit' (saves) work at every prompt.",
        epilog="Examples: cardtable play thalara --vs greedy --characters canto,accaina; "
               "cardtable play vale --players 3 --seed 7 --save vale.json; "
               "cardtable play --load vale.json")
    play.add_argument("game", nargs="?", help=f"the game ({_games_text()}); "
                      "may be left out with --load")
    play.add_argument("--vs", metavar="AGENT", default=None,
                      help="the computer players' agent: random, greedy, ... "
                           "(default ismcts:medium)")
    play.add_argument("--players", type=positive_int, default=None, metavar="N",
                      help="number of players (default: the game's smallest)")
    play.add_argument("--seat", default=None, metavar="S",
                      help="your seat: 0 is P1 (the default), 1 is P2, ...; P2 also works")
    play.add_argument("--seed", type=int, default=None, metavar="N",
                      help="seed of the deal (default: a random one, told when the game "
                           "ends, since it would tell the computer's cards)")
    play.add_argument("--save", metavar="FILE", default=None,
                      help="save the game here before each of your decisions, on 'quit' and at "
                           "the end (default: the --load file; else, on quit only, "
                           "cardtable-GAME-SEED.json with --seed, or "
                           "cardtable-GAME-DATE-TIME.json for a random deal)")
    play.add_argument("--load", metavar="FILE", default=None,
                      help="resume a saved game")
    add_game_option_flags(play)
    play.set_defaults(run=run_play)

    learn = commands.add_parser(
        "learn", help="a guided first game: the rules taught move by move",
        description="A guided first game of GAME: each step says what to do and why, "
                    "the answer it asks for is marked (→) and only it is accepted (by its "
                    "number or notation). 'quit' stops; the next run resumes where you "
                    "stopped (kept in your data directory, or --progress FILE).",
        epilog="Examples: cardtable learn thalara; cardtable learn vale --part 2")
    learn.add_argument("game", help="the game: thalara or vale")
    learn.add_argument("--part", type=positive_int, default=None, metavar="N",
                       help="start at part N (1: the base game; 2: Casual Chaos or the "
                            "Artifacts expansion)")
    learn.add_argument("--restart", action="store_true", help="start again from the beginning")
    learn.add_argument("--progress", metavar="FILE", default=None,
                       help="where to keep your progress (default: learn.json in the "
                            "user data directory)")
    learn.set_defaults(run=run_learn)

    simulate = commands.add_parser(
        "simulate", help="play many games between agents and summarize who wins",
        description="Play GAMES games between agents and print wins per agent (with "
                    "win rate), average score, average rounds and actions. Seats "
                    "rotate: in game g, seat i gets agent (i+g) mod len(agents); the "
                    "agent list is cycled to fill the seats; game g uses seed S+g.",
        epilog="Example: cardtable simulate thalara --games 200 --agents random,greedy "
               "--seed 1 --json > results.json")
    simulate.add_argument("game", help=f"the game ({_games_text()})")
    simulate.add_argument("--games", type=positive_int, default=100, metavar="N",
                          help="how many games (default 100)")
    simulate.add_argument("--agents", default="random", metavar="A,B,...",
                          help="comma-separated agent specs, like random,greedy "
                               "(default random)")
    simulate.add_argument("--players", type=positive_int, default=None, metavar="K",
                          help="players per game (default: the number of agents, "
                               "kept within the game's limits)")
    simulate.add_argument("--seed", type=int, default=1, metavar="S",
                          help="seed of the first game (default 1)")
    simulate.add_argument("--json", action="store_true",
                          help="print one JSON object with every game and the totals, "
                               "and no progress bar")
    add_game_option_flags(simulate)
    simulate.set_defaults(run=run_simulate)

    replay = commands.add_parser(
        "replay", help="replay a saved game and print its result",
        description="Load a saved game (GameRecord JSON), replay every action and print "
                    "the result. --step shows every recorded action (a record holds all "
                    "of them) with the public text of what it caused.",
        epilog="Example: cardtable replay game.json --step")
    replay.add_argument("record", metavar="FILE", help="the saved game")
    replay.add_argument("--step", action="store_true",
                        help="print every action with what it publicly caused")
    replay.add_argument("--board", action="store_true",
                        help="draw the final board as a spectator sees it")
    replay.set_defaults(run=run_replay)

    games = commands.add_parser(
        "games", help="list the games, their player counts and their options",
        description="List every installed game with its player counts and the options "
                    "it accepts (for --mode, --characters, --cards, --expansion and "
                    "--option KEY=VALUE).",
        epilog="Example: cardtable games thalara")
    games.add_argument("game", nargs="?", help="only this game")
    games.set_defaults(run=run_games)

    options = commands.add_parser(
        "options", help="list a game's options: values, bounds and defaults",
        description="List the options a game declares, each with its values (choices "
                    "or bounds), its default and what it means: what --mode, "
                    "--characters, --cards, --expansion and --option KEY=VALUE accept.",
        epilog="Example: cardtable options vale")
    options.add_argument("game", help=f"the game ({_games_text()})")
    options.add_argument("--json", action="store_true",
                         help="print the declarations as JSON (as /api/meta gives them)")
    options.set_defaults(run=run_options)

    bench = commands.add_parser(
        "bench", help="measure random playouts per second and the cost of clone()",
        description="Play random games for --seconds and report games per second, "
                    "steps per second (a step is legal_actions(), a random choice, "
                    "apply()) and the microseconds one clone() takes, timed on states "
                    "taken all through random games; with OpenSpiel installed, the same "
                    "loop on its C++ gin_rummy in turns with the game, and the ratio; "
                    "ISMCTS iterations a second with --search-seconds; and which build "
                    "ran (compiled with mypyc or pure Python).",
        epilog="Example: cardtable bench thalara --seconds 10 --json")
    bench.add_argument("game", help=f"the game ({_games_text()})")
    bench.add_argument("--players", type=positive_int, default=None, metavar="K",
                       help="players (default: " + ", ".join(
                           f"{count} for {name}" for name, count in DEFAULT_PLAYERS.items())
                       + ", else the game's smallest)")
    bench.add_argument("--seconds", type=_seconds, default=5.0, metavar="T",
                       help="how long to play random games (default 5)")
    bench.add_argument("--seed", type=int, default=0, metavar="S",
                       help="seed of the first game (default 0)")
    bench.add_argument("--clone-states", type=positive_int, default=200, metavar="N",
                       help="how many states to time clone() on (default 200)")
    bench.add_argument("--clone-calls", type=positive_int, default=50, metavar="N",
                       help="clone() calls per state (default 50)")
    bench.add_argument("--no-reference", dest="reference", action="store_false",
                       help="skip the gin_rummy playouts (they take as long as the game's)")
    bench.add_argument("--search-seconds", type=_search_seconds, default=0.0, metavar="T",
                       help="also time ISMCTS searches for T seconds (default 0: not)")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    add_game_option_flags(bench)
    bench.set_defaults(run=run_bench)

    # `serve` belongs to the web server; it registers itself and runs as `func(args)`.
    from cardtable.server.serve_cmd import add_serve_parser

    add_serve_parser(commands)

    # `arena` belongs to the tournament runner; it adds --character-pool to the
    # shared game-option flags.
    from cardtable.cli.arena_cmd import add_arena_parser

    add_arena_parser(commands)

    # `bot` plays a seat on a server through the public websocket protocol.
    from cardtable.cli.bot_cmd import add_bot_parser

    add_bot_parser(commands)

    # `analyze` belongs to game analysis (cardtable.analysis).
    from cardtable.cli.analyze_cmd import add_analyze_parser

    add_analyze_parser(commands)
    from cardtable.cli.balance_cmd import add_balance_parser

    add_balance_parser(commands)

    # `puzzles` belongs to the puzzle maker (cardtable.puzzles).
    from cardtable.cli.puzzles_cmd import add_puzzles_parser

    add_puzzles_parser(commands)

    # `train` fits the search's learned value (cardtable.agents.training).
    from cardtable.cli.train_cmd import add_train_parser

    add_train_parser(commands)
    return parser


# -- play ------------------------------------------------------------------------------
def run_play(args: argparse.Namespace, console: Console, read_line: ReadLine) -> int:
    cli_saved: dict[str, object] = {}
    decisions: list[int] | None = None
    if args.load is not None:
        given = [flag for flag, value in (
            ("--players", args.players), ("--seed", args.seed), ("--mode", args.mode),
            ("--characters", args.characters), ("--cards", args.cards),
            ("--expansion", args.expansion), ("--option", args.option or None))
            if value is not None]
        if given:
            raise OptionError(f"a loaded game keeps its own settings; drop "
                              f"{', '.join(given)} or start a new game")
        load_path = Path(args.load)
        record = GameRecord.load(load_path)
        if args.game is not None and load_game(args.game).name != record.game:
            raise OptionError(f"{args.load} is a game of {record.game}, not {args.game}")
        state = record.replay()
        cli_saved = saved_cli_settings(load_path)
        saved_seat = cli_saved.get("seat", 0)
        if not (isinstance(saved_seat, int) and 0 <= saved_seat < state.num_players):
            raise RecordError(f"{args.load}: the saved seat {saved_seat!r} is not a seat "
                              f"of this {state.num_players}-player game")
        seat = saved_seat
        if args.seat is not None and parse_seat(args.seat, state.num_players) != seat:
            # another seat of a game in progress is another player's hand
            raise OptionError(f"{args.load} is played from seat P{seat + 1}; a saved game "
                              "keeps its seat (drop --seat)")
        decisions = decision_points(record, seat)
        save_path = Path(args.save) if args.save else load_path
    else:
        if args.game is None:
            raise OptionError("name a game to play (" + _games_text() + ") or --load a "
                              "saved one")
        game = load_game(args.game)
        players = game.min_players if args.players is None else args.players
        check_players(game, players)
        seed = secrets.randbelow(2**31) if args.seed is None else args.seed
        state = game.new_game(players, seed, **game_options(args, game, players))
        seat = parse_seat(args.seat if args.seat is not None else "0", players)
        # A random deal's seed would tell the computer's cards: not in the file name.
        name = (f"{seed}" if args.seed is not None
                else time.strftime("%Y%m%d-%H%M%S"))
        save_path = Path(args.save) if args.save else Path(f"cardtable-{game.name}-{name}.json")
    saved_vs = cli_saved.get("vs")
    if saved_vs is not None and not isinstance(saved_vs, str):
        raise RecordError(f"{args.load}: the saved opponent {saved_vs!r} is not an agent "
                          "spec (like ismcts:medium)")
    vs = args.vs or saved_vs or "ismcts:medium"
    session = PlaySession(console, state, seat, vs, save_path, read_line,
                          agent_seed=state.seed * 16 + len(state.history()),
                          decisions=decisions,
                          autosave=args.save is not None or args.load is not None)
    return session.run()


# -- simulate --------------------------------------------------------------------------
def run_simulate(args: argparse.Namespace, console: Console, read_line: ReadLine) -> int:
    game = load_game(args.game)
    agents = [spec.strip() for spec in args.agents.split(",") if spec.strip()]
    if not agents:
        raise OptionError("--agents needs at least one agent, like random,greedy")
    players = sim.default_players(game, agents) if args.players is None else args.players
    check_players(game, players)
    options = game_options(args, game, players)
    game.new_game(players, args.seed, **options)      # bad options fail before any game
    for spec in dict.fromkeys(agents):                # and so do unknown agents
        make_agent(spec, game, 0)
    if args.json:
        results = sim.simulate(game.name, args.games, agents, args.seed, players, options)
    else:
        progress = Progress(TextColumn("{task.description}"), BarColumn(),
                            MofNCompleteColumn(), TimeRemainingColumn(),
                            console=console, transient=True)
        with progress:
            task = progress.add_task(f"{game.name}: simulating", total=args.games)
            results = sim.simulate(game.name, args.games, agents, args.seed, players,
                                   options, lambda _result: progress.advance(task))
    total = sim.totals(results, agents, players)
    if args.json:
        out = {"game": game.name, "players": players, "agents": agents, "seed": args.seed,
               "options": options, "games": [r.to_dict() for r in results], "totals": total}
        print(json.dumps(out))
        return 0
    table = Table(title=f"{titled(game.name, options)}: {total['games']} games, {players} players, "
                        f"seeds {args.seed}-{args.seed + args.games - 1}")
    for column in ("agent", "seats", "wins", "win rate", "avg score"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for spec, entry in total["agents"].items():
        table.add_row(spec, str(entry["seats"]), str(entry["wins"]),
                      f"{entry['win_rate']:.1%}", f"{entry['average_score']:.2f}")
    console.print(table)
    rounds = total["average_rounds"]
    console.print(Text(
        f"average rounds: {'-' if rounds is None else f'{rounds:.2f}'}; "
        f"average actions: {total['average_actions']:.1f}; "
        f"shared wins: {total['shared_wins']}; wins by seat: "
        + ", ".join(f"P{i + 1} {w}" for i, w in enumerate(total["wins_by_seat"]))))
    return 0


# -- replay ----------------------------------------------------------------------------
def run_replay(args: argparse.Namespace, console: Console, read_line: ReadLine) -> int:
    record = GameRecord.load(args.record)
    steps: list[tuple[str, str, list[str]]] = []

    def keep(player: int | None, text: str, events: list[Event]) -> None:
        who = "-" if player is None else f"P{player + 1}"
        steps.append((who, text, [event.text_for(None) for event in events]))

    state = record.replay(watch=keep if args.step else None)
    # While the game goes on, its actions and seed are secrets (a hand chosen, a card
    # put on top): it is shown as a spectator sees it. Whether it is over is known only
    # at the end, so the steps are collected first and printed afterwards.
    over = state.is_over()
    for number, (who, text, events) in enumerate(steps, start=1):
        console.print(Text.assemble((f"{number:>4}. {who}", "bold"),
                                    f": {text}" if over else ""))
        for event in events:
            console.print(Text("        " + event))
    seed = f"seed {record.seed}" if over else "seed hidden until the game is over"
    console.print(Text(f"{record.game}: {record.players} players, {seed}, "
                       f"options {json.dumps(record.options)}, "
                       f"{len(record.actions)} actions", style="bold"))
    if args.board:
        console.print(renderer_for(state.game.name)(state.observation(None), None,
                                                    Words.of(state)))
    scores = state.scores()
    console.print(Text("scores: " + ", ".join(f"P{p + 1} {s}" for p, s in enumerate(scores))))
    if state.is_over():
        winners = state.winners()
        console.print(Text("winners: " + (", ".join(f"P{p + 1}" for p in winners)
                                          if winners else "none")))
    else:
        player = state.current_player()
        console.print(Text("the game is not over"
                           + ("" if player is None else f"; P{player + 1} is to decide")))
    return 0


# -- games -----------------------------------------------------------------------------
def run_games(args: argparse.Namespace, console: Console, read_line: ReadLine) -> int:
    names = [args.game] if args.game else cardtable.games()
    for name in names:
        console.print(options_table(load_game(name)))
    return 0


def run_options(args: argparse.Namespace, console: Console, read_line: ReadLine) -> int:
    game = load_game(args.game)
    if args.json:
        print(json.dumps([o.to_dict() for o in game.declared_options()], indent=1))
        return 0
    console.print(options_table(game))
    return 0


# -- bench -----------------------------------------------------------------------------
def run_bench(args: argparse.Namespace, console: Console, read_line: ReadLine) -> int:
    from cardtable.bench import default_players
    from cardtable.bench import run_bench as measure

    game = load_game(args.game)
    players = default_players(game) if args.players is None else args.players
    check_players(game, players)
    options = game_options(args, game, players)
    game.new_game(players, args.seed, **options)      # bad options fail at once
    def run() -> BenchResult:
        return measure(game.name, players, args.seconds, args.seed, options,
                       args.clone_states, args.clone_calls, args.reference,
                       args.search_seconds)

    if args.json:
        print(json.dumps(run().to_dict()))
        return 0
    with console.status(f"{game.name}: random playouts for {args.seconds:g} s ..."):
        result = run()
    table = Table(title=f"{game.name} benchmark, {players} players (Python {result.python}, "
                        f"{result.build})")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games played", f"{result.games}")
    table.add_row("games / second", f"{result.games_per_second:,.1f}")
    table.add_row("steps played", f"{result.steps:,}")
    table.add_row("steps / second", f"{result.steps_per_second:,.0f}")
    table.add_row("steps / game", f"{result.steps_per_game:.1f}")
    table.add_row("clone() µs, median", f"{result.clone_us_median:.1f}")
    table.add_row("clone() µs, mean", f"{result.clone_us_mean:.1f}")
    table.add_row("clone() timed on", f"{result.clone_states} states, "
                                      f"{result.clone_calls:,} calls")
    if result.ratio is not None and result.reference_steps_per_second is not None:
        table.add_row(f"{result.reference} steps / second",
                      f"{result.reference_steps_per_second:,.0f}")
        table.add_row(f"steps / second vs {result.reference}", f"{result.ratio:.2f}x")
    if result.search_iterations_per_second is not None:
        table.add_row("ISMCTS iterations / second",
                      f"{result.search_iterations_per_second:,.0f}")
    table.add_row("build", result.build)
    if options:
        table.add_row("options", json.dumps(options))
    console.print(table)
    return 0


# -- entry point -----------------------------------------------------------------------
def _read_line(prompt: str) -> str:
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):   # line editing and history, where there is
            import readline  # noqa: F401
    return builtins.input(prompt)


def main(argv: list[str] | None = None, read_line: ReadLine | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 a usage error)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:   # --help, --version, or a usage error argparse printed
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    console = Console(highlight=False)
    try:
        if hasattr(args, "run"):
            status: int = args.run(args, console, read_line or _read_line)
        else:
            status = args.func(args)
        return status
    except CardtableError as exc:
        print(f"cardtable {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except NotImplementedError as exc:
        print(f"cardtable {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print(f"cardtable {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:     # `cardtable simulate ... | head`: the reader left early
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - the interpreter closes it
        return 1
