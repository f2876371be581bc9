"""`Game.describe_action`: what a Thalara action does, as data (notation.action_facts),
so a face counts spells cast without reading the notation."""

from __future__ import annotations

import random

import cardtable

GAME = cardtable.load_game("thalara")


def test_every_legal_action_is_described_as_its_notation_says() -> None:
    rng = random.Random(5)
    verbs: set[str] = set()
    for seed in range(4):
        state = GAME.new_game(3, seed=seed, mode="casual" if seed % 2 else "standard")
        while not state.is_over():
            for action in state.legal_actions():
                facts = GAME.describe_action(state, action)
                verb, *rest = action.text.split()
                verbs.add(facts["verb"])
                assert facts["verb"] == verb
                if verb in ("take", "return", "play"):
                    assert facts["card"] == rest[0]
                if verb in ("play", "cast"):
                    assert facts["conflict"] == int(rest[1])
                if verb == "cast":
                    assert facts["spell"] == rest[0]
                if verb == "target":
                    target = rest[0].partition("@")[0]
                    key = "conflict" if target.isdigit() else "card"
                    assert str(facts[key]) == target
            state.apply(rng.choice(state.legal_actions()))
    assert {"take", "play", "cast", "skip", "pass"} <= verbs


def test_a_game_that_says_nothing_of_its_actions_describes_them_as_empty() -> None:
    vale = cardtable.load_game("vale")
    state = vale.new_game(2, seed=1)
    assert all(vale.describe_action(state, a) == {} for a in state.legal_actions())
