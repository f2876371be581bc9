"""Bad input gets one clear error and changes nothing: card files whose ids the notation
cannot read back, a card file without Artifacts, unbounded effect numbers, a `cards`
path with a NUL character, and observations for a seat that does not exist."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.engine import GameRecord
from cardtable.engine.api import CardFileError, RecordError
from cardtable.thalara.cards import CORE_PATH, load_card_set
from tests.thalara.helpers import GAME

CORE = CORE_PATH.read_text(encoding="utf-8")


def core_with(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """The shipped card file with each (old, new) text replaced, written to tmp_path."""
    text = CORE
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return path


def play_out(path: Path) -> None:
    """A full game with these cards, every listed action read back from its text."""
    state = GAME.new_game(2, seed=1, cards=str(path))
    steps = 0
    while not state.is_over():
        action = state.legal_actions()[steps % len(state.legal_actions())]
        assert GAME.parse_action(state, str(action)) == action
        state.apply(action)
        steps += 1
    assert steps > 0


# ---- ids the notation (or the `characters` option) must read back -------------------

@pytest.mark.parametrize(("edits", "card", "message"), [
    # `play A 01 3` cannot be read back: the notation splits on spaces
    ((('id = "A01"', 'id = "A 01"'),), "A 01", "one word"),
    # `target 7` is conflict 7, never this card
    ((('id = "A01"', 'id = "7"'),), "7", "starting with a letter"),
    # `target x@p1` would lose its `@p1`
    ((('id = "A01"', 'id = "x@p1"'),), "x@p1", "one word"),
    # `target facedown@p2` already means another player's face-down card
    ((('id = "A01"', 'id = "facedown"'),), "facedown", "word of the notation"),
    ((('id = "A01"', 'id = "Aftershock"'),), "Aftershock", "word of the notation"),
    # the notation ignores letter case: `play a01 1` would name two cards
    ((('id = "A02"', 'id = "a01"'),), "a01", "listed twice"),
    ((('id = "A01"', 'id = "RED3"'),), "RED3", "differ from every Remnant name"),
    # colors: `take dark red4` has two words; `r1` + 2 reads like `r` + 12
    ((('"red"', '"dark red"'),), "dark red", "letters joined by hyphens"),
    ((('"red"', '"r1"'),), "r1", "letters joined by hyphens"),
    ((('id = "blue"', 'id = "Red"'), ('"blue"', '"Red"')), "Red", "listed twice"),
    # spells: `cast myrja surge 2` has three arguments
    ((('"myrja-surge"', '"myrja surge"'),), "myrja surge", "one word"),
    ((('"myrja-surge"', '"7"'),), "7", "starting with a letter"),
    # characters: the option is read in lower case and split on commas
    ((('id = "myrja"', 'id = "Myrja"'),), "Myrja", "lowercase"),
    ((('id = "myrja"', 'id = "my rja"'),), "my rja", "lowercase"),
    ((('id = "myrja"', 'id = "myrja,canto"'),), "myrja,canto", "lowercase"),
])
def test_an_id_the_notation_cannot_read_back_is_a_card_file_error(
        tmp_path: Path, edits: tuple[tuple[str, str], ...], card: str,
        message: str) -> None:
    path = core_with(tmp_path, *edits)
    with pytest.raises(CardFileError) as info:
        load_card_set(path)
    assert (info.value.file, info.value.card, info.value.field) == (str(path), card, "id")
    assert message in str(info.value)
    with pytest.raises(CardFileError):
        GAME.new_game(2, seed=1, cards=str(path))


@pytest.mark.parametrize("edits", [
    (('id = "A01"', 'id = "ember-crown"'),),
    (('"red"', '"Crimson"'),),  # any letter case: the notation ignores it
    (('"red"', '"dark-red"'),),
    (('"myrja-surge"', '"Surge2"'),),
])
def test_ids_the_notation_reads_back_still_load_and_play(
        tmp_path: Path, edits: tuple[tuple[str, str], ...]) -> None:
    play_out(core_with(tmp_path, *edits))


def test_a_card_file_without_artifacts_is_rejected(tmp_path: Path) -> None:
    """Artifacts are what the game is played for: without one the game would be over
    before its first move."""
    start = CORE.index("[[artifacts]]")
    end = CORE.index("[aftershock]")
    path = tmp_path / "cards.toml"
    path.write_text("artifacts = []\n" + CORE[:start] + CORE[end:], encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        GAME.new_game(2, seed=1, cards=str(path))
    assert (info.value.file, info.value.field) == (str(path), "artifacts")
    assert "at least one Artifact" in str(info.value)


# ---- numbers in effects are bounded --------------------------------------------------

@pytest.mark.parametrize(("old", "new", "field"), [
    ('type = "total_bonus", amount = 2 }', 'type = "total_bonus", amount = 1000000 }',
     "amount"),
    ('amount = -1, whose = "opponents"', 'amount = -1000000, whose = "opponents"',
     "amount"),
    ("max_strength = 3", "max_strength = 1000000", "max_strength"),
    ("max_printed = 2", "max_printed = 1000000", "max_printed"),
])
def test_an_effect_number_beyond_its_bound_is_a_card_file_error(
        tmp_path: Path, old: str, new: str, field: str) -> None:
    path = core_with(tmp_path, (old, new))
    with pytest.raises(CardFileError) as info:
        load_card_set(path)
    assert info.value.field == field and info.value.card is not None
    assert "1000000" in str(info.value)


def test_effect_numbers_at_their_bounds_still_load(tmp_path: Path) -> None:
    load_card_set(core_with(tmp_path, ('type = "total_bonus", amount = 2 }',
                                       'type = "total_bonus", amount = 20 }'),
                            ("max_strength = 3", "max_strength = 99")))


# ---- a path with a NUL character ---------------------------------------------------

def test_a_cards_path_with_a_nul_character_is_a_card_file_error(tmp_path: Path) -> None:
    with pytest.raises(CardFileError) as info:
        GAME.new_game(2, seed=1, cards="a\0b")
    assert "a\\x00b" in str(info.value) and "NUL" in str(info.value)
    with pytest.raises(CardFileError):
        load_card_set("a\0b")
    record = GameRecord("thalara", 2, 1, {"cards": "a\0b"}, [])
    with pytest.raises(RecordError, match="NUL"):
        record.replay()
