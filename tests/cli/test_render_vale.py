"""The Vale board drawing: it draws any observation and hides what it must."""

from __future__ import annotations

import random

from rich.console import Console

from cardtable import load_game
from cardtable.cli.render_vale import render
from cardtable.cli.words import Words

GAME = load_game("vale")
CATALOGUE = GAME.catalogue({"expansion": "artifacts"})


def draw(obs: dict[str, object], viewer: int | None, catalogue: object = CATALOGUE) -> str:
    console = Console(width=120, record=True, color_system=None)
    words = Words(catalogue, viewer=viewer, vocabulary=GAME.words())  # type: ignore[arg-type]
    console.print(render(obs, viewer, words))  # type: ignore[arg-type]
    return console.export_text()


def test_render_shows_round_scores_display_and_hides_secret_cards() -> None:
    game = load_game("vale")
    st = game.new_game(3, seed=4)
    rng = random.Random(2)
    for _ in range(140):
        st.apply(rng.choice(st.legal_actions()))
    obs = st.observation(1)
    text = draw(obs, 1)
    assert f"round {obs['round']}/10" in text
    for seat in obs["seats"]:
        assert f"P{seat['seat'] + 1}" in text
    hidden = sum(h is None for s in obs["seats"] for h in s["hand"])
    assert text.count("?") >= hidden
    for cid in obs["display"]:
        assert CATALOGUE["cards"][cid]["name"] in text


def test_render_marks_provisional_cards_and_game_over(tmp_path: object) -> None:
    game = load_game("vale")
    st = game.new_game(2, seed=1)
    rng = random.Random(1)
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    obs = st.observation(None)
    marked = dict(CATALOGUE, cards={k: dict(v, provisional=True, note="a test note")
                                    for k, v in CATALOGUE["cards"].items()})
    text = draw(obs, None, marked)
    winners = obs["winners"]
    said = ("winner: " if len(winners) == 1 else "winners: ") + ", ".join(
        f"P{w + 1}" for w in winners)
    assert said in text and "provisional. a test note" in text and "*" in text
    assert "The game ended: Round 10 is over" in text or "reached" in text


def test_render_draws_artifacts_shelter_and_purchased_areas() -> None:
    game = load_game("vale")
    st = game.new_game(3, seed=9, expansion="artifacts")
    obs = st.observation(0)
    text = draw(obs, 0)
    for tile in obs["artifacts"]:
        assert CATALOGUE["artifacts"][tile["id"]]["name"] in text
    assert "expansion: artifacts" in text and "Artifacts" in text
    st.apply(st.legal_actions()[0])
    obs = st.observation(None)
    taken = obs["seats"][obs["first_player"]]["artifact"]
    assert f"held by P{obs['first_player'] + 1}" in draw(obs, None)
    assert taken is not None
    seat = obs["seats"][0]
    seat["shelter"] = ["imp", "odin"]
    seat["extra_areas"] = 2
    seat["area_limit"] = obs["round"] + 2
    text = draw(obs, None)
    assert "shelter" in text and "Odin" in text and "(+2 bought)" in text


def test_render_names_a_tile_source_and_the_effects_still_to_order() -> None:
    game = load_game("vale")
    obs = game.new_game(2, seed=9, expansion="artifacts").observation(0)
    tile = obs["artifacts"][0]["id"]
    obs["pending"] = {"kind": "choose", "player": 0, "source": tile}
    text = draw(obs, 0)
    name = CATALOGUE["artifacts"][tile]["name"]
    assert f"must decide: choose one of the card's options ({name}" in text
    obs["pending"] = {"kind": "order", "player": 1, "source": None}
    obs["to_order"] = ["salamander", "horned-salamander"]
    text = draw(obs, 0)
    assert ("P2 must decide: choose which Resolution effect to resolve next; still to "
            "resolve: Salamander") in text
    assert "Horned Salamander" in text


def test_stones_are_said_in_words_and_the_marks_have_a_legend() -> None:
    st = GAME.new_game(2, seed=3, expansion="artifacts")
    text = draw(st.observation(0), 0)
    assert "(=1)" not in text
    assert "red: 0, worth 1 each · blue: 0, worth 3 each · purple: 0, worth 6 each" in text
    assert "total worth 0 · 0 of 4 allowed" in text
    assert text.count("⌛ Resolution effect") == 1 and "[resolution]" not in text


def test_the_status_line_says_points_stones_hand_and_area() -> None:
    from cardtable.cli.render_vale import status

    st = GAME.new_game(2, seed=3, expansion="artifacts")
    rng = random.Random(4)
    while st.observation(0)["phase"] != "action":
        st.apply(rng.choice(st.legal_actions()))
    obs = st.observation(0)
    words = Words(CATALOGUE, viewer=0, vocabulary=GAME.words())
    line = status(obs, 0, words).plain
    assert "\n" not in line
    assert line.startswith(f"Round {obs['round']}/10, action phase · P1 (you): ")
    for seat in obs["seats"]:
        assert f"{seat['score']} point" in line
    assert line.count("area 0/1") == 2


def test_a_long_effect_in_an_area_wraps_whole_in_a_narrow_terminal() -> None:
    st = GAME.new_game(3, seed=9, expansion="artifacts")
    obs = st.observation(0)
    cards = CATALOGUE["cards"]
    # every card of the catalogue in one area: the double-width marks (⚡, ⌛) next to
    # long effects once cut a wrapped line's last word to "…"
    obs["seats"][1]["area"] = list(cards)
    # and in a shelter, a line of names rather than a grid of them
    obs["seats"][2]["shelter"] = list(cards)
    console = Console(width=100, record=True, color_system=None)
    words = Words(CATALOGUE, viewer=0, vocabulary=GAME.words())  # type: ignore[arg-type]
    console.print(render(obs, 0, words))  # type: ignore[arg-type]
    text = console.export_text()
    assert "…" not in text
    flat = " ".join(text.replace("│", " ").split())
    assert "Each of your blue stones and each of your purple stones is worth 1 more" in flat
    assert all(cards[cid]["name"] in flat for cid in cards)
