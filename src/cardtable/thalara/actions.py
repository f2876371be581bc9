"""The actions of Thalara: their kinds, and every action of one game setup, made once
(`ActionTable`) with its text, which notation.py reads back.

Every action is built once per game setup and reused, so legal-action lists cost no
allocation beyond the list itself.
"""

from __future__ import annotations

from typing import Final

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

