"""Audit fixes (Exchange into a closed conflict, the Casual Chaos reshuffle, empty casts
into a silenced conflict) and rulebook points that had no test of their own."""

from __future__ import annotations

import random

import pytest

from cardtable.thalara.state import ThalaraState
from tests.thalara.helpers import GAME, OLD, act, new, select, texts, totals, turn

P2_FILLER = ["red2", "blue1", "green1", "yellow1", "purple1", "green2", "yellow2"]


def spells_in(state: ThalaraState, conflict: int) -> list[str]:
    return [s["id"] for s in state.observation(None)["conflicts"][conflict - 1]["spells"]]


def _p2_passes(state: ThalaraState) -> None:
    """P2, if it is P2's turn to place a card, passes instead."""
    if state.current_player() == 1 and state.phase_name() == "play":
        act(state, "pass")


def casual_hand(state: ThalaraState, player: int, names: list[str]) -> None:
    """Give `player` a known Casual Chaos hand (the rest goes back under the pile)."""
    s = state.setup
    state.supply[player].extend(state.hands[player])
    state.hands[player] = []
    for name in names:
        card = s.unique_card[player][s.type_of[name]]
        state.supply[player].remove(card)
        state.hands[player].append(card)


# ---- fix 1: Exchange places a card, so an Energy Barrier keeps it out ------------------

@pytest.mark.parametrize("empty_casts", ["forbidden", "allowed"])
def test_exchange_cannot_bring_a_card_into_a_conflict_an_energy_barrier_closed(
        empty_casts: str) -> None:
    state = new(("jinpatrica", "myrja"), first=0, empty_casts=empty_casts)
    select(state, {0: ["purple1", "blue1", "red5", "red2", "green1", "green2", "yellow1"],
                   1: ["blue5", "blue4", "red5", "red4", "blue1", "green1", "green2"]})
    turn(state, "play purple1 1")
    turn(state, "play blue5 1")
    act(state, "play blue1 1")
    assert "cast jinpatrica-exchange 1" in texts(state.legal_actions())  # open: offered
    act(state, "skip")
    turn(state, "play blue4 1", "cast energy-barrier 1")
    assert state.observation(None)["conflicts"][0]["blocked_for"] == [0]
    act(state, "play red2 2")
    # purple + blue still lie in conflict 1, but red5 could not be put there.
    if empty_casts == "forbidden":
        assert "cast jinpatrica-exchange 1" not in texts(state.legal_actions())
        assert state.current_player() == 1
        return
    # allowed: the cast is an empty one, like a Shift with nowhere to go
    before = totals(state, 1)
    act(state, "cast jinpatrica-exchange 1")
    assert state.current_player() == 1 and totals(state, 1) == before
    assert "red5" in state.observation(0)["seats"][0]["hand"]


# ---- fix 2: Casual Chaos reshuffles only after a Remnant is returned --------------------

def _recall_to_the_top_then_pass() -> tuple[ThalaraState, str]:
    """Casual Chaos: P1 (Accaina) Recalls P2's card onto the top of P2's draw pile, then
    both pass. Returns the state and the recalled card's name."""
    state = new(("accaina", "canto"), first=0, mode="casual")
    casual_hand(state, 0, ["blue1", "purple1", "red2", "green1", "green2", "yellow1",
                           "yellow2"])
    turn(state, "play blue1 1")
    theirs = state.observation(1)["seats"][1]["hand"][0]
    turn(state, f"play {theirs} 1")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    act(state, f"target {theirs}@p2")
    assert state.setup.name(state.supply[1][-1]) == theirs  # on top of the draw pile
    act(state, "pass", "pass")
    assert state.phase_name() == "return" and state.current_player() == 0
    return state, theirs


def test_casual_done_without_returning_keeps_the_draw_pile_order() -> None:
    state, theirs = _recall_to_the_top_then_pass()
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
    state, theirs = _recall_to_the_top_then_pass()
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


# ---- fix 3: empty_casts=forbidden keeps permanent spells out of a silenced conflict -----

@pytest.mark.parametrize("empty_casts, offered", [("forbidden", False), ("allowed", True)])
def test_permanent_spell_in_a_silenced_conflict_is_an_empty_cast(empty_casts: str,
                                                                 offered: bool) -> None:
    state = new(("canto", "myrja"), first=0, empty_casts=empty_casts)
    select(state, {0: ["purple1", "purple2", "yellow1", "yellow2", "green1", "green2",
                       "red2"],
                   1: ["red5", "yellow5", "red4", "yellow3", "blue5", "blue4", "green4"]})
    turn(state, "play purple1 1")
    turn(state, "play red5 1")
    turn(state, "play purple2 1", "cast silence 1")
    act(state, "play yellow5 1")  # Kindle's yellow + red now lie in silenced conflict 1
    assert ("cast myrja-kindle 1" in texts(state.legal_actions())) is offered
    if state.phase_name() == "cast":
        act(state, "skip")
    turn(state, "play yellow1 2")
    turn(state, "play red4 2")
    turn(state, "play yellow2 3")
    act(state, "play yellow3 2")
    legal = texts(state.legal_actions())
    assert "cast myrja-kindle 2" in legal  # an ordinary conflict still takes it
    assert ("cast myrja-kindle 1" in legal) is offered


# ---- fix 4: Silence stops a Veil; empty casts of Veil, Energy Barrier and Silence -----

def _veil_then_silence() -> ThalaraState:
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["purple1", "green1", "red5", "red2", "blue1", "green2", "yellow1"],
                   1: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1",
                       "green2"]})
    turn(state, "play purple1 1")
    turn(state, "play purple1 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    return state


@pytest.mark.parametrize("into", [1, 2])
def test_a_veil_in_a_conflict_silenced_before_the_next_card_does_nothing(into: int) -> None:
    state = _veil_then_silence()
    turn(state, "play purple2 1", "cast silence 1")
    act(state, f"play red5 {into}")
    card = state.observation(1)["conflicts"][into - 1]["sides"][0]["cards"][-1]
    assert card["card"] == "red5" and not card["face_down"]
    # the Veil is spent: the card after it is face-up too
    if state.phase_name() == "cast":
        act(state, "skip")
    turn(state, "play red2 3")
    act(state, "play red2 3")
    assert not state.observation(1)["conflicts"][2]["sides"][0]["cards"][-1]["face_down"]


def test_a_veil_reaching_into_a_silenced_conflict_does_nothing() -> None:
    # Veil lies in conflict 2; the next card goes into conflict 1, silenced
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["purple1", "green1", "red5", "red2", "blue1", "green2", "yellow1"],
                   1: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1",
                       "green2"]})
    turn(state, "play purple1 2")
    turn(state, "play purple1 1")
    turn(state, "play green1 2", "cast accaina-veil 2")
    turn(state, "play purple2 1", "cast silence 1")
    act(state, "play red5 1")
    card = state.observation(1)["conflicts"][0]["sides"][0]["cards"][-1]
    assert card["card"] == "red5" and not card["face_down"]


def test_a_veil_still_works_when_nothing_silences_it() -> None:
    state = _veil_then_silence()
    turn(state, "play purple2 2")
    act(state, "play red5 1")
    assert state.observation(1)["conflicts"][0]["sides"][0]["cards"][-1]["face_down"]


@pytest.mark.parametrize("empty_casts, offered", [("forbidden", False), ("allowed", True)])
def test_veil_with_no_card_left_to_place_is_an_empty_cast(empty_casts: str,
                                                          offered: bool) -> None:
    state = new(("accaina", "canto"), first=0, empty_casts=empty_casts)
    select(state, {0: ["red5", "red2", "blue1", "green2", "yellow1", "purple1", "green1"],
                   1: list(P2_FILLER)})
    act(state, "play red5 2", "pass")
    for card in ["red2", "blue1", "green2", "yellow1", "purple1"]:
        turn(state, f"play {card} 2")
    act(state, "play green1 2")  # P1's last card: purple and green lie in conflict 2
    assert ("cast accaina-veil 2" in texts(state.legal_actions())) is offered
    assert "cast accaina-recall 2" in texts(state.legal_actions())


@pytest.mark.parametrize("p2_passed, empty_casts, offered", [
    (True, "forbidden", False), (True, "allowed", True), (False, "forbidden", True)])
def test_energy_barrier_with_every_opponent_passed_is_an_empty_cast(
        p2_passed: bool, empty_casts: str, offered: bool) -> None:
    state = new(("myrja", "canto"), first=0, empty_casts=empty_casts)
    select(state, {0: ["blue5", "blue4", "red5", "red4", "blue1", "green1", "green2"],
                   1: list(P2_FILLER)})
    turn(state, "play blue5 1")
    if p2_passed:
        act(state, "pass")
    else:
        turn(state, "play red2 2")
    act(state, "play blue4 1")
    assert ("cast energy-barrier 1" in texts(state.legal_actions())) is offered


@pytest.mark.parametrize("empty_casts, offered", [("forbidden", False), ("allowed", True)])
def test_silence_into_a_silenced_conflict_is_an_empty_cast(empty_casts: str,
                                                           offered: bool) -> None:
    state = new(("canto", "canto", "myrja"), first=0, empty_casts=empty_casts)
    select(state, {0: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1", "green2"],
                   1: ["purple1", "purple2", "red2", "blue1", "green1", "yellow1", "green2"],
                   2: list(P2_FILLER)})
    turn(state, "play purple1 1")
    turn(state, "play purple1 1")
    turn(state, "play red2 2")
    turn(state, "play purple2 1", "cast silence 1")
    act(state, "play purple2 1")
    assert ("cast silence 1" in texts(state.legal_actions())) is offered


# ---- rules without a test so far ------------------------------------------------------

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


def test_third_place_rule_through_a_real_round_end() -> None:
    # Three players, Kandhran's Crush lowers P2 to a tie with P1 and P3's blue1 to 0.
    state = new(("kandhran", "myrja", "canto"), first=0)
    select(state, {0: ["purple1", "purple2", "green2", "red2", "blue1", "yellow1",
                       "green1"],
                   1: ["red4", "green2", "blue1", "yellow1", "purple1", "green1",
                       "yellow2"],
                   2: ["blue1", "red2", "green1", "yellow1", "purple1", "green2",
                       "yellow2"]})
    display = [c["artifact"]["card"] for c in state.observation(None)["conflicts"]]
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


def test_recall_may_pick_an_opponents_face_down_card() -> None:
    # Clarification 4: an effect that ignores color and strength may pick face-down cards.
    state = new(("accaina", "accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["blue1", "yellow1", "green1", "purple1", "red2", "green2",
                       "yellow2"],
                   1: ["purple1", "green1", "red5", "red2", "blue1", "yellow1", "green2"],
                   2: ["red2", "blue1", "yellow1", "purple1", "green1", "green2",
                       "yellow2"]})
    turn(state, "play blue1 1")
    turn(state, "play purple1 2")
    turn(state, "play red2 3")
    turn(state, "play yellow1 4")
    turn(state, "play green1 2", "cast accaina-veil 2")
    turn(state, "play blue1 3")
    turn(state, "play green1 4")
    turn(state, "play red5 1")           # P2's card goes face-down
    assert state.observation(0)["conflicts"][0]["sides"][1]["cards"][0]["face_down"]
    turn(state, "play yellow1 3")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    assert sorted(texts(state.legal_actions())) == ["target blue1", "target facedown@p2",
                                                    "target purple1"]
    act(state, "target facedown@p2")
    assert state.observation(0)["conflicts"][0]["sides"][1]["cards"] == []
    assert "red5" in state.observation(1)["seats"][1]["supply"]


def test_recall_never_offers_an_artifact() -> None:
    state = new(("accaina", "canto"), first=0)
    select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(P2_FILLER)})
    turn(state, "play green5 1")
    act(state, "pass", "pass")
    artifact = state.observation(0)["seats"][0]["artifacts"][0]
    select(state, {0: ["blue1", "purple1", "red2", "green1", "yellow1", "green2"],
                   1: list(P2_FILLER)})
    turn(state, f"play {artifact} 1")
    turn(state, "play red2 1")
    turn(state, "play blue1 1")
    turn(state, "play blue1 2")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    # Every Remnant in conflict 1 is offered, the Artifact lying there is not.
    assert sorted(texts(state.legal_actions())) == ["target blue1", "target purple1",
                                                    "target red2@p2"]


def test_tremor_with_an_empty_aftershock_pool_still_takes_a_supply_card() -> None:
    # Clarification 9: with the pool empty the spell is cast without an Aftershock.
    state = new(("rinnthra", "canto"), first=0)
    gained = len(state.pool[0])
    state.supply[0].extend(state.pool[0])  # all the Aftershocks gained earlier
    state.pool = ((), ())
    select(state, {0: ["green1", "red2", "blue1", "blue3", "yellow1", "purple1",
                       "green2"],
                   1: list(P2_FILLER)})
    turn(state, "play green1 1")
    turn(state, "play red2 2")
    act(state, "play red2 1")
    assert "cast rinnthra-tremor 1" in texts(state.legal_actions())
    act(state, "cast rinnthra-tremor 1", "target red5")
    obs = state.observation(0)
    assert obs["aftershock_pool"] == 0
    assert "red5" in obs["seats"][0]["hand"]
    assert gained > 0
    assert obs["seats"][0]["supply_count"] == 13 + gained - 1
    assert obs["seats"][0]["supply"].count("aftershock") == gained


def test_casual_supply_is_reshuffled_after_tremor_picks_from_it() -> None:
    # Clarification 8: a spell that lets you pick from your supply shuffles it after.
    state = new(("rinnthra", "canto"), first=0, mode="casual")
    casual_hand(state, 0, ["green1", "red2", "blue1", "blue3", "yellow1", "purple1",
                           "green2"])
    turn(state, "play green1 1")
    theirs = state.observation(1)["seats"][1]["hand"][0]
    turn(state, f"play {theirs} 2")
    turn(state, "play red2 1", "cast rinnthra-tremor 1")
    pile = list(state.supply[0])          # the gained Aftershock lies on top
    assert state.setup.type_names[state.setup.card_type[pile[-1]]] == "aftershock"
    red5 = state.setup.unique_card[0][state.setup.type_of["red5"]]
    act(state, "target red5")
    unshuffled = [c for c in pile if c != red5]
    assert sorted(state.supply[0]) == sorted(unshuffled)
    assert state.supply[0] != unshuffled


# ---- rulebook lines the second audit found without a test of their own -----------------

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


# ---- Casual Chaos: cards everyone saw go on top of a draw pile stay there when sampled --

def test_sampled_worlds_keep_a_recalled_card_on_top_of_the_draw_pile() -> None:
    state, theirs = _recall_to_the_top_then_pass()
    assert state.ontop == [0, 1, 0, 1]  # P2's pile: one card all saw, so P2 too
    for seed in range(30):
        for viewer in (0, 1):
            world = state.sample_world(viewer, random.Random(seed))
            assert world.setup.name(world.supply[1][-1]) == theirs
    # below it, the pile is dealt anew: some world has another order
    orders = {tuple(state.sample_world(0, random.Random(seed)).supply[1][:-1])
              for seed in range(10)}
    assert len(orders) > 1


def test_a_drawn_card_everyone_saw_on_top_is_known_in_hand() -> None:
    state, theirs = _recall_to_the_top_then_pass()
    act(state, "done", "done")
    assert state.ontop == [0, 0, 0, 0]
    assert theirs in state.observation(0)["seats"][1]["known_hand"]
    card = next(c for c in state.hands[1] if state.setup.name(c) == theirs)
    for seed in range(20):
        world = state.sample_world(0, random.Random(seed))
        assert card in world.hands[1]


def test_a_return_forgets_what_was_on_top_at_once() -> None:
    # the returned card goes on top too, unseen: the recalled card is no longer known
    # to be the top one, even before P2 is done and the pile is shuffled
    state, theirs = _recall_to_the_top_then_pass()
    act(state, "done")
    other = next(state.setup.name(c) for c in state.hands[1]
                 if state.setup.name(c) != theirs and not state.setup.name(c).startswith("A"))
    act(state, f"return {other}")
    assert state.phase_name() == "return" and state.ontop == [0, 0, 0, 0]
    tops = {state.setup.name(state.sample_world(0, random.Random(seed)).supply[1][-1])
            for seed in range(30)}
    assert len(tops) > 1
    act(state, "done")
    known = state.observation(0)["seats"][1]["known_hand"]
    assert all(name.startswith("A") for name in known)


def _known_blue1_drawn_again() -> ThalaraState:
    """Casual Chaos: P2's card is Recalled onto P2's pile and drawn in round 2, so P1
    knows it is in P2's hand."""
    state, theirs = _recall_to_the_top_then_pass()
    act(state, "done", "done")
    assert state.observation(0)["seats"][1]["known_hand"] == [theirs]
    return state


@pytest.mark.parametrize("back_is_the_known_card", [True, False])
def test_a_secret_return_forgets_every_known_remnant_of_the_hand(
        back_is_the_known_card: bool) -> None:
    state = _known_blue1_drawn_again()
    theirs = state.observation(0)["seats"][1]["known_hand"][0]
    act(state, "pass", "pass", "done")
    s = state.setup
    other = next(s.name(c) for c in state.hands[1]
                 if s.name(c) != theirs and not s.name(c).startswith("A"))
    act(state, f"return {theirs if back_is_the_known_card else other}")
    # either way P1 sees the same: which card went back is P2's secret
    assert state.observation(0)["seats"][1]["known_hand"] == []


@pytest.mark.parametrize("placed_is_the_known_card", [True, False])
def test_a_face_down_card_forgets_every_known_remnant_of_the_hand(
        placed_is_the_known_card: bool) -> None:
    state = new(("canto", "accaina"), first=1, cards=OLD, mode="casual")
    casual_hand(state, 1, ["blue1", "purple1", "red2", "green1", "green2", "yellow1",
                           "yellow2"])
    turn(state, "play blue1 1")
    theirs = state.observation(0)["seats"][0]["hand"][0]
    turn(state, f"play {theirs} 2")
    turn(state, "play purple1 1", "cast accaina-recall 1")
    act(state, "target blue1")  # Accaina's own face-up card: on top of her pile
    act(state, "pass", "pass", "done", "done")
    assert "blue1" in state.observation(0)["seats"][1]["known_hand"]
    casual_hand(state, 1, ["blue1", "purple2", "green2", "red2", "yellow2", "red4",
                           "yellow3"])
    while state.current_player() != 1:
        turn(state, "play " + state.observation(0)["seats"][0]["hand"][0] + " 3")
    turn(state, "play purple2 2")
    turn(state, "play " + state.observation(0)["seats"][0]["hand"][0] + " 3")
    turn(state, "play green2 2", "cast accaina-veil 2")
    turn(state, "play " + state.observation(0)["seats"][0]["hand"][0] + " 3")
    act(state, f"play {'blue1' if placed_is_the_known_card else 'red2'} 1")
    obs = state.observation(0)
    assert obs["conflicts"][0]["sides"][1]["cards"][-1]["card"] is None
    assert "blue1" not in obs["seats"][1]["known_hand"]
    downs = {state.setup.name(c) for seed in range(40)
             for w in [state.sample_world(0, random.Random(seed))]
             for c in w.ccards[0 * 2 + 1] if c in w.facedown}
    assert len(downs) > 1


# ---- an Artifact placed face-down beside other Artifacts in hand ----------------------

def _two_artifacts_then_veil() -> tuple[ThalaraState, list[str]]:
    """Accaina wins two Artifacts in round 1, then in round 2 casts Veil with both in
    hand. Returns the state and her Artifacts' names."""
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(P2_FILLER)})
    act(state, "play green5 1", "pass", "play red5 2", "pass")
    held = state.observation(0)["seats"][0]["artifacts"]
    assert len(held) == 2 and state.current_player() == 0
    select(state, {0: ["purple1", "green1", "red2", "blue1", "yellow1"],
                   1: list(P2_FILLER)})
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    turn(state, "play blue1 1")
    return state, held


@pytest.mark.parametrize("which", [0, 1])
def test_which_artifact_went_face_down_stays_secret(which: int) -> None:
    state, held = _two_artifacts_then_veil()
    act(state, f"play {held[which]} 2")
    seen = state.observation(1)
    assert seen["seats"][0]["known_hand"] == []  # either may be the one still in hand
    assert seen["conflicts"][1]["sides"][0]["cards"][0]["card"] is None
    assert seen["seats"][0]["artifacts"] == held
    mine = state.observation(0)
    assert mine["conflicts"][1]["sides"][0]["cards"][0]["card"] == held[which]
    downs = {state.setup.name(c) for seed in range(30)
             for w in [state.sample_world(1, random.Random(seed))]
             for c in w.ccards[1 * 2 + 0]}
    assert downs == set(held)
    own = {state.setup.name(c) for seed in range(10)
           for w in [state.sample_world(0, random.Random(seed))]
           for c in w.ccards[1 * 2 + 0]}
    assert own == {held[which]}
    # scoring reveals every card: both Artifacts are back in hand, in view of all
    if state.phase_name() == "cast":
        act(state, "skip")
    act(state, "pass", "pass")
    assert state.phase_name() == "select"
    seat = state.observation(1)["seats"][0]
    assert set(held) <= set(seat["known_hand"]) and seat["known_hand"] == seat["artifacts"]


def test_a_lone_artifact_placed_face_down_is_known() -> None:
    state = new(("accaina", "canto"), first=0, cards=OLD)
    select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                   1: list(P2_FILLER)})
    act(state, "play green5 1", "pass", "play red5 2", "pass")
    held = state.observation(0)["seats"][0]["artifacts"]
    select(state, {0: ["purple1", "green1", "red2", "blue1", "yellow1"],
                   1: list(P2_FILLER)})
    turn(state, "play purple1 1")
    turn(state, "play red2 1")
    turn(state, f"play {held[1]} 3")  # face-up
    turn(state, "play blue1 1")
    turn(state, "play green1 1", "cast accaina-veil 1")
    turn(state, "play yellow1 1")
    act(state, f"play {held[0]} 2")  # face-down, the only Artifact left in hand
    downs = {state.setup.name(c) for seed in range(10)
             for w in [state.sample_world(1, random.Random(seed))]
             for c in w.ccards[1 * 2 + 0]}
    assert downs == {held[0]}


def test_an_artifact_once_alone_face_down_is_no_clue_later() -> None:
    # X went face-down alone in round 2 (so it was known), came back at scoring; in
    # round 3 it goes face-down beside other Artifacts: P2 cannot tell it from them
    def build(place_x: bool) -> tuple[ThalaraState, str]:
        state = new(("accaina", "canto"), first=0, cards=OLD)
        select(state, {0: ["green5", "red5", "blue5", "yellow5", "red4", "blue4", "green4"],
                       1: list(P2_FILLER)})
        act(state, "play green5 1", "pass", "pass")
        x = state.observation(0)["seats"][0]["artifacts"][0]
        select(state, {0: ["purple1", "green1", "red2", "blue1", "yellow1", "purple2"],
                       1: list(P2_FILLER)})
        _p2_passes(state)
        turn(state, "play purple1 1")
        _p2_passes(state)
        turn(state, "play green1 1", "cast accaina-veil 1")
        act(state, f"play {x} 2")  # alone: known face-down
        if state.phase_name() == "cast":
            act(state, "skip")
        turn(state, "play red2 3")
        act(state, "pass")
        held = state.observation(0)["seats"][0]["artifacts"]
        y = next(a for a in held if a != x)
        select(state, {0: ["purple3", "green2", "red3", "blue3", "yellow2"][:7 - len(held)],
                       1: ["red3", "blue3", "green4", "yellow3", "purple3", "red4", "blue4"]})
        _p2_passes(state)
        turn(state, "play purple3 1")
        _p2_passes(state)
        turn(state, "play green2 1", "cast accaina-veil 1")
        act(state, f"play {x if place_x else y} 2")
        return state, x

    seen = [build(place_x)[0].observation(1) for place_x in (True, False)]
    assert seen[0] == seen[1]
    assert seen[0]["seats"][0]["known_hand"] == []


@pytest.mark.parametrize("took", ["aftershock", "purple3"])
def test_playing_one_of_identical_aftershocks_tells_nothing_of_the_others(took: str) -> None:
    # Tremor secretly takes an Aftershock or purple3; Fault Line's two Aftershocks go on
    # top and are drawn in view of all. Playing an Aftershock then looks the same to P2.
    state = new(("rinnthra", "canto"), first=0, mode="casual")
    casual_hand(state, 0, ["green1", "red2", "red3", "blue1", "yellow1", "purple1", "purple2"])

    turn(state, "play green1 1")
    _p2_passes(state)
    act(state, "play red2 1", "cast rinnthra-tremor 1", f"target {took}")
    _p2_passes(state)
    for card in ["red3", "blue1"]:
        turn(state, f"play {card} 2")
        _p2_passes(state)
    act(state, "play yellow1 2", "cast rinnthra-faultline 2")
    _p2_passes(state)
    act(state, "pass")
    while state.phase_name() == "return":
        act(state, "done")
    assert state.observation(1)["seats"][0]["known_hand"].count("aftershock") == 2
    act(state, "play aftershock 1")
    assert state.observation(1)["seats"][0]["known_hand"].count("aftershock") == 1


def test_the_owner_keeps_a_face_down_card_recalled_to_the_top_of_their_pile() -> None:
    state = new(("accaina", "canto"), first=0, cards=OLD, mode="casual")
    casual_hand(state, 0, ["purple1", "green1", "blue1", "red2", "yellow1", "purple2", "green2"])

    turn(state, "play purple1 1")
    _p2_passes(state)
    turn(state, "play green1 1", "cast accaina-veil 1")
    _p2_passes(state)
    act(state, "play red2 1")  # face-down
    _p2_passes(state)
    act(state, "play blue1 1", "cast accaina-recall 1", "target red2")
    s = state.setup
    own = {s.name(state.sample_world(0, random.Random(k)).supply[0][-1]) for k in range(20)}
    assert own == {"red2"}  # P1 knows what she put there
    theirs = {s.name(state.sample_world(1, random.Random(k)).supply[0][-1]) for k in range(20)}
    assert len(theirs) > 1  # P2 saw only a face-down card go
