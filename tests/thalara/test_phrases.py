"""thalara/phrases.py: every decision in words: the decider reads "You must ..." and one
sentence per legal action; everybody else reads who decides what, and nothing they
may not know."""

from __future__ import annotations

import random
import re

import pytest

from cardtable.thalara.state import ThalaraState
from tests.engine.worlds import sampled_worlds
from tests.thalara.helpers import GAME, act, new

#: an id (myrja-surge, energy-barrier) or a card as the notation writes it (blue4, A03)
ID = re.compile(r"(?<![\w'-])(?:[a-z0-9]+(?:-[a-z0-9]+)+|[a-z]+[0-9]+|A[0-9]{2})(?![\w-])")
VERBS = ("take ", "play ", "cast ", "skip", "target ", "pass", "return ", "done")
SEATS = ["Ann", "Bea", "Cid", "Dee"]


def words_only(text: str) -> None:
    assert not ID.search(text), text
    assert not text.startswith(VERBS), text


def said_for(st: ThalaraState) -> dict[str, dict[str, object]]:
    said = GAME.decision(st, st.current_player())
    return {c["action"]: c for c in said["choices"]}


@pytest.mark.parametrize(("seed", "players", "mode"), [
    (1, 2, "standard"), (2, 3, "casual"), (3, 4, "standard"), (4, 2, "casual"),
    (5, 3, "standard")])
def test_every_decision_of_a_random_game_is_in_words(seed: int, players: int,
                                                     mode: str) -> None:
    rng = random.Random(seed)
    characters = rng.sample(["myrja", "canto", "accaina", "kandhran", "rinnthra",
                             "jinpatrica"], players)
    st = GAME.new_game(players, seed=seed, mode=mode, characters=characters)
    names = SEATS[:players]
    kinds = set()
    while not st.is_over():
        p = st.current_player()
        said = GAME.decision(st, p, names)
        assert said["deciding"] == p
        assert [c["action"] for c in said["choices"]] == [a.text for a in st.legal_actions()]
        assert said["prompt"].startswith("You must")
        for text in [said["prompt"], said["phase"], *(c["text"] for c in said["choices"])]:
            words_only(text)
        kinds |= {c["group"] for c in said["choices"]}
        for v in [None, *range(players)]:
            if v != p:
                other = GAME.decision(st, v, names)
                assert other["choices"] == [] and other["prompt"].startswith(names[p])
                words_only(other["prompt"])
        st.apply(rng.choice(st.legal_actions()))
    assert {"place", "pass"} <= kinds
    over = GAME.decision(st, None, names)
    assert over["deciding"] is None and over["prompt"].startswith("The game is over")


@pytest.mark.parametrize(("seed", "mode"), [(11, "standard"), (12, "casual")])
def test_what_the_others_read_is_the_same_in_every_world_they_cannot_tell_apart(
        seed: int, mode: str) -> None:
    rng = random.Random(seed)
    st = GAME.new_game(3, seed=seed, mode=mode,
                       characters=["accaina", "rinnthra", "canto"])
    compared = 0
    for step in range(250):
        if st.is_over():
            break
        if step % 3 == 0:
            for v, world in sampled_worlds(st, step):
                assert GAME.decision(world, v, SEATS) == GAME.decision(st, v, SEATS)
                compared += 1
        st.apply(rng.choice(st.legal_actions()))
    assert compared > 50


def test_choosing_the_hand_counts_the_cards_chosen() -> None:
    st = new()
    p = st.current_player()
    assert GAME.decision(st, p)["prompt"] == (
        "You must choose 7 cards for your hand: 0 of 7 chosen.")
    assert GAME.decision(st, p)["phase"] == (
        "Choosing your hand: take cards from your supply until you hold 7.")
    assert said_for(st)["take blue4"]["text"] == "Take Blue 4 into your hand"
    act(st, "take blue4", "take red2", "take green5")
    assert GAME.decision(st, p)["prompt"] == (
        "You must choose 7 cards for your hand: 3 of 7 chosen.")
    other = 1 - p
    assert GAME.decision(st, other, ["Ann", "Bea"])["prompt"] == (
        f"{['Ann', 'Bea'][p]} is choosing their hand.")
    assert GAME.decision(st, None)["prompt"] == f"P{p + 1} is choosing their hand."


def test_placing_casting_and_passing_are_sentences() -> None:
    st = new()
    while st.phase_name() == "select":
        act(st, st.legal_actions()[0].text)
    said = said_for(st)
    first = next(a for a in st.legal_actions() if a.text.startswith("play "))
    card = first.text.split()[1]
    name = GAME.catalogue(st.options)["names"][card]
    assert said[first.text]["text"] == f"Place {name[0].upper()}{name[1:]} into conflict 1"
    assert said[first.text]["group"] == "place" and said[first.text]["waste"] is None
    assert said["pass"] == {"action": "pass", "text": "Pass: place no more cards this round",
                            "group": "pass",
                            "waste": "passes while a card could still be placed"}
    assert GAME.decision(st, None)["phase"] == "Placing: place a card into a conflict, or pass."
    # play until a spell may be cast
    rng = random.Random(5)
    while st.phase_name() != "cast":
        act(st, rng.choice([a.text for a in st.legal_actions() if a.text != "pass"]))
    said = said_for(st)
    spells = GAME.catalogue(st.options)["names"]
    for action, choice in said.items():
        if action == "skip":
            assert choice["text"] == "Skip: cast no spell this turn"
        else:
            _, spell, conflict = action.split()
            assert choice["text"] == f"Cast {spells[spell]} into conflict {conflict}"
            assert choice["group"] == "cast"


def test_a_card_has_one_name_in_the_answers_the_log_and_the_zoom() -> None:
    """The answers said "Take Red 3 into your hand" while the log and the zoom (the
    catalogue's names) said "red 3" (until 2026-12-06): one name a card, everywhere."""
    from cardtable.thalara.phrases import type_names
    st = new()
    names = GAME.catalogue()["names"]
    shown = type_names(st.setup)
    for t, card in enumerate(st.setup.type_names):
        assert names[card] == shown[t], card
    assert names["red3"] == "Red 3"
