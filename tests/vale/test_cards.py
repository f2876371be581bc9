"""The card model and loader: the shipped set, user card files, broken card files."""

from __future__ import annotations

import pathlib

import pytest

from cardtable.engine.api import CardFileError, OptionError
from cardtable.vale.cards import (
    BASE_FILE,
    base_cards,
    load_cards,
)
from cardtable.vale.vocabulary import FAMILIES

from .helpers import GAME

# From reference/vale/cards.json (base set): name, family, cost, timings.
REFERENCE = {
    "hestia": ("Hestia", "fire", 0, "permanent"),
    "imp": ("Imp", "fire", 0, "instant+resolution"),
    "succubus": ("Succubus", "fire", 0, "instant"),
    "firefox": ("Firefox", "fire", 1, "instant"),
    "salamander": ("Salamander", "fire", 1, "resolution"),
    "horned-salamander": ("Horned Salamander", "fire", 2, "resolution"),
    "ifrit": ("Ifrit", "fire", 2, "instant"),
    "incubus": ("Incubus", "fire", 2, "instant"),
    "burning-skull": ("Burning Skull", "fire", 3, "resolution"),
    "lava-giant": ("Lava Giant", "fire", 3, "instant"),
    "phoenix": ("Phoenix", "fire", 3, "permanent"),
    "agni": ("Agni", "fire", 4, "permanent"),
    "asmodeus": ("Asmodeus", "fire", 4, "resolution"),
    "balog": ("Balog", "fire", 4, "resolution"),
    "surtr": ("Surtr", "fire", 4, "instant"),
    "yuki-onna": ("Yuki Onna", "water", 0, "instant"),
    "kappa": ("Kappa", "water", 1, "permanent"),
    "sea-spirit": ("Sea Spirit", "water", 1, "resolution"),
    "undine": ("Undine", "water", 1, "instant+resolution"),
    "nessie": ("Nessie", "water", 2, "resolution"),
    "hae-tae": ("Hae-tae", "water", 3, "permanent"),
    "snail-maiden": ("Snail Maiden", "water", 3, "resolution"),
    "undine-queen": ("Undine Queen", "water", 3, "resolution"),
    "yuki-onna-exalted": ("Yuki Onna Exalted", "water", 3, "instant"),
    "hydra": ("Hydra", "water", 4, "instant"),
    "leviathan": ("Leviathan", "water", 4, "instant"),
    "triton": ("Triton", "water", 4, "permanent"),
    "water-giant": ("Water Giant", "water", 4, "instant+permanent"),
    "charybdis": ("Charybdis", "water", 5, "resolution"),
    "poseidon": ("Poseidon", "water", 7, "instant"),
    "young-forest-spirit": ("Young Forest Spirit", "earth", 0, "instant"),
    "goblin": ("Goblin", "earth", 1, "resolution"),
    "mud-slime": ("Mud Slime", "earth", 6, "instant+resolution"),
    "forest-spirit": ("Forest Spirit", "earth", 2, "instant"),
    "gargoyle": ("Gargoyle", "earth", 2, "permanent"),
    "basilisk": ("Basilisk", "earth", 3, "resolution"),
    "troll": ("Troll", "earth", 3, "resolution"),
    "goblin-soldier": ("Goblin Soldier", "earth", 4, "resolution"),
    "medusa": ("Medusa", "earth", 4, "resolution"),
    "cerberus": ("Cerberus", "earth", 5, "instant"),
    "mimic": ("Mimic", "earth", 6, "resolution"),
    "rock-golem": ("Rock Golem", "earth", 6, "instant"),
    "stone-golem": ("Stone Golem", "earth", 6, "instant"),
    "behemoth": ("Behemoth", "earth", 9, "instant"),
    "sand-giant": ("Sand Giant", "earth", 10, "instant"),
    "harpy": ("Harpy", "wind", 3, "resolution"),
    "pegasus": ("Pegasus", "wind", 3, "instant+permanent"),
    "tengu": ("Tengu", "wind", 3, "instant"),
    "boreas": ("Boreas", "wind", 4, "instant"),
    "genie": ("Genie", "wind", 4, "instant"),
    "hippogriff": ("Hippogriff", "wind", 4, "instant+permanent"),
    "sylph": ("Sylph", "wind", 4, "instant+permanent"),
    "genie-exalted": ("Genie Exalted", "wind", 5, "resolution"),
    "valkyrie": ("Valkyrie", "wind", 5, "resolution"),
    "griffon": ("Griffon", "wind", 7, "resolution"),
    "odin": ("Odin", "wind", 6, "resolution"),
    "freyja": ("Freyja", "wind", 7, "resolution"),
    "rudra": ("Rudra", "wind", 8, "instant"),
    "gi-rin": ("Gi-rin", "wind", 10, "instant"),
    "dandelion-spirit": ("Dandelion Spirit", "wind", 3, "instant+resolution"),
    "dragon-egg": ("Dragon Egg", "dragon", 3, "instant"),
    "tidal": ("Tidal", "dragon", 5, "instant"),
    "ember": ("Ember", "dragon", 7, "instant"),
    "marina": ("Marina", "dragon", 7, "instant"),
    "boulder": ("Boulder", "dragon", 8, "instant"),
    "gust": ("Gust", "dragon", 8, "instant"),
    "aeris": ("Aeris", "dragon", 9, "instant"),
    "scorch": ("Scorch", "dragon", 9, "instant"),
    "willow": ("Willow", "dragon", 10, "instant"),
    "eternity": ("Eternity", "dragon", 12, "instant"),
}


def test_base_set_has_70_cards_15_per_family_and_10_dragons() -> None:
    cs = base_cards()
    assert cs.n == 70
    counts = [cs.family.count(f) for f in range(5)]
    assert counts == [15, 15, 15, 15, 10]
    assert all(p in ("confirmed", "provisional") for p in cs.provenance)
    assert all(s for p, s in zip(cs.provenance, cs.source, strict=True) if p == "confirmed")


def test_names_families_costs_and_timings_match_the_reference_exactly() -> None:
    cs = base_cards()
    assert set(REFERENCE) == set(cs.ids)
    for i, cid in enumerate(cs.ids):
        name, family, cost, timings = REFERENCE[cid]
        assert (cs.names[i], FAMILIES[cs.family[i]], cs.cost[i]) == (name, family, cost)
        assert cs.has_instant[i] == ("instant" in timings), cid
        assert cs.has_resolution[i] == ("resolution" in timings), cid
        assert bool(cs.permanent[i]) == ("permanent" in timings), cid


GOOD = """
[[cards]]
id = "{cid}"
name = "Card {i}"
family = "fire"
cost = 1
provenance = "provisional"
instant = [{{ op = "gain", points = 1 }}]
"""


def write(tmp: pathlib.Path, extra: str, count: int = 16) -> str:
    body = "".join(GOOD.format(cid=f"card-{i}", i=i) for i in range(count)) + extra
    path = tmp / "mine.toml"
    path.write_text(body)
    return str(path)


def test_a_users_card_file_loads_the_same_way(tmp_path: pathlib.Path) -> None:
    path = write(tmp_path, "")
    st = GAME.new_game(2, seed=1, cards=path)
    assert GAME.catalogue(st.options)["cards"]["card-3"]["provisional"] is True
    assert "cards" not in st.observation(0)
    assert st.options["cards"] == path


@pytest.mark.parametrize(("extra", "card", "field"), [
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "air"\ncost = 1\n'
     'provenance = "provisional"\n', "bad", "family"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = "one"\n'
     'provenance = "provisional"\n', "bad", "cost"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = 1\n'
     'provenance = "confirmed"\n', "bad", "source"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\ninstant = [{ op = "fly" }]\n', "bad", "instant[1].op"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\ninstant = [{ op = "gain", red = -1 }]\n', "bad",
     "instant[1].red"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\nresolution = [{ op = "gain", rubies = 2 }]\n', "bad",
     "resolution[1].rubies"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\npermanent = [{ op = "gain", red = 1 }]\n', "bad",
     "permanent[1].op"),
    ('[[cards]]\nid = "Bad Card"\nname = "Bad"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\n', "Bad Card", "id"),
    ('[[cards]]\nid = "card-1"\nname = "Again"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\n', "card-1", "id"),
    ('[[cards]]\nid = "red"\nname = "Red"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\n', "red", "id"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = 1\ncolour = "x"\n'
     'provenance = "provisional"\n', "bad", "colour"),
    ('[[cards]]\nid = "bad"\nname = "Bad"\nfamily = "fire"\ncost = 1\n'
     'provenance = "provisional"\ninstant = [{ op = "choose", n = 2, options = '
     '[{ label = "a", then = [] }] }]\n', "bad", "instant[1].options"),
])
def test_broken_card_files_name_file_card_and_field(tmp_path: pathlib.Path, extra: str,
                                                    card: str, field: str) -> None:
    path = write(tmp_path, extra)
    with pytest.raises(CardFileError) as info:
        load_cards(path)
    assert info.value.file == path
    assert info.value.card == card
    assert info.value.field == field
    assert path in str(info.value) and card in str(info.value)


def test_unreadable_and_invalid_toml_files(tmp_path: pathlib.Path) -> None:
    with pytest.raises(CardFileError, match="cannot read"):
        load_cards(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[cards]\nid=")
    with pytest.raises(CardFileError, match="not valid TOML"):
        load_cards(bad)
    with pytest.raises(CardFileError):
        GAME.new_game(2, seed=1, cards=str(tmp_path / "missing.toml"))


def test_too_small_a_card_set_is_an_option_error(tmp_path: pathlib.Path) -> None:
    path = write(tmp_path, "", count=5)
    with pytest.raises(OptionError):
        GAME.new_game(2, seed=1, cards=path)


def test_shipped_file_is_the_base_file() -> None:
    assert base_cards().file == str(BASE_FILE)
