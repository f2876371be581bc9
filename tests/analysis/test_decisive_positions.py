"""The analysis names the winning action best and labels the losing one a blunder, in
positions where one action wins the game and another loses it."""

from __future__ import annotations

import pytest

from cardtable.agents.ismcts import final_rewards
from cardtable.analysis import Thresholds, analyze, judge, search_settings
from cardtable.engine.api import State
from tests.analysis.positions import decisive_thalara, tiny_card_file, vale_mud_slime
from tests.vale.helpers import play


def _reward(state: State, seat: int) -> float:
    """What the search scores a finished game for `seat`."""
    assert state.is_over()
    return final_rewards(state, search_settings("ismcts:10").margin_weight)[seat]


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> str:
    return tiny_card_file(tmp_path_factory.mktemp("cards"))


def test_thalara_last_card_into_the_wrong_conflict_is_a_blunder(cards: str) -> None:
    lost = decisive_thalara(cards, "small")
    won = decisive_thalara(cards, "great")
    analysis = analyze(lost, seats=[0], agent="ismcts:200")
    last = analysis.decisions[-1]
    assert last.index == len(lost.actions) - 1
    assert last.judgement.taken == lost.actions[-1]
    assert last.judgement.best == won.actions[-1]        # red5 into the 2-star conflict
    assert last.label == "blunder"
    # After the last card the game is over in every world the search samples, so both
    # expected results are exactly the search's reward for that end.
    assert last.judgement.best_expected == pytest.approx(_reward(won.replay(), 0))
    assert last.judgement.taken_expected == pytest.approx(_reward(lost.replay(), 0))
    assert last.loss > 0.8


def test_thalara_passing_with_the_deciding_card_is_a_blunder(cards: str) -> None:
    passed = decisive_thalara(cards, "pass")
    last = analyze(passed, seats=[0], agent="ismcts:200").decisions[-1]
    assert last.judgement.taken == "pass"
    assert last.label == "blunder"


def test_thalara_the_winning_last_card_is_named_best(cards: str) -> None:
    won = decisive_thalara(cards, "great")
    last = analyze(won, seats=[0], agent="ismcts:200").decisions[-1]
    assert last.judgement.taken == last.judgement.best == won.actions[-1]
    assert last.label == "best"
    assert last.loss == 0
    assert last.judgement.taken_iterations == 0       # no second search was needed


def test_vale_selling_the_card_whose_summon_reaches_60_is_a_blunder() -> None:
    state = vale_mud_slime()
    view = state.view(0)
    sell = state.game.parse_action(state, "sell mud-slime")
    verdict = judge(view, sell, state.game, search_settings("ismcts:300"), seed=5)
    assert verdict.best == "tame mud-slime"
    lost = play(vale_mud_slime(), "sell mud-slime", "discard red", "discard red", "end",
                "end")
    assert lost.scores() == [55, 60]                   # P2 reached 60: the game is over
    assert verdict.taken_expected == pytest.approx(_reward(lost, 0))
    assert Thresholds().label(verdict.loss, verdict.taken == verdict.best) == "blunder"


def test_vale_the_summon_that_reaches_60_is_best_and_ending_without_it_a_blunder() -> None:
    state = play(vale_mud_slime(), "tame mud-slime")
    won = play(state.clone(), "summon mud-slime pay blue,blue", "end", "end")
    assert won.is_over() and won.scores() == [61, 60] and won.winners() == [0]
    view = state.view(0)
    summon = state.game.parse_action(state, "summon mud-slime pay blue,blue")
    end = state.game.parse_action(state, "end")
    good = judge(view, summon, state.game, search_settings("ismcts:300"), seed=5)
    assert good.taken == good.best == "summon mud-slime pay blue,blue"
    assert good.loss == 0
    assert good.best_expected == pytest.approx(_reward(won, 0))
    bad = judge(view, end, state.game, search_settings("ismcts:300"), seed=5)
    assert bad.best == "summon mud-slime pay blue,blue"
    assert Thresholds().label(bad.loss, False) == "blunder"
    assert bad.loss > 0.8
