"""No leak: a seat's analysis depends only on what that seat could know."""

from __future__ import annotations

from cardtable.analysis import analyze
from cardtable.engine.record import GameRecord
from tests.analysis.positions import played_record


def _first_round(record: GameRecord) -> GameRecord:
    """The record cut where round 2 begins."""
    state = record.new_state()
    for index, text in enumerate(record.actions):
        if state.observation(None)["round"] == 2:
            return record.undo(len(record.actions) - index)
        state.apply_text(text)
    raise AssertionError("the game has no round 2")


def _unseen_swap(record: GameRecord) -> GameRecord:
    """The same round with one card P2 took and never showed replaced by another card
    P2 could have taken and never touched: P1 sees the same game."""
    state = record.new_state()
    movers = []
    for text in record.actions:
        movers.append(state.current_player())
        state.apply_text(text)
    # every word naming a card of P2's: its own actions, and others' targets in its area
    p2_cards = [word.removesuffix("@p2") for text, mover in zip(record.actions, movers,
                                                                 strict=True)
                for word in text.split()[1:] if mover == 1 or word.endswith("@p2")]
    state = record.new_state()
    for index, text in enumerate(record.actions):
        taken = text.split()[-1]
        if movers[index] == 1 and text.startswith("take ") and p2_cards.count(taken) == 1:
            for action in state.legal_actions():
                other = str(action).split()[-1]
                if str(action).startswith("take ") and other not in p2_cards:
                    actions = list(record.actions)
                    actions[index] = str(action)
                    return GameRecord(record.game, record.players, record.seed,
                                      dict(record.options), actions)
        state.apply_text(text)
    raise AssertionError("P2 showed every card it took")


def test_seat_0s_analysis_is_the_same_whatever_seat_1_held_unseen() -> None:
    held = _first_round(played_record("thalara", seed=2, agents=("greedy", "random")))
    other = _unseen_swap(held)
    # The premise: the two games differ in P2's hand, and never in what P1 sees.
    first, second = held.new_state(), other.new_state()
    hands_differ = False
    for a, b in zip(held.actions, other.actions, strict=True):
        assert first.observation(0) == second.observation(0)
        hands_differ |= first.observation(1) != second.observation(1)
        first.apply_text(a)
        second.apply_text(b)
    assert hands_differ and first.observation(0) == second.observation(0)

    one = analyze(held, seats=[0], agent="ismcts:25")
    two = analyze(other, seats=[0], agent="ismcts:25")
    assert len(one.decisions) >= 10
    assert one.to_dict() == two.to_dict()
