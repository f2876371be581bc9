"""The engine contract, checked the same way for every registered game and each of its
option sets (as OpenSpiel's random simulation test does for its games): random games to
the end with clone, replay and undo equality, the notation read back, observations
that survive JSON and leak nothing between seats, sampled worlds consistent with their
sampler's view, and one clear error, changing nothing, for each kind of bad input.

A new game gets all of this by registering; OPTION_SETS may name option sets worth
playing besides its defaults. Game-specific invariants (cards conserved, stone limits)
stay in each game's own tests.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.engine.api import (
    Action,
    CardFileError,
    IllegalAction,
    MalformedAction,
    OptionError,
    RecordError,
    State,
)
from cardtable.engine.record import GameRecord

#: option sets played besides the defaults: every setting away from its default at
#: least once, and the modes where the most is hidden
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "thalara": [
        {"mode": "casual"},
        {"silence_scope": "spell", "empty_casts": "allowed", "star_tie": "most-artifacts",
         "characters": "canto,accaina"},
        {"characters": "accaina,rinnthra"},  # face-down cards and Aftershocks
        {"characters": "accaina,accaina,canto,rinnthra"},
        {"mode": "casual", "characters": "accaina,rinnthra", "idle_rounds": 1},
    ],
    "vale": [
        {"expansion": "cards"},
        {"expansion": "artifacts"},
        {"copy_resolves_as": "target", "steal": "full", "start_scores": "zero",
         "tie_break": "shared", "end_score": 30},
    ],
}
CASES = [(name, options) for name in cardtable.games()
         for options in [{}, *OPTION_SETS.get(name, [])]]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}"
       for name, options in CASES]
STEPS = 3000  # a random game that is not over by then does not end


def _fits(options: dict[str, Any], players: int) -> bool:
    chosen = options.get("characters")
    return chosen is None or len(chosen.split(",")) == players


def _players(name: str, options: dict[str, Any]) -> list[int]:
    game = cardtable.load_game(name)
    return [n for n in range(game.min_players, game.max_players + 1) if _fits(options, n)]


def _everything(state: State) -> tuple[Any, ...]:
    """What the contract lets anyone see of a state, for equality checks."""
    views = [state.observation(v) for v in [None, *range(state.num_players)]]
    return ([str(a) for a in state.history()], views,
            [str(a) for a in state.legal_actions()], state.is_over(), state.scores(),
            state.current_player())


def _unchanged(state: State) -> tuple[Any, ...]:
    """All the contract shows of a state, and the game's own fingerprint of everything
    else (hidden cards, the generator) when it offers one, as both games do."""
    fingerprint = getattr(state, "fingerprint", None)
    return _everything(state), fingerprint() if fingerprint else None


SEATS = ["Ann", "Bea", "Cid", "Dee"]


def _check_decision(state: State, legal: list[Action]) -> None:
    """`game.decision`: plain JSON, the same decider for every viewer, and for the
    decider alone one choice per legal action, in order."""
    player = state.current_player()
    for viewer in [None, *range(state.num_players)]:
        said = state.game.decision(state, viewer, SEATS[:state.num_players])
        assert json.loads(json.dumps(said)) == said, "the decision is not plain JSON"
        assert set(said) == {"phase", "deciding", "prompt", "choices"}
        assert said["deciding"] == player and said["prompt"] and said["phase"]
        if viewer != player:
            assert said["choices"] == []
            continue
        assert said["prompt"].startswith("You must")
        assert [c["action"] for c in said["choices"]] == [str(a) for a in legal]
        for choice in said["choices"]:
            assert set(choice) == {"action", "text", "group", "waste"}
            assert choice["text"] and choice["group"].isalpha()
            assert choice["waste"] is None or isinstance(choice["waste"], str)


def _check_step(state: State, rng: random.Random, step: int) -> None:
    n = state.num_players
    game = state.game
    player = state.current_player()
    legal = state.legal_actions()
    assert legal, "no legal action before the end"
    assert player in range(n)
    for action in legal:  # the notation reads back every listed action
        parsed = game.parse_action(state, str(action))
        assert parsed == action and str(parsed) == str(action)
    spectator = state.observation(None)
    for viewer in [None, *range(n)]:
        obs = state.observation(viewer)
        assert json.loads(json.dumps(obs)) == obs, "the observation is not plain JSON"
        assert set(obs) == set(spectator), "every viewer gets the same keys"
    _check_decision(state, legal)
    copy = state.clone()
    assert _unchanged(copy) == _unchanged(state)
    if step % 5 == 0:  # a clone is independent of its original
        before = _unchanged(state)
        copy.apply(rng.choice(copy.legal_actions()))
        assert _unchanged(state) == before
    if step % 3 == 0:
        for viewer in range(n):
            world = state.view(viewer).sample_world(random.Random(step))
            # consistent with all the viewer knows, and so with what a spectator knows
            assert world.observation(viewer) == state.observation(viewer)
            assert world.observation(None) == spectator
            assert world.history() == [] and world.seed != state.seed
            if viewer == player:  # who decides faces the same decision
                assert [str(a) for a in world.legal_actions()] == [str(a) for a in legal]
            else:  # and the others read it in the same words
                assert game.decision(world, viewer, SEATS) == game.decision(state, viewer,
                                                                            SEATS)


@settings(max_examples=5, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_random_games_keep_the_contract(name: str, options: dict[str, Any], seed: int,
                                        data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(_players(name, options)))
    game = cardtable.load_game(name)
    state = game.new_game(players, seed, **options)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        _check_step(state, rng, step)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
        assert step < STEPS, "the game does not end"
    assert state.legal_actions() == [] and state.current_player() is None
    over = game.decision(state, None)
    assert over["deciding"] is None and over["choices"] == [] and over["prompt"]
    assert state.winners() and set(state.winners()) <= set(range(players))
    assert len(state.scores()) == players
    # a record read back from JSON replays to the same game, and undo takes actions back
    record = GameRecord.from_json(GameRecord.from_state(state).to_json())
    assert _unchanged(record.replay()) == _unchanged(state)
    back = len(record.actions) // 3
    shorter = record.undo(back).replay()
    again = game.new_game(players, seed, **options)
    for action in state.history()[:len(record.actions) - back]:
        again.apply(action)
    assert _unchanged(shorter) == _unchanged(again)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_a_sampled_world_has_no_true_seed_and_no_history(name: str,
                                                         options: dict[str, Any]) -> None:
    # With the true seed and history, new_game plus a replay would redeal every hidden card.
    players = _players(name, options)[0]
    game = cardtable.load_game(name)
    truth = game.new_game(players, 31, **options)
    rng = random.Random(31)
    for _ in range(40):
        truth.apply(rng.choice(truth.legal_actions()))
    assert not truth.is_over() and truth.history()
    viewer = ((truth.current_player() or 0) + 1) % players
    for k in range(5):
        world = truth.view(viewer).sample_world(random.Random(k))
        assert world.history() == [] and world.seed != truth.seed
        # what a curious agent would try: rebuild the game from the world's own record
        rebuilt = game.new_game(world.num_players, world.seed, **world.options)
        assert rebuilt.history() == []
        assert rebuilt.observation(None) != truth.observation(None)


# ---- bad input: one clear error, nothing changed --------------------------------------

NAMES = cardtable.games()


@pytest.mark.parametrize("name", NAMES)
def test_new_game_refuses_bad_players_options_and_seeds(name: str) -> None:
    game = cardtable.load_game(name)
    for players in (game.min_players - 1, game.max_players + 1, str(game.min_players),
                    float(game.min_players), True, None):
        with pytest.raises(OptionError, match="players"):
            game.new_game(players, seed=1)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match=f"unknown option 'colour' for {name}"):
        game.new_game(game.min_players, seed=1, colour="red")
    with pytest.raises(OptionError, match="unknown options 'colour', 'size'"):
        game.new_game(game.min_players, seed=1, size=3, colour="red")
    for seed in ("x", 1.5, True):
        with pytest.raises(OptionError, match="seed"):
            game.new_game(game.min_players, seed=seed)  # type: ignore[arg-type]
    assert isinstance(game.new_game(game.min_players).seed, int)  # None: a random seed


@pytest.mark.parametrize("name", NAMES)
def test_a_broken_card_file_is_a_card_file_error(name: str, tmp_path: Path) -> None:
    game = cardtable.load_game(name)
    if "cards" not in game.option_help():
        pytest.skip(f"{name} reads no card files")  # pragma: no cover
    broken = tmp_path / "broken.toml"
    broken.write_text("this is [not toml", encoding="utf-8")
    for path in (broken, tmp_path / "missing.toml"):
        with pytest.raises(CardFileError, match=path.name):
            game.new_game(game.min_players, seed=1, cards=str(path))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", [None, 5, b"pass", ["pass"]])
def test_parsing_what_is_not_text_is_a_malformed_action(name: str, text: object) -> None:
    game = cardtable.load_game(name)
    state = game.new_game(game.min_players, seed=1)
    before = _unchanged(state)
    with pytest.raises(MalformedAction, match="an action is text"):
        game.parse_action(state, text)  # type: ignore[arg-type]
    assert _unchanged(state) == before


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", ["", "   ", "fly away", "zzz 1 2 3"])
def test_unreadable_text_is_a_malformed_action(name: str, text: str) -> None:
    game = cardtable.load_game(name)
    state = game.new_game(game.min_players, seed=1)
    before = _unchanged(state)
    with pytest.raises(MalformedAction):
        game.parse_action(state, text)
    assert _unchanged(state) == before


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("thing", [None, 5, b"pass", object()])
def test_applying_what_is_not_an_action_is_illegal_and_changes_nothing(
        name: str, thing: object) -> None:
    game = cardtable.load_game(name)
    state = game.new_game(game.min_players, seed=1)
    # also the text of a listed action, which is a string, not the Action
    for wrong in (thing, str(state.legal_actions()[0])):
        before = _unchanged(state)
        with pytest.raises(IllegalAction, match="is not an action"):
            state.apply(wrong)  # type: ignore[arg-type]
        assert _unchanged(state) == before
    state.apply(state.legal_actions()[0])  # a real one still plays


@pytest.mark.parametrize("name", NAMES)
def test_an_action_not_legal_now_is_illegal_and_changes_nothing(name: str) -> None:
    game = cardtable.load_game(name)
    state = game.new_game(game.min_players, seed=1)
    first = state.legal_actions()[0]
    state.apply(first)
    for wrong in (Action(0, "no such action here"), *[a for a in [first]
                                                      if a not in state.legal_actions()]):
        before = _unchanged(state)
        with pytest.raises(IllegalAction):
            state.apply(wrong)
        assert _unchanged(state) == before


@pytest.mark.parametrize("name", NAMES)
def test_nothing_applies_once_the_game_is_over(name: str) -> None:
    game = cardtable.load_game(name)
    state = game.new_game(game.min_players, seed=1)
    last = state.legal_actions()[0]
    while not state.is_over():
        last = state.legal_actions()[0]
        state.apply(last)
    before = _unchanged(state)
    for wrong in (None, last, Action(0, "no such action here")):
        with pytest.raises(IllegalAction):
            state.apply(wrong)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        game.parse_action(state, str(last))
    assert _unchanged(state) == before


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seat", [2, 5, -1, "x", "0", 1.0, True, [0]])
def test_observation_and_view_of_a_seat_that_does_not_exist_raise(name: str,
                                                                  seat: Any) -> None:
    state = cardtable.load_game(name).new_game(2, seed=1)
    before = _unchanged(state)
    with pytest.raises(ValueError, match="seat from 0 to 1, or None"):
        state.observation(seat)
    with pytest.raises(ValueError, match="seat from 0 to 1, or None"):
        state.view(seat)
    assert _unchanged(state) == before


@pytest.mark.parametrize("name", NAMES)
def test_every_seat_and_the_spectator_still_observe(name: str) -> None:
    state = cardtable.load_game(name).new_game(3, seed=1)
    for seat in (None, 0, 1, 2):
        assert state.observation(seat)["viewer"] == seat
    assert state.view(2).player == 2


@pytest.mark.parametrize("name", NAMES)
def test_a_record_that_cannot_be_replayed_is_a_record_error(name: str) -> None:
    game = cardtable.load_game(name)
    state = game.new_game(game.min_players, seed=1)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    good = GameRecord.from_state(state).to_dict()
    bad_action = {**good, "actions": [*good["actions"][:2], "fly away"]}
    with pytest.raises(RecordError, match="fly away"):
        GameRecord.from_dict(bad_action).replay()
    bad_option = {**good, "options": {**good["options"], "colour": "red"}}
    with pytest.raises(RecordError, match="unknown option"):
        GameRecord.from_dict(bad_option).replay()
    with pytest.raises(RecordError):
        GameRecord.from_json("{not json")
    assert _unchanged(GameRecord.from_dict(good).replay()) == _unchanged(state)
