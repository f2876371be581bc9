"""What stays fixed for a whole game: the physical cards, the characters in play,
the settings and the interned actions. Shared, never copied, by every clone."""

from __future__ import annotations

from typing import Any, Final

from cardtable.thalara.actions import SPELL_SLOTS, ActionTable
from cardtable.thalara.board import color_at, faceup_at, side_at
from cardtable.thalara.cards import (
    AFTERSHOCK,
    ARTIFACT,
    COLORLESS,
    REMNANT,
    CardSet,
    Spell,
    is_provisional,
)

ARTIFACT_NOTE: Final = (
    "Fifteen Artifacts with a color, a strength and 1 to 3 stars are confirmed; "
    "their names and values are not public, so these are ours.")

# Named settings for points the rulebook leaves open (UNKNOWN.md); see the README.
SETTINGS: Final[dict[str, tuple[str, ...]]] = {
    # How a tie on stars is settled at the end: everyone tied wins, or the most
    # Artifacts among them breaks it first.
    "star_tie": ("shared", "most-artifacts"),
    # Whether a spell may be cast when none of its effects would change anything.
    "empty_casts": ("forbidden", "allowed"),
    # Where Silence stops the other spells: in its own conflict only (the text: "no
    # other spell has any effect in this conflict"), or a spell lying in a silenced
    # conflict is stopped everywhere (the earlier reading).
    "silence_scope": ("conflict", "spell"),
}
DEFAULT_SETTINGS: Final = {"star_tie": "shared", "empty_casts": "forbidden",
                    "silence_scope": "conflict"}


class Setup:
    __slots__ = (
        "actions",
        "artifact_cards",
        "card_color",
        "card_kind",
        "card_owner",
        "card_stars",
        "card_strength",
        "card_type",
        "cards",
        "casual",
        "characters",
        "color_base",
        "conflicts",
        "empty_casts",
        "faceup_slot",
        "hand_size",
        "idle_rounds",
        "may_repeat",
        "min_requirement",
        "n",
        "none_silenced",
        "remnant_cards",
        "shock_cards",
        "side_slot",
        "silence_spells",
        "spell_of",
        "spells_of",
        "star_tie",
        "type_kind",
        "type_names",
        "type_of",
        "type_strength",
        "unique_card",
        "views",
        "width",
    )

    def __init__(self, cards: CardSet, players: int, characters: list[str], mode: str,
                 settings: dict[str, Any]) -> None:
        self.cards = cards
        self.n = players
        self.casual = mode == "casual"
        self.star_tie = settings["star_tie"]
        self.empty_casts = settings["empty_casts"] == "allowed"
        # silence_scope=spell: a spell lying in a silenced conflict acts nowhere
        self.silence_spells = settings["silence_scope"] == "spell"
        self.idle_rounds: int = settings["idle_rounds"]
        self.hand_size = cards.hand_size
        self.conflicts = cards.conflicts[players - 2]
        # silence_scope=conflict: no spell is stopped for where it lies, only where it
        # acts (scoring.card_strength reads this instead of state.silenced)
        self.none_silenced = (False,) * self.conflicts
        self.characters = [cards.characters[c] for c in characters]

        names = cards.remnant_names()
        self.type_names: list[str] = [*names, *(a.id for a in cards.artifacts), "aftershock"]
        self.type_of = {name: t for t, name in enumerate(self.type_names)}
        self.type_kind = ([REMNANT] * len(names) + [ARTIFACT] * len(cards.artifacts)
                          + [AFTERSHOCK])
        shock_type = len(self.type_names) - 1

        # Physical cards, numbered: every player's Remnants, every set's Artifacts,
        # then the Aftershocks of players whose spells make them.
        self.card_type: list[int] = []
        self.card_kind: list[int] = []
        self.card_color: list[int] = []
        self.card_strength: list[int] = []
        self.card_stars: list[int] = []
        self.card_owner: list[int] = []
        self.remnant_cards: list[list[int]] = []
        for p in range(players):
            mine = []
            for t, (color, strength) in enumerate(cards.remnants):
                mine.append(self._card(t, REMNANT, color, strength, 0, p))
            self.remnant_cards.append(mine)
        self.artifact_cards: list[int] = []
        for _ in range(cards.sets[players - 2]):
            for i, spec in enumerate(cards.artifacts):
                self.artifact_cards.append(self._card(
                    len(names) + i, ARTIFACT, spec.color, spec.strength, spec.stars, -1))
        self.shock_cards: list[list[int]] = []
        for p, character in enumerate(self.characters):
            makes = any(e.type == "gain_aftershock" for s in character.spells
                        for e in s.effects)
            count = cards.aftershock_per_player if makes else 0
            self.shock_cards.append([
                self._card(shock_type, AFTERSHOCK, COLORLESS, cards.aftershock_strength, 0, p)
                for _ in range(count)])

        # Two copies of one card type can share a hand only with two sets of Artifacts
        # or with Aftershocks; otherwise legal-action lists need no de-duplication.
        self.may_repeat = cards.sets[players - 2] > 1 or any(self.shock_cards)
        self.spell_of: dict[int, Spell] = {}
        self.spells_of: list[list[int]] = []
        for p, character in enumerate(self.characters):
            sids = []
            for k, spell in enumerate(character.spells):
                sid = p * SPELL_SLOTS + k
                self.spell_of[sid] = spell
                sids.append(sid)
            self.spells_of.append(sids)
        self.width = len(cards.colors)
        # side_slot[p][conf]: where p's side of conflict conf is in the state's per-side
        # lists (board.side_at), and color_base[p][conf] where its colour counts begin
        # (board.color_at): looked up, not worked out, on the paths of every card placed
        self.side_slot = tuple(tuple(side_at(players, conf, p) for conf in range(self.conflicts))
                               for p in range(players))
        self.color_base = tuple(tuple(color_at(self.width, at, 0) for at in row)
                                for row in self.side_slot)
        # faceup_slot[p][conf]: where that side's count of face-up coloured cards is
        # (board.faceup_at), in `side_colors` after its colour counts
        self.faceup_slot = tuple(tuple(faceup_at(self.width, at) for at in row)
                                 for row in self.side_slot)
        # unique_card[p][t]: p's only card of type t, or -1 when p may hold several
        # (or none), so most hand and supply look-ups are a C-level `in`.
        self.unique_card = []
        for p in range(players):
            mine = [c for c in range(len(self.card_type))
                    if self.card_owner[c] == p or self.card_kind[c] == ARTIFACT]
            row = []
            for t in range(len(self.type_names)):
                of_type = [c for c in mine if self.card_type[c] == t]
                row.append(of_type[0] if len(of_type) == 1 else -1)
            self.unique_card.append(row)
        # what observations show of a spell or card that never changes, built once
        # each (state.observation copies it; the setup is shared by every state)
        self.views: dict[tuple[str, int], dict[str, Any]] = {}
        self.min_requirement = min(len(sp.requires) for sp in self.spell_of.values())
        # every card of a type has the type's printed strength (checked here), so a
        # placement's strength is read from its action's type
        self.type_strength: list[int] = [0] * len(self.type_names)
        for card, t in enumerate(self.card_type):
            self.type_strength[t] = self.card_strength[card]
        assert all(self.type_strength[t] == v for t, v in zip(self.card_type,
                                                              self.card_strength, strict=True))
        self.actions = ActionTable(self.type_names, players, self.conflicts,
                                   {sid: s.id for sid, s in self.spell_of.items()})

    def _card(self, t: int, kind: int, color: int, strength: int, stars: int,
              owner: int) -> int:
        self.card_type.append(t)
        self.card_kind.append(kind)
        self.card_color.append(color)
        self.card_strength.append(strength)
        self.card_stars.append(stars)
        self.card_owner.append(owner)
        return len(self.card_type) - 1

    def name(self, card: int) -> str:
        return self.type_names[self.card_type[card]]

    def describe(self, card: int) -> dict[str, Any]:
        kind = self.card_kind[card]
        color = self.card_color[card]
        out: dict[str, Any] = {
            "card": self.name(card),
            "kind": ("remnant", "artifact", "aftershock")[kind],
            "color": self.cards.colors[color] if color >= 0 else None,
            "strength": self.card_strength[card]}
        if kind == ARTIFACT:
            spec = self.cards.artifacts[self.card_type[card] - len(self.cards.remnants)]
            provisional = is_provisional(spec.provenance)
            out.update(name=spec.name, stars=spec.stars, provisional=provisional,
                       note=ARTIFACT_NOTE if provisional else None)
        return out
