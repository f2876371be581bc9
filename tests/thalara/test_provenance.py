"""Everything the research notes (shared/reference/thalara/UNKNOWN.md) list as not
confirmed is marked provisional, with a note, where the faces read it: the game's
catalogue (the contract) and the observation."""

from __future__ import annotations

from typing import Any

from cardtable import load_game

GAME = load_game("thalara")

# UNKNOWN.md, item by item: (section, what is uncertain, where the catalogue holds it).
UNCERTAIN: list[tuple[str, str, Any]] = [
    ("1", "which strengths each color's Remnants have", lambda c: c["remnants"]),
    ("2", "the color name red", lambda c: c["colors"][0]),
    ("2", "the color name yellow", lambda c: c["colors"][3]),
    ("2", "the color name purple", lambda c: c["colors"][4]),
    *[("3", f"Artifact {a}: name, color, strength, stars",
       lambda c, a=a: c["artifacts"][a]) for a in [f"A{i:02d}" for i in range(1, 16)]],
    ("4", "Energy Barrier's owner", lambda c: c["spells"]["energy-barrier"]),
    ("4", "Solo: name and requirement", lambda c: c["spells"]["canto-solo"]),
    ("4", "Silence: effect inferred, requirement", lambda c: c["spells"]["silence"]),
    ("4", "Recall: name and requirement", lambda c: c["spells"]["accaina-recall"]),
    ("4", "Tremor: name and requirement", lambda c: c["spells"]["rinnthra-tremor"]),
    ("4", "Balance: name and requirement", lambda c: c["spells"]["jinpatrica-balance"]),
    ("5", "the Aftershocks' count, color and strength", lambda c: c["aftershock"]),
]
# Section 4: every spell not named there is designed for cardtable.
KNOWN_SPELLS = {"energy-barrier", "canto-solo", "silence", "accaina-recall",
                "rinnthra-tremor", "jinpatrica-balance"}


def test_every_uncertain_item_of_unknown_md_is_marked_with_a_note() -> None:
    catalogue = GAME.catalogue()
    for section, what, where in UNCERTAIN:
        entry = where(catalogue)
        assert entry["provisional"] is True, f"UNKNOWN.md {section}: {what}"
        assert isinstance(entry["note"], str) and entry["note"], f"{what}: no note"
    for sid, spell in catalogue["spells"].items():
        assert spell["provisional"] is True, sid
        if sid not in KNOWN_SPELLS:
            assert "Designed for cardtable" in spell["note"], sid


def test_the_confirmed_colors_are_not_marked() -> None:
    colors = {c["id"]: c["provisional"] for c in GAME.catalogue()["colors"]}
    assert colors == {"red": True, "blue": False, "green": False, "yellow": True,
                      "purple": True}


def test_the_notes_say_which_part_is_confirmed() -> None:
    spells = GAME.catalogue()["spells"]
    assert "owns it is provisional" in spells["energy-barrier"]["note"]
    assert "effect inferred" in spells["silence"]["note"]
    for sid in ("canto-solo", "accaina-recall", "rinnthra-tremor", "jinpatrica-balance"):
        assert spells[sid]["note"] == "Effect confirmed; name and requirement provisional."


def test_the_observation_carries_the_same_marks_and_notes() -> None:
    catalogue = GAME.catalogue()
    characters = ["myrja", "canto", "accaina", "rinnthra"]
    obs = GAME.new_game(4, seed=3, characters=characters).observation(None)
    for seat in obs["seats"]:
        for spell in seat["spells"]:
            listed = catalogue["spells"][spell["id"]]
            assert (spell["provisional"], spell["note"]) == (listed["provisional"],
                                                             listed["note"])
    for conflict in obs["conflicts"]:
        artifact = conflict["artifact"]
        listed = catalogue["artifacts"][artifact["card"]]
        assert (artifact["provisional"], artifact["note"]) == (True, listed["note"])


def test_the_aftershock_note_says_the_numbers_of_the_set_in_play() -> None:
    for cards in (None, "provisional-2026"):
        shock = GAME.catalogue({"cards": cards})["aftershock"]
        note = shock["note"]
        assert f"{shock['per_player']} for each player" in note
        assert f"strength {shock['strength']}," in note
    tuned = GAME.catalogue()["aftershock"]
    assert (tuned["per_player"], tuned["strength"]) == (3, 1)      # docs/balance.md


def test_the_tuning_notes_name_tuning_rounds_not_game_rounds() -> None:
    # "in round 1" read as the game's first round; the tuning history has rounds too
    notes = [s["note"] for s in GAME.catalogue()["spells"].values() if s["note"]]
    assert not [n for n in notes if "in round" in n]
    assert "after the first round of tuning, 4 or less" in \
        GAME.catalogue()["spells"]["accaina-unravel"]["note"]
