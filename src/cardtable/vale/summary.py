"""The end-of-game summary of The Vale of Eternity (the observation's `end`).

    end: {
      reason: "score" | "last_round",
      text: why the game ended, in words ("P2 reached 63 points; the game ends at 60"),
      tie_break: null | {rule: "area" | "shared", tied: [seats], text},
      players: [{seat, score, start, stones: {red, blue, purple}, area: [card ids],
                 sources: [{kind, source (card or tile id, or null), points}]}]
    }

Points by source are what the engine can tell by replaying the game action by action:
each action's change of every score goes to what that action ran. `summon` is a summon
(its ⚡ effect and the ∞ effects it set off), `effect` a decision inside a card's or
tile's effect (a choice, a target, a discard), `hourglass` a Resolution effect chosen
with `order`, `artifact` a tile taken or used, `resolution` the Resolution effects that
ran on their own when a turn ended (no choice to make), `other` anything else. A world
sampled from a finished game keeps that game's sources; any other state without its
history has only its totals under `other`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardtable.engine.api import CardtableError
from cardtable.vale import board
from cardtable.vale.actions import K_ARTIFACT, K_END, K_FREE, K_SUMMON, K_USE
from cardtable.vale.cards import ART_SRC
from cardtable.vale.frames import Order
from cardtable.vale.phases import ACTION
from cardtable.vale.rules import LAST_ROUND
from cardtable.vale.vocabulary import COLORS

if TYPE_CHECKING:
    from cardtable.engine.api import Game
    from cardtable.vale.state import ValeState

Sources = tuple[tuple[tuple[str, str | None, int], ...], ...]


def end_summary(st: ValeState) -> dict[str, Any]:
    n = st.n
    best = max(st.points)
    if best >= st.setup.end_score:
        leaders = [f"P{p + 1}" for p in range(n) if st.points[p] == best]
        reason = "score"
        text = (f"{' and '.join(leaders)} reached {best} points; the game ends at the end "
                f"of the round in which someone has {st.setup.end_score}")
    else:
        reason = "last_round"
        text = (f"Round {LAST_ROUND} is over (nobody reached {st.setup.end_score} points); "
                f"the game ends after round {LAST_ROUND}")
    tied = [p for p in range(n) if st.points[p] == best]
    tie_break = None
    if len(tied) > 1:
        if st.setup.tie_break == "area":
            counts = ", ".join(f"P{p + 1} {len(st.areas[p])}" for p in tied)
            won = st._winners
            decided = ("a shared win" if len(won) > 1 else f"P{won[0] + 1} wins")
            tie_text = (f"Tied on {best} points; the most cards in the area breaks the tie "
                        f"({counts}): {decided}")
        else:
            tie_text = f"Tied on {best} points; every tied player wins (tie_break shared)"
        tie_break = {"rule": st.setup.tie_break, "tied": tied, "text": tie_text}
    sources = sources_of(st)
    start = list(st.setup.start_scores)
    players = []
    for p in range(n):
        stones = board.stones_of(st, p)
        players.append({
            "seat": p, "score": st.points[p], "start": start[p],
            "stones": {COLORS[k]: stones[k] for k in range(3)},
            "area": [st.cs.ids[c] for c in st.areas[p]],
            "sources": [{"kind": kind, "source": src, "points": pts}
                        for kind, src, pts in sources[p]]})
    return {"reason": reason, "text": text, "tie_break": tie_break, "players": players}


def sources_of(st: ValeState) -> Sources:
    """Each player's points by source: from a replay of the game's history, or those a
    sampled world was given by the game it was sampled from."""
    if st.end_sources is not None:
        found: Sources = st.end_sources
        return found
    texts = tuple(a.text for a in st.history())
    start = list(st.setup.start_scores)
    try:
        found = _replay_sources(st.game, st.n, st.seed,
                                json.dumps(st.options, sort_keys=True), texts)
    except CardtableError:
        # a world sampled in mid-game and played on: its history starts where it was
        # sampled, so it does not replay from the made-up seed
        found = tuple(() for _ in range(st.n))
    totals = [start[p] + sum(pts for _, _, pts in found[p]) for p in range(st.n)]
    if totals != st.points:
        # No history to tell (a sampled world): the whole gain is "other".
        return tuple(((("other", None, st.points[p] - start[p]),) if st.points[p] != start[p]
                      else ()) for p in range(st.n))
    return found


@lru_cache(maxsize=16)
def _replay_sources(game: Game, players: int, seed: int, options: str,
                    texts: tuple[str, ...]) -> Sources:
    """Each player's points by source, from a replay of `texts` (the state's own game
    replays them: a game package does not reach for the registry)."""
    state: Any = game.new_game(players, seed, **json.loads(options))
    tally: list[dict[tuple[str, str | None], int]] = [{} for _ in range(players)]
    for text in texts:
        action = game.parse_action(state, text)
        before = state.points[:]
        kind, source = _what_runs(state, action)
        state.apply(action)
        for p in range(players):
            delta = state.points[p] - before[p]
            if delta:
                key = (kind, source)
                tally[p][key] = tally[p].get(key, 0) + delta
    return tuple(tuple((k, s, v) for (k, s), v in mine.items() if v) for mine in tally)


def _what_runs(st: ValeState, action: Any) -> tuple[str, str | None]:
    """What `action` runs, as far as the engine can tell before it is applied."""
    cs = st.cs
    if st.pending:
        top = st.pending[-1]
        if isinstance(top, Order):
            return "hourglass", cs.ids[action.a]
        src = top.source
        if src >= ART_SRC:
            return "effect", cs.art_ids[src - ART_SRC]
        return ("effect", cs.ids[src]) if src >= 0 else ("other", None)
    kind = action.kind
    if kind in (K_SUMMON, K_FREE):
        return "summon", cs.ids[action.a]
    if kind in (K_USE, K_ARTIFACT):
        return "artifact", cs.art_ids[action.a]
    if kind == K_END and st.phase == ACTION:
        return "resolution", None
    return "other", None
