"""Board drawing: renderer lookup by game name, the generic fallback, and the Thalara
board from its documented observation shape (robust to missing values)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from cli_thalara_sample import sample_observation
from rich.console import Console, RenderableType

from cardtable import load_game
from cardtable.cli import render_thalara
from cardtable.cli.render import notation_help, render_generic, renderer_for
from cardtable.cli.words import Words


def draw(renderable: RenderableType, width: int = 160) -> str:
    console = Console(width=width, force_terminal=False)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def test_renderer_lookup_by_game_name() -> None:
    assert renderer_for("thalara") is render_thalara.render
    assert renderer_for("fake") is render_generic          # no render_fake module
    assert renderer_for("not a name!") is render_generic
    # the notation help comes from the game, through the contract, for both games
    assert notation_help("thalara") == load_game("thalara").notation_help()
    assert "play blue4 2" in (notation_help("thalara") or "")
    assert "summon poseidon pay" in (notation_help("vale") or "")
    assert notation_help("fake") is None


def test_generic_renderer_shows_every_key() -> None:
    text = draw(render_generic({"game": "fake", "round": 4, "hands": [["gem01"], None]}, 1))
    assert "fake as seen by P2" in text
    for word in ("'round': 4", "gem01", "None"):
        assert word in text


def test_thalara_board_for_a_player() -> None:
    text = draw(render_thalara.render(sample_observation(0), 0))
    for word in ("round 3", "phase play", "casual mode", "To move: P1 (you)",
                 "Artifact stack: 9", "aftershock pool: 4",
                 "Waiting on P2: choose a Remnant to return (spell accaina-recall, "
                 "conflict 2)",
                 "A05 Sunken Crown ✱", "str 2", "★3", "✱ Artifacts, provisional",
                 "blue4 (5)", "face down", "total 9", "total 0",
                 "energy-barrier (P1 (you))", "blocked for P2", "silenced",
                 "Myrja", "Canto", "passed", "to move",
                 "Your hand (3): blue4 A07 purple3", "Your supply (2): red2 green5",
                 "Your spells", "Surge", "myrja-surge", "red red", "permanent",
                 "Your red cards get +1 strength.", "Cast on",
                 "Other players' spells", "Echo", "green yellow",
                 "Scores: P1 (you) 1 · P2 0"):
        assert word in text, word
    # the provisional mark belongs to Surge's row, where it was cast to Veil's
    surge = next(line for line in text.splitlines() if "Surge" in line)
    veil = next(line for line in text.splitlines() if "Veil" in line)
    assert "Surge ✱" in surge and "conflict 2" not in surge
    assert "✱ Surge, provisional." in text      # a mark without a note is said too
    assert "✱" not in veil and "conflict 2" in veil


def test_thalara_board_for_a_spectator_has_no_hand() -> None:
    text = draw(render_thalara.render(sample_observation(None), None))
    assert "Your hand" not in text and "Your spells" not in text and "(you)" not in text
    assert "Spells" in text and "Surge" in text and "Echo" in text
    assert "To move: P1 " in text


def test_thalara_winners() -> None:
    observation = sample_observation(1)
    observation.update(phase="over", current_player=None, pending=None, winners=[1])
    text = draw(render_thalara.render(observation, 1))
    assert "Winner: P2 (you)" in text and "To move: nobody" in text
    observation["winners"] = [0, 1]
    assert "Winners: P1, P2 (you)" in draw(render_thalara.render(observation, 1))


def test_thalara_board_in_words_with_the_catalogue() -> None:
    game = load_game("thalara")
    state = game.new_game(2, seed=3)
    words = Words.of(state, 0, ["Ada", "Bo"])
    text = draw(render_thalara.render(state.observation(0), 0, words), width=300)
    assert "Ada (you)" in text and "Bo" in text
    artifact = state.observation(0)["conflicts"][0]["artifact"]
    assert artifact["name"] in text
    # a provisional spell shows its mark, and under the table what the mark stands for
    assert "Energy Barrier ✱" in text
    assert "✱ Energy Barrier, provisional: Effect and requirement confirmed" in text


def test_thalara_spells_keep_room_for_their_effect_in_80_columns() -> None:
    game = load_game("thalara")
    state = game.new_game(2, seed=3)
    text = draw(render_thalara.render(state.observation(0), 0, Words.of(state, 0)), width=80)
    assert all(len(line) <= 80 for line in text.splitlines())
    # Surge's effect on one line beside its name, as wide as the table lets it be
    surge = next(line for line in text.splitlines() if "Surge ✱" in line)
    assert "+2 to your total in this" in surge
    # each note said once, whole, under the table rather than in a narrow column
    notes = [line for line in text.splitlines() if line.startswith("✱ ")]
    assert any(line.startswith("✱ Surge, Kindle, Beacon, provisional: Designed for")
               for line in notes)


def test_cards_are_drawn_in_their_colors() -> None:
    styles = {name: str(render_thalara.card_text(name).style)
              for name in ("red2", "blue4", "green1", "yellow5", "purple3")}
    assert styles == {"red2": "bold red", "blue4": "bold bright_blue",
                      "green1": "bold green", "yellow5": "bold yellow",
                      "purple3": "bold magenta"}
    assert str(render_thalara.card_text("A07").style) == "bold"
    assert "dim" in str(render_thalara.card_text("aftershock").style)
    console = Console(width=100, force_terminal=True, color_system="truecolor")
    with console.capture() as capture:
        console.print(render_thalara.render(sample_observation(0), 0))
    assert "\x1b[" in capture.get()           # colored on a color terminal


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key/index path into a nested observation."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield (*prefix, index)
            yield from paths(item, (*prefix, index))


def variants() -> Iterator[dict[str, Any]]:
    """The sample with one value broken: set to None, dropped or made a string, the
    three kinds of damage taking turns along the paths (drawing every one of the
    three for every path is three times slower and finds nothing more)."""
    base = sample_observation(0)
    changes = ("none", "drop", "text")
    for number, path in enumerate(paths(base)):
        for change in (changes[number % 3],):
            observation = copy.deepcopy(base)
            parent: Any = observation
            for step in path[:-1]:
                parent = parent[step]
            last = path[-1]
            if change == "none":
                parent[last] = None
            elif change == "text":
                parent[last] = "x"
            elif isinstance(parent, dict):
                del parent[last]
            else:
                parent.pop(last)
            yield observation


def test_thalara_board_survives_missing_and_odd_values() -> None:
    count = 0
    for observation in variants():
        draw(render_thalara.render(observation, 0), width=120)
        count += 1
    assert count > 100
    for odd in ({}, {"seats": None, "conflicts": None}, {"players": 3, "conflicts": [{}]},
                {"seats": [None, 3, "x"], "conflicts": [None, {"sides": [None]}]}):
        draw(render_thalara.render(odd, None))
        draw(render_thalara.render(odd, 2))


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_thalara_board_fits_a_narrow_terminal(viewer: int | None) -> None:
    text = draw(render_thalara.render(sample_observation(viewer), viewer), width=70)
    assert "Conflicts" in text and "Players" in text


def test_thalara_optional_fields() -> None:
    """Fields beyond the documented minimum: an artifact named by `card`, the publicly
    known cards of another hand, and why the game ended."""
    observation = sample_observation(0)
    artifact = observation["conflicts"][0]["artifact"]
    artifact["card"] = artifact.pop("id")
    observation["seats"][1]["known_hand"] = ["A09"]
    observation["seats"][0]["known_hand"] = ["A07"]
    observation["end_reason"] = "the Artifact stack ran out"
    text = draw(render_thalara.render(observation, 0))
    assert "A05 Sunken Crown" in text
    assert "3 incl. A09" in text and "incl. A07" not in text
    assert "The game ended: the Artifact stack ran out" in text


def test_a_status_line_for_each_game_and_a_generic_one() -> None:
    from cardtable.cli import render_vale
    from cardtable.cli.render import status_for, status_generic

    assert status_for("thalara") is render_thalara.status
    assert status_for("vale") is render_vale.status
    assert status_for("fake") is status_generic
    line = draw(status_generic({"round": 2, "phase": "play", "scores": [3, 1]}, 0))
    assert line.strip() == "round 2 · phase play · scores P1 (you) 3, P2 1"


def test_thalara_status_line() -> None:
    observation = sample_observation(0)
    line = render_thalara.status(observation, 0, Words(viewer=0)).plain
    assert "\n" not in line
    assert line.startswith("Round 3, play phase · conflicts ")
    assert "P1 (you): " in line and "hand blue4 A07 purple3" in line
    assert "P2 decides: choose a Remnant to return" in line
    # it survives what the board survives
    for variant in variants():
        render_thalara.status(variant, 0)
    for odd in ({}, {"seats": [None, 3, "x"], "conflicts": [None, {"sides": [None]}]}):
        render_thalara.status(odd, None)


def test_the_note_of_provisional_artifacts_is_said_once() -> None:
    state = load_game("thalara").new_game(2, seed=1)
    text = draw(render_thalara.render(state.observation(0), 0, Words.of(state, 0)))
    assert text.count("✱ Artifacts, provisional: Fifteen Artifacts") == 1


def test_the_conflicts_table_of_four_players_cuts_nothing_in_80_columns() -> None:
    state = load_game("thalara").new_game(4, seed=3)
    text = draw(render_thalara.render(state.observation(0), 0, Words.of(state, 0)), width=80)
    assert "…" not in text
    for conflict in state.observation(0)["conflicts"]:
        flat = " ".join(text.replace("│", " ").split())
        assert str(conflict["artifact"]["name"]).split()[-1] + " ✱" in flat
