"""One judge's verdict on a position: the best action from the solver's view and how
far it stands above the others.

A full search ranks the actions; its choice's expected result comes from the many
iterations it received. The others' means in that tree rest on few visits each (the
search left them because they looked worse), so the closest challengers, the next
`CHALLENGERS` most visited actions, are each searched again on their own with as many
iterations as the best received (`ISMCTSAgent.search_action`, as the analysis does for
the action taken). The margin is the best's expected result minus the highest of the
challengers'. Actions ranked below them were visited less still: the search's
exploration bound already put them under the best.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.agents.ismcts import ISMCTSAgent, SearchSettings
from cardtable.engine.api import Game, View
from cardtable.puzzles.model import Choice, PuzzleError

CHALLENGERS = 2


@dataclass(frozen=True)
class Verdict:
    best: str
    choices: tuple[Choice, ...]   # the best first, then the challengers, best to worst

    @property
    def margin(self) -> float:
        if len(self.choices) < 2:
            return 1.0
        return self.choices[0].expected - self.choices[1].expected


def verdict(view: View, game: Game, settings: SearchSettings, seed: int,
            challengers: int = CHALLENGERS) -> Verdict:
    """Search `view` (the solver's) with `settings` and `seed`: the best action and its
    closest challengers, each with its expected result."""
    player = view.player
    if player is None:
        raise PuzzleError("a spectator has no puzzle to solve")
    legal = view.legal_actions
    if len(legal) < 2:
        raise PuzzleError("a position with one legal action is no puzzle")
    agent = ISMCTSAgent(game, seed, settings)
    root = agent.search(view)
    stats = agent.root_statistics(root, legal, player)
    best = stats[0]
    assert best.mean is not None  # the most visited action has at least one visit
    others = []
    for rival in stats[1:1 + challengers]:
        alone = agent.search_action(view, rival.action, max(1, best.visits))
        assert alone.mean is not None
        others.append(Choice(str(rival.action), alone.mean, alone.visits))
    others.sort(key=lambda c: -c.expected)
    return Verdict(str(best.action), (Choice(str(best.action), best.mean, best.visits),
                                      *others))
