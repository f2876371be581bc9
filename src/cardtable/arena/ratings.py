"""Numbers from a tournament: win rates with Wilson intervals, average scores, Elo from
pairwise results, win rate by seat, character match-ups and cards played by winners.

A game shared by several winners counts 1/k of a win for each of the k winners, so win
rates of all seats of a game add up to one.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cardtable.arena.tournament import GameResult

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_share(result: GameResult, seat: int) -> float:
    return 1.0 / len(result.winners) if seat in result.winners else 0.0


def pair_points(result: GameResult, a: int, b: int) -> float:
    """Seat a against seat b in one game: 1 if only a won, 0 if only b, else a draw."""
    wa, wb = a in result.winners, b in result.winners
    return 1.0 if wa and not wb else 0.0 if wb and not wa else 0.5


@dataclass
class EntrantStats:
    label: str
    games: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    avg_score: float
    elo: float
    decisions: int
    median_decision: float | None
    p90_decision: float | None
    max_decision: float | None


@dataclass
class SeatStats:
    seat: int
    games: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    avg_score: float


@dataclass
class MatchupStats:
    """Row character against column character: points (wins, draws half) and games."""

    names: list[str]
    points: list[list[float]]
    games: list[list[int]]
    overall: list[tuple[str, int, float, float, float]]  # name, games, rate, low, high

    def rate(self, row: int, col: int) -> float | None:
        n = self.games[row][col]
        return self.points[row][col] / n if n else None


@dataclass
class CardStats:
    """How often each card is in play at the end for winners and for losers."""

    winner_seats: int
    loser_seats: int
    cards: list[tuple[str, int, int]]   # name, winner seats holding it, loser seats
    field: str = "cards"                # the seats' observation field they come from

    def rates(self, name: str) -> tuple[float, float]:
        for card, w, lo in self.cards:
            if card == name:
                return (w / max(1, self.winner_seats), lo / max(1, self.loser_seats))
        return (0.0, 0.0)


@dataclass
class Summary:
    games: int
    shared_wins: int
    entrants: list[EntrantStats]
    seats: list[SeatStats]
    turn_order: list[SeatStats]                   # seat = 0 for whoever moved first, ...
    pairwise: dict[str, dict[str, list[float]]]   # row -> col -> [points, games]
    matchups: MatchupStats | None
    cards: CardStats | None

    def entrant(self, label: str) -> EntrantStats:
        for stats in self.entrants:
            if stats.label == label:
                return stats
        raise KeyError(label)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def elo_ratings(labels: Sequence[str], results: Sequence[GameResult],
                prior_draws: float = 1.0, mean: float = 1500.0) -> dict[str, float]:
    """Elo ratings fitted to every pairwise result by maximum likelihood (Bradley-Terry,
    draws as half a win each), with `prior_draws` virtual draws between every pair so a
    clean sweep still gives a finite rating. The ratings average `mean`."""
    index = {label: i for i, label in enumerate(labels)}
    n = len(labels)
    points = [[0.0] * n for _ in range(n)]
    games = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                points[i][j] += prior_draws / 2
                games[i][j] += prior_draws
    for result in results:
        seats = len(result.labels)
        for a in range(seats):
            for b in range(a + 1, seats):
                i, j = index[result.labels[a]], index[result.labels[b]]
                if i == j:
                    continue
                p = pair_points(result, a, b)
                points[i][j] += p
                points[j][i] += 1 - p
                games[i][j] += 1
                games[j][i] += 1
    strength = [1.0] * n
    for _ in range(10_000):   # Hunter's MM iteration; converges fast for small fields
        new = []
        for i in range(n):
            won = sum(points[i])
            denominator = sum(games[i][j] / (strength[i] + strength[j])
                              for j in range(n) if j != i and games[i][j])
            new.append(won / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / scale for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return {label: mean + 400 * math.log10(strength[index[label]]) for label in labels}


def _quantile(values: Sequence[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    # nearest rank: the smallest value with at least q of the values at or below it
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summarize(labels: Sequence[str], results: Sequence[GameResult]) -> Summary:
    elo = elo_ratings(labels, results)
    entrants = []
    for label in labels:
        seats = [(r, s) for r in results for s, who in enumerate(r.labels) if who == label]
        wins = sum(win_share(r, s) for r, s in seats)
        low, high = wilson(wins, len(seats))
        times = [t for r, s in seats for t in r.decision_times[s]]
        entrants.append(EntrantStats(
            label=label, games=len(seats), wins=wins,
            win_rate=wins / len(seats) if seats else 0.0, ci_low=low, ci_high=high,
            avg_score=statistics.fmean(r.scores[s] for r, s in seats) if seats else 0.0,
            elo=elo[label], decisions=len(times),
            median_decision=statistics.median(times) if times else None,
            p90_decision=_quantile(times, 0.9), max_decision=max(times, default=None)))
    players = max((len(r.labels) for r in results), default=0)
    seat_stats = [_position(results, p, lambda r: 0) for p in range(players)]
    known = [r for r in results if r.first_player is not None]
    order = [_position(known, p, lambda r: r.first_player or 0) for p in range(players)]
    pairwise: dict[str, dict[str, list[float]]] = {a: {b: [0.0, 0.0] for b in labels}
                                                   for a in labels}
    for r in results:
        for a in range(len(r.labels)):
            for b in range(len(r.labels)):
                if a != b and r.labels[a] != r.labels[b]:
                    cell = pairwise[r.labels[a]][r.labels[b]]
                    cell[0] += pair_points(r, a, b)
                    cell[1] += 1
    return Summary(games=len(results),
                   shared_wins=sum(1 for r in results if len(r.winners) > 1),
                   entrants=entrants, seats=seat_stats, turn_order=order,
                   pairwise=pairwise,
                   matchups=matchups(results), cards=card_stats(results))


def _position(results: Sequence[GameResult], position: int,
              start: Callable[[GameResult], int]) -> SeatStats:
    """Win rate of the seat `position` places after `start(result)`."""
    seats = [(r, (start(r) + position) % len(r.labels)) for r in results
             if position < len(r.labels)]
    wins = sum(win_share(r, s) for r, s in seats)
    low, high = wilson(wins, len(seats))
    return SeatStats(
        seat=position, games=len(seats), wins=wins,
        win_rate=wins / len(seats) if seats else 0.0, ci_low=low, ci_high=high,
        avg_score=statistics.fmean(r.scores[s] for r, s in seats) if seats else 0.0)


def matchups(results: Sequence[GameResult]) -> MatchupStats | None:
    """Character against character over every pair of seats, or None when the games
    show fewer than two characters."""
    names: list[str] = sorted({c for r in results for c in r.characters if c is not None})
    if len(names) < 2:
        return None
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    points = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    seat_games = [0] * n
    seat_wins = [0.0] * n
    for r in results:
        for a, ca in enumerate(r.characters):
            if ca is None:
                continue
            seat_games[index[ca]] += 1
            seat_wins[index[ca]] += win_share(r, a)
            for b, cb in enumerate(r.characters):
                if b == a or cb is None:
                    continue
                if ca != cb:
                    points[index[ca]][index[cb]] += pair_points(r, a, b)
                    games[index[ca]][index[cb]] += 1
                elif a < b:
                    # a mirror pairing, seen from both seats: one pairing, half a point
                    points[index[ca]][index[ca]] += 0.5
                    games[index[ca]][index[ca]] += 1
    overall = []
    for name in names:
        i = index[name]
        low, high = wilson(seat_wins[i], seat_games[i])
        rate = seat_wins[i] / seat_games[i] if seat_games[i] else 0.0
        overall.append((name, seat_games[i], rate, low, high))
    return MatchupStats(names=names, points=points, games=games, overall=overall)


def card_stats(results: Sequence[GameResult]) -> CardStats | None:
    """For each card, in how many winners' and losers' final play areas it was (a card
    counted once per seat). Games with a shared win count their winners as winners."""
    if not any(r.cards is not None for r in results):
        return None
    winners = losers = 0
    counts: dict[str, list[int]] = {}
    for r in results:
        if r.cards is None:
            continue
        for seat, cards in enumerate(r.cards):
            won = seat in r.winners
            if won:
                winners += 1
            else:
                losers += 1
            for name in set(cards):
                cell = counts.setdefault(name, [0, 0])
                cell[0 if won else 1] += 1
    rows = sorted(((name, w, lo) for name, (w, lo) in counts.items()),
                  key=lambda row: (-(row[1] / max(1, winners) - row[2] / max(1, losers)),
                                   row[0]))
    fields = Counter(r.card_field for r in results if r.card_field is not None)
    field = fields.most_common(1)[0][0] if fields else "cards"
    return CardStats(winner_seats=winners, loser_seats=losers, cards=rows, field=field)
