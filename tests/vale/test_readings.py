"""Readings where the sources leave a point open and implementations differ, each as
docs/vale.md states it (see "Rules decisions" there)."""

from __future__ import annotations

import pytest

from tests.vale.helpers import legal, names, play, position, seat


@pytest.mark.parametrize("free_summon", ["young-forest-spirit", "dragon-egg"])
def test_sylph_scores_for_a_free_summon_too(free_summon: str) -> None:
    if free_summon == "young-forest-spirit":
        st = position(seat(hand=["young-forest-spirit", "imp", "kappa"], area=["sylph"]),
                      seat())
        play(st, "summon young-forest-spirit", "discard kappa")
        summoned, instants = ["young-forest-spirit", "imp"], 0
    else:
        st = position(seat(hand=["dragon-egg", "tidal"], area=["sylph"], stones=(0, 1, 0)),
                      seat())
        play(st, "summon dragon-egg pay blue")
        summoned, instants = ["tidal"], 5  # Tidal: 5 for its own Dragon
    assert names(st, st.areas[0]) == ["sylph", *summoned]
    # one point for the paid summon and one for the free one
    assert st.scores()[0] == 2 + instants


@pytest.mark.parametrize("round, room", [(2, False), (3, True)])
def test_a_free_summon_respects_the_area_limit(round: int, room: bool) -> None:
    # Young Forest Spirit enters beside Kappa: in round 2 the area is full, so its free
    # summon could not be made and the Spirit cannot be summoned at all.
    st = position(seat(hand=["young-forest-spirit", "imp", "hestia"], area=["kappa"]),
                  seat(), round=round)
    assert ("summon young-forest-spirit" in legal(st)) is room
    if room:
        play(st, "summon young-forest-spirit", "discard imp")
        assert names(st, st.areas[0]) == ["kappa", "young-forest-spirit", "hestia"]


def test_a_dragon_egg_frees_its_own_space_for_its_dragon() -> None:
    st = position(seat(hand=["dragon-egg", "tidal"], area=["kappa"], stones=(0, 1, 0)),
                  seat(), round=2)
    play(st, "summon dragon-egg pay blue")
    assert names(st, st.areas[0]) == ["kappa", "tidal"]


@pytest.mark.parametrize("expansion, score, over", [
    ("none", 60, True), ("cards", 60, True), ("cards", 59, False),
    ("artifacts", 60, False), ("artifacts", 79, False), ("artifacts", 80, True)])
def test_the_game_ends_at_60_points_and_at_80_only_with_the_artifacts(
        expansion: str, score: int, over: bool) -> None:
    st = position(seat(score=score), seat(), expansion=expansion)
    play(st, "end", "end")
    assert st.is_over() is over
