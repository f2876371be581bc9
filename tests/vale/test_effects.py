"""The effect vocabulary beyond the base cards' own uses: a user's card file can combine
the same ops in new ways, and they behave as documented."""

from __future__ import annotations

import pathlib

import pytest

from cardtable.vale.cards import BASE_FILE

from .helpers import legal, names, play, position, seat, stones

EXTRA = """
[[cards]]
id = "collector"
name = "Collector"
family = "wind"
cost = 0
provenance = "provisional"
permanent = [{ op = "on_tame", red = 1, points = 2 }]

[[cards]]
id = "scavenger"
name = "Scavenger"
family = "fire"
cost = 0
provenance = "provisional"
instant = [{ op = "take_discard" }]

[[cards]]
id = "miser"
name = "Miser"
family = "earth"
cost = 0
provenance = "provisional"
permanent = [
  { op = "stone_limit", amount = -2 },
  { op = "stone_value", color = "red", amount = 2 },
]

[[cards]]
id = "gambler"
name = "Gambler"
family = "water"
cost = 0
provenance = "provisional"
instant = [{ op = "if", cond = "hand_below", value = 2, then = [{ op = "gain", draw = 2 }], \
else = [{ op = "discard_hand", points_per_cost = 2 }, { op = "lose", points = 1 }] }]
"""


@pytest.fixture()
def cards(tmp_path: pathlib.Path) -> str:
    path = tmp_path / "extra.toml"
    path.write_text(BASE_FILE.read_text() + EXTRA)
    return str(path)


def test_on_tame_without_a_family_fires_for_every_tame(cards: str) -> None:
    st = position(seat(area=["collector"], hunted=["imp", "kappa"]), seat(), cards=cards)
    play(st, "tame imp", "tame kappa")
    assert stones(st, 0) == (2, 0, 0) and st.scores()[0] == 4


def test_take_discard_without_a_family_takes_any_card_and_needs_one(cards: str) -> None:
    st = position(seat(hand=["scavenger"]), seat(), discard=["imp", "tidal"], cards=cards)
    play(st, "summon scavenger")
    assert sorted(legal(st)) == ["take imp", "take tidal"]
    play(st, "take tidal")
    assert names(st, st.hands[0]) == ["tidal"]
    empty = position(seat(hand=["scavenger"]), seat(), cards=cards)
    assert "summon scavenger" not in legal(empty)


def test_lower_stone_limit_and_value_bonus(cards: str) -> None:
    st = position(seat(area=["miser"], hunted=["imp"], stones=(1, 0, 0)), seat(),
                  cards=cards)
    play(st, "sell imp")  # 4 red > 4 - 2: two red go (one colour: no choice to make)
    assert stones(st, 0) == (2, 0, 0)
    assert st.observation(0)["seats"][0]["stone_values"]["red"] == 3


def test_if_else_with_a_discard_then_a_loss(cards: str) -> None:
    st = position(seat(hand=["gambler", "sand-giant", "imp"], score=5), seat(), cards=cards)
    play(st, "summon gambler", "discard sand-giant")
    assert st.scores()[0] == 5 + 20 - 1
    st = position(seat(hand=["gambler", "imp"]), seat(), cards=cards)
    play(st, "summon gambler")
    assert len(st.hands[0]) == 3  # imp and two drawn cards
