"""`encoding_for` finds a game's encoding through the registry (the "encoding" face the
game registers), never by comparing game names."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import cardtable
from cardtable.engine import registry
from cardtable.rl import encoding
from cardtable.rl.encoding import Encoding, EncodingError, encoding_for
from cardtable.rl.thalara_encoding import ThalaraEncoding
from cardtable.rl.vale_encoding import ValeEncoding


@pytest.fixture
def copy_of_vale() -> Iterator[None]:
    """Vale's rules registered once more as "copy", with no faces."""
    cardtable.register_game("copy", "cardtable.vale.game:ValeGame")
    yield
    for table in (registry._GAMES, registry._LOADED, registry._FACES):
        table.pop("copy", None)
    encoding._CACHE.clear()     # the encodings made for "copy" go with it


def test_each_built_in_game_names_its_encoding() -> None:
    assert cardtable.load_face("thalara", "encoding") is ThalaraEncoding
    assert cardtable.load_face("vale", "encoding") is ValeEncoding
    assert type(encoding_for("thalara", players=3)) is ThalaraEncoding
    assert type(encoding_for("vale", players=3)) is ValeEncoding


def test_a_game_with_the_same_rules_but_no_encoding_face_has_no_encoding(
        copy_of_vale: None) -> None:
    with pytest.raises(EncodingError, match="no encoding for game 'copy'"):
        encoding_for("copy", players=2)


def test_a_game_that_names_an_encoding_gets_it_whatever_its_name(
        copy_of_vale: None) -> None:
    registry._FACES["copy"]["encoding"] = "cardtable.rl.vale_encoding:ValeEncoding"
    enc = encoding_for("copy", players=2)
    assert isinstance(enc, Encoding)
    assert enc.action_texts == encoding_for("vale", players=2).action_texts


def test_a_face_that_is_not_an_encoding_is_refused(copy_of_vale: None) -> None:
    registry._FACES["copy"]["encoding"] = "cardtable.cli.render_vale"
    with pytest.raises(EncodingError, match="no encoding for game 'copy'"):
        encoding_for("copy", players=2)
