"""The balance study: every pairing of a card set's characters, with the seats and the
first player rotated, and the numbers a designer reads from it: each character's win
rate, the match-up matrix, the first-player advantage, and what each spell does (how
often it is on offer and cast, where, and how the games in which it was cast went).

A study is a `Tournament` whose entrants are the characters (one agent plays every
seat), so it is played, saved and resumed like any arena tournament.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import cardtable
from cardtable.agents import make_agent
from cardtable.arena.ratings import MatchupStats, SeatStats, matchups, summarize, wilson, win_share
from cardtable.arena.tournament import (
    ArenaError,
    GameResult,
    GameSpec,
    Tournament,
    first_player,
)
from cardtable.engine.api import Game, OptionError
from cardtable.engine.rng import derive_seed

# The four ways a pairing is played, in turn: (the first character's seat, the seat that
# moves first). Over each block of four games of a pairing, each character has each seat
# once as the first player and once as the second.
LAYOUTS = ((0, 0), (0, 1), (1, 0), (1, 1))
SEED_TRIES = 64


@dataclass(frozen=True)
class Thresholds:
    """Where the verdicts draw their lines (shares, 0..1)."""

    band: tuple[float, float] = (0.42, 0.58)       # a character's overall win rate
    pairing: tuple[float, float] = (0.30, 0.70)    # one character against another
    dead: float = 0.02       # a spell cast in fewer of its owner's rounds is dead
    dominant: float = 0.25   # win rate with it minus without it, intervals apart

    def __post_init__(self) -> None:
        for name, (low, high) in (("band", self.band), ("pairing", self.pairing)):
            if not 0 <= low < high <= 1:
                raise OptionError(f"the {name} must be two shares LOW < HIGH from 0 to 1, "
                                  f"not {low}, {high}")
        if not 0 <= self.dead <= 1 or not 0 < self.dominant <= 1:
            raise OptionError("dead must be a share from 0 to 1, dominant above 0 to 1")


def plan_balance(game: str, agent: str, games_per_pairing: int, seed: int,
                 options: dict[str, Any] | None = None,
                 characters: Sequence[str] | None = None) -> Tournament:
    """The games of a balance study between two seats: `games_per_pairing` games for
    every pair of characters (the card set's, or `characters`), the pairings taking turns
    so that a study stopped early is still even, and within a pairing the seats and the
    first player rotating (each game's seed is chosen so that the wanted seat moves
    first)."""
    if games_per_pairing < 1:
        raise ArenaError("a balance study needs at least one game per pairing")
    loaded = cardtable.load_game(game)
    if not loaded.min_players <= 2 <= loaded.max_players:
        raise OptionError(f"{loaded.name} is not played by two players")
    options = dict(options or {})
    if "characters" in options:
        raise OptionError("a balance study plays every pairing of the characters; give "
                          "no fixed characters")
    make_agent(agent, loaded, 0)          # an unknown agent fails here, at once
    names = list(characters) if characters else loaded.characters(**options)
    if len(set(names)) != len(names):
        raise OptionError("a character is named twice")
    if len(names) < 2:
        raise ArenaError(f"{loaded.name} has {'no' if not names else 'one'} character "
                         "to pair: a balance study needs at least two")
    pairs = list(itertools.combinations(names, 2))
    # The options as the game completes them (defaults and, where the game has one, the
    # card set's digest): a saved study then refuses to resume with other cards.
    probe = loaded.new_game(2, seed=0, **{**options, "characters": list(pairs[0])})
    base = {k: v for k, v in probe.options.items() if k != "characters"}
    ref = cardtable.game_reference(loaded.name)
    specs = []
    for index in range(games_per_pairing * len(pairs)):
        a, b = pairs[index % len(pairs)]
        seat_of_a, first = LAYOUTS[(index // len(pairs)) % len(LAYOUTS)]
        seated = [a, b] if seat_of_a == 0 else [b, a]
        game_options = {**base, "characters": seated}
        specs.append(GameSpec(
            index=index, game=loaded.name, players=2,
            seed=_seed_with_first(loaded, seed, index, first, game_options),
            agents=(agent, agent), labels=tuple(seated),
            agent_seeds=tuple(derive_seed(seed, index, 1 + s) for s in range(2)),
            options=game_options, game_ref=ref, track_spells=True))
    return Tournament(game=loaded.name, entrants=names, players=2, seed=seed,
                      options=base, specs=specs, characters=[list(p) for p in pairs],
                      cycle=len(pairs) * len(LAYOUTS))


def _seed_with_first(game: Game, seed: int, index: int, first: int,
                     options: dict[str, Any]) -> int:
    """The first of the game's candidate seeds with which seat `first` moves first."""
    for attempt in range(SEED_TRIES):
        candidate = derive_seed(seed, index, 0, attempt)
        if first_player(game.new_game(2, seed=candidate, **options)) == first:
            return candidate
    raise ArenaError(f"{game.name}: no seed of {SEED_TRIES} tried lets seat {first + 1} "
                     "move first, so the first player cannot be rotated")


# -- the numbers -----------------------------------------------------------------------
@dataclass
class Rate:
    """A win rate with its 95% Wilson interval (a shared win counts 1/k)."""

    wins: float
    games: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: float, games: int) -> Rate:
        low, high = wilson(wins, games)
        return cls(wins, games, wins / games if games else 0.0, low, high)


@dataclass
class CharacterBalance:
    name: str
    overall: Rate
    moving_first: Rate
    moving_second: Rate
    verdict: str


@dataclass
class SpellBalance:
    spell: str
    character: str
    games: int              # games its owner played
    rounds: int             # rounds in which its owner took a decision
    offered_rounds: int     # of those, rounds in which it could be cast at least once
    casts: int
    games_cast: int         # games in which it was cast at least once
    conflicts: dict[str, int]  # casts by conflict number
    with_it: Rate           # the owner's win rate in games in which it was cast
    without_it: Rate        # ... and in the owner's other games
    verdict: str

    @property
    def offered_rate(self) -> float:
        return self.offered_rounds / self.rounds if self.rounds else 0.0

    @property
    def cast_rate(self) -> float:
        """Casts per round of its owner (a spell is cast at most once a round)."""
        return self.casts / self.rounds if self.rounds else 0.0

    @property
    def per_game(self) -> float:
        return self.casts / self.games if self.games else 0.0


@dataclass
class PairingOutlier:
    row: str
    col: str
    rate: float
    games: int


@dataclass
class BalanceSummary:
    games: int
    shared_wins: int
    thresholds: Thresholds
    turn_order: list[SeatStats]
    characters: list[CharacterBalance]
    matchups: MatchupStats | None
    outliers: list[PairingOutlier]
    spells: list[SpellBalance]
    elo: dict[str, float] = field(default_factory=dict)

    def character(self, name: str) -> CharacterBalance:
        for c in self.characters:
            if c.name == name:
                return c
        raise KeyError(name)

    def spell(self, spell: str) -> SpellBalance:
        for s in self.spells:
            if s.spell == spell:
                return s
        raise KeyError(spell)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        for row, spell in zip(out["spells"], self.spells, strict=True):
            row.update(offered_rate=spell.offered_rate, cast_rate=spell.cast_rate,
                       per_game=spell.per_game)
        return out


def character_verdict(rate: Rate, band: tuple[float, float]) -> str:
    """In range, strong or weak: outside the band and with the 95% interval clear of
    50%. Outside the band with an interval that still holds 50%, the games do not settle
    it yet: it leans that way."""
    low, high = band
    if low <= rate.rate <= high:
        return "in range"
    side = "strong" if rate.rate > high else "weak"
    settled = rate.low > 0.5 if side == "strong" else rate.high < 0.5
    return side if settled else f"leans {side} (more games would settle it)"


def spell_verdict(spell: SpellBalance, thresholds: Thresholds) -> str:
    """Dead: cast in fewer than `dead` of its owner's rounds. Dominant: the owner wins
    at least `dominant` more often in games with it than without, and the two 95%
    intervals do not overlap. Otherwise fine."""
    if spell.cast_rate < thresholds.dead:
        return "dead"
    w, wo = spell.with_it, spell.without_it
    if w.games and wo.games and w.rate - wo.rate >= thresholds.dominant and w.low > wo.high:
        return "dominant"
    return "fine"


def balance_summary(results: Sequence[GameResult],
                    thresholds: Thresholds | None = None) -> BalanceSummary:
    """The numbers of a balance study from its games."""
    thresholds = thresholds or Thresholds()
    names = sorted({c for r in results for c in r.characters if c is not None})
    order = summarize(names, results) if results else None
    m = matchups(results)
    characters = []
    for name in names:
        seats = [(r, s) for r in results for s, c in enumerate(r.characters) if c == name]
        overall = Rate.of(sum(win_share(r, s) for r, s in seats), len(seats))
        first = [(r, s) for r, s in seats if r.first_player == s]
        second = [(r, s) for r, s in seats if r.first_player is not None
                  and r.first_player != s]
        characters.append(CharacterBalance(
            name=name, overall=overall,
            moving_first=Rate.of(sum(win_share(r, s) for r, s in first), len(first)),
            moving_second=Rate.of(sum(win_share(r, s) for r, s in second), len(second)),
            verdict=character_verdict(overall, thresholds.band)))
    outliers = []
    if m is not None:
        low, high = thresholds.pairing
        for i, row in enumerate(m.names):
            for j, col in enumerate(m.names):
                rate = m.rate(i, j)
                if i != j and rate is not None and not low <= rate <= high:
                    outliers.append(PairingOutlier(row, col, rate, m.games[i][j]))
    return BalanceSummary(
        games=len(results), shared_wins=sum(1 for r in results if len(r.winners) > 1),
        thresholds=thresholds, turn_order=order.turn_order if order else [],
        characters=characters, matchups=m, outliers=outliers,
        spells=spell_balance(results, thresholds),
        elo={e.label: e.elo for e in order.entrants} if order else {})


def spell_balance(results: Sequence[GameResult],
                  thresholds: Thresholds) -> list[SpellBalance]:
    """Per spell, from the games that tracked their spells, in the order the characters
    list them."""
    rows: dict[str, dict[str, Any]] = {}
    for r in results:
        for seat, info in enumerate(r.spells or []):
            character = r.characters[seat] or f"seat {seat + 1}"
            share = win_share(r, seat)
            rounds = len(info.get("rounds", []))
            cast_here = Counter(str(c[0]) for c in info.get("cast", []))
            for spell in info.get("own", []):
                row = rows.setdefault(spell, {
                    "order": (character, info["own"].index(spell)),
                    "character": character, "games": 0, "rounds": 0, "offered": 0,
                    "casts": 0, "games_cast": 0, "conflicts": Counter(),
                    "won_with": 0.0, "with": 0, "won_without": 0.0, "without": 0})
                row["games"] += 1
                row["rounds"] += rounds
                row["offered"] += len(info.get("offered", {}).get(spell, []))
                row["casts"] += cast_here[spell]
                if cast_here[spell]:
                    row["games_cast"] += 1
                    row["won_with"] += share
                    row["with"] += 1
                else:
                    row["won_without"] += share
                    row["without"] += 1
            for spell, _round, conflict in info.get("cast", []):
                if spell in rows:
                    rows[str(spell)]["conflicts"][str(conflict)] += 1
    out = []
    for spell, row in sorted(rows.items(), key=lambda item: item[1]["order"]):
        stats = SpellBalance(
            spell=spell, character=row["character"], games=row["games"],
            rounds=row["rounds"], offered_rounds=row["offered"], casts=row["casts"],
            games_cast=row["games_cast"], conflicts=dict(sorted(row["conflicts"].items())),
            with_it=Rate.of(row["won_with"], row["with"]),
            without_it=Rate.of(row["won_without"], row["without"]), verdict="")
        stats.verdict = spell_verdict(stats, thresholds)
        out.append(stats)
    return out


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def verdict_lines(summary: BalanceSummary) -> list[str]:
    """The verdicts in words, one line each: what is out of balance, or that nothing is."""
    t = summary.thresholds
    lines: list[str] = []
    off = [c for c in summary.characters if c.verdict != "in range"]
    if off:
        lines.extend(f"{c.name}: {c.verdict} ({_percent(c.overall.rate)}; in range is "
                     f"{_percent(t.band[0])}-{_percent(t.band[1])})" for c in off)
    else:
        lines.append(f"every character in range ({_percent(t.band[0])}-{_percent(t.band[1])})")
    pairing = f"{_percent(t.pairing[0])}-{_percent(t.pairing[1])}"
    lines.extend(f"{o.row} against {o.col}: {_percent(o.rate)} of {o.games} games, outside "
                 f"{pairing}" for o in summary.outliers if o.rate > 0.5)
    if not summary.outliers:
        lines.append(f"every pairing within {pairing}")
    dead = [s for s in summary.spells if s.verdict == "dead"]
    dominant = [s for s in summary.spells if s.verdict == "dominant"]
    lines.extend(f"{s.spell} ({s.character}): dead, cast in {_percent(s.cast_rate)} of its "
                 f"owner's rounds (below {_percent(t.dead)})" for s in dead)
    lines.extend(f"{s.spell} ({s.character}): dominant, its owner won "
                 f"{_percent(s.with_it.rate)} with it and {_percent(s.without_it.rate)} without"
                 for s in dominant)
    if not dead and not dominant:
        lines.append("no spell dead or dominant")
    return lines
