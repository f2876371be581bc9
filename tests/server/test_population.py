"""The simulated population of issue 27 (benchmarks/population.py): its figures on
hand-made data (Kendall's tau with ties, the levels' bands, games to land), and a small
run on a real server process checked from the server's side."""

from __future__ import annotations

import importlib.util
import json
import math
import random
import statistics
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import httpx
import pytest

from .helpers import ServerProcess

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _load(name: str) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


stats = _load("population_stats")


# ---- Kendall's tau -----------------------------------------------------------------------

def test_tau_without_ties_counts_concordant_and_discordant_pairs() -> None:
    # 10 pairs, two of them discordant ((2, 3) and (4, 5)): (8 - 2) / 10
    assert stats.tau_b([1, 2, 3, 4, 5], [1, 3, 2, 5, 4]) == pytest.approx(0.6)
    assert stats.tau_b([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)


def test_tau_b_corrects_for_ties_on_both_sides() -> None:
    # pairs of x = [1, 1, 2, 2], y = [1, 2, 2, 3]: 3 concordant, none discordant, 2 tied
    # in x only, 1 in y only: 3 / sqrt((6 - 2) * (6 - 1))
    assert stats.tau_b([1, 1, 2, 2], [1, 2, 2, 3]) == pytest.approx(3 / math.sqrt(20))


def test_levels_in_perfect_order_give_tau_b_below_one_and_tau_c_one() -> None:
    levels = [0, 0, 1, 1]
    ratings = [1400, 1450, 1600, 1700]
    # 4 pairs across levels, all concordant; 2 tied in level: 4 / sqrt(4 * 6)
    assert stats.tau_b(ratings, levels) == pytest.approx(4 / math.sqrt(24))
    assert stats.tau_b_in_order(levels) == pytest.approx(4 / math.sqrt(24))
    # (ratings tied exactly as the levels are would give 1: no real population's)
    assert stats.tau_b([1500, 1500, 1600, 1600], levels) == pytest.approx(1.0)
    assert stats.tau_c(ratings, levels) == pytest.approx(1.0)
    # the same ratings turned upside down
    assert stats.tau_c([-r for r in ratings], levels) == pytest.approx(-1.0)
    # four levels of 50: tau-b cannot pass sqrt(15000 / 19900), below issue 27's 0.9
    big = [lv for lv in range(4) for _ in range(50)]
    assert stats.tau_b_in_order(big) == pytest.approx(math.sqrt(15000 / 19900))
    assert stats.tau_b(list(range(200)), big) == pytest.approx(stats.tau_b_in_order(big))


def test_our_tau_agrees_with_scipys_on_random_data_with_ties() -> None:
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = random.Random(4)
    for _ in range(20):
        x = [rng.randrange(4) for _ in range(30)]
        y = [rng.randrange(12) for _ in range(30)]
        assert stats.tau_b(x, y) == pytest.approx(
            scipy_stats.kendalltau(x, y, variant="b").statistic)
        assert stats.tau_c(x, y) == pytest.approx(
            scipy_stats.kendalltau(x, y, variant="c").statistic)
    assert stats.kendall([1, 2, 3, 4], [1, 1, 2, 2])["tau_c"] == pytest.approx(1.0)


def test_tau_refuses_lists_that_cannot_be_compared() -> None:
    with pytest.raises(ValueError, match="different lengths"):
        stats.tau_b([1, 2], [1, 2, 3])
    with pytest.raises(ValueError, match="at least two"):
        stats.tau_c([1], [1])
    assert math.isnan(stats.tau_b([1, 1, 1], [1, 2, 3]))


# ---- bands and games to land ---------------------------------------------------------------

def test_games_to_land_is_when_the_rating_entered_its_band_for_good() -> None:
    band = (1250.0, 1400.0)
    # in the band after game 1, out at game 4, in again from game 5 to the end
    assert stats.games_to_land([1500, 1400, 1300, 1350, 1200, 1280, 1310], band) == 5
    # never left it (1500 itself inside): 0 games
    assert stats.games_to_land([1500, 1450, 1520], (1400.0, 1600.0)) == 0
    # the band's ends count as inside
    assert stats.games_to_land([1500, 1400, 1250], band) == 1
    # ends outside: never landed
    assert stats.games_to_land([1500, 1300, 1240], band) is None


def test_the_bands_of_the_levels() -> None:
    figures = stats.level_figures(
        ["weak", "weak", "mid", "mid", "strong", "strong"],
        [1250, 1350, 1450, 1550, 1700, 1900], ["weak", "mid", "strong"])
    assert [(f.level, f.mean, f.sd) for f in figures] == [
        ("weak", 1300, 50), ("mid", 1500, 50), ("strong", 1800, 100)]
    assert stats.bands_nearest(figures) == {"weak": (-math.inf, 1400), "mid": (1400, 1650),
                                            "strong": (1650, math.inf)}
    assert stats.bands_sd(figures) == {"weak": (1250, 1350), "mid": (1450, 1550),
                                       "strong": (1700, 1900)}
    # a level whose mean is out of order leaves its own mean out of its band
    upside = stats.level_figures(["a", "b"], [1600, 1400], ["a", "b"])
    assert stats.bands_nearest(upside) == {"a": (-math.inf, 1500), "b": (1500, math.inf)}
    middle = stats.level_figures(["a", "b", "c"], [1300, 1700, 1500], ["a", "b", "c"])
    assert stats.bands_nearest(middle) == {"a": (-math.inf, 1500), "b": (1500, 1600),
                                           "c": (1600, math.inf)}


def test_landing_sums_up_median_90th_percentile_and_the_accounts_that_never_landed() -> None:
    bands = {"weak": (-math.inf, 1400.0), "strong": (1600.0, math.inf)}
    trajectories = [[1500, 1420, 1380, 1390],        # weak: landed after 2
                    [1500, 1300, 1350, 1410],        # weak: outside at the end: never
                    [1500, 1650, 1700, 1720],        # strong: after 1
                    [1500, 1550, 1590, 1620]]        # strong: after 3
    found = stats.landing(trajectories, ["weak", "weak", "strong", "strong"], bands)
    assert found["games"] == [2, None, 1, 3]
    assert (found["landed"], found["never"], found["median"], found["p90"]) == (3, 1, 2, 3)
    assert found["per_level"]["weak"] == {"accounts": 2, "landed": 1, "never": 1,
                                          "median": 2, "p90": 2}
    assert stats.percentile(list(range(1, 11)), 90) == 9
    assert stats.percentile([5.0], 90) == 5.0


# ---- the schedule and the head-to-head table -----------------------------------------------

def test_the_schedule_pairs_everybody_each_round_and_follows_the_seed() -> None:
    population = _load("population")
    schedule = population.make_schedule(10, 23, 7)
    assert [g[0] for g in schedule] == list(range(23))
    assert all(a != b for _, a, b in schedule)
    for start in range(0, 20, 5):            # each round of 5 games seats all 10 once
        seated = [s for _, a, b in schedule[start:start + 5] for s in (a, b)]
        assert sorted(seated) == list(range(10))
    assert population.make_schedule(10, 23, 7) == schedule
    assert population.make_schedule(10, 23, 8) != schedule


def test_head_to_head_scores_wins_and_shared_wins_between_levels() -> None:
    population = _load("population")
    games = [{"levels": ["random", "greedy"], "winners": [1]},
             {"levels": ["greedy", "random"], "winners": [0, 1]},
             {"levels": ["random", "random"], "winners": [0]}]
    table = population.head_to_head(games, ["random", "greedy"])
    assert table["greedy"]["random"] == {"games": 2, "score": 1.5, "rate": 0.75}
    assert table["random"]["greedy"] == {"games": 2, "score": 0.5, "rate": 0.25}
    assert population.order_contradictions(table, ["random", "greedy"]) == []
    (said,) = population.order_contradictions(table, ["greedy", "random"])
    assert said.startswith("random scored 0.25 against greedy in 2 games")


# ---- a small population on a real server ---------------------------------------------------

def test_a_small_population_plays_rated_games_and_greedy_ends_above_random(
        tmp_path: Path) -> None:
    population = _load("population")
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}",
                           extra=["--ai-workers", "1"]).start()
    try:
        out = tmp_path / "summary.json"
        assert population.main(["--base", server.base, "--accounts", "8", "--games", "12",
                                "--agents", "random,greedy", "--game", "thalara",
                                "--concurrency", "2", "--seed", "3", "--quiet",
                                "--out", str(out)]) == 0
        summary = json.loads(out.read_text())
        assert summary["agents_weakest_first"] == ["random", "greedy"]
        assert summary["rated_games"] == 12 and not summary["failed_games"]
        accounts = summary["accounts_detail"]
        assert Counter(a["level"] for a in accounts) == {"random": 4, "greedy": 4}
        # from the server's side: every account exists, its profile shows its rated
        # games, 24 seats in all, and the ratings are the ones the summary read
        seen = 0
        for account in accounts:
            profile = httpx.get(f"{server.base}/api/players/{account['name']}").json()
            (rating,) = [r for r in profile["ratings"] if r["pool"] == "thalara-2p"]
            assert rating["games"] == account["games"] > 0
            assert rating["rating"] == account["rating"]
            assert len(profile["history"]["thalara-2p"]) == rating["games"]
            assert all(g["rated"] for g in profile["games"])
            seen += rating["games"]
        assert seen == 24
        for game in summary["games"][:3]:
            result = httpx.get(f"{server.base}/api/games/{game['id']}/result").json()
            assert result["rated"] and all("change" in s for s in result["seats"])
        mean = {lv: statistics.fmean(a["rating"] for a in accounts if a["level"] == lv)
                for lv in ("random", "greedy")}
        assert mean["greedy"] > mean["random"]
        assert summary["kendall"]["tau_b"] > 0
    finally:
        server.stop()
