"""The Thalara action notation: text -> action (parsing, with a reason when an action
that reads well is not legal now) and action -> what it does, as data.

    take blue4          choose a card for your hand (a Remnant is <color><strength>)
    play blue4 2        place a card into conflict 2 (conflicts count from 1);
                        an Artifact by its id (play A03 1), an Aftershock as `aftershock`
    cast <spell-id> 2   activate a spell in conflict 2, after placing a card
    skip                activate no spell this turn
    target red3         a spell's choice: your own card ...
    target red3@p2      ... another player's card (players count from 1)
    target facedown@p2  ... a face-down card of another player
    target 3            ... a conflict
    pass                play no more cards this round
    return blue4        Casual Chaos, end of round: shuffle a Remnant back into your supply
    done                Casual Chaos: stop returning and draw up to a full hand

The actions themselves, with their text, are interned once per game setup
(actions.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.api import Action, Game, IllegalAction, MalformedAction
from cardtable.thalara.actions import (
    CAST,
    DONE,
    FACEDOWN,
    PASS,
    PLAY,
    RETURN,
    SKIP,
    TAKE,
    TARGET,
    TARGET_CONFLICT,
    ActionTable,
)
from cardtable.thalara.phases import PHASE_NAMES
from cardtable.thalara.phases import PLAY as PLAY_PHASE

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState

VERB_OF: Final = {TAKE: "take", PLAY: "play", PASS: "pass", CAST: "cast", SKIP: "skip",
                  TARGET: "target", TARGET_CONFLICT: "target", RETURN: "return",
                  DONE: "done"}


def action_facts(table: ActionTable, action: Action) -> dict[str, Any]:
    """What `action` does, as data (`Game.describe_action`): its verb and the ids it
    names by role, from the action's kind and numbers, never from its text."""
    kind, a, b = action.kind, action.a, action.b
    facts: dict[str, Any] = {"verb": VERB_OF.get(kind, "")}
    if kind in (TAKE, RETURN, PLAY):
        facts["card"] = table.type_names[a]
    if kind == PLAY:
        facts["conflict"] = b + 1
    elif kind == CAST:
        facts["spell"] = table.spell_ids[a]
        facts["conflict"] = b + 1
    elif kind == TARGET_CONFLICT:
        facts["conflict"] = a + 1
    elif kind == TARGET:
        facts["card"] = table.type_names[a] if a < len(table.type_names) else FACEDOWN
        facts["owner"] = b
    return facts


def normalise(text: str, chooser: int | None) -> str:
    """Lower-case, single spaces, and `@pN` naming the chooser's own seat dropped, so
    `target red3@p1` from player 1 reads as `target red3`."""
    words = text.lower().split()
    out = " ".join(words)
    if chooser is not None and len(words) == 2 and words[0] == "target":
        suffix = f"@p{chooser + 1}"
        if words[1].endswith(suffix):
            out = f"target {words[1][: -len(suffix)]}"
    return out


# each verb and how many words follow it
VERBS: Final = {"take": 1, "play": 2, "cast": 2, "skip": 0, "target": 1, "pass": 0,
                "return": 1, "done": 0}
_USAGE = {"take": "take blue4", "play": "play blue4 2", "cast": "cast energy-barrier 2",
          "skip": "skip", "target": "target red3 | target red3@p2 | target 2", "pass": "pass",
          "return": "return blue4", "done": "done"}


def parse(state: ThalaraState, text: object) -> Action:   # object: see game.new_game
    """The legal action `text` names: MalformedAction when it does not read as an
    action, IllegalAction (saying why) when it reads well but is not legal now."""
    if not isinstance(text, str):
        raise MalformedAction(f"an action is text, not {type(text).__name__}")
    words = text.lower().split()
    if not words:
        raise MalformedAction("empty action")
    verb = words[0]
    if verb not in VERBS:
        raise MalformedAction(f"unknown verb {verb!r}; actions start with one of: "
                              f"{', '.join(VERBS)}")
    if len(words) - 1 != VERBS[verb]:
        raise MalformedAction(f"{verb!r} takes {VERBS[verb]} argument(s): "
                              f"{_USAGE[verb]}")
    if verb in ("play", "cast") and not words[2].isdigit():
        raise MalformedAction(f"the conflict must be a number: {_USAGE[verb]}")
    if state.is_over():
        raise IllegalAction("the game is over")
    wanted = normalise(text, state.current_player())
    return Game.match_action(state, wanted, state.legal_actions())


def why(state: ThalaraState, action: object) -> str:
    """A reason `action` is not legal now (rules.apply raises it as IllegalAction)."""
    who = f"P{state.cur + 1}"
    phase = PHASE_NAMES[state.phase]
    text = str(action)
    if state.phase == PLAY_PHASE and isinstance(action, Action) and action.kind == PLAY:
        if not 0 <= action.b < len(state.display):
            return f"{text!r}: there is no conflict {action.b + 1} this round"
        # (a Silence in the conflict lifts the Barrier: rules.legal_actions)
        if state.blocked[action.b] >> state.cur & 1 and not state.silenced[action.b]:
            return f"{text!r}: an Energy Barrier closes conflict {action.b + 1} to {who}"
        return f"{text!r}: {who} has no such card in hand"
    hint = {"select": "take a card from your supply",
            "play": "play a card into a conflict, or pass",
            "cast": "cast a spell whose requirement you meet, or skip",
            "choose": "answer the spell's choice with `target ...`",
            "return": "return a Remnant to your supply, or done"}[phase]
    return f"{text!r} is not legal now ({who} must {hint})"

