"""The end-of-game summary of Thalara (the observation's `end`).

    end: {
      reason: "artifacts" | "supply" | "no_artifacts" | "idle",
      text: why the game ended, in words (the engine's end_reason),
      tie_break: null | {rule: "shared" | "most-artifacts", tied: [seats], text},
      players: [{seat, stars, artifacts: [{card, name, color, stars}]}]
    }

Stars come only from the Artifacts a player won, so a player's breakdown is the list of
those Artifacts with their stars.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState


def end_reason(s: ThalaraState) -> str:
    """Which of the end conditions checked before a round stopped the game (the order of
    rules.begin_round)."""
    setup = s.setup
    for p in range(setup.n):
        if len(s.won[p]) >= setup.cards.artifacts_to_end:
            return "artifacts"
        if len(s.supply[p]) < setup.hand_size - len(s.hands[p]):
            return "supply"
    return "no_artifacts" if not s.display else "idle"


def end_summary(s: ThalaraState) -> dict[str, Any]:
    setup = s.setup
    n = setup.n
    best = max(s.stars)
    tied = [p for p in range(n) if s.stars[p] == best]
    tie_break = None
    if len(tied) > 1:
        if setup.star_tie == "most-artifacts":
            won = s.winners()
            counts = ", ".join(f"P{p + 1} {len(s.won[p])}" for p in tied)
            decided = "a shared win" if len(won) > 1 else f"P{won[0] + 1} wins"
            text = (f"Tied on {best} stars; the most Artifacts breaks the tie ({counts}): "
                    f"{decided}")
        else:
            text = f"Tied on {best} stars; every tied player wins (star_tie shared)"
        tie_break = {"rule": setup.star_tie, "tied": tied, "text": text}
    players = []
    for p in range(n):
        artifacts = [setup.describe(c) for c in sorted(s.won[p], key=setup.name)]
        players.append({"seat": p, "stars": s.stars[p],
                        "artifacts": [{"card": a["card"], "name": a["name"],
                                       "color": a["color"], "stars": a["stars"]}
                                      for a in artifacts]})
    return {"reason": end_reason(s), "text": s.end_reason, "tie_break": tie_break,
            "players": players}
