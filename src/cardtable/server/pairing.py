"""Quick pairing's rule: which seeks may play together, and who plays whom. Pure: no
server, no database (server/seeks.py stores the seeks and applies this under a lock).

Seeks are compatible when they ask for the same game, number of players, time control
and ratedness, belong to different people, and, rated, each player's rating lies
within the other's *band*: a distance that starts at `BAND_START` points and widens
by `BAND_GROWTH` a second of waiting, up to `BAND_MAX`. Both bands must hold (the
narrower one decides): a newcomer to the queue is not thrown at somebody far from
their level just because that somebody has waited long; the newcomer's own band widens
too. Unrated seeks pair regardless of rating (a guest has none).

Who plays whom: the longest-waiting seek first, with the compatible seeks that are
closest to it in rating (then longest-waiting). For two players this leaves no two
compatible seeks unpaired: a seek left over had no compatible partner left when its
turn came, and partners are only ever taken away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BAND_START = 100.0      # rating points either side, at once
BAND_GROWTH = 25.0      # more a second of waiting
BAND_MAX = 600.0        # reached after 20 s


@dataclass(frozen=True)
class Seek:
    id: str
    game: str
    players: int
    clock: str | None
    rated: bool
    rating: int            # the shown rating in the game's pool (1500 for a newcomer)
    created: float
    owner: str             # "a<account id>" or "g<seek id>" (a guest is its seek)

    def key(self) -> tuple[str, int, str | None, bool]:
        return self.game, self.players, self.clock, self.rated


def band(waited: float) -> float:
    """How far from a seek's rating another may be after `waited` seconds."""
    return min(BAND_MAX, BAND_START + BAND_GROWTH * max(0.0, waited))


def compatible(a: Seek, b: Seek, now: float) -> bool:
    """Whether `a` and `b` may be seated at one table now."""
    if a.key() != b.key() or a.owner == b.owner:
        return False
    if not a.rated:
        return True
    return abs(a.rating - b.rating) <= min(band(now - a.created), band(now - b.created))


def groups(seeks: Sequence[Seek], now: float) -> list[list[Seek]]:
    """The tables to seat now: each a list of `players` seeks, pairwise compatible, no
    seek in two. The longest-waiting seek is seated first."""
    waiting = sorted(seeks, key=lambda s: (s.created, s.id))
    taken: set[str] = set()
    tables: list[list[Seek]] = []
    for first in waiting:
        if first.id in taken:
            continue
        candidates = [s for s in waiting if s.id not in taken and compatible(first, s, now)]
        candidates.sort(key=lambda s: (abs(s.rating - first.rating), s.created, s.id))
        table = [first]
        for other in candidates:
            if len(table) == first.players:
                break
            if all(compatible(other, seated, now) for seated in table):
                table.append(other)
        if len(table) == first.players:
            tables.append(table)
            taken.update(s.id for s in table)
    return tables


def unpaired_compatible(seeks: Sequence[Seek], now: float) -> list[tuple[str, str]]:
    """Pairs of seeks that could play together now (a check for tests and the
    benchmark: after a pass of two-player seeks there must be none)."""
    out = []
    for i, a in enumerate(seeks):
        for b in seeks[i + 1:]:
            if compatible(a, b, now):
                out.append((a.id, b.id))
    return out
