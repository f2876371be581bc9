"""Casual Chaos and the 3-4 player rules."""

from __future__ import annotations

import random

import pytest

from cardtable.thalara.cards import ARTIFACT
from cardtable.thalara.scoring import conflict_winner
from tests.thalara.helpers import (
    GAME,
    act,
    artifacts_out,
    casual_hand,
    new,
    recall_to_the_top_then_pass,
    select,
    texts,
    turn,
)


def test_casual_chaos_draws_seven_random_cards_without_choosing() -> None:
    a = GAME.new_game(2, seed=1, mode="casual")
    b = GAME.new_game(2, seed=2, mode="casual")
    assert a.phase_name() == "play"
    assert all(s["hand_count"] == 7 for s in a.observation(None)["seats"])
    assert a.observation(0)["seats"][0]["hand"] != b.observation(0)["seats"][0]["hand"]
    assert a.observation(1)["seats"][0]["hand"] is None


def test_casual_chaos_keeps_the_hand_on_pass_and_offers_a_return_at_round_end() -> None:
    state = new(first=0, mode="casual")
    hand = state.observation(0)["seats"][0]["hand"]
    first = hand[0]
    turn(state, f"play {first} 1")
    act(state, "pass")
    assert state.observation(1)["seats"][1]["hand_count"] == 7  # kept, not returned
    act(state, "pass")
    assert state.phase_name() == "return"
    p = state.current_player()
    assert p is not None
    legal = texts(state.legal_actions())
    assert legal[0] == "done" and all(t.startswith("return ") for t in legal[1:])
    act(state, legal[1])  # Artifacts are never offered: they are not Remnants
    supply = state.observation(p)["seats"][p]["supply_count"]
    act(state, "done")
    while state.phase_name() == "return":
        act(state, "done")
    obs = state.observation(p)
    assert obs["seats"][p]["hand_count"] == 7
    assert obs["seats"][p]["supply_count"] == supply - 1


def test_casual_chaos_recalled_card_goes_on_top_of_the_draw_pile() -> None:
    state = new(("accaina", "canto"), first=0, mode="casual")
    s = state.setup
    # Give P1 a known hand: blue1 and purple1 on top of everything else.
    state.supply[0].extend(state.hands[0])
    state.hands[0] = []
    for name in ["blue1", "purple1", "red2", "green1", "green2", "yellow1", "yellow2"]:
        card = s.unique_card[0][s.type_of[name]]
        state.supply[0].remove(card)
        state.hands[0].append(card)
    turn(state, "play blue1 1")
    theirs = state.observation(1)["seats"][1]["hand"][0]
    turn(state, f"play {theirs} 1")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    act(state, f"target {theirs}@p2")
    top = state.supply[1][-1]
    assert s.name(top) == theirs


@pytest.mark.parametrize(("characters", "first", "expected"), [
    (("myrja", "canto", "accaina"), 0, [0, 1, 2, 0, 1, 0]),
    (("myrja", "canto", "accaina", "kandhran"), 2, [2, 3, 0, 1, 2, 3, 0, 2]),
])
def test_three_or_four_players_play_clockwise_skipping_those_who_passed(
        characters: tuple[str, ...], first: int, expected: list[int]) -> None:
    # "play proceeds as in the standard game, with players playing energy cards in
    # clockwise order, skipping those who have passed": the player before the first
    # passes on their first turn, and is skipped from then on
    n = len(characters)
    state = new(characters, first=first)
    while state.phase_name() == "select":
        act(state, texts(state.legal_actions())[0])
    order = []
    for _ in range(n - 1):
        order.append(state.current_player())
        turn(state, texts(state.legal_actions())[0])
    order.append(state.current_player())
    act(state, "pass")
    for _ in range(n):
        order.append(state.current_player())
        turn(state, texts(state.legal_actions())[0])
    assert order == expected


def test_tie_at_the_top_goes_to_the_next_highest_total_with_three_or_four() -> None:
    assert conflict_winner([5, 5, 3], [0, 1, 2]) == 2
    assert conflict_winner([5, 5, 3, 3], [0, 1, 2, 3]) is None  # third and fourth tie
    assert conflict_winner([5, 5, 5], [0, 1, 2]) is None        # no third player
    assert conflict_winner([5, 5, 0], [0, 1]) is None           # P3 not in the conflict
    assert conflict_winner([5, 5, 0], [0, 1, 2]) == 2           # P3 there with 0
    assert conflict_winner([4, 5, 4, 1], [0, 1, 2, 3]) == 1
    assert conflict_winner([3, 3], [0, 1]) is None              # two players: a tie
    assert conflict_winner([0, 0], []) is None


def test_four_players_contest_five_conflicts_and_default_characters() -> None:
    state = GAME.new_game(4, seed=3)
    obs = state.observation(None)
    assert len(obs["conflicts"]) == 5
    assert [s["character"] for s in obs["seats"]] == ["myrja", "canto", "accaina",
                                                      "kandhran"]


def test_a_character_may_appear_twice_only_with_two_sets() -> None:
    import pytest

    from cardtable.engine.api import OptionError

    with pytest.raises(OptionError, match="1 set"):
        GAME.new_game(2, seed=1, characters=["canto", "canto"])
    state = GAME.new_game(3, seed=1, characters=["canto", "canto", "myrja"])
    assert [s["character"] for s in state.observation(None)["seats"]] == ["canto", "canto",
                                                                          "myrja"]


def test_three_tied_at_the_top_the_next_highest_total_wins_5_5_5_1() -> None:
    # Our reading of "the next highest strength total": the highest total below the tied
    # ones, however many tie (README)
    assert conflict_winner([5, 5, 5, 1], [0, 1, 2, 3]) == 3
    assert conflict_winner([1, 5, 5, 5], [0, 1, 2, 3]) == 0


@pytest.mark.parametrize("cards, spell", [
    (["red2", "blue1", "yellow1"], "rinnthra-faultline"),
    (["yellow1", "purple1"], "rinnthra-rift")])
def test_casual_chaos_aftershocks_from_the_pool_are_shuffled_into_the_supply(
        cards: list[str], spell: str) -> None:
    # Only cards sent back to a supply go on top of the draw pile; a card from the pool
    # is not sent back, so it is shuffled in.
    state = new(("rinnthra", "canto"), first=0, mode="casual")
    others = [c for c in ["green1", "green2", "purple2", "red3", "blue3"] if c not in cards]
    casual_hand(state, 0, cards + others[:7 - len(cards)])
    for card in cards[:-1]:
        turn(state, f"play {card} 1")
        turn(state, "play " + state.observation(1)["seats"][1]["hand"][0] + " 2")
    before = list(state.supply[0])
    act(state, f"play {cards[-1]} 1", f"cast {spell} 1")
    gained = [c for c in state.supply[0] if c not in before]
    assert [state.setup.name(c) for c in gained] == ["aftershock"] * len(gained) != []
    assert sorted(state.supply[0]) == sorted(before + gained)
    assert state.supply[0] != before + gained  # not simply on top
    assert state.ontop == (0, 0, 0, 0)  # nobody knows the top of either pile


@pytest.mark.parametrize("players", [2, 3])
def test_casual_chaos_asks_no_return_once_the_game_is_decided(players: int) -> None:
    # Returning Remnants moves cards between a hand and its supply, which cannot change
    # the end checks; so a game decided at the end of a round ends there.
    decided_with_remnants = 0
    for seed in range(30):
        state = GAME.new_game(players, seed=seed, mode="casual")
        rng = random.Random(seed)
        last = ""
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            state.apply(action)
            last = str(action)
        assert last.split()[0] not in ("return", "done"), seed
        s = state.setup
        if any(s.card_kind[c] != ARTIFACT for hand in state.hands for c in hand):
            decided_with_remnants += 1  # the old rules asked these players to return
    assert decided_with_remnants > 0


def test_casual_chaos_idle_rounds_end_without_a_return() -> None:
    state = new(first=0, mode="casual")
    act(state, "pass", "pass")
    assert state.phase_name() == "return"  # one idle round: the game goes on
    while state.phase_name() == "return":
        act(state, "done")
    act(state, "pass", "pass")
    assert state.is_over() and "rounds in a row" in state.observation(None)["end_reason"]


# ---- the Casual Chaos draw pile; 3-4 player rules through real rounds ---------------

def test_casual_done_without_returning_keeps_the_draw_pile_order() -> None:
    state, theirs = recall_to_the_top_then_pass()
    piles = [list(state.supply[0]), list(state.supply[1])]
    act(state, "done", "done")
    assert state.phase_name() == "play"
    # P1 won conflict 1's Artifact (2-0) and P2 lost the recalled card: each draws one
    # card from the top, and nothing was shuffled.
    assert [len(h) for h in state.hands] == [7, 7]
    assert state.supply[0] == piles[0][:-1]
    assert state.supply[1] == piles[1][:-1]
    assert theirs in state.observation(1)["seats"][1]["hand"]


def test_casual_only_the_player_who_returned_a_remnant_reshuffles() -> None:
    state, theirs = recall_to_the_top_then_pass()
    before = list(state.supply[0])
    act(state, "return red2", "done")
    assert state.current_player() == 1
    assert state.supply[0] != [*before, state.supply[0][-1]]  # shuffled after the return
    assert sorted(state.supply[0]) == sorted([*before, state.setup.unique_card[0][
        state.setup.type_of["red2"]]])
    pile = list(state.supply[1])
    act(state, "done")  # P2 returns nothing: the recalled card is still drawn
    assert state.supply[1] == pile[:-1]
    assert theirs in state.observation(1)["seats"][1]["hand"]


def test_casual_supply_is_reshuffled_after_tremor_picks_from_it() -> None:
    # Clarification 8: a spell that lets you pick from your supply shuffles it after.
    state = new(("rinnthra", "canto"), first=0, mode="casual")
    casual_hand(state, 0, ["green1", "red2", "blue1", "blue3", "yellow1", "purple1",
                           "green2"])
    turn(state, "play green1 1")
    theirs = state.observation(1)["seats"][1]["hand"][0]
    turn(state, f"play {theirs} 2")
    turn(state, "play red2 1", "cast rinnthra-tremor 1")
    pile = list(state.supply[0])          # the gained Aftershock is shuffled in
    assert "aftershock" in [state.setup.name(c) for c in pile]
    red5 = state.setup.unique_card[0][state.setup.type_of["red5"]]
    act(state, "target red5")
    unshuffled = [c for c in pile if c != red5]
    assert sorted(state.supply[0]) == sorted(unshuffled)
    assert state.supply[0] != unshuffled


def test_casual_chaos_won_artifact_comes_to_hand() -> None:
    # rulebook line 51: Artifacts return to players' hands as in the standard game
    state = new(("accaina", "canto"), first=0, mode="casual")
    casual_hand(state, 0, ["blue1", "purple1", "red2", "green1", "green2", "yellow1",
                           "yellow2"])
    turn(state, "play blue1 1")
    act(state, "pass", "pass")
    while state.phase_name() == "return":
        act(state, "done")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    assert artifact in state.observation(0)["seats"][0]["hand"]
    assert len(state.hands[0]) == 7  # "drawing back up to seven cards total"


def test_third_place_rule_through_a_real_round_end() -> None:
    # Three players, Kandhran's Crush lowers P2 to a tie with P1 and P3's blue1 to 0.
    state = new(("kandhran", "myrja", "canto"), first=0)
    select(state, {0: ["purple1", "purple2", "green2", "red2", "blue1", "yellow1",
                       "green1"],
                   1: ["red4", "green2", "blue1", "yellow1", "purple1", "green1",
                       "yellow2"],
                   2: ["blue1", "red2", "green1", "yellow1", "purple1", "green2",
                       "yellow2"]})
    display = artifacts_out(state)
    turn(state, "play purple1 1")
    turn(state, "play red4 1")
    turn(state, "play blue1 1")
    turn(state, "play purple2 1", "cast kandhran-crush 1")
    turn(state, "play green2 2")
    act(state, "pass")                   # P3 stays out of conflict 2
    turn(state, "play green2 2")
    act(state, "pass", "pass")
    obs = state.observation(None)
    # Conflict 1 ended 3-3-0: P3 is there with a total of 0 and takes the Artifact.
    assert obs["seats"][2]["artifacts"] == [display[0]]
    # Conflict 2 ended 2-2 with P3 absent: nobody wins, the Artifact stays.
    assert obs["conflicts"][1]["artifact"]["card"] == display[1]
    assert obs["seats"][0]["artifacts"] == obs["seats"][1]["artifacts"] == []


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_pick_the_first_player_at_random(players: int) -> None:
    # rulebook line 54
    firsts = {GAME.new_game(players, seed=s).current_player() for s in range(40)}
    assert firsts == set(range(players))


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_refill_the_display_to_players_plus_one(players: int) -> None:
    # rulebook lines 30 and 54: taken Artifacts are replaced until four (five) are out
    state = GAME.new_game(players, seed=11)
    rng = random.Random(11)
    while state.observation(None)["round"] == 1:
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(None)
    won = sum(len(seat["artifacts"]) for seat in obs["seats"])
    assert won >= 1
    assert len(obs["conflicts"]) == players + 1
    assert obs["artifact_stack"] == 30 - (players + 1) - won
