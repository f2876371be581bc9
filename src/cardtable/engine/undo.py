"""When taking actions back would let a player see again what was hidden.

Undo replays a game from its seed, so the cards a player has just seen come back in the
same places: undo a draw and the player knows the next card. An undo is therefore
allowed only over actions that showed the player nothing they could not know before.
The test uses the engine contract alone: replay the same actions in worlds sampled from
what the player knew before them; if any of those worlds cannot play them, or ends with
the player seeing something else, the actions revealed hidden information.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from cardtable.engine.api import CardtableError, State
from cardtable.engine.replay import replay_actions

# Worlds to try: a hidden card that shows up would have to land in the same place in
# every one of them to go unnoticed.
SAMPLES: Final = 8


def reveals_hidden(before: State, texts: Sequence[str], viewer: int,
                   seen_after: dict[str, Any]) -> bool:
    """Whether playing `texts` from `before` showed `viewer` something hidden at
    `before`; `seen_after` is the viewer's observation once they were played."""
    view = before.view(viewer)
    for k in range(SAMPLES):
        world = view.sample_world(random.Random(k))
        try:
            replay_actions(world, texts)
            seen = world.observation(viewer)
        except CardtableError:
            # Only some of the hidden arrangements allow these actions (a card was
            # played from a hand the viewer could not see): they told which. A world
            # that cannot even be shown (one ended otherwise, whose end summary is
            # worked out from the real deal) differs too, and says no more.
            return True
        if seen != seen_after:
            return True
    return False
