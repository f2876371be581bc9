"""A puzzle's theme: what the position is about, read from the best action and from
what sets it apart from the runner-up (the closest challenger).

Where the theme depends on what the action leads to (a spell becomes castable, a
score reaches the end), the action is tried in a world sampled from the solver's view,
never in the real game: the theme tells the solver nothing the solver could not know.
The rules are simple on purpose; each is one question about the two actions, asked in
the order below, the first yes naming the theme.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from cardtable.engine.api import CardtableError, State, View
from cardtable.engine.registry import load_face

THALARA_THEMES = ("Silence", "a spell's requirement", "casting a spell",
                  "holding a spell back", "passing", "a tie at the top", "a spell's target",
                  "the draft", "where to play", "which card to play", "returning Remnants")
VALE_THEMES = ("the stone limit", "reaching the end score", "overpaying", "the area limit",
               "selling or taming", "the draft", "summoning", "holding back",
               "the Artifact pick", "an Artifact's ability", "a card's choice")
THEMES = {"thalara": THALARA_THEMES, "vale": VALE_THEMES}
STONES = ("red", "blue", "purple")


def theme(game: str, view: View, best: str, runner_up: str | None, seed: int) -> str:
    """The theme of a position of `game` where `best` beats `runner_up`."""
    world = view.sample_world(random.Random(seed))
    # each game names its own (the registry's "puzzle_theme" face); another game's
    # puzzle is themed by its action's verb
    told = load_face(game, "puzzle_theme")
    if told is None:
        return f"{best.split()[0]}"
    return cast(Callable[[State, View, str, str], str], told)(world, view, best,
                                                               runner_up or "")


def _after(world: State, action: str) -> State | None:
    """`world` after `action` (a copy), or None when it cannot be taken there."""
    copy = world.clone()
    try:
        copy.apply(copy.game.parse_action(copy, action))
    except CardtableError:      # a theme is a label: an action that fails means "no"
        return None
    return copy


# -- Thalara ---------------------------------------------------------------------------
def _conflict(view: View, number: int) -> dict[str, object] | None:
    for conflict in view.observation.get("conflicts") or []:
        if isinstance(conflict, dict) and conflict.get("number") == number:
            return conflict
    return None


def _tie_at_top(conflict: dict[str, object] | None, seat: int) -> bool:
    """Whether `seat` shares the highest total in the conflict (with some strength)."""
    sides = conflict.get("sides") if conflict else None
    if not isinstance(sides, list):
        return False
    totals = {s["seat"]: s["total"] for s in sides if isinstance(s, dict)}
    top = max(totals.values(), default=0)
    return bool(top) and totals.get(seat) == top and list(totals.values()).count(top) > 1


def _casts_after(world: State, action: str) -> bool:
    after = _after(world, action)
    return after is not None and any(str(a).startswith("cast ") for a in after.legal_actions())


def thalara_theme(world: State, view: View, best: str, rival: str) -> str:
    verb, rival_verb = best.split()[0], (rival.split() or [""])[0]
    words = best.split()
    if "cast silence" in (" ".join(words[:2]), " ".join(rival.split()[:2])):
        return "Silence"
    if verb == "play":
        conflict = _conflict(view, int(words[2]))
        if conflict is not None and conflict.get("silenced"):
            return "Silence"
        if _casts_after(world, best) and not (rival_verb == "play"
                                              and _casts_after(world, rival)):
            return "a spell's requirement"
    if verb == "cast":
        return "casting a spell"
    if verb == "skip" and rival_verb == "cast":
        return "holding a spell back"
    if "pass" in (verb, rival_verb):
        return "passing"
    if verb == "play":
        seat = view.player
        after = _after(world, best)
        number = int(words[2])
        if seat is not None and after is not None and (
                _tie_at_top(_conflict(view, number), seat)
                or _tie_at_top(_conflict(after.view(seat), number), seat)):
            return "a tie at the top"
        if rival_verb == "play" and rival.split()[1] == words[1]:
            return "where to play"
        return "which card to play"
    if verb == "target":
        return "a spell's target"
    if verb == "take":
        return "the draft"
    if verb in ("return", "done"):
        return "returning Remnants"
    return "which card to play"


# -- Vale ------------------------------------------------------------------------------
def _card_of(action: str) -> str | None:
    words = action.split()
    return words[1] if len(words) >= 2 else None


def vale_theme(world: State, view: View, best: str, rival: str) -> str:
    words, rival_words = best.split(), rival.split()
    verb, rival_verb = words[0], (rival_words or [""])[0]
    if (verb == "discard" and words[1] in STONES) or (
            rival_verb == "discard" and rival_words[1] in STONES):
        return "the stone limit"
    seat = view.player
    end = world.options.get("end_score")
    if seat is not None and isinstance(end, int):
        before = world.scores()[seat]
        after, other = _after(world, best), _after(world, rival) if rival else None
        if before < end and after is not None and after.scores()[seat] >= end and not (
                other is not None and other.scores()[seat] >= end):
            return "reaching the end score"
    if verb in ("summon", "remove") and rival_verb == verb and _card_of(best) == \
            _card_of(rival) and "pay" in words:
        return "overpaying"
    if "remove" in (verb, rival_verb):
        return "the area limit"
    if {verb, rival_verb} == {"sell", "tame"}:
        return "selling or taming"
    if verb == "hunt":
        return "the draft"
    if verb == "summon":
        return "summoning"
    if verb == "end":
        return "holding back"
    if verb == "artifact":
        return "the Artifact pick"
    if verb == "use":
        return "an Artifact's ability"
    if verb in ("sell", "tame"):
        return "selling or taming"
    return "a card's choice"
