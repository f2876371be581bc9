"""Players' ratings: OpenSkill's Weng-Lin model, which rates 2 to 4 players from their
places, ties included. Its Bradley-Terry form counts a game of several players as one
game between each pair of them (a tie between two is a tie of that pair). Not its
Plackett-Luce form: with two players tied for first of four, that one rates the third
level with the winners (openskill 6.2), and a player behind two others must not gain
what they gain. Pure: a finished game's seats and the ratings
they had in, the new ratings out, with no server or database (a simulated population
uses it as the server does). docs/ratings.md says what the numbers mean.

A rating belongs to an account in a *pool*: one game at one player count ("vale-2p",
"thalara-4p"). Options do not split pools: the Artifacts expansion or Thalara's casual
mode reward the same skills, and a small server's players would be spread too thin.

The shown rating is the model's mean on an Elo-like scale: 1500 for a newcomer, and a
difference of 400 points between two settled players means odds of 10 to 1 in a
two-player game, as in Elo. It stays *provisional* for the first few rated games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

MODEL = BradleyTerryFull()
MU = MODEL.mu                  # 25: every newcomer's mean ...
SIGMA = MODEL.sigma            # 25 / 3: ... and uncertainty
# Two settled players (sigma near 0) differ by d in mean: the model gives the better one
# a chance of 1 / (1 + exp(-d / c)) with c = sqrt(2) * beta; Elo gives
# 1 / (1 + 10 ** (-D / 400)). The same odds for D = d * SCALE.
SCALE = 400 / (math.log(10) * math.sqrt(2) * MODEL.beta)     # about 29.5 points a unit
BASE = 1500
PROVISIONAL_GAMES = 5          # shown with a "?" until this many rated games in the pool


@dataclass(frozen=True)
class Rating:
    """An account's rating in one pool: the model's mean and uncertainty, and how many
    rated games moved it."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


NEW = Rating()


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: the account that played it and its place (1 is
    first; equal places are a tie)."""

    account: int
    place: int


def shown(mu: float) -> int:
    """A mean on the shown scale: 1500 at the start, 400 points for odds of 10 to 1."""
    return round(BASE + SCALE * (mu - MU))


def pool(game: str, players: int) -> str:
    """The pool a game at this player count is rated in: "vale-2p"."""
    return f"{game}-{players}p"


def places(scores: Sequence[float], winners: Sequence[int],
           forfeited: Sequence[bool]) -> list[int]:
    """Each seat's place (1 first, equal places tied, competition ranking: 1, 1, 3).
    A seat that lost on time ranks after every seat that did not; then the winners
    (the game's tie-breaks decide who they are) before the others; then the score."""
    keys = [(not forfeited[i], i in winners, scores[i]) for i in range(len(scores))]
    return [1 + sum(other > key for other in keys) for key in keys]


def rate(seats: Sequence[SeatResult], current: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new rating of each seat's account after a game they played against each
    other, from the ratings they had (an account missing from `current` is new). Raises
    ValueError for fewer than two seats, more than four, or an account that played
    two seats."""
    if not 2 <= len(seats) <= 4:
        raise ValueError("a rated game has 2 to 4 players")
    accounts = [s.account for s in seats]
    if len(set(accounts)) != len(accounts):
        raise ValueError("an account played two seats of one game")
    if any(s.place < 1 for s in seats):
        raise ValueError("places start at 1")
    before = [current.get(a, NEW) for a in accounts]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(s.place) for s in seats])
    return {a: Rating(team[0].mu, team[0].sigma, r.games + 1)
            for a, team, r in zip(accounts, after, before, strict=True)}


# The computer's levels have fixed ratings of their own, published and never moved by
# the games people play against them. They are kept here, apart from the players'
# (which live in the database): pool -> level -> shown rating. Measured by a round robin
# of the levels and the runs of the ladder (each level against the one below, 200 games
# a rung), fitted on the players' scale with greedy held at 1500
# (benchmarks/level_ratings.py; docs/ratings.md gives the runs), with the levels as
# iteration budgets (ismcts.LEVELS): the same opponent on every machine and build. A
# level without a measured number (3 and 4 players) is shown without one rather than
# with a guess.
LEVEL_RATINGS: dict[str, dict[str, int]] = {
    "thalara-2p": {"random": 710, "greedy": 1500, "ismcts:easy": 1623,
                   "ismcts:medium": 1766, "ismcts:hard": 1940, "ismcts:expert": 2075},
    "vale-2p": {"random": 935, "greedy": 1500, "ismcts:easy": 1600,
                "ismcts:medium": 1743, "ismcts:hard": 1864, "ismcts:expert": 2001},
}


def level_rating(game: str, players: int, agent: str) -> int | None:
    """The published rating of a computer level in a pool, if it has been measured."""
    return LEVEL_RATINGS.get(pool(game, players), {}).get(agent)
