"""artifacts.toml against the reference: the 28 cards and the 11 Artifact tiles; broken
Artifact tables give one clear error."""

from __future__ import annotations

import pathlib

import pytest

from cardtable.engine.api import CardFileError
from cardtable.vale.cards import (
    ABILITIES,
    ARTIFACTS_FILE,
    BASE_FILE,
    expansion_cards,
    load_cards,
)
from cardtable.vale.vocabulary import FAMILIES

from .helpers import GAME

# From reference/vale/cards.json (set "artifacts"): name, family, cost, timings.
REFERENCE = {
    "ash": ("Ash", "fire", 1, "permanent"),
    "fire-rat": ("Fire Rat", "fire", 1, "instant"),
    "bul-gae": ("Bul-gae", "fire", 2, "resolution"),
    "fireblast": ("Fireblast", "fire", 2, "instant+permanent"),
    "hephaestus": ("Hephaestus", "fire", 3, "resolution"),
    "belphegor": ("Belphegor", "fire", 4, "instant+permanent"),
    "taweret": ("Taweret", "water", 0, "instant"),
    "melusine": ("Melusine", "water", 3, "instant"),
    "thalassa": ("Thalassa", "water", 4, "instant+permanent"),
    "kraken": ("Kraken", "water", 5, "instant"),
    "siren": ("Siren", "water", 5, "resolution"),
    "akhlut": ("Akhlut", "water", 6, "instant"),
    "duduri": ("Duduri", "earth", 0, "instant+resolution"),
    "duduri-king": ("Duduri King", "earth", 3, "permanent"),
    "anubis": ("Anubis", "earth", 6, "instant"),
    "mandrake": ("Mandrake", "earth", 6, "instant+resolution"),
    "totem-pole": ("Totem Pole", "earth", 6, "permanent"),
    "wendigo": ("Wendigo", "earth", 7, "instant+permanent"),
    "banshee": ("Banshee", "wind", 4, "instant+permanent"),
    "nurikabe": ("Nurikabe", "wind", 4, "instant+resolution"),
    "rukh": ("Rukh", "wind", 6, "resolution"),
    "horus": ("Horus", "wind", 7, "instant"),
    "loki": ("Loki", "wind", 7, "permanent+resolution"),
    "anzu": ("Anzu", "wind", 9, "instant"),
    "deepdive": ("Deepdive", "dragon", 7, "instant"),
    "pyro": ("Pyro", "dragon", 7, "instant"),
    "rockscale": ("Rockscale", "dragon", 8, "instant"),
    "whisper": ("Whisper", "dragon", 8, "instant"),
}
# name, kind, players (0 = advanced), ability
TILES = {
    "incense-burner": ("Incense Burner", "base", 2, "action"),
    "monkey-kings-staff": ("Monkey King's Staff", "base", 2, "action"),
    "pied-pipers-pipe": ("Pied Piper's Pipe", "base", 2, "instant"),
    "seven-league-boots": ("Seven-League Boots", "base", 3, "instant"),
    "golden-fleece": ("Golden Fleece", "base", 4, "action"),
    "book-of-thoth": ("Book of Thoth", "advanced", 0, "action"),
    "cap-of-hades": ("Cap of Hades", "advanced", 0, "action"),
    "gem-of-kukulkan": ("Gem of Kukulkan", "advanced", 0, "permanent"),
    "imperial-seal": ("Imperial Seal", "advanced", 0, "action"),
    "philosophers-stone": ("Philosopher's Stone", "advanced", 0, "instant"),
    "ring-of-wishes": ("Ring of Wishes", "advanced", 0, "action"),
}


def test_the_28_cards_match_the_reference_exactly() -> None:
    cs = expansion_cards()
    assert cs.file == f"{BASE_FILE}+{ARTIFACTS_FILE}"
    new = cs.ids[70:]
    assert set(new) == set(REFERENCE) and len(new) == 28
    assert [sum(1 for c in range(70, 98) if cs.family[c] == f) for f in range(5)] == [
        6, 6, 6, 6, 4]
    for i in range(70, 98):
        name, family, cost, timings = REFERENCE[cs.ids[i]]
        assert (cs.names[i], FAMILIES[cs.family[i]], cs.cost[i]) == (name, family, cost)
        assert cs.has_instant[i] == ("instant" in timings), cs.ids[i]
        assert cs.has_resolution[i] == ("resolution" in timings), cs.ids[i]
        assert bool(cs.permanent[i]) == ("permanent" in timings), cs.ids[i]
        assert cs.provenance[i] == "confirmed" and cs.source[i]


def test_the_11_tiles_match_the_reference_exactly() -> None:
    cs = expansion_cards()
    assert set(cs.art_ids) == set(TILES)
    for a, tid in enumerate(cs.art_ids):
        name, kind, players, ability = TILES[tid]
        assert (cs.art_names[a], cs.art_kind[a], cs.art_players[a],
                ABILITIES[cs.art_ability[a]]) == (name, kind, players, ability)
        assert cs.art_provenance[a] == "confirmed"


TILE = """
[[artifacts]]
id = "{tid}"
name = "Tile"
kind = "{kind}"
{players}ability = "{ability}"
provenance = "provisional"
effect = [{effect}]
"""


@pytest.mark.parametrize(("tile", "field"), [
    (TILE.format(tid="t", kind="base", players="", ability="action",
                 effect='{ op = "gain", red = 1 }'), "players"),
    (TILE.format(tid="t", kind="rare", players="", ability="action",
                 effect='{ op = "gain", red = 1 }'), "kind"),
    (TILE.format(tid="t", kind="advanced", players="", ability="passive",
                 effect='{ op = "gain", red = 1 }'), "ability"),
    (TILE.format(tid="t", kind="advanced", players="", ability="permanent",
                 effect='{ op = "gain", red = 1 }'), "effect[1].op"),
    (TILE.format(tid="T T", kind="advanced", players="", ability="action",
                 effect='{ op = "gain", red = 1 }'), "id"),
    (TILE.format(tid="t", kind="advanced", players="", ability="action",
                 effect='{ op = "buy_area", price = -3 }'), "effect[1].price"),
])
def test_broken_artifact_tables_name_file_tile_and_field(tmp_path: pathlib.Path, tile: str,
                                                         field: str) -> None:
    path = tmp_path / "tiles.toml"
    path.write_text('[[cards]]\nid = "c"\nname = "C"\nfamily = "fire"\ncost = 1\n'
                    'provenance = "provisional"\n' + tile)
    with pytest.raises(CardFileError) as info:
        load_cards(path)
    assert info.value.file == str(path) and info.value.field == field


def test_a_users_card_file_plays_with_the_expansion_added(tmp_path: pathlib.Path) -> None:
    body = "".join(f'[[cards]]\nid = "card-{i}"\nname = "C{i}"\nfamily = "fire"\ncost = 1\n'
                   'provenance = "provisional"\n' for i in range(16))
    path = tmp_path / "mine.toml"
    path.write_text(body)
    st = GAME.new_game(2, seed=1, cards=str(path), expansion="artifacts")
    obs = st.observation(None)
    assert len(GAME.catalogue(st.options)["cards"]) == 16 + 28 and len(obs["artifacts"]) == 6
