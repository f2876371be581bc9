"""`reveals_hidden`: may actions be taken back without showing hidden cards again?"""

from __future__ import annotations

import random

from cardtable import load_game
from cardtable.engine.api import State
from cardtable.engine.replay import replay_actions
from cardtable.engine.undo import reveals_hidden
from tests.thalara.helpers import new, select
from tests.vale.helpers import position, seat


def play(state: State, *texts: str) -> tuple[State, list[str]]:
    """Play `texts`; the state before them and the texts, for `reveals_hidden`."""
    before = state.clone()
    for text in texts:
        state.apply(state.game.parse_action(state, text))
    return before, list(texts)


def test_a_public_action_reveals_nothing() -> None:
    st = position(seat(hand=["pegasus"], hunted=["imp"], stones=(0, 1, 0)), seat())
    before, texts = play(st, "sell imp")
    assert not reveals_hidden(before, texts, 0, st.observation(0))
    assert not reveals_hidden(before, texts, 1, st.observation(1))


def test_a_draw_reveals_the_card_to_who_drew_it() -> None:
    st = position(seat(hand=["pegasus"], stones=(0, 1, 0)), seat())
    before, texts = play(st, "summon pegasus pay blue")      # Pegasus draws a card
    assert reveals_hidden(before, texts, 0, st.observation(0))


def test_a_card_played_from_a_hidden_hand_reveals_it() -> None:
    state = new(("jinpatrica", "myrja"), first=0)
    select(state, {0: ["purple1", "blue1", "red5", "red2", "green1", "green2", "yellow1"],
                   1: ["blue5", "blue4", "red5", "red4", "blue1", "green1", "green2"]})
    before, texts = play(state, "play purple1 1")
    assert not reveals_hidden(before, texts, 0, state.observation(0))   # my own card
    assert reveals_hidden(before, texts, 1, state.observation(1))       # P2 learns it


def test_a_world_that_cannot_be_shown_counts_as_a_difference_not_an_error() -> None:
    # A sampled world has no history and a made-up seed; a Vale world that has ended
    # works out its end summary by replaying them, which raises. reveals_hidden is asked
    # for every update the server sends: it must answer, not raise.
    game = load_game("vale")
    rng = random.Random(5)
    state = game.new_game(2, seed=5)
    texts: list[str] = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        texts.append(action.text)
        state.apply(action)
    before = game.new_game(2, seed=5)
    replay_actions(before, texts[:-1])
    for viewer in (0, 1):
        assert reveals_hidden(before, texts[-1:], viewer, state.observation(viewer))
