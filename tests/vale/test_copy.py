"""What Scorch and Genie Exalted copy (`copy_resolves_as`): the copied effect resolves
as the copier's own (`copier`, the default: its "this card" is Scorch or Genie Exalted)
or as the copied card's (`target`: "this card" is the copied card). Every card whose
copied effect names this card (or "another"/"other" card, measured from this card) is
tested under both."""

from __future__ import annotations

import pathlib

import pytest

from cardtable.engine.api import OptionError
from cardtable.vale.cards import BASE_FILE
from tests.vale.helpers import GAME, card, legal, names, play, position, seat

SETTINGS = ["copier", "target"]
EXPANSION = {"expansion": "cards"}  # the expansion's cards, base rules


def test_the_default_is_the_copier_and_a_bad_value_is_refused() -> None:
    assert GAME.new_game(2, seed=1).options["copy_resolves_as"] == "copier"
    assert "copier (default" in GAME.option_help()["copy_resolves_as"]
    with pytest.raises(OptionError, match="copy_resolves_as"):
        GAME.new_game(2, seed=1, copy_resolves_as="both")


# ---- Genie Exalted: "Recover: return this card ..." --------------------------------------

@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("target", ["imp", "undine", "mud-slime", "dandelion-spirit",
                                    "duduri"])
def test_genie_exalted_copying_a_recover(setting: str, target: str) -> None:
    st = position(seat(area=["genie-exalted", target]), seat(), copy_resolves_as=setting,
                  **EXPANSION)
    play(st, "end", "end", "order genie-exalted")
    # the copy runs first; then the copied card's own Resolution effect, if it is still
    # in the area
    if setting == "copier":
        assert sorted(names(st, st.hands[0])) == sorted(["genie-exalted", target])
        assert st.areas[0] == []
    else:
        assert names(st, st.hands[0]) == [target]
        assert names(st, st.areas[0]) == ["genie-exalted"]


@pytest.mark.parametrize("setting", SETTINGS)
def test_genie_exalted_copying_mandrake_discards_this_card(setting: str) -> None:
    st = position(seat(area=["genie-exalted", "mandrake"], score=5), seat(),
                  copy_resolves_as=setting, **EXPANSION)
    play(st, "end", "end", "order genie-exalted")
    assert sorted(legal(st)) == ["choose discard", "choose points"]
    play(st, "choose discard")
    gone = "genie-exalted" if setting == "copier" else "mandrake"
    assert names(st, st.discard) == [gone]
    assert gone not in names(st, st.areas[0])


# ---- Scorch: "... this card ..." in an instant effect -------------------------------------

def _scorch(area: list[str], setting: str, hand: tuple[str, ...] = (),
            other: tuple[str, ...] = ()):
    st = position(seat(hand=["scorch", *hand], area=area, stones=(0, 1, 1)),
                  seat(area=other), copy_resolves_as=setting, **EXPANSION)
    play(st, "summon scorch pay purple,blue")
    return st


@pytest.mark.parametrize("setting", SETTINGS)
def test_scorch_copying_tengu_puts_this_card_on_the_deck(setting: str) -> None:
    st = _scorch(["tengu"], setting)
    assert st.scores()[0] == 6
    top = "scorch" if setting == "copier" else "tengu"
    assert st.deck[-1] == card(st, top) and st.deck[-1] not in st.areas[0]
    assert names(st, st.areas[0]) == (["tengu"] if setting == "copier" else ["scorch"])


@pytest.mark.parametrize("setting", SETTINGS)
def test_scorch_copying_boreas_recovers_this_card(setting: str) -> None:
    st = _scorch(["boreas"], setting)
    back = "scorch" if setting == "copier" else "boreas"
    assert names(st, st.hands[0]) == [back]
    assert names(st, st.areas[0]) == [({"scorch", "boreas"} - {back}).pop()]


@pytest.mark.parametrize("setting", SETTINGS)
def test_scorch_copying_dragon_egg_discards_this_card_then_summons(setting: str) -> None:
    st = _scorch(["dragon-egg"], setting, hand=("tidal",))
    gone = "scorch" if setting == "copier" else "dragon-egg"
    assert names(st, st.discard) == [gone]
    assert sorted(names(st, st.areas[0])) == sorted(
        [({"scorch", "dragon-egg"} - {gone}).pop(), "tidal"])


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("target, verb, extra", [
    ("aeris", "recover", []),                 # "one of your other summoned cards"
    ("cerberus", "discard", ["done"]),        # "your other summoned cards"
    ("anubis", "discard", [])])               # "another of your summoned cards"
def test_scorch_copying_another_card_effect_measures_from_this_card(
        setting: str, target: str, verb: str, extra: list[str]) -> None:
    st = _scorch([target, "imp"], setting)
    play(st, f"copy {target}")
    this = "scorch" if setting == "copier" else target
    other = ({"scorch", target} - {this}).pop()
    assert sorted(legal(st)) == sorted([f"{verb} {other}", f"{verb} imp", *extra])


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("dragon, theirs", [("deepdive", "kappa"), ("pyro", "hestia"),
                                            ("rockscale", "goblin"),
                                            ("whisper", "boreas")])
def test_scorch_copying_a_swap_dragon_swaps_this_card(setting: str, dragon: str,
                                                      theirs: str) -> None:
    st = _scorch([dragon], setting, other=(theirs,))
    moved = "scorch" if setting == "copier" else dragon
    assert names(st, st.areas[1]) == [moved]
    assert sorted(names(st, st.areas[0])) == sorted(
        [({"scorch", dragon} - {moved}).pop(), theirs])


# ---- whether the copy can be resolved is judged with the same "this card" --------------

HOARDER = """
[[cards]]
id = "hoarder"
name = "Hoarder"
family = "earth"
cost = 0
provenance = "provisional"
instant = [{ op = "recover", other = true, family = "dragon" }]
"""


@pytest.mark.parametrize("setting", SETTINGS)
def test_scorch_may_copy_only_what_it_can_resolve_as_the_setting_reads_it(
        setting: str, tmp_path: pathlib.Path) -> None:
    # Hoarder recovers "another" Dragon. Copied as Scorch's own, the other Dragon must be
    # another than Scorch: there is none, so Scorch has nothing to copy and cannot be
    # summoned. Copied as Hoarder's, Scorch itself is such a Dragon.
    path = tmp_path / "hoarder.toml"
    path.write_text(BASE_FILE.read_text(encoding="utf-8") + HOARDER, encoding="utf-8")
    st = position(seat(hand=["scorch"], area=["hoarder"], stones=(0, 1, 1)), seat(),
                  cards=str(path), copy_resolves_as=setting)
    summonable = "summon scorch pay purple,blue" in legal(st)
    assert summonable is (setting == "target")
    if summonable:
        play(st, "summon scorch pay purple,blue")
        assert names(st, st.hands[0]) == ["scorch"]
        assert names(st, st.areas[0]) == ["hoarder"]
