"""How The Vale of Eternity counts at the end: most points wins, and a tie is broken by
the most cards in the area (tie_break=area) or shared (tie_break=shared).

Points themselves are added and lost as the game goes (board.add_points and
board.lose_points, which also tell the permanent effects that listen for a loss).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState


def winners(st: ValeState) -> list[int]:
    best = max(st.points)
    tied = [p for p in range(st.n) if st.points[p] == best]
    if len(tied) > 1 and st.setup.tie_break == "area":
        most = max(len(st.areas[p]) for p in tied)
        tied = [p for p in tied if len(st.areas[p]) == most]
    return tied

