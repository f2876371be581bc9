"""The figures of the simulated population (benchmarks/population.py), pure: no server.

- Kendall's tau between the accounts' ratings and their agents' true strength (the
  level's place in the list, weakest first). The levels tie many accounts, so the
  plain tau-a is wrong here; tau-b corrects for ties, and `tau_b_in_order` says what
  it is when every rating is different and in its level's order (with four levels of
  equal size about 0.87: tau-b measures agreement of two rankings, and the levels are
  a coarse one; only ratings tied exactly within each level would give 1). Stuart's
  tau-c is made for such a table (few classes on one side) and reaches 1 when the
  order is perfect.
- Each level's final ratings: mean, standard deviation, least and most.
- "Games to land in the band": after how many rated games an account's rating went
  inside its level's band and stayed there to the end (0 when it never left it,
  None when its last rating is outside: it never landed).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


def _pair_counts(x: Sequence[float], y: Sequence[float]) -> tuple[int, int, int, int, int]:
    """Over all pairs: concordant, discordant, tied in x only, tied in y only, tied in
    both. O(n^2), which is nothing for a few hundred accounts."""
    concordant = discordant = tied_x = tied_y = tied_both = 0
    n = len(x)
    for i in range(n):
        for j in range(i + 1, n):
            dx = x[i] - x[j]
            dy = y[i] - y[j]
            if dx == 0 and dy == 0:
                tied_both += 1
            elif dx == 0:
                tied_x += 1
            elif dy == 0:
                tied_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    return concordant, discordant, tied_x, tied_y, tied_both


def _check(x: Sequence[float], y: Sequence[float]) -> None:
    if len(x) != len(y):
        raise ValueError(f"two lists of different lengths ({len(x)} and {len(y)})")
    if len(x) < 2:
        raise ValueError("Kendall's tau needs at least two pairs of values")


def tau_b(x: Sequence[float], y: Sequence[float]) -> float:
    """Kendall's tau-b: (C - D) / sqrt((n0 - n1)(n0 - n2)), n1 and n2 the pairs tied in
    x and in y. NaN when either side is all one value."""
    _check(x, y)
    c, d, tx, ty, both = _pair_counts(x, y)
    n0 = c + d + tx + ty + both
    denominator = math.sqrt((n0 - tx - both) * (n0 - ty - both))
    return (c - d) / denominator if denominator else math.nan


def tau_c(x: Sequence[float], y: Sequence[float]) -> float:
    """Stuart's tau-c: 2 m (C - D) / (n^2 (m - 1)), m the fewer of the two sides'
    distinct values. NaN when either side is all one value."""
    _check(x, y)
    c, d, _, _, _ = _pair_counts(x, y)
    m = min(len(set(x)), len(set(y)))
    n = len(x)
    return 2 * m * (c - d) / (n * n * (m - 1)) if m > 1 else math.nan


def tau_b_in_order(levels: Sequence[float]) -> float:
    """tau-b against these levels of ratings all different and in the levels' order
    (no pair discordant, none tied in rating): the most it can be for ratings that
    never tie."""
    n = len(levels)
    pairs = n * (n - 1) // 2
    tied = sum(k * (k - 1) // 2 for k in (levels.count(v) for v in set(levels)))
    return math.sqrt((pairs - tied) / pairs) if pairs else math.nan


def kendall(x: Sequence[float], y: Sequence[float]) -> dict[str, float | str]:
    """tau-b and tau-c, by scipy when it is installed (and our own count as a check on
    it), else by our own count alone."""
    own_b, own_c = tau_b(x, y), tau_c(x, y)
    try:
        from scipy.stats import kendalltau  # type: ignore[import-untyped]
    except ImportError:
        return {"tau_b": own_b, "tau_c": own_c, "by": "own count (scipy not installed)"}
    b = float(kendalltau(x, y, variant="b").statistic)
    c = float(kendalltau(x, y, variant="c").statistic)
    if not (math.isclose(b, own_b, abs_tol=1e-9) and math.isclose(c, own_c, abs_tol=1e-9)):
        raise AssertionError(f"scipy's tau ({b}, {c}) and our count ({own_b}, {own_c}) "
                             "disagree")
    return {"tau_b": b, "tau_c": c, "by": "scipy.stats.kendalltau (our count agrees)"}


@dataclass(frozen=True)
class LevelFigures:
    level: str
    accounts: int
    mean: float
    sd: float          # the population standard deviation of the final ratings
    low: float
    high: float


def level_figures(levels: Sequence[str], ratings: Sequence[float],
                  order: Sequence[str]) -> list[LevelFigures]:
    """Each level's final ratings, in `order` (weakest first)."""
    out = []
    for level in order:
        mine = [r for lv, r in zip(levels, ratings, strict=True) if lv == level]
        if not mine:
            continue
        out.append(LevelFigures(level, len(mine), statistics.fmean(mine),
                                statistics.pstdev(mine), min(mine), max(mine)))
    return out


def bands_sd(figures: Sequence[LevelFigures], k: float = 1.0) -> dict[str, tuple[float, float]]:
    """A level's band: its mean +- k standard deviations of its accounts' final ratings
    (with k = 1 about a third of the accounts end outside their band: never landed)."""
    return {f.level: (f.mean - k * f.sd, f.mean + k * f.sd) for f in figures}


def bands_nearest(figures: Sequence[LevelFigures]) -> dict[str, tuple[float, float]]:
    """A level's band: the ratings nearer its mean than the means of the levels next
    to it in strength (between the midpoints; open below the weakest and above the
    strongest). An account is in its band when its rating would place it in its own
    level. A level whose mean is out of order with a neighbour's gets a band that
    leaves its own mean out (or an empty one): its accounts mostly never land."""
    out = {}
    for i, f in enumerate(figures):
        low = (figures[i - 1].mean + f.mean) / 2 if i > 0 else -math.inf
        high = (f.mean + figures[i + 1].mean) / 2 if i + 1 < len(figures) else math.inf
        out[f.level] = (low, high)
    return out


def games_to_land(trajectory: Sequence[float], band: tuple[float, float]) -> int | None:
    """`trajectory`: the rating before any game, then after each rated game. The
    fewest games k after which every rating from k on is inside `band` (ends
    included); None when the last rating is outside."""
    low, high = band
    landed: int | None = None
    for k in range(len(trajectory) - 1, -1, -1):
        if not low <= trajectory[k] <= high:
            break
        landed = k
    return landed


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100): the smallest value with at least q%
    of the values at or below it."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def landing(trajectories: Sequence[Sequence[float]], levels: Sequence[str],
            bands: dict[str, tuple[float, float]]) -> dict[str, object]:
    """Games to land for every account: median and 90th percentile over the accounts
    that landed, how many never did, and the same per level."""
    found = [games_to_land(t, bands[lv]) for t, lv in zip(trajectories, levels, strict=True)]

    def summary(values: list[int | None]) -> dict[str, object]:
        landed = [v for v in values if v is not None]
        return {"accounts": len(values), "landed": len(landed),
                "never": len(values) - len(landed),
                "median": statistics.median(landed) if landed else None,
                "p90": percentile(landed, 90) if landed else None}

    per_level = {lv: summary([v for v, own in zip(found, levels, strict=True) if own == lv])
                 for lv in dict.fromkeys(levels)}
    return {**summary(found), "per_level": per_level, "games": found}
