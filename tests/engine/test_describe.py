"""Games describe themselves through the contract: catalogue, words, notation help and
rules summary, for every registered game."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import cardtable
from cardtable.engine.api import CardtableError

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("thalara", {}), ("thalara", {"mode": "casual", "star_tie": "most-artifacts"}),
    ("vale", {}), ("vale", {"expansion": "artifacts"})]


def ids_in(obs: Any) -> set[str]:
    """Every string of an observation that names a card, tile or spell."""
    found: set[str] = set()
    if isinstance(obs, dict):
        for key, value in obs.items():
            if key in ("card", "id", "artifact", "marker", "source", "spell") and \
                    isinstance(value, str):
                found.add(value)
            elif key in ("hand", "area", "hunted", "display", "discard", "shelter",
                         "artifacts", "known_hand", "supply", "top", "to_order") and \
                    isinstance(value, list):
                found |= {v for v in value if isinstance(v, str)}
                found |= ids_in(value)
            else:
                found |= ids_in(value)
    elif isinstance(obs, list):
        for value in obs:
            found |= ids_in(value)
    return found


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_the_catalogue_names_everything_an_observation_shows(
        name: str, options: dict[str, Any]) -> None:
    game = cardtable.load_game(name)
    state = game.new_game(2, seed=4, **options)
    catalogue = game.catalogue(state.options)
    assert json.loads(json.dumps(catalogue)) == catalogue
    assert catalogue == game.catalogue(game.new_game(2, seed=99, **options).options)
    words = game.words()
    rng = random.Random(1)
    phases: set[str] = set()
    while not state.is_over():
        for viewer in (None, 0):
            obs = state.observation(viewer)
            assert "cards" not in obs and "artifact_tiles" not in obs
            unnamed = ids_in(obs) - set(catalogue["names"])
            assert unnamed == set(), unnamed
        phases.add(obs["phase"])
        pending = obs["pending"]
        if name == "vale" and pending is not None:
            assert pending["kind"] in words["pending"]
        state.apply(rng.choice(state.legal_actions()))
    phases.add(state.observation(None)["phase"])
    assert phases <= set(words["phases"]) and "over" in phases


@pytest.mark.parametrize("name", ["thalara", "vale"])
def test_notation_help_and_rules_summary(name: str) -> None:
    game = cardtable.load_game(name)
    assert game.notation_help().count("\n") >= 8
    rules = game.rules_summary({})
    assert "in short" in rules and "settings" in rules


def test_the_rules_summary_tells_this_games_settings() -> None:
    thalara = cardtable.load_game("thalara")
    chosen = thalara.new_game(2, seed=1, star_tie="most-artifacts", idle_rounds=3).options
    text = thalara.rules_summary(chosen)
    assert "most Artifacts among the tied players wins" in text
    assert "after 3 rounds in a row" in text and "idle_rounds: 3" in text
    assert "every tied player wins" in thalara.rules_summary({})
    vale = cardtable.load_game("vale")
    text = vale.rules_summary(vale.new_game(2, seed=1, end_score=75, tie_break="shared")
                              .options)
    assert "reaches 75 points" in text and "every tied player wins" in text
    assert "Artifacts expansion" in vale.rules_summary({"expansion": "artifacts"})


@pytest.mark.parametrize("name", ["thalara", "vale"])
def test_the_rules_have_headings_for_a_table_of_contents(name: str) -> None:
    game = cardtable.load_game(name)
    paragraphs = game.rules_summary(game.new_game(2, seed=1).options).split("\n\n")
    headings = [p.removeprefix("## ") for p in paragraphs if p.startswith("## ")]
    assert headings[0] == "A round"
    assert {"The end", "Card set", "This game's settings"} <= set(headings)
    assert len(headings) == len(set(headings))
    # a heading is one line, and every heading has a paragraph under it
    assert all("\n" not in h for h in headings)
    assert not paragraphs[-1].startswith("## ")
    assert not any(a.startswith("## ") and b.startswith("## ")
                   for a, b in itertools.pairwise(paragraphs))
    assert "zoom of a card" in game.rules_summary({})


def test_thalara_settings_name_every_option_that_changes_play() -> None:
    thalara = cardtable.load_game("thalara")
    options = thalara.new_game(2, seed=1, silence_scope="spell", empty_casts="allowed").options
    settings = thalara.rules_summary(options).split("## This game's settings\n\n")[1]
    for option in ("mode", "characters", "cards", "star_tie", "empty_casts",
                   "silence_scope", "idle_rounds"):
        assert f"{option}: " in settings
    assert "silence_scope: spell (a spell lying in a silenced conflict does nothing" \
        in settings
    assert "silence_scope: conflict (Silence stops the other spells in its own conflict" \
        in thalara.rules_summary({})


def test_thalara_rules_say_what_of_the_printed_game_is_left_out() -> None:
    rules = cardtable.load_game("thalara").rules_summary({})
    left_out = rules.split("## Left out of the printed game\n\n")[1].split("\n\n")[0]
    assert "shadow traps" in left_out and "temple rules" in left_out


def test_vale_says_resolution_effect_never_hourglass() -> None:
    vale = cardtable.load_game("vale")
    said = [vale.rules_summary({"expansion": "artifacts"}), vale.notation_help(),
            json.dumps(vale.words())]
    said += [c["text"] for c in vale.catalogue({"expansion": "artifacts"})["cards"].values()]
    said += [t["text"] for t in vale.catalogue({"expansion": "artifacts"})["artifacts"].values()]
    assert not [text for text in said if "hourglass" in text.lower()]
    assert "Resolution effects (⌛)" in said[0]


def test_a_bad_card_file_in_the_options_is_refused() -> None:
    for name in ("thalara", "vale"):
        with pytest.raises(CardtableError):
            cardtable.load_game(name).catalogue({"cards": "/nonexistent/cards.toml"})
