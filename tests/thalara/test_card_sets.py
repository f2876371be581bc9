"""The shipped card sets: `core` (tuned for balance) and `provisional-2026` (the set as it
was before), chosen by name; what the tuning changed, and what it had to keep."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.api import CardFileError, OptionError
from cardtable.thalara.cards import (
    CORE_PATH,
    SHIPPED,
    TUNED,
    CardSet,
    Spell,
    card_set,
    core_card_set,
)
from tests.thalara.helpers import GAME

# What docs/balance.md says the tuning changed.
TUNED_SPELLS = {"accaina-veil", "accaina-unravel", "accaina-shift", "kandhran-shatter",
                "kandhran-bulwark", "canto-chord"}
# Spells whose effect the public sources confirm: the tuning must keep their effect.
CONFIRMED_EFFECTS = {"energy-barrier", "canto-solo", "silence", "accaina-recall",
                     "rinnthra-tremor", "jinpatrica-balance"}


def _effects(spell: Spell) -> list[tuple[Any, ...]]:
    return [(e.type, e.amount, e.where, e.when, e.per, e.whose, e.card, e.face,
             e.max_strength, e.max_printed, e.unique_color, e.pick, e.count)
            for e in spell.effects]


def _play(spell: Spell) -> tuple[Any, ...]:
    return (spell.requires, spell.kind, _effects(spell))


def test_the_shipped_sets_are_chosen_by_name() -> None:
    assert set(SHIPPED) == {"core", "provisional-2026"}
    assert card_set("core") is core_card_set() is card_set(CORE_PATH)
    old = card_set("provisional-2026")
    assert old is card_set(SHIPPED["provisional-2026"]) is card_set("provisional-2026")
    assert old.digest != core_card_set().digest
    state = GAME.new_game(2, seed=1, cards="provisional-2026")
    assert state.options["cards"] == "provisional-2026"
    assert state.options["card_set"] == old.digest
    assert GAME.new_game(2, seed=1).options["card_set"] == core_card_set().digest
    assert GAME.characters() == list(core_card_set().characters)
    assert GAME.characters(cards="provisional-2026") == list(old.characters)


def test_an_unknown_set_name_is_one_clear_error() -> None:
    with pytest.raises(CardFileError, match="provisional-2025"):
        GAME.new_game(2, seed=1, cards="provisional-2025")
    with pytest.raises(OptionError, match="shipped set"):
        GAME.new_game(2, seed=1, cards=2026)


def test_tuning_changed_only_the_listed_provisional_spells_and_kept_ids_and_kinds() -> None:
    core, old = core_card_set(), card_set("provisional-2026")
    assert list(core.spells) == list(old.spells)
    assert {c: [s.id for s in ch.spells] for c, ch in core.characters.items()} == \
        {c: [s.id for s in ch.spells] for c, ch in old.characters.items()}
    changed = {sid for sid in core.spells if _play(core.spells[sid]) != _play(old.spells[sid])}
    assert changed == TUNED_SPELLS
    for sid in core.spells:
        spell, before = core.spells[sid], old.spells[sid]
        assert spell.kind == before.kind and spell.name == before.name
        if sid in CONFIRMED_EFFECTS:
            assert _effects(spell) == _effects(before), sid
        if sid in TUNED_SPELLS:
            assert spell.provenance == TUNED and spell.provisional
            assert before.provenance == "provisional"
            assert spell.note is not None and "docs/balance.md" in spell.note
            assert spell.text != before.text or spell.requires != before.requires
        else:
            assert spell.provenance != TUNED, sid


def _rest(cards: CardSet) -> tuple[Any, ...]:
    return (cards.colors, cards.remnants, cards.hand_size, cards.artifacts_to_end,
            cards.conflicts, cards.sets,
            [(a.id, a.color, a.strength, a.stars) for a in cards.artifacts])


def test_beyond_the_spells_only_the_aftershocks_were_tuned() -> None:
    core, old = core_card_set(), card_set("provisional-2026")
    assert _rest(core) == _rest(old)
    assert (old.aftershock_strength, core.aftershock_strength) == (2, 1)
    assert (old.aftershock_per_player, core.aftershock_per_player) == (4, 3)
    assert core.aftershock_provisional and old.aftershock_provisional
    text = CORE_PATH.read_text(encoding="utf-8")
    shock = text[text.index("[aftershock]"):]
    assert shock.split("\n[[", 1)[0].count(f'provenance = "{TUNED}"') == 1


def test_tuned_spells_are_shown_as_provisional() -> None:
    obs = GAME.new_game(2, seed=0, characters=["accaina", "kandhran"]).observation(None)
    marks = {s["id"]: s["provisional"] for seat in obs["seats"] for s in seat["spells"]}
    assert all(marks[s] for s in TUNED_SPELLS if s in marks)
    assert marks["accaina-recall"] is True   # name and requirement uncertain (UNKNOWN.md)


def test_a_card_file_of_ones_own_is_read_once_a_game_and_again_once_edited(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardtable.thalara.game as game_module

    path = tmp_path / "mine.toml"
    path.write_text(CORE_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    reads: list[str] = []
    read_bytes = Path.read_bytes

    # Counted where the file is read (pathlib), which both builds call through Python:
    # the compiled one calls its own functions directly, past any patch on the module.
    def counted(self: Path) -> bytes:
        if self == path:
            reads.append(str(self))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", counted)
    monkeypatch.setattr(game_module, "_SETUPS", {})
    first = GAME.new_game(2, seed=3, cards=str(path))
    assert len(reads) == 1                  # read once, not again to set it up
    again = GAME.new_game(2, seed=4, cards=str(path))
    assert len(reads) == 2 and again.setup is first.setup    # the setup is shared
    path.write_text(CORE_PATH.read_text(encoding="utf-8").replace(
        'name = "Surge"', 'name = "Surge!"'), encoding="utf-8")
    edited = GAME.new_game(2, seed=3, cards=str(path))
    assert edited.setup is not first.setup
    spells = [s["name"] for seat in edited.observation(0)["seats"] for s in seat["spells"]]
    assert "Surge!" in spells
