"""Tournaments: many seeded games between agents, seats rotating, on one process, a local
process pool, or a Ray cluster.

A tournament is planned up front as a list of `GameSpec`s, each a plain, picklable
description of one game (which agent sits where, the game seed, the agents' seeds, the
options). Playing a spec gives a `GameResult`. Every seed is derived from the tournament
seed and the game's index, so the same command gives the same games on any backend.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import itertools
import multiprocessing
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

import cardtable
from cardtable.agents import make_agent
from cardtable.engine.api import CardtableError, Event, Game, OptionError, State, View
from cardtable.engine.rng import derive_seed

# Keys of a seat in a final spectator observation that may list the cards a player has
# put into play or won, in order of preference (Vale: the area of summoned cards;
# Thalara: the artifacts won).
CARD_FIELDS = ("area", "summoned", "board", "tableau", "played", "artifacts")
MAX_ACTIONS = 100_000
Progress = Callable[[int, int], None]
OnResult = Callable[["GameResult"], None]
T = TypeVar("T")
R = TypeVar("R")


class ArenaError(CardtableError):
    """A tournament that cannot be run, or a game in it that failed."""


@dataclass(frozen=True)
class GameSpec:
    """One game to play, in a form that travels to another process or machine."""

    index: int
    game: str
    players: int
    seed: int
    agents: tuple[str, ...]          # agent spec per seat
    labels: tuple[str, ...]          # the tournament entrant sitting in each seat
    agent_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)
    game_ref: str | None = None      # "module:Class" when the game is not built in
    track_spells: bool = False       # keep what spells were offered and cast (balance)


@dataclass
class GameResult:
    index: int
    seed: int
    labels: list[str]
    agents: list[str]
    scores: list[int]
    winners: list[int]
    actions: int
    options: dict[str, Any]
    characters: list[str | None]
    cards: list[list[str]] | None    # per seat, the cards in play at the end
    decision_times: list[list[float]]  # per seat, seconds per non-forced decision
    forced: list[int]                # per seat, forced moves (one legal action)
    card_field: str | None = None    # the observation field `cards` was read from
    first_player: int | None = None  # the seat that moved first
    spells: list[dict[str, Any]] | None = None  # per seat, see SpellTracker.seats

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["decision_times"] = [[round(t, 7) for t in seat] for seat in self.decision_times]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        return cls(**data)


@dataclass
class Tournament:
    game: str
    entrants: list[str]
    players: int
    seed: int
    options: dict[str, Any]
    specs: list[GameSpec]
    characters: list[list[str]] | None = None
    # games after which every seating (and character assignment) has come round equally
    cycle: int = 1


def entrant_labels(agents: Sequence[str]) -> list[str]:
    """Names for the entrants: the agent spec, with #2, #3 ... when it appears twice."""
    labels: list[str] = []
    seen: dict[str, int] = {}
    for spec in agents:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels


def seatings(entrants: int, players: int) -> list[tuple[int, ...]]:
    """The seatings a tournament cycles through, as entrant indexes per seat.

    As many entrants as seats: the rotations (each entrant takes each seat once per
    cycle). More entrants than seats: every ordered choice of distinct entrants, in
    blocks of one order's rotations, so that a tournament stopped mid-cycle is still
    close to balanced. Fewer: the rotations of the entrant list, repeated to fill the
    seats."""
    if entrants > players:
        out: list[tuple[int, ...]] = []
        for group in itertools.combinations(range(entrants), players):
            # every ordering of the group is a rotation of one that starts with group[0]
            for rest in itertools.permutations(group[1:]):
                base = (group[0], *rest)
                out.extend(tuple(base[(r + s) % players] for s in range(players))
                           for r in range(players))
        return out
    return [tuple((r + s) % entrants for s in range(players)) for r in range(entrants)]


def plan(game: str, agents: Sequence[str], games: int, seed: int, players: int,
         options: dict[str, Any] | None = None,
         character_pool: Sequence[str] | None = None) -> Tournament:
    """The games of a tournament. With `character_pool`, the `characters` option cycles
    through every assignment of pool characters to seats that the game accepts (mirror
    match-ups included where allowed), and for each assignment through every seating of
    the agents."""
    if not agents:
        raise ArenaError("a tournament needs at least one agent")
    if games < 1:
        raise ArenaError("a tournament needs at least one game")
    loaded = cardtable.load_game(game)
    if not loaded.min_players <= players <= loaded.max_players:
        raise OptionError(f"{loaded.name} is played by {loaded.min_players} to "
                          f"{loaded.max_players} players, not {players}")
    for spec in set(agents):
        make_agent(spec, loaded, 0)        # an unknown agent or level fails here, at once
    options = dict(options or {})
    labels = entrant_labels(agents)
    rotations = seatings(len(agents), players)
    assignments: list[list[str]] | None = None
    if not character_pool:
        # Bad options fail here, before a worker starts or a --save file is written.
        loaded.new_game(players, seed=0, **options)
    else:
        if "characters" in options:
            raise OptionError("give either fixed characters or a character pool, not both")
        assignments = []
        refused: OptionError | None = None
        for chars in itertools.product(character_pool, repeat=players):
            # Keep the assignments the game accepts (some games allow no mirror match).
            try:
                loaded.new_game(players, seed=0, **{**options, "characters": list(chars)})
            except OptionError as exc:
                refused = refused or exc
                continue
            assignments.append(list(chars))
        if not assignments:
            raise OptionError(f"{loaded.name} accepts no assignment of the characters "
                              f"{', '.join(character_pool)} to {players} seats ({refused})")
    ref = cardtable.game_reference(loaded.name)
    specs: list[GameSpec] = []
    for index in range(games):
        if assignments is None:
            seating = rotations[index % len(rotations)]
            game_options = options
        else:
            # the seats rotate fastest: a short run still gives every agent every seat
            seating = rotations[index % len(rotations)]
            assigned = assignments[(index // len(rotations)) % len(assignments)]
            game_options = {**options, "characters": assigned}
        specs.append(GameSpec(
            index=index, game=loaded.name, players=players,
            seed=derive_seed(seed, index, 0),
            agents=tuple(agents[e] for e in seating),
            labels=tuple(labels[e] for e in seating),
            agent_seeds=tuple(derive_seed(seed, index, 1 + s) for s in range(players)),
            options=game_options, game_ref=ref))
    cycle = len(rotations) * (len(assignments) if assignments else 1)
    return Tournament(game=loaded.name, entrants=labels, players=players, seed=seed,
                      options=options, specs=specs, characters=assignments, cycle=cycle)


def _load(spec: GameSpec) -> Game:
    # A worker in another process or on another machine knows only the built-in games;
    # a game registered at run time (a plug-in, a test game) comes by its reference.
    if cardtable.game_reference(spec.game) is None and spec.game_ref is not None:
        cardtable.register_game(spec.game, spec.game_ref)
    return cardtable.load_game(spec.game)


def play_game(spec: GameSpec) -> GameResult:
    """Play one game of a tournament, start to finish."""
    game = _load(spec)
    try:
        state = game.new_game(spec.players, seed=spec.seed, **spec.options)
    except CardtableError as exc:
        raise ArenaError(f"game {spec.index} (seed {spec.seed}) cannot start: {exc}") from exc
    agents = [make_agent(a, game, s) for a, s in zip(spec.agents, spec.agent_seeds,
                                                      strict=True)]
    first = first_player(state)
    tracker = SpellTracker(spec.players) if spec.track_spells else None
    times: list[list[float]] = [[] for _ in range(spec.players)]
    forced = [0] * spec.players
    actions = 0
    while not state.is_over():
        player = state.current_player()
        if player is None or actions >= MAX_ACTIONS:
            raise ArenaError(f"game {spec.index} (seed {spec.seed}) is stuck after "
                             f"{actions} actions")
        view = state.view(player)
        # what each legal action does, in the game's words, before one changes the state
        described = [game.describe_action(state, a) for a in view.legal_actions] \
            if tracker is not None else []
        try:
            start = time.perf_counter()
            action = agents[player].choose(view)
            elapsed = time.perf_counter() - start  # the agent's thinking, not the engine
            events = state.apply(action)
        except Exception as exc:
            raise ArenaError(f"game {spec.index} (seed {spec.seed}), action {actions}: "
                             f"{spec.agents[player]} in seat {player}: "
                             f"{type(exc).__name__}: {exc}") from exc
        if tracker is not None:
            tracker.saw(player, view, events, described)
        if len(view.legal_actions) == 1:
            forced[player] += 1
        else:
            times[player].append(elapsed)
        actions += 1
    final = state.observation(None)
    return GameResult(
        index=spec.index, seed=spec.seed, labels=list(spec.labels),
        agents=list(spec.agents), scores=list(state.scores()),
        winners=sorted(state.winners()), actions=actions, options=dict(spec.options),
        characters=seat_characters(final, spec.players),
        cards=seat_cards(final, spec.players), decision_times=times, forced=forced,
        card_field=card_field(final, spec.players), first_player=first,
        spells=None if tracker is None else tracker.seats(final))


class SpellTracker:
    """What each seat's spells did in one game, read from what the players saw and what
    the game says of it: the `round` of each decision's observation (the common core),
    each legal action as the game describes it (`Game.describe_action`: verb `cast`
    with the `spell` on offer) and the events of kind `cast` whose data names the
    `spell` and its `conflict` (Thalara's events)."""

    __slots__ = ("cast", "offered", "rounds")

    def __init__(self, players: int) -> None:
        self.rounds: list[set[int]] = [set() for _ in range(players)]
        self.offered: list[dict[str, set[int]]] = [{} for _ in range(players)]
        self.cast: list[list[list[Any]]] = [[] for _ in range(players)]

    def saw(self, player: int, view: View, events: Sequence[Event],
            described: Sequence[Mapping[str, Any]]) -> None:
        """One decision of `player`: its view, the events its action caused and the
        game's description of each legal action (in the order of the view's)."""
        number = view.observation.get("round")
        round_ = number if isinstance(number, int) else 0
        self.rounds[player].add(round_)
        offered = self.offered[player]
        for facts in described:
            spell = facts.get("spell")
            if facts.get("verb") == "cast" and spell is not None:
                offered.setdefault(str(spell), set()).add(round_)
        for event in events:
            data = event.data
            if event.kind == "cast" and data and "spell" in data \
                    and isinstance(event.player, int):
                self.cast[event.player].append([str(data["spell"]), round_,
                                                data.get("conflict")])

    def seats(self, final: dict[str, Any]) -> list[dict[str, Any]]:
        """Per seat: its spells (the `id`s of `seats[i]["spells"]` in the final
        observation), the rounds it took a decision in, the rounds each spell was on
        offer in, and each cast as [spell, round, conflict]."""
        seats = _seats(final, len(self.rounds)) or [{} for _ in self.rounds]
        out = []
        for p, seat in enumerate(seats):
            listed = seat.get("spells")
            own = [str(s["id"]) for s in listed if isinstance(s, dict) and "id" in s] \
                if isinstance(listed, list) else []
            out.append({"own": own, "rounds": sorted(self.rounds[p]),
                        "offered": {k: sorted(v) for k, v in sorted(self.offered[p].items())},
                        "cast": self.cast[p]})
        return out


def first_player(state: State) -> int | None:
    """Who starts: the observation's `first_player` (the common core: the seat that
    opens the round) when it names a seat, else the player to move now."""
    value = state.observation(None).get("first_player")
    if isinstance(value, int) and not isinstance(value, bool) \
            and 0 <= value < state.num_players:
        return value
    return state.current_player()


def _seats(observation: dict[str, Any], players: int) -> list[dict[str, Any]] | None:
    seats = observation.get("seats")
    if (isinstance(seats, list) and len(seats) == players
            and all(isinstance(s, dict) for s in seats)):
        return seats
    return None


def seat_characters(observation: dict[str, Any], players: int) -> list[str | None]:
    """Each seat's character, from `seats[i]["character"]` (None where there is none)."""
    seats = _seats(observation, players)
    if seats is None:
        return [None] * players
    out: list[str | None] = []
    for seat in seats:
        value = seat.get("character")
        if isinstance(value, dict):
            value = value.get("name", value.get("id"))
        out.append(None if value is None else str(value))
    return out


def card_name(item: Any) -> str | None:
    """A card's name from an observation entry: a string, or a dict with a name or id."""
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        for key in ("name", "card", "id"):
            value = item.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return str(value)
    return None


def card_field(observation: dict[str, Any], players: int,
               fields: Sequence[str] = CARD_FIELDS) -> str | None:
    """The first of `fields` that every seat of the observation has as a list."""
    seats = _seats(observation, players)
    if seats is None:
        return None
    for key in fields:
        if all(isinstance(seat.get(key), list) for seat in seats):
            return key
    return None


def seat_cards(observation: dict[str, Any], players: int,
               fields: Sequence[str] = CARD_FIELDS) -> list[list[str]] | None:
    """Per seat, the names of the cards listed under `card_field`; None when the
    observation has no such field."""
    key = card_field(observation, players, fields)
    if key is None:
        return None
    out = []
    for seat in observation["seats"]:
        names = [card_name(item) for item in seat[key]]
        out.append([n for n in names if n is not None])
    return out


# -- backends ----------------------------------------------------------------------------
class _Collector:
    """Gathers finished games for a backend and tells the callers of each one."""

    def __init__(self, total: int, progress: Progress | None,
                 on_result: OnResult | None) -> None:
        self.total = total
        self.progress = progress
        self.on_result = on_result
        self.results: list[GameResult] = []

    def add(self, result: GameResult) -> None:
        self.results.append(result)
        if self.on_result is not None:
            self.on_result(result)
        if self.progress is not None:
            self.progress(len(self.results), self.total)

    def in_order(self) -> list[GameResult]:
        return sorted(self.results, key=lambda r: r.index)


def run_local(specs: Sequence[GameSpec], workers: int = 1,
              progress: Progress | None = None,
              on_result: OnResult | None = None) -> list[GameResult]:
    """Play the games here (`workers` 1) or on a pool of local processes. `on_result`
    hears of each game as it finishes (in finishing order)."""
    collector = _Collector(len(specs), progress, on_result)
    map_local(play_game, specs, workers, collector.add)
    return collector.in_order() if workers > 1 else collector.results


def map_local(function: Callable[[T], R], items: Sequence[T], workers: int,
              on_each: Callable[[R], None]) -> None:
    """Call `function` on each item, here (`workers` 1) or on a pool of local
    processes, and hand each result to `on_each` as it comes (in finishing order).
    The arena's games and the puzzle maker's positions run on this."""
    if workers <= 1 or len(items) <= 1:
        for item in items:
            on_each(function(item))
        return
    # Forked workers where the platform has fork: they start at once and need no
    # `if __name__ == "__main__"` guard in the calling script (they never touch the
    # parent's progress display). Elsewhere, fresh interpreters.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(items)),
                                                mp_context=context) as pool:
        futures = [pool.submit(function, item) for item in items]
        try:
            for future in concurrent.futures.as_completed(futures):
                on_each(future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def run_ray(specs: Sequence[GameSpec], address: str = "auto",
            progress: Progress | None = None,
            runtime_env: dict[str, Any] | None = None,
            on_result: OnResult | None = None) -> list[GameResult]:
    """Play the games as Ray tasks. `address`: "auto" joins the running cluster or, when
    there is none, starts a local one; "local" always starts a local one; anything else
    is a cluster address (ray://host:10001 or host:6379)."""
    collector = _Collector(len(specs), progress, on_result)
    map_ray(play_game, specs, address, collector.add, runtime_env)
    return collector.in_order()


def map_ray(function: Callable[[T], R], items: Sequence[T], address: str,
            on_each: Callable[[R], None],
            runtime_env: dict[str, Any] | None = None) -> None:
    """`map_local` on Ray: each item a Ray task (see `run_ray` for `address`)."""
    try:
        ray = importlib.import_module("ray")
    except ImportError as exc:
        raise ArenaError("--ray needs Ray: pip install 'cardtable[dist]'") from exc
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                  "runtime_env": runtime_env or {}}
        if address == "local":
            ray.init(**kwargs)
        elif address == "auto":
            try:
                ray.init(address="auto", **kwargs)
            except (ConnectionError, RuntimeError):
                ray.init(**kwargs)
        else:
            ray.init(address=address, **kwargs)
        started = True
    try:
        remote = ray.remote(function)
        pending = [remote.remote(item) for item in items]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for result in ray.get(done):
                on_each(result)
    finally:
        if started:
            ray.shutdown()


def default_workers() -> int:
    return os.cpu_count() or 1

