"""`reveals_hidden`: may actions be taken back without showing hidden cards again?"""

from __future__ import annotations

from cardtable.engine.api import IllegalAction, State
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


class _Unshowable:
    """A sampled world that plays every action but cannot be shown (as a Vale world that
    ended otherwise than the real game: its end summary replays the real deal)."""

    def __init__(self, world: State) -> None:
        self.world = world
        self.game = self          # replay asks the state's game to read each text

    def parse_action(self, state: object, text: str) -> object:
        return self.world.game.parse_action(self.world, text)

    def apply(self, action: object) -> list[object]:
        return self.world.apply(action)  # type: ignore[arg-type]

    def observation(self, viewer: int | None) -> dict[str, object]:
        raise IllegalAction("'end' is not legal now")


class _Knowing:
    def __init__(self, state: State) -> None:
        self.state = state

    def view(self, viewer: int) -> object:
        outer = self

        class View:
            def sample_world(self, rng: object) -> _Unshowable:
                return _Unshowable(outer.state.clone())
        return View()


def test_a_world_that_cannot_be_shown_counts_as_a_difference_not_an_error() -> None:
    # reveals_hidden is asked for every update the server sends; an error out of it
    # would stop the game's updates, where a refused undo costs nothing
    st = position(seat(hand=["pegasus"], hunted=["imp"], stones=(0, 1, 0)), seat())
    before, texts = play(st, "sell imp")
    assert reveals_hidden(_Knowing(before), texts, 0,  # type: ignore[arg-type]
                          st.observation(0))
