"""One test per rule of the Thalara rulebook (rulebooks/thalara-the-last-artifacts.txt)."""

from __future__ import annotations

import pytest

from cardtable.engine.api import IllegalAction
from tests.thalara.helpers import (
    GAME,
    P2_FILLER,
    act,
    new,
    select,
    spells_in,
    take_every_conflict,
    texts,
    totals,
    turn,
)

LOW_HAND = ["red2", "blue1", "green1", "yellow1", "purple1", "green2", "yellow2"]
HIGH_HAND = ["red5", "blue5", "green5", "yellow5", "red4", "blue4", "green4"]


def test_setup_twenty_remnants_each_and_three_conflicts_for_two_players() -> None:
    state = GAME.new_game(2, seed=1)
    obs = state.observation(None)
    assert [seat["supply_count"] for seat in obs["seats"]] == [20, 20]
    assert len(obs["conflicts"]) == 3
    assert obs["artifact_stack"] == 12
    assert state.current_player() == obs["start_player"]


@pytest.mark.parametrize(("players", "conflicts", "stack"), [(3, 4, 26), (4, 5, 25)])
def test_setup_three_or_four_players_combine_two_sets(players: int, conflicts: int,
                                                      stack: int) -> None:
    obs = GAME.new_game(players, seed=2).observation(None)
    assert len(obs["conflicts"]) == conflicts
    assert obs["artifact_stack"] == stack  # 30 Artifacts from two sets
    assert all(seat["supply_count"] == 20 for seat in obs["seats"])


def test_first_player_is_chosen_at_random_from_the_seed() -> None:
    firsts = {GAME.new_game(2, seed=s).current_player() for s in range(20)}
    assert firsts == {0, 1}
    assert GAME.new_game(2, seed=9).current_player() == GAME.new_game(2, seed=9).current_player()


def test_hand_choice_is_secret_and_taken_one_card_at_a_time() -> None:
    state = new(first=0)
    assert state.phase_name() == "select"
    act(state, "take red5")
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["seats"][0]["hand"] == ["red5"]
    assert theirs["seats"][0]["hand"] is None
    assert theirs["seats"][0]["hand_count"] == 1
    assert "red5" not in str(theirs["seats"][0])
    for card in HIGH_HAND[1:]:
        act(state, f"take {card}")
    # Seven cards taken: the other player chooses now.
    assert state.current_player() == 1
    assert all(t.startswith("take ") for t in texts(state.legal_actions()))


def test_turn_places_one_energy_card_then_offers_a_spell_or_skip() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    assert state.current_player() == 0
    turn(state, "play red5 1")
    assert state.current_player() == 1  # no spell possible yet: the turn passed on
    turn(state, "play blue1 2")
    act(state, "play red4 1")  # two red cards: Surge (red, red) can be cast now
    legal = texts(state.legal_actions())
    assert legal[0] == "skip"
    assert "cast myrja-surge 1" in legal
    act(state, "skip")
    assert state.current_player() == 1


def test_spell_requirement_counts_only_your_own_cards() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: ["red2", "red3", *LOW_HAND[1:6]]})
    turn(state, "play red5 1")
    turn(state, "play red2 1")
    act(state, "play blue5 2")
    # One own red in conflict 1 and the opponent's red do not make (red, red).
    assert state.phase_name() == "play"


def test_spell_may_be_activated_in_another_conflict_than_the_card_played() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play red5 1")
    turn(state, "play blue1 2")
    turn(state, "play red4 1")
    turn(state, "play green1 2")
    act(state, "play blue5 3")
    assert "cast myrja-surge 1" in texts(state.legal_actions())


def test_one_spell_per_turn_and_it_stays_in_its_conflict_for_the_round() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play red5 1")
    turn(state, "play blue1 2")
    turn(state, "play red4 1", "cast myrja-surge 1")
    assert state.current_player() == 1  # casting ended the turn
    conflict = state.observation(1)["conflicts"][0]
    assert conflict["spells"] == [{"id": "myrja-surge", "seat": 0}]
    spells = {s["id"]: s["cast_in"] for s in state.observation(1)["seats"][0]["spells"]}
    assert spells["myrja-surge"] == 1
    turn(state, "play green1 2")
    act(state, "play blue5 1")
    # Surge is spent for this round: it is not offered again.
    assert all("myrja-surge" not in t for t in texts(state.legal_actions()))


def test_spells_return_to_their_collection_at_the_end_of_the_round() -> None:
    # "At the end of each round, return all of your activated spells to your spell
    # collection. They may be activated again in the next round."
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play red5 1")
    turn(state, "play blue1 2")
    turn(state, "play red4 1", "cast myrja-surge 1")
    act(state, "pass", "pass")
    obs = state.observation(0)
    assert obs["round"] == 2
    assert all(s["cast_in"] is None for s in obs["seats"][0]["spells"])
    assert all(c["spells"] == [] for c in obs["conflicts"])
    # ... and the same spell is cast again in the next round
    assert state.observation(None)["start_player"] == 0
    select(state, {0: ["red3", "red2", "blue5", "blue4", "green5", "yellow5"],
                   1: ["red3", "blue3", "green4", "yellow3", "purple2", "purple3"]})
    turn(state, "play red3 3")
    turn(state, "play blue3 2")
    act(state, "play red2 3")
    assert "cast myrja-surge 3" in texts(state.legal_actions())
    act(state, "cast myrja-surge 3")
    assert totals(state, 3)[0] == 3 + 2 + 2


def test_pass_returns_unplayed_remnants_to_the_supply_and_ends_your_play() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play red5 1")
    act(state, "pass")
    obs = state.observation(1)
    assert obs["seats"][1]["passed"] is True
    assert obs["seats"][1]["hand_count"] == 0
    assert obs["seats"][1]["supply_count"] == 20
    # The other player may go on playing as many cards as they like.
    turn(state, "play red4 1")
    assert state.current_player() == 0
    turn(state, "play blue5 2")
    assert state.current_player() == 0


def test_player_with_no_cards_left_passes_at_once() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    for mine, theirs in zip(HIGH_HAND, LOW_HAND, strict=True):
        conflict = 2 if mine.startswith("red") else 3
        turn(state, f"play {mine} {conflict}")
        if state.current_player() == 1:
            turn(state, f"play {theirs} 1")
    assert state.observation(None)["round"] == 2


def test_highest_total_wins_the_conflict_and_takes_the_artifact() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    artifact = state.observation(None)["conflicts"][0]["artifact"]
    turn(state, "play green5 1")
    turn(state, "play green2 1")
    act(state, "pass", "pass")
    obs = state.observation(0)
    assert artifact["card"] in obs["seats"][0]["artifacts"]
    assert obs["seats"][0]["stars"] == artifact["stars"]
    assert state.scores() == [artifact["stars"], 0]


def test_tie_leaves_the_artifact_for_the_next_round() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: ["green1", "red2", "blue1", "yellow1",
                                           "purple1", "purple2", "green2"]})
    artifact = state.observation(None)["conflicts"][1]["artifact"]["card"]
    turn(state, "play green4 2")
    turn(state, "play red2 2")
    act(state, "pass")
    turn(state, "play green2 2")  # 4 - 4
    act(state, "pass")
    obs = state.observation(None)
    assert obs["conflicts"][1]["artifact"]["card"] == artifact
    assert all(artifact not in seat["artifacts"] for seat in obs["seats"])


def test_empty_conflict_zero_to_zero_is_won_by_nobody() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    third = state.observation(None)["conflicts"][2]["artifact"]["card"]
    act(state, "pass", "pass")
    assert state.observation(None)["conflicts"][2]["artifact"]["card"] == third
    assert state.scores() == [0, 0]


def test_played_remnants_go_to_a_personal_discard_pile() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play green5 1")
    turn(state, "play green2 1")
    act(state, "pass", "pass")
    obs = state.observation(0)
    assert obs["seats"][0]["discard"] == ["green5"]
    assert obs["seats"][1]["discard"] == ["green2"]
    # Never reshuffled: the supply stays 19 cards for good.
    assert obs["seats"][0]["supply_count"] == 19
    assert "green5" not in obs["seats"][0]["supply"]


def test_won_artifacts_return_to_hand_every_round_and_fill_part_of_the_hand() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    obs = state.observation(0)
    won = obs["seats"][0]["artifacts"]
    assert len(won) == 1
    assert obs["seats"][0]["hand"] == won
    # Refilling: the winner now takes 6 Remnants, the other player 7.
    start = state.current_player()
    assert start == 0  # P1 played the last card, so P1 begins round 2
    for card in ["red5", "blue5", "yellow5", "red4", "blue4", "green4"]:
        act(state, f"take {card}")
    assert state.current_player() == 1
    assert len(state.observation(0)["seats"][0]["hand"]) == 7


def test_artifact_played_into_a_conflict_comes_back_to_hand() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    select(state, {0: ["red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: ["red2", "blue1", "green1", "yellow1", "purple1", "green2",
                       "yellow2"]})
    turn(state, f"play {artifact} 2")
    act(state, "pass", "pass")
    obs = state.observation(0)
    assert artifact in obs["seats"][0]["hand"]
    assert artifact not in obs["seats"][0]["discard"]


def test_display_refills_to_three_conflicts_from_the_stack() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play green5 1")
    turn(state, "play green1 2")
    act(state, "pass", "pass")
    obs = state.observation(None)
    assert len(obs["conflicts"]) == 3
    assert obs["artifact_stack"] == 10


def test_next_round_begins_with_the_player_who_last_played_a_card() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state, "play green5 1")
    turn(state, "play green1 2")
    turn(state, "play blue5 3")
    act(state, "pass", "pass")
    assert state.observation(None)["start_player"] == 0
    state2 = new(first=0)
    select(state2, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    turn(state2, "play green5 1")
    turn(state2, "play green1 2")
    act(state2, "pass")
    turn(state2, "play green2 2")
    act(state2, "pass")
    assert state2.observation(None)["start_player"] == 1


def test_game_ends_at_round_start_when_a_supply_cannot_fill_a_hand() -> None:
    state = GAME.new_game(2, seed=11)
    rounds_checked = 0
    while not state.is_over():
        legal = state.legal_actions()
        plays = [a for a in legal if a.text.startswith(("play", "take"))]
        before = state.observation(None)["round"]
        state.apply(plays[0] if plays else legal[0])
        obs = state.observation(None)
        if obs["round"] != before and not state.is_over():
            rounds_checked += 1
            # Every round that did start had enough cards for every hand.
            for seat in obs["seats"]:
                assert seat["supply_count"] + seat["hand_count"] >= 7
    obs = state.observation(None)
    assert "supply cannot fill" in obs["end_reason"]
    assert any(s["supply_count"] < 7 - len(s["artifacts"]) for s in obs["seats"])
    assert rounds_checked >= 1


def test_game_ends_at_round_start_once_a_player_has_seven_artifacts() -> None:
    state = new(first=0)
    take_every_conflict(state)
    obs = state.observation(None)
    assert len(obs["seats"][0]["artifacts"]) >= 7
    assert "Artifacts" in obs["end_reason"]
    assert state.winners() == [0]


def test_scores_are_the_stars_held_at_any_moment() -> None:
    state = GAME.new_game(2, seed=5)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
        obs = state.observation(None)
        for p, seat in enumerate(obs["seats"]):
            stars = sum(GAME_ARTIFACT_STARS[a] for a in seat["artifacts"])
            assert state.scores()[p] == stars


GAME_ARTIFACT_STARS = {f"A{i:02d}": 3 - (i - 1) % 3 for i in range(1, 16)}


@pytest.mark.parametrize(("setting", "expected"), [("shared", [0, 1]),
                                                   ("most-artifacts", [1])])
def test_star_tie_setting(setting: str, expected: list[int]) -> None:
    state = new(star_tie=setting)
    state.stars = (3, 3)
    state.won = ((40,), (41, 42))
    state.phase = 5  # over
    assert state.winners() == expected


def test_illegal_play_is_refused_and_changes_nothing() -> None:
    state = new(first=0)
    select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
    before = state.clone()
    with pytest.raises(IllegalAction, match="purple4"):
        GAME.parse_action(state, "play purple4 1")
    with pytest.raises(IllegalAction, match="no conflict 4"):
        state.apply(state.setup.actions.play[0][0].__class__(2, "play red5 4", 3, 3))
    take = GAME.new_game(2, seed=0).legal_actions()[0]
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(take)
    assert state == before


def test_rounds_in_which_nobody_plays_end_the_game() -> None:
    state = new(first=0, idle_rounds=2)
    for _ in range(2):
        select(state, {0: list(HIGH_HAND), 1: list(LOW_HAND)})
        act(state, "pass", "pass")
    assert state.is_over()
    assert "without a card played" in state.observation(None)["end_reason"]
    assert sorted(state.winners()) == [0, 1]


# ---- rulebook lines 16 and 23; spells sharing their energy cards --------------------

def test_two_spells_may_use_the_same_energy_cards_in_one_conflict() -> None:
    # Rulebook: the cards meeting a requirement are not spent.
    state = new(("myrja", "canto"), first=0)
    select(state, {0: ["red2", "red3", "yellow1", "blue1", "green1", "green2", "purple1"],
                   1: list(P2_FILLER)})
    turn(state, "play red2 1")
    turn(state, "play blue1 2")
    turn(state, "play red3 1", "cast myrja-surge 1")  # red + red
    turn(state, "play green1 2")
    # Conflict 1 holds only red2, red3, yellow1: Kindle's red is one Surge used.
    turn(state, "play yellow1 1", "cast myrja-kindle 1")
    assert spells_in(state, 1) == ["myrja-surge", "myrja-kindle"]
    assert len(state.observation(None)["conflicts"][0]["sides"][0]["cards"]) == 3
    assert totals(state, 1)[0] == (2 + 1) + 3 + (1 + 1) + 2  # both spells count


def test_both_supplies_hold_exactly_the_same_cards() -> None:
    # rulebook line 16
    for players in (2, 3, 4):
        state = GAME.new_game(players, seed=players)
        s = state.setup
        decks = [sorted(s.name(c) for c in state.supply[p] + state.hands[p])
                 for p in range(players)]
        assert len(decks[0]) == 20 and all(deck == decks[0] for deck in decks)


def test_any_energy_card_may_go_to_any_artifact_whatever_its_color() -> None:
    # rulebook line 23
    state = new(first=0)
    select(state, {0: ["red5", "blue1", "green2", "yellow3", "purple4", "red2", "blue4"],
                   1: list(P2_FILLER)})
    legal = set(texts(state.legal_actions()))
    for card in ["red5", "blue1", "green2", "yellow3", "purple4"]:
        assert {f"play {card} {c}" for c in (1, 2, 3)} <= legal
