"""Research faces: fixed encodings of actions and observations, and adapters for
OpenSpiel, PettingZoo and Gymnasium. Needs the `rl` extra (`pip install cardtable[rl]`).

    from cardtable.rl import encoding_for
    enc = encoding_for("thalara", players=2)
    enc.action_index("play blue4 2"); enc.observation_tensor(state.observation(0))

See docs/rl.md.
"""

from __future__ import annotations

from cardtable.rl.encoding import Encoding, EncodingError, encoding_for, terminal_returns

__all__ = ["Encoding", "EncodingError", "encoding_for", "terminal_returns"]
