"""Planning and playing tournaments: seats rotate, seeds are derived, results reproduce."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from cardtable.arena.tournament import (
    ArenaError,
    card_field,
    derive_seed,
    entrant_labels,
    plan,
    play_game,
    run_local,
    seat_cards,
    seat_characters,
    seatings,
)
from cardtable.engine.api import Game, OptionError


def test_seatings_rotate() -> None:
    assert seatings(2, 2) == [(0, 1), (1, 0)]
    assert seatings(1, 2) == [(0, 0)]
    assert seatings(2, 4) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    three_of_two = seatings(3, 2)
    assert len(three_of_two) == 6 and len(set(three_of_two)) == 6
    four = seatings(4, 4)
    for seat in range(4):
        assert sorted(s[seat] for s in four) == [0, 1, 2, 3]
    # more agents than seats: every ordered choice once, in blocks of rotations
    five_of_four = seatings(5, 4)
    assert len(five_of_four) == 120 and len(set(five_of_four)) == 120
    for start in range(0, 120, 4):
        block = five_of_four[start:start + 4]
        for seat in range(4):
            assert sorted(s[seat] for s in block) == sorted(block[0])


@pytest.mark.parametrize(("agents", "players", "games", "pool"), [
    (["random", "greedy", "random", "greedy"], 2, 6, None),
    (["random", "greedy"], 2, 6, ["plain", "bold"]),
    (["random", "greedy"], 4, 10, ["plain", "bold"]),
])
def test_a_run_stopped_mid_cycle_still_gives_each_agent_each_seat_alike(
        toy: Game, agents: list[str], players: int, games: int,
        pool: list[str] | None) -> None:
    t = plan("toy", agents, games, 1, players, character_pool=pool)
    seats: dict[str, Counter[int]] = {}
    for spec in t.specs:
        for seat, label in enumerate(spec.labels):
            seats.setdefault(label, Counter())[seat] += 1
    for label, counts in seats.items():
        assert max(counts.values()) - min(counts[s] for s in range(players)) <= 1, label


def test_labels_and_seeds() -> None:
    assert entrant_labels(["greedy", "ismcts:50", "greedy"]) == ["greedy", "ismcts:50",
                                                                  "greedy#2"]
    seeds = {derive_seed(7, i, r) for i in range(200) for r in range(3)}
    assert len(seeds) == 600
    assert derive_seed(7, 3, 1) == derive_seed(7, 3, 1) != derive_seed(8, 3, 1)
    assert all(0 <= s < 2**31 for s in seeds)


def test_plan(toy: Game) -> None:
    t = plan("toy", ["ismcts:20", "random"], 6, 5, 2)
    assert [s.labels for s in t.specs[:2]] == [("ismcts:20", "random"), ("random", "ismcts:20")]
    assert Counter(s.labels[0] for s in t.specs) == {"ismcts:20": 3, "random": 3}
    assert len({s.seed for s in t.specs}) == 6
    again = plan("toy", ["ismcts:20", "random"], 6, 5, 2)
    assert t.specs == again.specs
    assert plan("toy", ["ismcts:20", "random"], 6, 6, 2).specs[0].seed != t.specs[0].seed
    assert t.specs[0].game_ref == "toy_game:ToyGame"


def test_plan_with_a_character_pool(toy: Game) -> None:
    t = plan("toy", ["random", "greedy"], 16, 1, 2, character_pool=["plain", "bold"])
    assert t.characters == [["plain", "plain"], ["plain", "bold"], ["bold", "plain"],
                            ["bold", "bold"]]
    seen = Counter((tuple(s.options["characters"]), s.labels) for s in t.specs)
    assert len(seen) == 8 and set(seen.values()) == {2}
    with pytest.raises(OptionError):
        plan("toy", ["random"], 4, 1, 2, {"characters": ["bold", "bold"]}, ["plain"])
    # Assignments the game refuses (here: mirror match-ups) are left out.
    unique = plan("toy", ["random"], 4, 1, 2, {"unique_characters": True}, ["plain", "bold"])
    assert unique.characters == [["plain", "bold"], ["bold", "plain"]]
    with pytest.raises(OptionError, match="accepts no assignment"):
        plan("toy", ["random"], 4, 1, 2, {"unique_characters": True}, ["plain"])


def test_plan_rejects_bad_input(toy: Game) -> None:
    with pytest.raises(OptionError):
        plan("toy", ["random"], 4, 1, 5)
    with pytest.raises(OptionError):
        plan("toy", ["random", "nonsense"], 4, 1, 2)
    with pytest.raises(OptionError):
        plan("toy", ["ismcts:turbo"], 4, 1, 2)
    with pytest.raises(OptionError):
        plan("nogame", ["random"], 4, 1, 2)
    with pytest.raises(ArenaError):
        plan("toy", [], 4, 1, 2)
    with pytest.raises(ArenaError):
        plan("toy", ["random"], 0, 1, 2)


def test_a_game_that_cannot_start_names_itself(toy: Game) -> None:
    with pytest.raises(OptionError, match="rounds"):     # plan refuses it at once ...
        plan("toy", ["random"], 1, 1, 2, {"rounds": 9})
    # ... and a worker handed such a game anyway names it
    spec = dataclasses.replace(plan("toy", ["random"], 1, 1, 2).specs[0],
                               options={"rounds": 9})
    with pytest.raises(ArenaError, match=r"game 0 .*cannot start"):
        play_game(spec)


def test_play_game_records_everything(toy: Game) -> None:
    t = plan("toy", ["ismcts:15", "greedy"], 2, 3, 2, character_pool=["bold", "plain"])
    r = play_game(t.specs[1])
    assert r.index == 1 and r.seed == t.specs[1].seed
    assert r.labels == ["greedy", "ismcts:15"]     # the seats rotate first ...
    assert r.characters == ["bold", "bold"]        # ... the characters after a cycle
    assert len(r.scores) == 2 and r.winners and set(r.winners) <= {0, 1}
    assert r.actions == 10
    assert r.cards is not None and sum(len(c) for c in r.cards) <= 5
    assert all(name.startswith("card") for seat in r.cards for name in seat)
    assert r.card_field == "area"
    assert r.first_player == 0                  # the toy game starts with seat 1
    assert sum(len(t_) for t_ in r.decision_times) + sum(r.forced) == 10
    assert r.to_dict()["scores"] == r.scores
    assert play_game(t.specs[1]).scores == r.scores


def test_pool_and_single_process_agree(toy: Game) -> None:
    t = plan("toy", ["ismcts:25", "random"], 6, 9, 2)
    here = run_local(t.specs, workers=1)
    ticks: list[tuple[int, int]] = []
    pooled = run_local(t.specs, workers=2, progress=lambda d, n: ticks.append((d, n)))
    strip = [(r.index, r.labels, r.scores, r.winners, r.actions) for r in here]
    assert strip == [(r.index, r.labels, r.scores, r.winners, r.actions) for r in pooled]
    assert [r.index for r in pooled] == list(range(6))
    assert ticks[-1] == (6, 6) and len(ticks) == 6


def test_observation_readers() -> None:
    obs = {"seats": [{"character": "canto", "area": ["a", {"name": "b"}, {"id": 7}, 3]},
                     {"character": {"name": "myrja"}, "area": []}]}
    assert seat_characters(obs, 2) == ["canto", "myrja"]
    assert seat_cards(obs, 2) == [["a", "b", "7"], []]
    assert seat_characters({}, 2) == [None, None]
    assert seat_cards({"seats": [{"area": []}]}, 2) is None          # wrong seat count
    assert seat_cards({"seats": [{"hand": 3}, {"hand": 2}]}, 2) is None
    mixed = {"seats": [{"board": ["x"], "area": 3}, {"board": ["y"]}]}
    assert seat_cards(mixed, 2) == [["x"], ["y"]]
    assert card_field(mixed, 2) == "board" and card_field(obs, 2) == "area"
    assert card_field({"seats": [{"artifacts": []}, {"artifacts": ["a7"]}]}, 2) == "artifacts"


@pytest.mark.parametrize(("name", "key"), [("thalara", "start_player"),
                                           ("vale", "first_player")])
def test_real_games_report_who_started(name: str, key: str) -> None:
    import cardtable

    t = plan(name, ["random"], 4, 2, 2)
    for spec in t.specs:
        r = play_game(spec)
        start = cardtable.load_game(name).new_game(2, seed=spec.seed, **spec.options)
        assert r.first_player == start.observation(None)[key]
        assert r.cards is not None and r.card_field in ("area", "artifacts")
