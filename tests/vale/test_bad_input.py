"""Bad input gets one clear error and changes nothing: an `artifact_set` of non-strings,
a `cards` path with a NUL character, effect numbers without a bound, a parse or an
apply of something that is not text or an Action, and a seat that does not exist."""

from __future__ import annotations

import pathlib

import pytest

from cardtable.engine import GameRecord
from cardtable.engine.api import (
    CardFileError,
    OptionError,
    RecordError,
)
from cardtable.vale.cards import BASE_FILE, cards_from, load_cards

from .helpers import GAME

# ---- artifact_set holding something other than tile ids ----------------------------

@pytest.mark.parametrize("tiles", [[[1], 2, 3], [[1], [2], [3]],
                                   ["golden-fleece", {"a": 1}, "book-of-thoth"]])
def test_an_artifact_set_of_non_strings_is_an_option_error(tiles: list[object]) -> None:
    with pytest.raises(OptionError, match="artifact_set must list"):
        GAME.new_game(2, seed=1, expansion="artifacts", artifact_set=tiles)
    record = GameRecord("vale", 2, 1, {"expansion": "artifacts", "artifact_set": tiles}, [])
    with pytest.raises(RecordError, match="artifact_set"):
        record.replay()


def test_a_list_of_tile_ids_still_works() -> None:
    tiles = ["golden-fleece", "book-of-thoth", "cap-of-hades"]
    state = GAME.new_game(2, seed=1, expansion="artifacts", artifact_set=tiles)
    assert sorted(t["id"] for t in state.observation(None)["artifacts"]) == sorted(tiles)


# ---- a path with a NUL character ---------------------------------------------------

def test_a_cards_path_with_a_nul_character_is_a_card_file_error() -> None:
    with pytest.raises(CardFileError) as info:
        GAME.new_game(2, seed=1, cards="a\0b")
    assert "a\\x00b" in str(info.value) and "NUL" in str(info.value)
    for load in (lambda: load_cards("a\0b"), lambda: cards_from("a\0b", True)):
        with pytest.raises(CardFileError, match="NUL"):
            load()
    with pytest.raises(RecordError, match="NUL"):
        GameRecord("vale", 2, 1, {"cards": "a\0b"}, []).replay()


# ---- every number in an effect has an upper bound ------------------------------------

BASE = BASE_FILE.read_text(encoding="utf-8")
IMP = 'instant = [{ op = "gain", red = 2 }]'


def base_with(tmp_path: pathlib.Path, old: str, new: str) -> pathlib.Path:
    assert BASE.count(old) == 1, old
    path = tmp_path / "cards.toml"
    path.write_text(BASE.replace(old, new), encoding="utf-8")
    return path


def one_card(tmp_path: pathlib.Path, timing: str, effect: str) -> pathlib.Path:
    path = tmp_path / "one.toml"
    path.write_text(f'[[cards]]\nid = "probe"\nname = "Probe"\nfamily = "fire"\ncost = 1\n'
                    f'provenance = "provisional"\n{timing} = [{effect}]\n', encoding="utf-8")
    return path


def test_a_gain_of_a_million_stones_is_rejected_at_load_not_played(
        tmp_path: pathlib.Path) -> None:
    """Before, the game hung discarding a million stones one by one."""
    path = base_with(tmp_path, IMP, 'instant = [{ op = "gain", red = 1000000 }]')
    with pytest.raises(CardFileError) as info:
        GAME.new_game(2, seed=2, cards=str(path))
    assert (info.value.file, info.value.card, info.value.field) == (
        str(path), "imp", "instant[1].red")
    assert "at most 20, not 1000000" in str(info.value)


@pytest.mark.parametrize(("timing", "effect", "field"), [
    ("instant", '{ op = "gain", blue = 21 }', "instant[1].blue"),
    ("instant", '{ op = "gain", draw = 1000000000000 }', "instant[1].draw"),
    ("instant", '{ op = "gain", points = 101 }', "instant[1].points"),
    ("resolution", '{ op = "lose", points = 1000 }', "resolution[1].points"),
    ("instant", '{ op = "steal", points = 1000 }', "instant[1].points"),
    ("instant", '{ op = "points_per", points = 1, count = "family", family = "fire", '
                'per = 1000 }', "instant[1].per"),
    ("instant", '{ op = "spend_stone", color = "red", count = 99 }', "instant[1].count"),
    ("instant", '{ op = "upgrade", n = 50 }', "instant[1].n"),
    ("instant", '{ op = "free_summon", points_per_cost = 11 }',
     "instant[1].points_per_cost"),
    ("instant", '{ op = "buy_area", price = 1000 }', "instant[1].price"),
    ("instant", '{ op = "discard_area", up_to = 100 }', "instant[1].up_to"),
    ("permanent", '{ op = "stone_limit", amount = 100 }', "permanent[1].amount"),
    ("permanent", '{ op = "stone_value", color = "red", amount = 11 }',
     "permanent[1].amount"),
    ("permanent", '{ op = "cost_reduction", amount = 1000 }', "permanent[1].amount"),
    ("permanent", '{ op = "on_tame", red = 1000 }', "permanent[1].red"),
    ("permanent", '{ op = "on_summon", points = 1000 }', "permanent[1].points"),
    ("permanent", '{ op = "recover_when", event = "stones_at_least", value = 1000 }',
     "permanent[1].value"),
    # nested steps are named the way compile_effect names them
    ("resolution", '{ op = "if", cond = "stones_at_least", value = 4, then = '
                   '[{ op = "gain", points = 2 }], else = [{ op = "gain", red = 300 }] }',
     "resolution[1].else[1].red"),
    ("resolution", '{ op = "if", cond = "area_has_costs", costs = [1, 1000], then = '
                   '[{ op = "gain", points = 2 }] }', "resolution[1].costs"),
    ("instant", '{ op = "choose", n = 1, options = [{ label = "a", then = [{ op = "gain", '
                'red = 1 }] }, { label = "b", then = [{ op = "gain", purple = 5000 }] }] }',
     "instant[1].options[2].then[1].purple"),
])
def test_an_effect_number_beyond_its_bound_names_file_card_and_field(
        tmp_path: pathlib.Path, timing: str, effect: str, field: str) -> None:
    path = one_card(tmp_path, timing, effect)
    with pytest.raises(CardFileError) as info:
        load_cards(path)
    assert (info.value.file, info.value.card, info.value.field) == (str(path), "probe", field)


def test_an_artifact_effect_number_is_bounded_too(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "tiles.toml"
    path.write_text('[[cards]]\nid = "c"\nname = "C"\nfamily = "fire"\ncost = 1\n'
                    'provenance = "provisional"\n\n[[artifacts]]\nid = "t"\nname = "T"\n'
                    'kind = "advanced"\nability = "instant"\nprovenance = "provisional"\n'
                    'effect = [{ op = "gain", points = 5000 }]\n', encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load_cards(path)
    assert (info.value.card, info.value.field) == ("t", "effect[1].points")


def test_stone_limits_adding_up_beyond_what_a_payment_notes_are_rejected(
        tmp_path: pathlib.Path) -> None:
    """A payment notes each color's count in 5 bits, so no one may hold 32 of one."""
    path = tmp_path / "limits.toml"
    path.write_text("".join(
        f'[[cards]]\nid = "big-{i}"\nname = "B{i}"\nfamily = "fire"\ncost = 1\n'
        f'provenance = "provisional"\npermanent = [{{ op = "stone_limit", amount = 20 }}]\n'
        for i in range(2)), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load_cards(path)
    assert (info.value.file, info.value.card, info.value.field) == (
        str(path), "big-1", "permanent")
    assert "31" in str(info.value)


def test_numbers_at_their_bounds_still_load(tmp_path: pathlib.Path) -> None:
    path = base_with(tmp_path, IMP, 'instant = [{ op = "gain", red = 20, points = 100 }]')
    state = GAME.new_game(2, seed=1, cards=str(path))
    assert not state.is_over()
    load_cards(one_card(tmp_path, "permanent", '{ op = "stone_limit", amount = 20 }'))



