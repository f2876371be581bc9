"""Thalara's pending spell choice (thalara/frames.py): named fields, compared by value."""

from __future__ import annotations

from cardtable.thalara.frames import SpellChoice


def test_a_spell_choice_starts_at_its_first_step() -> None:
    first = SpellChoice(1, 7, 2, 0)
    assert (first.player, first.sid, first.conf, first.effect) == (1, 7, 2, 0)
    assert first.stage == 0 and first.chosen == -1


def test_the_second_step_keeps_the_spell_and_names_the_card_chosen() -> None:
    first = SpellChoice(1, 7, 2, 3)
    second = first.second_step(40)
    assert second == SpellChoice(1, 7, 2, 3, 1, 40) and second.fields() == (1, 7, 2, 3, 1, 40)
    assert first == SpellChoice(1, 7, 2, 3)  # never changed: a clone may share it


def test_spell_choices_compare_by_value() -> None:
    assert SpellChoice(0, 1, 2, 3) == SpellChoice(0, 1, 2, 3)
    assert hash(SpellChoice(0, 1, 2, 3)) == hash(SpellChoice(0, 1, 2, 3))
    assert SpellChoice(0, 1, 2, 3) != SpellChoice(0, 1, 2, 4)
    assert SpellChoice(0, 1, 2, 3) != (0, 1, 2, 3, 0, -1)
