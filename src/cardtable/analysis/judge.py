"""Judging one decision from the deciding seat's view: what the search would play, and
what the action taken was worth.

Only the View is searched, so the judgement can use nothing that seat could not know
then: other hands and future deals are resampled by `view.sample_world`.

The action taken often gets few visits in the search when it is a poor one, and a
mean over a handful of rollouts is mostly noise. So when it is not the search's choice,
both it and the search's choice are searched again on their own, side by side on the
same sampled worlds and the same random numbers (`ISMCTSAgent.search_paired`), with as
many iterations as the choice received in the full search. Both expected results then
come from equally large trees that met the same deals, and their difference (the loss)
is what the two actions do, not which deals each happened to meet: compared apart, two
equally good actions differed by the searches' noise, which called every good move a
small loss and hid how far weak play is from strong.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.agents.ismcts import ISMCTSAgent, SearchSettings, settings_for
from cardtable.analysis.labels import AnalysisError
from cardtable.engine.api import Action, Game, OptionError, View

# How many of the search's top actions a judgement keeps (besides the one taken).
TOP_ACTIONS = 5
# The paired search of the taken action and the search's choice: its own random numbers
# (not the full search's), and at least this many worlds, so that a choice the full
# search hardly visited is still compared on enough deals.
PAIRED_SEED = 0x5EED_CAFE
PAIRED_MIN = 64


@dataclass(frozen=True)
class Alternative:
    """One root action of the search: visits and expected result for the seat."""

    action: str
    visits: int
    expected: float | None


@dataclass(frozen=True)
class Judgement:
    """The search's verdict on one decision (no record position yet: see Decision)."""

    taken: str
    best: str
    taken_expected: float
    best_expected: float
    loss: float                  # best - taken, never below 0
    iterations: int              # of the full search
    taken_visits: int            # the taken action's visits in the full search
    taken_iterations: int        # of its own search (0 when it was the search's choice)
    top: tuple[Alternative, ...]


def search_settings(agent: str, game: str | None = None) -> SearchSettings:
    """The search for an agent spec: `ismcts`, `ismcts:LEVEL`, `ismcts:N` (iterations,
    deterministic) or a time (`ismcts:0.3s`); `ismcts:expert` needs the game's name.
    Other agents have no expected results to compare, so they are refused."""
    name, _, level = agent.strip().lower().partition(":")
    if name != "ismcts":
        raise AnalysisError(f"the analysis needs a search agent: ismcts:N (iterations), "
                            f"ismcts:easy, ismcts:medium, ismcts:hard or ismcts:expert; "
                            f"not {agent!r}")
    try:
        return settings_for(level or None, game)
    except OptionError as exc:
        raise AnalysisError(str(exc)) from None


def judge(view: View, taken: Action, game: Game, settings: SearchSettings,
          seed: int) -> Judgement:
    """Search `view` and compare the action taken with the search's choice."""
    player = view.player
    if player is None:
        raise AnalysisError("a spectator made no decision to judge")
    legal = view.legal_actions
    if taken not in legal:
        raise AnalysisError(f"{taken} is not a legal action here")
    agent = ISMCTSAgent(game, seed, settings)
    root = agent.search(view)
    stats = agent.root_statistics(root, legal, player)
    best = stats[0]
    assert best.mean is not None  # the most visited action has at least one visit
    own = next(s for s in stats if s.action == taken)
    best_expected = best.mean
    if own.action == best.action:
        taken_expected, taken_iterations = best.mean, 0
    else:
        paired = ISMCTSAgent(game, seed ^ PAIRED_SEED, settings).search_paired(
            view, [best.action, taken], max(PAIRED_MIN, best.visits))
        assert paired[0].mean is not None and paired[1].mean is not None
        best_expected, taken_expected = paired[0].mean, paired[1].mean
        taken_iterations = paired[1].visits
    top = tuple(Alternative(str(s.action), s.visits, s.mean) for s in stats[:TOP_ACTIONS])
    return Judgement(
        taken=str(taken), best=str(best.action), taken_expected=taken_expected,
        best_expected=best_expected, loss=max(0.0, best_expected - taken_expected),
        iterations=agent.last_iterations, taken_visits=own.visits,
        taken_iterations=taken_iterations, top=top)
