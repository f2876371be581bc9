"""Audit of 2026-12-06: rules of the rulebook (rulebooks/thalara-the-last-artifacts.txt)
that had no test asserting their effect, and one rule the code broke."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.thalara.cards import CORE_PATH
from cardtable.thalara.scoring import conflict_winner
from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import (
    GAME,
    P2_FILLER,
    act,
    artifacts_out,
    artifacts_won,
    new,
    select,
    take_every_conflict,
    texts,
    totals,
    turn,
)
from tests.thalara.test_rules import HIGH_HAND, LOW_HAND


def zero_strength_cards(tmp_path: Path) -> Path:
    """The shipped set with one more purple Remnant, of strength 0 (a card file may
    give strengths from 0)."""
    path = tmp_path / "zero.toml"
    text = CORE_PATH.read_text()
    assert text.count("strengths = [1, 2, 3, 4]") == 1
    path.write_text(text.replace("strengths = [1, 2, 3, 4]", "strengths = [0, 1, 2, 3, 4]"))
    return path


def new_with_first_artifact(color: str, characters: tuple[str, str]) -> ThalaraState:
    """A 2-player game, P1 first, whose conflict 1 holds an Artifact of `color`."""
    for seed in range(500):
        state = GAME.new_game(2, seed=seed, characters=list(characters))
        assert isinstance(state, ThalaraState)
        first = state.observation(None)["conflicts"][0]["artifact"]
        if state.start == 0 and first["color"] == color:
            return state
    raise AssertionError(f"no seed puts a {color} Artifact into conflict 1")


# ---- the discrepancy ------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_conflict_where_every_total_is_zero_is_a_tie_whatever_the_player_count(
        tmp_path: Path, players: int) -> None:
    # "The player with the highest strength wins the conflict ... If there is a tie, no
    # player wins the Artifact". A lone card of strength 0 against nothing is 0 to 0:
    # nobody has the highest strength, with two players or with more (and with 3-4
    # players there is no next highest total below 0 to take it).
    characters = ("myrja", "canto", "accaina", "kandhran")[:players]
    state = new(characters, first=0, cards=str(zero_strength_cards(tmp_path)))
    select(state, {p: ["purple0", *P2_FILLER[:6]] for p in range(players)})
    artifact = state.observation(None)["conflicts"][0]["artifact"]["card"]
    turn(state, "play purple0 1")
    for _ in range(players):
        act(state, "pass")
    assert state.observation(None)["round"] == 2
    assert artifacts_won(state) == [[]] * players
    assert artifacts_out(state)[0] == artifact


def test_a_lone_player_at_zero_ties_with_the_players_who_have_no_card_there() -> None:
    # the same rule, for the resolution alone: P1 is the only one with a card, worth 0
    assert conflict_winner([0, 0, 0], [0]) is None
    assert conflict_winner([0, 0, 0, 0], [0]) is None
    assert conflict_winner([1, 0, 0], [0]) == 0


# ---- rules that had no test asserting them ------------------------------------------

def test_the_seventh_artifact_ends_the_game_only_at_the_start_of_the_next_round() -> None:
    # "The game ends when one of these conditions is met at the beginning of a round":
    # the round in which a player wins a seventh Artifact is resolved to its end. P1
    # wins all three conflicts each round: 3, 6, then 9 Artifacts (the 7th, 8th and 9th
    # in the same resolution), and the game ends as round 4 begins.
    state = new(first=0)
    take_every_conflict(state)
    obs = state.observation(None)
    assert len(obs["seats"][0]["artifacts"]) == 9
    assert obs["round"] == 4
    assert obs["seats"][0]["stars"] == state.scores()[0] > 0


@pytest.mark.parametrize(("played", "over"), [(6, False), (7, True)])
def test_a_supply_that_can_just_fill_the_hand_starts_the_round(played: int,
                                                               over: bool) -> None:
    # "The game ends when ... there are not enough cards left in a player's supply to
    # select the required number of hand cards"; discarded Remnants "are not
    # reshuffled". P2 wins nothing and plays seven Remnants in round 1 (13 left), then
    # takes seven and plays six of them, the seventh going back on passing (7 left: just
    # enough), or all seven (6 left: one short).
    state = new(first=0)
    theirs = list(LOW_HAND)
    select(state, {0: list(HIGH_HAND), 1: list(theirs)})
    for card in ["red5", "blue5", "green5"]:      # 15 in conflict 1 against P2's 10
        turn(state, f"play {card} 1")
        turn(state, f"play {theirs.pop(0)} 1")
    act(state, "pass")
    while theirs:
        turn(state, f"play {theirs.pop(0)} 1")
    obs = state.observation(None)
    assert obs["round"] == 2 and obs["start_player"] == 1
    assert obs["seats"][1]["artifacts"] == [] and obs["seats"][1]["supply_count"] == 13
    theirs = ["purple2", "red3", "blue3", "yellow3", "purple3", "red4", "blue4"]  # 22
    artifact = obs["seats"][0]["artifacts"][0]
    mine = [artifact, "red4", "blue4", "green4", "yellow5", "purple4", "purple3"]  # 25+
    select(state, {1: list(theirs), 0: mine[1:]})
    for k in range(7):
        if k < played:
            turn(state, f"play {theirs[k]} 1")
        elif state.current_player() == 1:
            act(state, "pass")
        turn(state, f"play {mine[k]} 1")
    obs = state.observation(None)
    assert obs["seats"][1]["artifacts"] == []
    assert obs["seats"][1]["supply_count"] == 13 - played
    assert state.is_over() is over
    if over:
        assert "supply cannot fill" in obs["end_reason"]
    else:
        assert obs["round"] == 3 and state.phase_name() == "select"


def test_a_tied_conflicts_remnants_are_discarded_and_its_artifact_is_not_replaced() -> None:
    # "If there is a tie, no player wins the Artifact, and it remains for the next
    # round. Discard all Remnants used in this round." Only taken Artifacts are replaced.
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: ["green1", "red2", "blue1", "yellow1",
                                           "purple1", "purple2", "green2"]})
    display = artifacts_out(state)
    turn(state, "play green4 2")
    turn(state, "play red2 2")
    act(state, "pass")
    turn(state, "play green2 2")                 # 4 - 4
    act(state, "pass")
    obs = state.observation(0)
    assert artifacts_out(state) == display
    assert obs["artifact_stack"] == 12           # nothing taken, nothing drawn
    assert obs["seats"][0]["discard"] == ["green4"]
    assert obs["seats"][1]["discard"] == ["green2", "red2"]
    assert "green4" not in obs["seats"][0]["supply"]
    assert all(side["cards"] == [] for c in obs["conflicts"] for side in c["sides"])


def test_passing_returns_the_remnants_but_the_artifacts_stay_in_hand() -> None:
    # "When you pass, return any remaining Remnant cards in your hand to your energy
    # supply"; Artifacts "will never be discarded" and return to hand each round.
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    select(state, {0: ["red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(LOW_HAND)})
    turn(state, "play red5 2")
    turn(state, "play blue1 3")
    act(state, "pass")
    me = state.observation(0)["seats"][0]
    assert me["hand"] == [artifact]
    assert artifact not in me["supply"]
    assert sorted(me["supply"]) == sorted(
        ["blue5", "yellow5", "red4", "blue4", "green4", "red3", "red2", "blue1", "blue3",
         "green1", "green2", "yellow1", "yellow2", "yellow3", "purple1", "purple2",
         "purple3", "purple4"])
    turn(state, "play red2 3")
    act(state, "pass")
    assert artifact in state.observation(0)["seats"][0]["hand"]


def test_an_artifact_is_an_energy_card_its_strength_and_color_count() -> None:
    # "Artifacts are used as energy in the same way as Remnants": its strength adds to
    # the total and its color meets a spell's requirement (Surge: red, red).
    state = new_with_first_artifact("red", ("myrja", "canto"))
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play red5 1")
    act(state, "pass", "pass")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    assert state.observation(None)["start_player"] == 0
    select(state, {0: ["red4", "blue5", "yellow5", "blue4", "green4", "green5"],
                   1: list(LOW_HAND)})
    assert artifact in state.observation(0)["seats"][0]["hand"]
    turn(state, f"play {artifact} 2")
    turn(state, "play blue1 3")
    act(state, "play red4 2")
    assert "cast myrja-surge 2" in texts(state.legal_actions())
    act(state, "skip")
    won = GAME.catalogue()["artifacts"][artifact]
    assert won["color"] == "red"
    assert totals(state, 2)[0] == won["strength"] + 4


def test_a_bonus_to_a_conflict_total_leaves_each_cards_strength_as_printed() -> None:
    # Clarification 3 ([JP]): a bonus "in a conflict" raises the total only. After
    # Surge (+2 to Myrja's total) her red4 is still a strength-4 card, so Kandhran's
    # Shatter (an opposing Remnant of strength 4 or less) may destroy it.
    state = new(("myrja", "kandhran"), first=0)
    select(state, {0: ["red4", "red3", "blue1", "green1", "yellow1", "purple1", "green2"],
                   1: ["red2", "red5", "blue1", "green1", "yellow1", "purple1", "green2"]})
    turn(state, "play red4 1")
    turn(state, "play red2 1")
    turn(state, "play red3 1", "cast myrja-surge 1")
    assert totals(state, 1) == [4 + 3 + 2, 2]
    cards = state.observation(None)["conflicts"][0]["sides"][0]["cards"]
    assert [(c["card"], c["strength"]) for c in cards] == [("red4", 4), ("red3", 3)]
    act(state, "play red5 1")
    assert "cast kandhran-shatter 1" in texts(state.legal_actions())
    act(state, "cast kandhran-shatter 1")
    assert texts(state.legal_actions()) == ["target red4@p1"]


def test_a_casual_hand_over_seven_keeps_every_card_and_draws_none() -> None:
    # "draw back up to seven" (Casual Chaos) fills a hand; the Remnants kept and the
    # Artifacts come back can make eight, and nobody discards down (README, readings)
    rng = random.Random(16)
    state = GAME.new_game(2, seed=16, mode="casual")
    assert isinstance(state, ThalaraState)
    while not (state.phase_name() == "return" and state.current_player() == 0
               and len(state.observation(0)["seats"][0]["hand"]) > 7):
        assert not state.is_over(), "no hand over seven in this game"
        state.apply(rng.choice(state.legal_actions()))
    mine = state.observation(0)["seats"][0]
    hand, supply = sorted(mine["hand"]), mine["supply_count"]
    act(state, "done")
    after = state.observation(0)["seats"][0]
    assert sorted(after["hand"]) == hand and after["supply_count"] == supply
