"""Quick pairing's rule on its own (server/pairing.py): which seeks are compatible, the
band that widens with waiting, and who is seated with whom."""

from __future__ import annotations

import random

import pytest

from cardtable.server.pairing import (
    BAND_GROWTH,
    BAND_MAX,
    BAND_START,
    Seek,
    band,
    compatible,
    groups,
    unpaired_compatible,
)

NOW = 10_000.0


def seek(i: int, rating: int = 1500, waited: float = 0.0, *, game: str = "vale",
         players: int = 2, clock: str | None = "10m+5s", rated: bool = True,
         owner: str | None = None) -> Seek:
    return Seek(f"s{i}", game, players, clock, rated, rating, NOW - waited,
                owner or f"a{i}")


def test_the_band_starts_narrow_widens_with_waiting_and_stops() -> None:
    assert band(0) == BAND_START
    assert band(4) == BAND_START + 4 * BAND_GROWTH
    assert band(10_000) == BAND_MAX
    assert band(-5) == BAND_START       # a clock a little behind changes nothing


def test_seeks_must_ask_for_the_same_game_players_clock_and_ratedness() -> None:
    base = seek(1)
    assert compatible(base, seek(2), NOW)
    assert not compatible(base, seek(2, game="thalara"), NOW)
    assert not compatible(base, seek(2, players=3), NOW)
    assert not compatible(base, seek(2, clock="3m+2s"), NOW)
    assert not compatible(base, seek(2, clock=None), NOW)
    assert not compatible(base, seek(2, rated=False), NOW)


def test_nobody_plays_themselves() -> None:
    assert not compatible(seek(1, owner="a7"), seek(2, owner="a7"), NOW)


def test_rated_seeks_pair_within_both_bands_and_the_narrower_decides() -> None:
    gap = int(BAND_START) + 50
    fresh, long_waiting = seek(1, 1500), seek(2, 1500 + gap, waited=60)
    # the long wait widened one band, but the newcomer's is still narrow: not yet
    assert not compatible(fresh, long_waiting, NOW)
    assert not compatible(long_waiting, fresh, NOW)
    # once the newcomer has waited long enough for its band to reach the gap, yes
    needed = (gap - BAND_START) / BAND_GROWTH
    assert compatible(seek(1, 1500, waited=needed), long_waiting, NOW)
    assert not compatible(seek(1, 1500, waited=needed - 0.1), long_waiting, NOW)
    # never beyond the widest band
    assert not compatible(seek(1, 1500, waited=1e6), seek(2, 1501 + int(BAND_MAX),
                                                          waited=1e6), NOW)


def test_unrated_seeks_pair_whatever_the_ratings() -> None:
    assert compatible(seek(1, 900, rated=False), seek(2, 2400, rated=False), NOW)


def test_the_longest_waiting_is_seated_first_with_the_closest_rating() -> None:
    oldest = seek(1, 1500, waited=3)
    near, far = seek(2, 1540, waited=1), seek(3, 1590, waited=2)
    tables = groups([near, far, oldest], NOW)
    assert [[s.id for s in t] for t in tables] == [["s1", "s2"]]


def test_tables_of_three_are_pairwise_compatible() -> None:
    seeks = [seek(1, 1500, players=3), seek(2, 1600, players=3),
             seek(3, 1400, players=3), seek(4, 1510, players=3)]
    tables = groups(seeks, NOW)
    # 1500, 1510 and then either 1600 or 1400 would be 100 from 1500 (in band) but 200
    # from each other: only one of them fits
    assert len(tables) == 1 and len(tables[0]) == 3
    for a in tables[0]:
        for b in tables[0]:
            assert a is b or compatible(a, b, NOW)
    # a table short of a player waits
    assert groups(seeks[:2], NOW) == []


@pytest.mark.parametrize("seed", range(20))
def test_after_a_pass_nobody_is_twice_and_no_compatible_pair_waits(seed: int) -> None:
    rng = random.Random(seed)
    seeks = [Seek(f"s{i}", rng.choice(["vale", "thalara"]), 2,
                  rng.choice(["10m+5s", "3m+2s", None]), rng.random() < 0.7,
                  int(rng.gauss(1500, 250)), NOW - rng.uniform(0, 30),
                  f"a{rng.randrange(150)}") for i in range(120)]
    tables = groups(seeks, NOW)
    seated = [s.id for t in tables for s in t]
    assert len(seated) == len(set(seated))
    for a, b in tables:
        assert compatible(a, b, NOW)
    left = [s for s in seeks if s.id not in set(seated)]
    assert unpaired_compatible(left, NOW) == []
    assert tables   # (the draw does pair somebody)
