"""Building exact Vale positions for tests, and playing text actions on them."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from cardtable import load_game
from cardtable.engine.tuples import replace_at
from cardtable.vale import phases, rules
from cardtable.vale.cards import expansion_cards
from cardtable.vale.state import ValeState

GAME = load_game("vale")


def seat(hand: Iterable[str] = (), area: Iterable[str] = (), stones: tuple[int, int, int]
         = (0, 0, 0), score: int = 0, hunted: Iterable[str] = (), shelter: Iterable[str] = (),
         extra: int = 0, artifact: str | None = None, marker: str | None = None
         ) -> dict[str, Any]:
    return {"hand": list(hand), "area": list(area), "stones": stones, "score": score,
            "hunted": list(hunted), "shelter": list(shelter), "extra": extra,
            "artifact": artifact, "marker": marker}


def position(*seats: dict[str, Any], round: int = 5, first: int = 0, turn: int = 0,
             discard: Iterable[str] = (), deck_top: Iterable[str] = (), seed: int = 1,
             display: Iterable[str] = (),
             phase: int = phases.ACTION, **options: Any) -> ValeState:
    """A state in the action phase (by default) of `round`, with each seat holding
    exactly the given cards, stones and score; every other card is in the deck
    (shuffled), except `discard`. `deck_top` lists cards to put on top, top last.
    A seat's `artifact` is the tile it holds (its marker goes on it too); with the
    option expansion='artifacts' and no `artifact_set`, every tile is in play."""
    if options.get("expansion") == "artifacts" and "artifact_set" not in options:
        options["artifact_set"] = list(expansion_cards().art_ids)
    st = GAME.new_game(len(seats), seed=seed, **options)
    assert isinstance(st, ValeState)
    idx = st.cs.index
    placed: list[int] = []

    def ids(names: Iterable[str]) -> list[int]:
        out = [idx[name] for name in names]
        placed.extend(out)
        return out

    st.display = []
    for q, s in enumerate(seats):
        st.hands[q] = ids(s["hand"])
        st.areas[q] = ids(s["area"])
        st.hunted[q] = ids(s["hunted"])
        st.stones[3 * q: 3 * q + 3] = list(s["stones"])
        st.points[q] = s["score"]
        st.shelter = replace_at(st.shelter, q, tuple(ids(s["shelter"])))
        st.extra = replace_at(st.extra, q, s["extra"])
        tiles = st.cs.art_index
        st.held = replace_at(st.held, q, tiles[s["artifact"]] if s["artifact"] else -1)
        mark = s["marker"] or s["artifact"]
        st.marker = replace_at(st.marker, q, tiles[mark] if mark else -1)
        for c in [*st.shelter[q], *st.areas[q], *st.hunted[q]]:
            st.public[c] = 1
    st.discard = ids(discard)
    st.display = ids(display)
    for c in st.display:
        st.public[c] = 1
    top = ids(deck_top)
    assert len(placed) == len(set(placed)), "a card placed twice"
    rest = [c for c in range(st.cs.n) if c not in placed]
    random.Random(seed).shuffle(rest)
    st.deck = rest + top
    st.known_top = 0
    st.round = round
    st.first = first
    st.turn = turn
    st.phase = phase
    st.artifact_picks = 0 if phase == phases.HUNTING and st.arts else len(seats)
    st.picks = 0
    st.pending = []
    st.hist = None
    st.recheck = True
    rules.proceed(st)
    return st


def play(st: ValeState, *texts: str) -> ValeState:
    for text in texts:
        st.apply(GAME.parse_action(st, text))
    return st


def legal(st: ValeState) -> list[str]:
    return [a.text for a in st.legal_actions()]


def summons(st: ValeState) -> list[str]:
    """The summons on offer, each with its payment."""
    return [a for a in legal(st) if a.startswith("summon")]


def card(st: ValeState, name: str) -> int:
    return st.cs.index[name]


def names(st: ValeState, cards: Iterable[int]) -> list[str]:
    return [st.cs.ids[c] for c in cards]


def stones(st: ValeState, q: int) -> tuple[int, int, int]:
    return tuple(st.stones[3 * q: 3 * q + 3])  # type: ignore[return-value]
