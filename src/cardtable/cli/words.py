"""Words instead of codes for the terminal: seats by their labels, cards, Artifacts,
spells and tiles by their names (from the game's catalogue, through the contract), and
the end-of-game summary in sentences. The ids stay in the notation and the list of
legal actions, where they are what a player types."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

# A seat (P1), or a word that may be an id (A07, red3, bul-gae), with a Thalara owner
# suffix (red3@p2).
_TOKEN = re.compile(r"(?<![\w-])(?:P(\d+)\b|([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?:@[pP](\d+))?)"
                    r"(?![\w-])")


# An action echoed by the engine: "P2: summon poseidon pay blue,red", perhaps with
# " (the only choice)" when the engine took it alone.
_ECHO = re.compile(r"^P(\d+): (\S+)(?: (.*?))?(?: pay (\S+))?( \(the only choice\))?$")


class Words:
    """What a face needs to say things in words for one viewer."""

    def __init__(self, catalogue: dict[str, Any] | None = None,
                 seats: Sequence[str] | None = None, viewer: int | None = None,
                 vocabulary: dict[str, Any] | None = None) -> None:
        self.catalogue: dict[str, Any] = catalogue or {}
        self.vocabulary: dict[str, Any] = vocabulary or {}
        self.names: dict[str, str] = self.catalogue.get("names", {})
        self.seats = list(seats or [])
        self.viewer = viewer

    def seat(self, p: Any) -> str:
        """A seat's label ("P2", or its name when one was given), "(you)" for the viewer."""
        if not isinstance(p, int) or isinstance(p, bool):
            return "-"
        name = self.seats[p] if 0 <= p < len(self.seats) else f"P{p + 1}"
        return f"{name} (you)" if p == self.viewer else name

    def name(self, card: Any) -> str:
        """A card's, Artifact's, spell's or tile's name; the id when it has none."""
        if not isinstance(card, str):
            return "?"
        return self.names.get(card, card)

    @classmethod
    def of(cls, state: Any, viewer: int | None = None,
           seats: Sequence[str] | None = None) -> Words:
        """The words of `state`'s game, through the contract."""
        game = state.game
        return cls(game.catalogue(state.options), seats, viewer, game.words())

    def pending(self, kind: Any) -> str:
        """What a pending decision of this kind asks, in words."""
        return str(self.vocabulary.get("pending", {}).get(kind, kind))

    def text(self, text: str) -> str:
        """`text` with every seat and id it carries in words."""
        def word(m: re.Match[str]) -> str:
            if m.group(1) is not None:
                return self.seat(int(m.group(1)) - 1)
            token = m.group(2)
            named = self.names.get(token, token)
            return named + (f" of {self.seat(int(m.group(3)) - 1)}" if m.group(3) else "")
        return _TOKEN.sub(word, text)


    def stones(self, text: str) -> str | None:
        """`red,red,blue` as "2 red and 1 blue stones"; None when it is not stones."""
        colors = self.vocabulary.get("stones") or []
        parts = text.split(",")
        if not colors or not all(part in colors for part in parts):
            return None
        counts = [(parts.count(c), c) for c in colors if c in parts]
        if counts == [(1, counts[0][1])]:
            return f"a {counts[0][1]} stone"
        return " and ".join(f"{n} {c}" for n, c in counts) + " stones"

    def sentence(self, text: str) -> str:
        """An event's text in words; an action the engine echoes in notation ("P2: hunt
        imp") as a sentence ("P2 hunts Imp."), when the game gives its verbs words."""
        templates = self.vocabulary.get("actions") or {}
        m = _ECHO.match(text)
        if m is None or m.group(2) not in templates:
            said = self.text(text)
            return said if said.endswith((".", "!", "?")) else said + "."
        what = m.group(3) or ""
        seat = re.fullmatch(r"[pP](\d+)", what)
        said = str(templates[m.group(2)]).format(
            who=self.seat(int(m.group(1)) - 1),
            what=self.seat(int(seat.group(1)) - 1) if seat
            else self.stones(what) or self.text(what))
        if m.group(4):
            said += f", paying {self.stones(m.group(4)) or self.text(m.group(4))}"
        return said + (" (the only choice)." if m.group(5) else ".")


def end_lines(end: dict[str, Any] | None, words: Words) -> list[str]:
    """The end-of-game summary (the observation's `end`) in sentences."""
    if not isinstance(end, dict):
        return []
    lines = [f"The game ended: {words.text(str(end.get('text', '')))}."]
    for player in end.get("players", []):
        who = words.seat(player.get("seat"))
        if "stars" in player:  # Thalara: the Artifacts won and their stars
            won = ", ".join(f"{a['name']} ({a['color']}, {a['stars']}★)"
                            for a in player.get("artifacts", [])) or "no Artifact"
            lines.append(f"  {who}: {player['stars']} stars from {won}")
        else:  # Vale: points by source, stones, summoned cards
            parts = [f"start {player.get('start', 0)}"]
            for src in player.get("sources", []):
                parts.append(f"{_source(src, words)} {src['points']:+d}")
            stones = player.get("stones", {})
            area = ", ".join(words.name(c) for c in player.get("area", [])) or "none"
            score = player.get("score")
            points = "1 point" if score == 1 else f"{score} points"
            lines.append(f"  {who}: {points} ({'; '.join(parts)}); "
                         f"stones {stones.get('red', 0)} red, {stones.get('blue', 0)} blue, "
                         f"{stones.get('purple', 0)} purple; summoned: {area}")
    tie = end.get("tie_break")
    if isinstance(tie, dict):
        lines.append(words.text(str(tie.get("text", ""))) + ".")
    return lines


SOURCE_WORDS = {"summon": "summoning {}", "effect": "{}'s effect",
                "hourglass": "{}'s Resolution effect", "artifact": "Artifact {}",
                "resolution": "Resolution effects", "other": "other"}


def _source(src: dict[str, Any], words: Words) -> str:
    template = SOURCE_WORDS.get(str(src.get("kind")), "{}")
    card = src.get("source")
    return template.format(words.name(card)) if card else template.replace(" {}", "")
