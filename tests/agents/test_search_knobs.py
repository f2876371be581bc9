"""The search knobs tried toward an expert (issue 29; docs/ai.md): read and checked,
each wired into the search, each deterministic for a seed and an iteration budget."""

from __future__ import annotations

import pytest
from search_positions import midgame

from cardtable.agents.ismcts import ISMCTSAgent, settings_for
from cardtable.engine.api import OptionError


def test_the_knobs_tried_toward_the_expert_are_read_and_checked() -> None:
    on = settings_for("100+avail=1+bias=2+mix=0.3+mast=0.5")
    assert (on.textbook_availability, on.bias, on.mix, on.mast) == (True, 2.0, 0.3, 0.5)
    off = settings_for("100")
    assert (off.textbook_availability, off.bias, off.mix, off.mast) == (False, 0.0, 0.0, 0.0)
    for bad in ("100+avail=2", "100+avail=yes", "100+bias=-1", "100+mix=1.5", "100+mast=2"):
        with pytest.raises(OptionError):
            settings_for(bad)


@pytest.mark.parametrize("knob", ["avail=1", "bias=2", "mix=0.5", "mast=0.5"])
def test_each_knob_changes_the_search_and_stays_deterministic(knob: str) -> None:
    state = midgame("thalara", 6)
    player = state.current_player()
    assert player is not None

    def searched(spec: str) -> list[tuple[str, int, float | None]]:
        agent = ISMCTSAgent(state.game, 5, settings_for(spec))
        view = state.view(player)
        root = agent.search(view)
        return [(str(s.action), s.visits, s.mean)
                for s in agent.root_statistics(root, view.legal_actions, player)]

    turned = searched(f"80+{knob}")
    assert turned == searched(f"80+{knob}")
    assert turned != searched("80")
