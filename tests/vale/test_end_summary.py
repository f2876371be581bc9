"""The end-of-game summary (`observation()["end"]`): why the game ended, each player's
points by source, stones and summoned cards, and the tie-break; nothing before the end."""

from __future__ import annotations

import random
from typing import Any

from cardtable.vale import rules
from cardtable.vale.state import ValeState
from tests.vale.helpers import GAME


def finish(seed: int, **options: Any) -> ValeState:
    state = GAME.new_game(2, seed=seed, **options)
    assert isinstance(state, ValeState)
    rng = random.Random(seed)
    while not state.is_over():
        assert state.observation(0)["end"] is None
        state.apply(rng.choice(state.legal_actions()))
    return state


def check_breakdown(state: ValeState) -> dict[str, Any]:
    obs = state.observation(1)
    end = obs["end"]
    assert end is not None
    for seat, player in zip(obs["seats"], end["players"], strict=True):
        assert player["score"] == seat["score"]
        assert player["start"] + sum(s["points"] for s in player["sources"]) == seat["score"]
        assert player["stones"] == seat["stones"]
        assert player["area"] == seat["area"]
    return end


def test_the_game_ends_after_round_ten() -> None:
    state = finish(0)
    end = check_breakdown(state)
    assert max(state.scores()) < 60 and state.observation(None)["round"] == 10
    assert end["reason"] == "last_round"
    assert "Round 10 is over" in end["text"]
    assert [p["start"] for p in end["players"]] == [1, 2]


def test_the_game_ends_at_the_end_score() -> None:
    state = finish(2, end_score=12, start_scores="zero")
    end = check_breakdown(state)
    assert end["reason"] == "score"
    best = max(state.scores())
    assert best >= 12 and f"reached {best} points" in end["text"]
    assert [p["start"] for p in end["players"]] == [0, 0]


def test_points_are_told_by_the_card_that_gave_them() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        end = check_breakdown(finish(seed, expansion="artifacts" if seed % 2 else "none"))
        for player in end["players"]:
            for source in player["sources"]:
                kinds.add(source["kind"])
                if source["kind"] in ("summon", "hourglass"):
                    assert source["source"] in GAME.catalogue(
                        {"expansion": "artifacts"})["cards"]
    assert {"summon", "effect"} <= kinds


def test_the_tie_break_that_decided_is_told() -> None:
    state = finish(0)
    state.points = [20, 20]
    state.areas[0].append(state.deck.pop())
    state._winners = rules.winners(state)
    end = state.observation(None)["end"]
    counts = f"P1 {len(state.areas[0])}, P2 {len(state.areas[1])}"
    assert end["tie_break"]["rule"] == "area" and end["tie_break"]["tied"] == [0, 1]
    assert end["tie_break"]["text"] == (
        f"Tied on 20 points; the most cards in the area breaks the tie ({counts}): P1 wins")
    shared = finish(0, tie_break="shared")
    shared.points = [20, 20]
    shared._winners = rules.winners(shared)
    assert "every tied player wins" in shared.observation(None)["end"]["tie_break"]["text"]


def test_a_world_sampled_from_a_finished_game_tells_the_same_sources() -> None:
    state = finish(1)
    world = state.view(0).sample_world(random.Random(0))
    assert isinstance(world, ValeState)
    assert world.observation(0)["end"] == state.observation(0)["end"]


def test_a_state_without_history_tells_only_totals() -> None:
    state = finish(1)
    world = state.view(0).sample_world(random.Random(0))
    assert isinstance(world, ValeState)
    world.end_sources = None  # as a state rebuilt without its history
    end = world.observation(0)["end"]
    for player, score in zip(end["players"], state.scores(), strict=True):
        assert [s["kind"] for s in player["sources"]] in (["other"], [])
        assert player["start"] + sum(s["points"] for s in player["sources"]) == score


def test_a_world_sampled_in_mid_game_and_played_on_still_sums_up_its_end() -> None:
    # its history starts where it was sampled and does not replay from its seed: the
    # summary must not try to read one from it (it raised IllegalAction)
    for seed in range(8):
        rng = random.Random(seed)
        state = GAME.new_game(2, seed)
        for _ in range(50):
            state.apply(rng.choice(state.legal_actions()))
        world = state.sample_world(0, rng)
        while not world.is_over():
            world.apply(rng.choice(world.legal_actions()))
        end = world.observation(0)["end"]
        assert end is not None
        for seat, player in enumerate(end["players"]):
            # its gains by source add up to its score (what it cannot tell is "other")
            assert player["start"] + sum(s["points"] for s in player["sources"]) == \
                world.scores()[seat]
