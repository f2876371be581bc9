"""Hidden information stays hidden: observations, events and sampled worlds."""

from __future__ import annotations

import json
import random

from cardtable.thalara.state import ThalaraState
from tests.engine.worlds import retold, sampled_worlds
from tests.thalara.helpers import GAME, OLD, P2_FILLER, act, new, select, turn

MINE = ["red5", "blue5", "green5", "yellow5", "red4", "blue4", "green4"]


def _two_games_differing_in_p2_choice() -> tuple[ThalaraState, ThalaraState]:
    a = new(first=0)
    b = new(first=0)
    select(a, {0: list(MINE), 1: ["red2", "blue1", "green1", "yellow1", "purple1",
                                  "green2", "yellow2"]})
    select(b, {0: list(MINE), 1: ["red5", "red4", "red3", "purple4", "purple3", "blue4",
                                  "yellow5"]})
    return a, b


def test_p1_observation_is_identical_whatever_p2_chose_secretly() -> None:
    a = new(first=0)
    b = new(first=0)
    for card in MINE:
        act(a, f"take {card}")
        act(b, f"take {card}")
    theirs_a = ["red2", "blue1", "green1", "yellow1", "purple1", "green2", "yellow2"]
    theirs_b = ["red5", "red4", "red3", "purple4", "purple3", "blue4", "yellow5"]
    for x, y in zip(theirs_a, theirs_b, strict=True):
        ea = a.apply(GAME.parse_action(a, f"take {x}"))
        eb = b.apply(GAME.parse_action(b, f"take {y}"))
        assert a.observation(0) == b.observation(0)
        assert a.observation(None) == b.observation(None)
        assert [e.text_for(0) for e in ea] == [e.text_for(0) for e in eb]
        assert [e.to_dict(0) for e in ea] == [e.to_dict(0) for e in eb]
    assert a.observation(1) != b.observation(1)


def test_observation_is_json_and_names_no_hidden_card() -> None:
    a, _ = _two_games_differing_in_p2_choice()
    text = json.dumps(a.observation(0))
    seat = json.dumps(a.observation(0)["seats"][1])
    assert "purple1" not in seat and "yellow2" not in seat
    assert json.loads(text) == a.observation(0)


def test_face_down_card_is_hidden_from_opponents_in_events_and_observation() -> None:
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["purple1", "green1", "red5", "red2", "blue1", "green2", "yellow1"],
                   1: ["red2", "blue1", "green1", "yellow1", "purple1", "green2",
                       "yellow2"]})
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    turn(state, "play blue1 1")
    events = state.apply(GAME.parse_action(state, "play red5 2"))
    assert all("red5" not in e.text_for(1) for e in events)
    assert any("red5" in e.text_for(0) for e in events)
    assert "red5" not in json.dumps(state.observation(1)["conflicts"])
    assert "red5" not in json.dumps(state.observation(None))


def _random_position(seed: int, steps: int) -> ThalaraState:
    state = GAME.new_game(2, seed=seed, characters=["accaina", "rinnthra"])
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_sampled_world_does_not_depend_on_what_the_player_cannot_know() -> None:
    a, b = _two_games_differing_in_p2_choice()
    wa = a.view(0).sample_world(random.Random(5))
    wb = b.view(0).sample_world(random.Random(5))
    assert wa == wb


def test_sampled_worlds_redeal_the_opponents_hand_from_their_possible_cards() -> None:
    a, _ = _two_games_differing_in_p2_choice()
    hands = set()
    for k in range(20):
        world = a.view(0).sample_world(random.Random(k))
        assert isinstance(world, ThalaraState)
        assert world.hands[0] == a.hands[0]
        assert sorted(world.hands[1] + world.supply[1]) == sorted(a.hands[1] + a.supply[1])
        assert len(world.hands[1]) == 7
        hands.add(tuple(sorted(world.hands[1])))
        assert world.history() == []
    assert len(hands) > 10


def test_an_artifact_played_face_down_stays_what_everybody_knows_it_is() -> None:
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["green5", "purple1", "green1", "red2", "blue1", "green2",
                       "yellow1"],
                   1: ["red2", "blue1", "green1", "yellow1", "purple1", "green2",
                       "yellow2"]})
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    artifact = state.observation(1)["seats"][0]["known_hand"][0]
    select(state, {0: ["purple1", "green1", "red2", "blue1", "green2", "yellow1"],
                   1: ["red2", "blue1", "green1", "yellow1", "purple1", "green2",
                       "yellow2"]})
    turn(state, "play purple1 2")
    turn(state, "play red2 3")
    turn(state, "play green1 2", "cast accaina-veil 2")
    turn(state, "play blue1 3")
    turn(state, f"play {artifact} 1")
    seen = state.observation(1)
    assert seen["seats"][0]["known_hand"] == []
    for k in range(30):
        world = state.view(1).sample_world(random.Random(k))
        assert world.observation(1) == seen
        assert isinstance(world, ThalaraState)
        assert [world.setup.name(c) for c in world.sides[0]] == [artifact]


CHARACTERS = ["myrja", "canto", "accaina", "kandhran", "rinnthra", "jinpatrica"]


def _spell_heavy_game(seed: int) -> ThalaraState:
    """2-4 players, either mode, Accaina (face-down cards) and Rinn'thra (Aftershocks)
    likely: the games where the most is hidden."""
    rng = random.Random(seed)
    n = rng.choice([2, 2, 3, 4])
    chars = rng.sample(CHARACTERS if n == 2 else CHARACTERS * 2, n)  # two sets: two copies
    if "accaina" not in chars:
        chars[rng.randrange(n)] = "accaina"
    state = GAME.new_game(n, seed=seed, characters=chars, mode=rng.choice(["standard",
                                                                          "casual"]))
    assert isinstance(state, ThalaraState)
    return state


def _chosen_at(state: ThalaraState) -> tuple[int, int]:
    """Where the card a pending second step names lies: its side and position."""
    chosen = state.pending[-1].chosen
    return next((slot, side.index(chosen)) for slot, side in enumerate(state.sides)
                if chosen in side)


def test_a_world_sampled_before_an_action_looks_the_same_after_it() -> None:
    # Feeding the true action to worlds sampled just before it must show the sampling
    # player the same observation and events: otherwise the world held, or lost,
    # something that player could tell apart.
    compared = 0
    for seed in range(10):
        state = _spell_heavy_game(seed)
        rng = random.Random(seed)
        for step in range(250):
            if state.is_over():
                break
            legal = state.legal_actions()
            casts = [a for a in legal if str(a).startswith("cast")]
            action = rng.choice(casts if casts and rng.random() < 0.8 else legal)
            before = (state.round, state.phase_name())
            worlds = sampled_worlds(state, step)
            if state.pending and state.pending[-1].stage == 1:
                # which card a spell's first step chose is the caster's secret: only the
                # worlds that chose the card where the true one lies can tell it alike
                worlds = [(v, w) for v, w in worlds if _chosen_at(w) == _chosen_at(state)]
            events = state.apply(action)
            if state.round != before[0] or before[1] == "return":
                continue  # draws and shuffles at a round's end differ by design
            compared += retold(worlds, action, events, truth=state)
    assert compared > 500


def test_which_card_shift_chose_is_the_casters_secret_in_sampled_worlds() -> None:
    # Accaina casts Shift in conflict 1 and chooses blue4 of her two face-up cards
    # there; until she moves it, only she knows which (her observation alone names it)
    state = new(("accaina", "canto"), first=0)
    select(state, {0: ["purple1", "green1", "blue4", "red2", "blue1", "green2", "yellow1"],
                   1: list(P2_FILLER)})
    turn(state, "play blue4 1")
    turn(state, "play red2 2")
    turn(state, "play green1 1")
    turn(state, "play blue1 2")
    act(state, "play green2 1", "cast accaina-shift 1", "target blue4")
    assert state.observation(0)["pending"]["chosen"] == "blue4"
    assert state.observation(1)["pending"]["chosen"] is None
    name = state.setup.name
    # Canto's worlds: any of Accaina's face-up energy cards there, each as often
    theirs = {name(state.sample_world(1, random.Random(k)).pending[-1].chosen)
              for k in range(40)}
    assert theirs == {"blue4", "green1", "green2"}
    # Accaina's own worlds keep her choice
    mine = {name(state.sample_world(0, random.Random(k)).pending[-1].chosen)
            for k in range(20)}
    assert mine == {"blue4"}
    for k in range(10):
        world = state.sample_world(1, random.Random(k))
        assert world.observation(1) == state.observation(1)
