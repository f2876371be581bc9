"""engine/options.py: every rule of the validator, attacked with bad input; each game's
declarations against what its new_game accepts."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.engine.api import OptionError
from cardtable.engine.options import Choice, Option, defaults, option_help, validate_options

DECLARED = (
    Option("mode", "choice", "Mode", "how hands are dealt", default="standard",
           choices=(Choice("standard", "choose"), Choice("Casual", "at random"))),
    Option("fast", "bool", "Fast", "whether to hurry", default=False),
    Option("rounds", "int", "Rounds", "how many rounds", default=3, minimum=1, maximum=9),
    Option("at_least", "int", "At least", "a lower bound only", minimum=0),
    Option("name", "text", "Name", "a name"),
    Option("cards", "path", "Card file", "a card file"),
    Option("seats", "list", "Seats", "one name per seat", items="names", per_seat=True),
    Option("scores", "list", "Scores", "the starting scores", default="seat",
           item_kind="int", minimum=0, maximum=100, per_seat=True,
           choices=(Choice("seat", "by seat"), Choice("zero", "none"))),
    Option("tiles", "list", "Tiles", "the tiles", default="standard", items="tile ids",
           choices=(Choice("standard", "the usual"),), needs=("mode", "Casual")),
)


class Boom(ValueError):
    """A game's own error type."""


def check(options: dict[str, Any], players: int | None = 2,
          error: type[Exception] = OptionError) -> dict[str, Any]:
    return validate_options("toy", DECLARED, options, players, error)


def refused(options: dict[str, Any], words: str, players: int | None = 2) -> str:
    before = copy.deepcopy(options)
    with pytest.raises(OptionError, match=words) as err:
        check(options, players)
    assert options == before, "the validator changed what it was given"
    return str(err.value)


# ---- names ---------------------------------------------------------------------------

def test_nothing_given_is_nothing_returned() -> None:
    assert check({}) == {}


def test_an_unknown_option_names_the_known_ones() -> None:
    message = refused({"colour": "red"}, "unknown option 'colour' for toy")
    assert message.endswith("options: mode, fast, rounds, at_least, name, cards, seats, "
                            "scores, tiles")
    refused({"size": 3, "colour": "red", "mode": "standard"},
            "unknown options 'colour', 'size' for toy")


def test_option_names_are_matched_exactly() -> None:
    refused({"Mode": "standard"}, "unknown option 'Mode'")


# ---- choices -------------------------------------------------------------------------

@pytest.mark.parametrize("given", ["standard", "STANDARD", " Standard "])
def test_a_choice_is_matched_without_regard_to_case(given: str) -> None:
    assert check({"mode": given}) == {"mode": "standard"}


def test_a_choice_comes_back_as_declared() -> None:
    assert check({"mode": "casual"}) == {"mode": "Casual"}


@pytest.mark.parametrize("given", ["wild", "", 1, None, True, ["standard"], {"a": 1}])
def test_a_choice_not_offered_names_the_offered_ones(given: Any) -> None:
    message = refused({"mode": given}, "mode must be one of standard, Casual")
    assert message.endswith(f"not {given!r}")


# ---- booleans ------------------------------------------------------------------------

def test_a_bool_is_true_or_false() -> None:
    assert check({"fast": True}) == {"fast": True}
    assert check({"fast": False}) == {"fast": False}


@pytest.mark.parametrize("given", [1, 0, "true", None, "yes"])
def test_anything_else_is_no_bool(given: Any) -> None:
    refused({"fast": given}, "fast must be true or false")


# ---- whole numbers -------------------------------------------------------------------

@pytest.mark.parametrize("given", [1, 5, 9])
def test_a_number_within_its_bounds(given: int) -> None:
    assert check({"rounds": given}) == {"rounds": given}


@pytest.mark.parametrize("given", [0, 10, -1, 10**30])
def test_a_number_out_of_bounds_names_the_bounds(given: int) -> None:
    refused({"rounds": given}, "rounds must be a whole number from 1 to 9, not")


@pytest.mark.parametrize("given", ["3", 3.0, 2.5, True, None, [3], float("nan")])
def test_a_number_of_the_wrong_type_is_refused(given: Any) -> None:
    refused({"rounds": given}, "rounds must be a whole number from 1 to 9")


def test_one_bound_is_said_alone() -> None:
    assert check({"at_least": 10**9}) == {"at_least": 10**9}
    refused({"at_least": -1}, "at_least must be a whole number at least 0, not -1")


# ---- text and paths ------------------------------------------------------------------

def test_text_is_text() -> None:
    assert check({"name": "Ann"}) == {"name": "Ann"}
    refused({"name": 3}, "name must be text")


def test_a_path_is_kept_as_text(tmp_path: Any) -> None:
    assert check({"cards": tmp_path / "x.toml"}) == {"cards": str(tmp_path / "x.toml")}
    assert check({"cards": "my.toml"}) == {"cards": "my.toml"}
    refused({"cards": 3}, "cards must be text, a card file; not 3")
    refused({"cards": b"x.toml"}, "cards must be text")


# ---- lists ---------------------------------------------------------------------------

def test_a_list_per_seat_as_a_list_or_as_comma_separated_text() -> None:
    assert check({"seats": ["a", "b"]}) == {"seats": ["a", "b"]}
    assert check({"seats": ("a", "b")}) == {"seats": ["a", "b"]}
    assert check({"seats": "a, b"}) == {"seats": ["a", "b"]}
    assert check({"seats": ["a", "b", "c"]}, players=3) == {"seats": ["a", "b", "c"]}


def test_a_list_per_seat_needs_one_item_per_seat() -> None:
    refused({"seats": ["a", "b", "c"]}, "seats needs one per seat: 2 for 2 players, got 3")
    refused({"seats": "a"}, "seats needs one per seat: 2 for 2 players, got 1")


@pytest.mark.parametrize("given", [3, None, ["a", 3], [["a"], ["b"]], [], "", " , "])
def test_a_list_of_the_wrong_items_is_refused(given: Any) -> None:
    refused({"seats": given}, "seats must list 2 names")


def test_a_list_may_be_one_of_its_words() -> None:
    assert check({"scores": "Zero"}) == {"scores": "zero"}
    assert check({"scores": [0, 100]}) == {"scores": [0, 100]}
    assert check({"scores": "4, 5"}) == {"scores": [4, 5]}
    message = refused({"scores": "none"}, "scores must list 2 whole numbers")
    assert "or be 'seat' or 'zero'" in message


@pytest.mark.parametrize("given", [[0, 101], [-1, 0], [0, "1"], [True, 1], "1, x"])
def test_the_items_of_a_number_list_keep_their_bounds(given: Any) -> None:
    refused({"scores": given}, "scores")


def test_a_list_not_per_seat_is_any_length() -> None:
    assert check({"mode": "casual", "tiles": ["a", "b", "c"]})["tiles"] == ["a", "b", "c"]


# ---- an option that needs another ----------------------------------------------------

def test_an_option_that_needs_another_says_which() -> None:
    assert check({"mode": "CASUAL", "tiles": "standard"}) == {"mode": "Casual",
                                                              "tiles": "standard"}
    refused({"tiles": "standard"}, "tiles needs mode='Casual'")
    refused({"mode": "standard", "tiles": "standard"}, "tiles needs mode='Casual'")


# ---- errors --------------------------------------------------------------------------

def test_the_games_own_error_type_is_raised() -> None:
    with pytest.raises(Boom, match="rounds"):
        check({"rounds": 0}, error=Boom)
    with pytest.raises(Boom, match="unknown option"):
        check({"colour": 0}, error=Boom)


def test_a_good_call_changes_nothing_it_was_given() -> None:
    given = {"mode": "CASUAL", "seats": "a,b", "scores": (1, 2)}
    before = copy.deepcopy(given)
    check(given)
    assert given == before


def test_a_bad_declaration_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="kind"):
        Option("x", "colour", "X", "x")
    with pytest.raises(ValueError, match="choices"):
        Option("x", "choice", "X", "x")
    with pytest.raises(ValueError, match="minimum above maximum"):
        Option("x", "int", "X", "x", minimum=3, maximum=1)
    with pytest.raises(ValueError, match="item_kind"):
        Option("x", "list", "X", "x", item_kind="float")


# ---- what the faces read -------------------------------------------------------------

def test_defaults_and_help_come_from_the_declarations() -> None:
    assert defaults(DECLARED) == {"mode": "standard", "fast": False, "rounds": 3,
                                  "scores": "seat", "tiles": "standard"}
    helps = option_help(DECLARED)
    assert helps["mode"] == "how hands are dealt: standard (default: choose), Casual " \
                            "(at random)"
    assert helps["rounds"] == "how many rounds: whole number from 1 to 9 (default 3)"
    assert "or a list of whole numbers from 0 to 100, one per seat" in helps["scores"]
    assert helps["tiles"].endswith("; only with mode=Casual")


def test_a_declaration_is_json() -> None:
    data = json.loads(json.dumps([o.to_dict() for o in DECLARED]))
    mode = data[0]
    assert mode["kind"] == "choice" and mode["table_default"] == "standard"
    assert mode["choices"] == [{"value": "standard", "label": "choose"},
                               {"value": "Casual", "label": "at random"}]
    assert data[2]["minimum"] == 1 and data[2]["maximum"] == 9
    assert data[5]["player_facing"] is False            # a path is never offered
    assert data[8]["needs"] == {"mode": "Casual"}


# ---- the games -----------------------------------------------------------------------

GAMES = cardtable.games()


@pytest.mark.parametrize("name", GAMES)
def test_every_option_a_game_keeps_is_declared(name: str) -> None:
    game = cardtable.load_game(name)
    declared = {o.name for o in game.declared_options()}
    assert set(game.option_help()) == declared
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_game(players, seed=1)
        assert set(state.options) <= declared
        # what a game keeps, it takes back as it is
        again = game.new_game(players, seed=1, **state.options)
        assert again.options == state.options


@pytest.mark.parametrize("name", GAMES)
def test_each_declared_default_gives_a_playable_game(name: str) -> None:
    game = cardtable.load_game(name)
    for option in game.declared_options():
        extra = {} if option.needs is None else {option.needs[0]: option.needs[1]}
        for players in (game.min_players, game.max_players):
            for value in (option.default, option.table_default):
                if value is None:
                    continue
                if option.per_seat and not isinstance(value, str):
                    value = list(value)[:players]    # a table takes one item a seat
                state = game.new_game(players, seed=3, **extra, **{option.name: value})
                for _ in range(30):
                    if state.is_over():
                        break
                    state.apply(state.legal_actions()[0])


@pytest.mark.parametrize("name", GAMES)
def test_each_choice_of_each_game_is_accepted_in_any_case(name: str) -> None:
    game = cardtable.load_game(name)
    for option in game.declared_options():
        extra = {} if option.needs is None else {option.needs[0]: option.needs[1]}
        for choice in option.choices:
            state = game.new_game(game.min_players, seed=1, **extra,
                                  **{option.name: choice.value.upper()})
            assert state.options[option.name] == choice.value


@pytest.mark.parametrize("name", GAMES)
def test_each_bound_of_each_game_is_kept(name: str) -> None:
    game = cardtable.load_game(name)
    for option in game.declared_options():
        if option.kind != "int":
            continue
        for inside in (option.minimum, option.maximum):
            game.new_game(game.min_players, seed=1, **{option.name: inside})
        for outside in (option.minimum - 1, option.maximum + 1):   # type: ignore[operator]
            with pytest.raises(OptionError, match=f"{option.name} must be a whole number "
                                                  f"from {option.minimum} to "
                                                  f"{option.maximum}"):
                game.new_game(game.min_players, seed=1, **{option.name: outside})


def test_thalaras_settings_are_declared_with_the_values_its_setup_knows() -> None:
    from cardtable.thalara.setup import DEFAULT_SETTINGS, SETTINGS

    declared = {o.name: o for o in cardtable.load_game("thalara").declared_options()}
    for key, allowed in SETTINGS.items():
        assert declared[key].values == allowed
        assert declared[key].default == DEFAULT_SETTINGS[key]


def test_vale_offers_the_artifacts_at_a_new_table() -> None:
    declared = {o.name: o for o in cardtable.load_game("vale").declared_options()}
    expansion = declared["expansion"]
    assert expansion.default == "none" and expansion.table_default == "artifacts"
    assert expansion.headline
    assert declared["artifact_set"].needs == ("expansion", "artifacts")


# ---- the docs' options tables --------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
DOC_TABLES = {"thalara": (ROOT / "README.md", "### Options"),
              "vale": (ROOT / "docs" / "vale.md", "## Options")}


def _options_table(path: Path, heading: str) -> dict[str, str]:
    """{option: its values cell} of the first table under `heading`."""
    text = path.read_text(encoding="utf-8")
    rows: dict[str, str] = {}
    for line in text[text.index(heading):].splitlines()[1:]:
        if rows and not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[1]
    return rows


@pytest.mark.parametrize("name", sorted(DOC_TABLES))
def test_the_docs_options_table_matches_the_declarations(name: str) -> None:
    rows = _options_table(*DOC_TABLES[name])
    declared = cardtable.load_game(name).declared_options()
    assert set(rows) == {o.name for o in declared}
    for option in declared:
        for value in option.values:                  # every choice, written as code
            assert f"`{value}`" in rows[option.name] or f'`"{value}"`' in rows[option.name], \
                (option.name, value)
        for bound in (option.minimum, option.maximum):
            if bound is not None and option.kind == "int":
                assert str(bound) in rows[option.name], (option.name, bound)
