"""The Thalara action notation: interned actions and their text.

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

Every action is built once per game setup and reused, so legal-action lists cost no
allocation beyond the list itself.
"""

from __future__ import annotations

from typing import Any, Final

from cardtable.engine.api import Action

TAKE: Final = 1
PLAY: Final = 2
PASS: Final = 3
CAST: Final = 4
SKIP: Final = 5
TARGET: Final = 6
TARGET_CONFLICT: Final = 7
RETURN: Final = 8
DONE: Final = 9
FACEDOWN: Final = "facedown"
SPELL_SLOTS: Final = 16  # a spell instance is numbered player * SPELL_SLOTS + its slot


class ActionTable:
    """All actions of one game setup, interned."""

    __slots__ = ("by_text", "cast", "done", "pass_", "play", "ret", "skip", "spell_ids",
                 "take", "target", "target_conflict", "type_names")

    def __init__(self, type_names: list[str], players: int, conflicts: int,
                 spell_ids: dict[int, str]) -> None:
        self.type_names = type_names
        self.spell_ids = spell_ids
        self.by_text: dict[str, Action] = {}
        self.take = [self._add(TAKE, f"take {name}", t) for t, name in enumerate(type_names)]
        self.ret = [self._add(RETURN, f"return {name}", t) for t, name in enumerate(type_names)]
        self.play = [[self._add(PLAY, f"play {name} {c + 1}", t, c) for c in range(conflicts)]
                     for t, name in enumerate(type_names)]
        self.pass_ = self._add(PASS, "pass")
        self.skip = self._add(SKIP, "skip")
        self.done = self._add(DONE, "done")
        self.cast: dict[int, list[Action]] = {
            sid: [Action(CAST, f"cast {spell_id} {c + 1}", sid, c) for c in range(conflicts)]
            for sid, spell_id in spell_ids.items()}
        self.target_conflict = [self._add(TARGET_CONFLICT, f"target {c + 1}", c)
                                for c in range(conflicts)]
        # target[(type, owner, chooser is owner)]; type == len(type_names) is "face-down"
        self.target: dict[tuple[int, int, bool], Action] = {}
        names = [*type_names, FACEDOWN]
        for t, name in enumerate(names):
            for owner in range(players):
                self.target[(t, owner, False)] = Action(
                    TARGET, f"target {name}@p{owner + 1}", t, owner)
                self.target[(t, owner, True)] = Action(TARGET, f"target {name}", t, owner)

    def _add(self, kind: int, text: str, a: int = -1, b: int = -1) -> Action:
        action = Action(kind, text, a, b)
        self.by_text[text] = action
        return action


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
