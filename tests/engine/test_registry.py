"""The registry (engine/registry.py): games and the faces they bring, by reference."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import cardtable
from cardtable.engine import registry
from cardtable.engine.api import CardtableError, OptionError
from cardtable.learn import lessons, load_lesson
from cardtable.learn.vale import LESSON
from cardtable.puzzles.themes import theme


@pytest.fixture
def restored() -> Iterator[None]:
    """Whatever a test registers is gone after it."""
    games, loaded = dict(registry._GAMES), dict(registry._LOADED)
    faces = {k: dict(v) for k, v in registry._FACES.items()}
    yield
    registry._GAMES.clear()
    registry._GAMES.update(games)
    registry._LOADED.clear()
    registry._LOADED.update(loaded)
    registry._FACES.clear()
    registry._FACES.update(faces)


def test_the_package_and_the_engine_share_one_registry() -> None:
    assert cardtable._GAMES is registry._GAMES and cardtable._LOADED is registry._LOADED
    assert cardtable.load_game is registry.load_game
    assert cardtable.game_reference("Thalara ") == "cardtable.thalara.game:ThalaraGame"
    assert cardtable.game_reference("chess") is None


def test_a_registered_game_loads_with_the_faces_it_names(restored: None) -> None:
    cardtable.register_game("Copy", "cardtable.vale.game:ValeGame",
                            faces={"terminal": "json", "encoding": "json:dumps"})
    assert "copy" in cardtable.games()
    assert cardtable.load_game("copy") is cardtable.load_game("COPY")
    assert cardtable.load_face("copy", "terminal") is json
    assert cardtable.load_face("copy", "encoding") is json.dumps
    assert cardtable.face_reference("copy", "encoding") == "json:dumps"
    assert cardtable.load_face("copy", "sound") is None
    assert cardtable.load_face("chess", "terminal") is None


def test_registering_again_replaces_the_game_and_its_faces(restored: None) -> None:
    cardtable.register_game("copy", "cardtable.vale.game:ValeGame", faces={"terminal": "json"})
    first = cardtable.load_game("copy")
    cardtable.register_game("copy", "cardtable.vale.game:ValeGame")
    assert cardtable.load_game("copy") is not first
    assert cardtable.load_face("copy", "terminal") is None


@pytest.mark.parametrize("reference, faces", [
    ("cardtable.vale.game", None),                # no class named
    (":ValeGame", None),
    ("cardtable.vale.game:ValeGame", {"terminal": "json:"}),
    ("cardtable.vale.game:ValeGame", {"terminal": ""}),
])
def test_a_bad_reference_is_refused_and_registers_nothing(
        restored: None, reference: str, faces: dict[str, str] | None) -> None:
    with pytest.raises(ValueError, match="a reference is written"):
        cardtable.register_game("broken", reference, faces=faces)
    assert cardtable.game_reference("broken") is None
    with pytest.raises(OptionError, match="unknown game 'broken'"):
        cardtable.load_game("broken")


def test_a_game_whose_module_is_missing_is_not_offered(restored: None) -> None:
    cardtable.register_game("ghost", "cardtable.no_such_game:Ghost")
    assert "ghost" not in cardtable.games()
    with pytest.raises(OptionError, match="unknown game 'ghost'; games: thalara, vale"):
        cardtable.load_game("ghost")


def test_lessons_and_puzzle_themes_are_the_faces_a_game_brings(restored: None) -> None:
    """The lessons and the puzzles' themes are found by the registry, not by comparing
    game names: a game registered with a Vale lesson and theme gets them, one without
    gets none (and its puzzles are themed by their verb)."""
    assert lessons() == ["thalara", "vale"]
    cardtable.register_game("copy", "cardtable.vale.game:ValeGame", faces={
        "lesson": "cardtable.learn.vale:LESSON",
        "puzzle_theme": "cardtable.puzzles.themes:vale_theme"})
    cardtable.register_game("bare", "cardtable.vale.game:ValeGame")
    assert "copy" in lessons() and "bare" not in lessons()
    assert load_lesson("copy") is LESSON
    with pytest.raises(CardtableError, match="no lesson for 'bare'"):
        load_lesson("bare")
    state = cardtable.load_game("vale").new_game(2, seed=3)
    view = state.view(state.current_player())
    legal = [str(a) for a in view.legal_actions]
    as_vale = theme("vale", view, legal[0], legal[1], seed=1)
    assert theme("copy", view, legal[0], legal[1], seed=1) == as_vale
    assert theme("bare", view, legal[0], legal[1], seed=1) == legal[0].split()[0]
