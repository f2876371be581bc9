"""How Thalara describes itself to the faces (the engine contract's `catalogue`,
`words`, `notation_help` and `rules_summary`): its cards with their provenance, the
words of its observation, its notation and its rules in our own words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from cardtable.thalara.actions import FACEDOWN
from cardtable.thalara.cards import SHIPPED, CardSet, Spell, is_provisional
from cardtable.thalara.phases import PHASE_NAMES
from cardtable.thalara.setup import ARTIFACT_NOTE

# What a provisional entry without a note of its own says about itself.
DESIGNED: Final = "Designed for cardtable: the printed card is not public."
NOTES: Final = {
    "colors": "Only blue and green are named in public sources; the other color names "
              "are ours.",
    "remnants": "Twenty Remnants per player, five colors of four, strengths 1 to 5, are "
                "confirmed; which strengths each color has is not public, so this spread "
                "is ours.",
    "artifacts": ARTIFACT_NOTE,
}


def aftershock_note(cards: CardSet) -> str:
    """What the Aftershocks' mark says, with the numbers of the set in play (written
    once, in the card file, so a retuned set cannot leave its note behind)."""
    each = cards.aftershock_per_player
    tuned = " Tuned for balance; docs/balance.md." if cards.aftershock_tuned else ""
    return (f"How many Aftershocks there are, and their color and strength, is not public: "
            f"{each} for each player whose spells make them (Rinn'thra in the shipped "
            f"set), colorless, strength {cards.aftershock_strength}, are ours.{tuned}")


PHASE_WORDS: Final = {
    "select": "choosing the hand from the supply",
    "play": "placing cards into the conflicts, or passing",
    "cast": "casting a spell after placing a card, or skipping",
    "choose": "a spell waits for its caster's choice",
    "return": "Casual Chaos: shuffling Remnants back before drawing",
    "over": "the game is over",
}
assert set(PHASE_WORDS) == set(PHASE_NAMES)

NOTATION_HELP: Final = f"""\
Thalara notation (players are P1..Pn, conflicts are numbered from 1):
  take blue4            choose a card for your hand (a Remnant is color + strength)
  play blue4 2          place a card into conflict 2; an Artifact by its id
                        (play A03 1), an aftershock as: play aftershock 2
  cast myrja-surge 2    cast one of your spells into conflict 2, after placing a card
  skip                  cast no spell this turn
  target red3           a spell's choice: one of your own cards,
  target red3@p2        a card of P2, target {FACEDOWN}@p2: a face-down card of P2,
  target 3              or conflict 3
  pass                  place no more cards this round
  return blue4          casual mode, end of round: shuffle a Remnant back into your supply
  done                  casual mode: stop returning and draw up to a full hand
"""


def spell_note(spell: Spell) -> str | None:
    """What a spell's provenance mark says: its own note (a partly confirmed spell's
    says what is confirmed), or that it is ours, and how it was tuned if it was."""
    if not spell.provisional:
        return spell.note
    if spell.note is None:
        return DESIGNED
    if spell.source is None:        # wholly ours: say so before how it was tuned
        return f"{DESIGNED} {spell.note}"
    return spell.note


def _mark(provisional: bool, note: str | None, fallback: str) -> dict[str, Any]:
    return {"provisional": provisional,
            "note": (note or fallback) if provisional else note}


def catalogue(cards: CardSet) -> dict[str, Any]:
    """Every card, spell and character of `cards`, with provenance and notes."""
    colors = [{"id": c, **_mark(p, None, NOTES["colors"])}
              for c, p in zip(cards.colors, cards.color_provisional, strict=True)]
    remnants = cards.remnant_names()
    artifacts = {a.id: {"name": a.name, "color": cards.colors[a.color],
                        "strength": a.strength, "stars": a.stars,
                        **_mark(is_provisional(a.provenance), None, NOTES["artifacts"])}
                 for a in cards.artifacts}
    spells = {s.id: {"name": s.name, "character": s.character, "requires": list(s.requires),
                     "kind": s.kind, "text": s.text, "provisional": s.provisional,
                     "note": spell_note(s)}
              for s in cards.spells.values()}
    characters = {c.id: {"name": c.name, "spells": [s.id for s in c.spells],
                         **_mark(is_provisional(c.provenance), None, DESIGNED)}
                  for c in cards.characters.values()}
    # "Red 3", as the decisions' answers name it (phrases.type_names): one name a card
    names: dict[str, str] = {r: f"{cards.colors[c].capitalize()} {s}" for r, (c, s) in zip(
        remnants, cards.remnants, strict=True)}
    names.update({a.id: a.name for a in cards.artifacts})
    names.update({s.id: s.name for s in cards.spells.values()})
    names.update({c.id: c.name for c in cards.characters.values()})
    names["aftershock"] = "Aftershock"
    names[FACEDOWN] = "a face-down card"
    return {
        "game": "thalara", "set": cards.name, "hand_size": cards.hand_size,
        "artifacts_to_end": cards.artifacts_to_end, "conflicts": list(cards.conflicts),
        "colors": colors,
        "remnants": {"cards": remnants,
                     **_mark(cards.remnant_provisional, None, NOTES["remnants"])},
        "artifacts": artifacts,
        "aftershock": {"per_player": cards.aftershock_per_player,
                       "strength": cards.aftershock_strength,
                       **_mark(cards.aftershock_provisional, None,
                                aftershock_note(cards))},
        "characters": characters, "spells": spells, "names": names,
    }


# Phases that are steps inside one player's turn rather than parts of the round: a face
# need not draw the whole table again for them.
TURN_STEPS: Final = ("cast", "choose")


def words() -> dict[str, Any]:
    return {"phases": dict(PHASE_WORDS), "turn_steps": list(TURN_STEPS),
            "pending": {"spell": "a spell waits for its caster to choose a card or a "
                                 "conflict (the prompt says which)"}}


# What a heading paragraph of the rules starts with: the faces build their table of
# contents from it (the terminal prints it as it is).
HEADING: Final = "## "

# The parts of the printed game this version leaves out, and why, in our words.
LEFT_OUT: Final = (
    "The printed game also has shadow traps, which go off when an energy card enters "
    "play and which some cards can counter (never an Aftershock), and temple rules, some "
    "of which let cards be played face-down. Who owns the traps, what they and the "
    "temple rules do, and how countering works is not public, so this version plays "
    "without both: no card sets off or counters a trap, and only the spells here place "
    "cards face-down.")

CARD_SET: Final = (
    "Some of this card set is ours, marked provisional: most of Thalara's cards are not "
    "public. Ours are the color names red, yellow and purple, which strengths each "
    "color's Remnants have, every Artifact's name, color, strength and stars, the "
    "Aftershocks' number and strength, and every spell in whole or in part (six spells "
    "keep a confirmed effect or name). The shipped set (core) tuned some of them for "
    "balance (docs/balance.md). The zoom of a card or a spell shows its note, which "
    "says what is confirmed and what is ours; the terminal prints it beside the spell.")
OWN_CARD_SET: Final = (
    "This game plays with a card file of your own: what it marks provisional is shown as "
    "such, and the zoom of a card or a spell shows its note.")


def _card_set_name(options: Mapping[str, Any]) -> str | None:
    """The file of cards in play when it is not one we ship, else None."""
    path = options.get("cards")
    return None if path is None or str(path) in SHIPPED else str(path)


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten")


def _count(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _span(values: Iterable[int]) -> str:
    """"1 to 5", or "3" when every value is the same: read from the set in play, so a
    card file of one's own is described as it is."""
    seen = sorted(set(values))
    if not seen:
        return "no"
    return str(seen[0]) if len(seen) == 1 else f"{seen[0]} to {seen[-1]}"


def _spells_each(cards: CardSet) -> str:
    counts = sorted({len(c.spells) for c in cards.characters.values()})
    if len(counts) == 1:
        return f"{_count(counts[0])} spell" + ("" if counts[0] == 1 else "s")
    return f"{counts[0]} to {counts[-1]} spells"


def _settings(cards: CardSet, options: Mapping[str, Any]) -> str:
    """Every option that changes play, with its value and what it means."""
    casual = options.get("mode") == "casual"
    idle = options.get("idle_rounds", 2)
    chars = options.get("characters")
    seats = (", ".join(f"P{i + 1} {cards.characters[c].name}" for i, c in enumerate(chars)
                       if c in cards.characters) if isinstance(chars, list) else "")
    star_tie = options.get("star_tie", "shared")
    empty = options.get("empty_casts", "forbidden")
    silence = options.get("silence_scope", "conflict")
    path = options.get("cards")
    own = _card_set_name(options)
    return "; ".join(filter(None, [
        "mode: " + ("casual (hands are drawn at random: Casual Chaos)" if casual
                    else "standard (you choose your hand card by card)"),
        f"characters: {seats}" if seats else "",
        "cards: " + (f"your file {own}" if own is not None
                     else f"the shipped set {path or 'core'}"),
        f"star_tie: {star_tie} (" + (
            "on equal stars the most Artifacts wins, then the win is shared"
            if star_tie == "most-artifacts" else "on equal stars every tied player wins")
        + ")",
        f"empty_casts: {empty} (" + (
            "a spell may be cast even when it would change nothing" if empty == "allowed"
            else "a spell that would change nothing cannot be cast") + ")",
        f"silence_scope: {silence} (" + (
            "a spell lying in a silenced conflict does nothing anywhere"
            if silence == "spell"
            else "Silence stops the other spells in its own conflict only") + ")",
        f"idle_rounds: {idle} (the game ends after {idle} rounds in a row in which "
        "nobody placed a card)"])) + "."


def rules_summary(cards: CardSet, options: Mapping[str, Any]) -> str:
    """The rules in short, in our words, with the settings `options` choose; a
    paragraph starting with HEADING is a heading."""
    casual = options.get("mode") == "casual"
    idle = options.get("idle_rounds", 2)
    tie = ("equal stars: the most Artifacts among the tied players wins, then a shared win"
           if options.get("star_tie") == "most-artifacts"
           else "equal stars: every tied player wins")
    counts = ", ".join(f"{n} for {p} players"
                       for p, n in zip((2, 3, 4), cards.conflicts, strict=True))
    hand = cards.hand_size
    fill = ("drawn at random from their shuffled supply (Casual Chaos)" if casual
            else "chosen card by card from their own supply")
    return "\n\n".join([
        "Thalara: The Last Artifacts, in short.",
        f"Every player leads a character with {_spells_each(cards)} and owns the same "
        f"Remnants: energy cards of {_count(len(cards.colors))} colors with strengths "
        f"{_span(s for _, s in cards.remnants)}. Artifacts are won in conflicts; each has "
        f"a color, a strength and {_span(a.stars for a in cards.artifacts)} stars. Most "
        "stars wins.",
        HEADING + "A round",
        f"Each player fills their hand to {hand} cards, {fill}. One Artifact "
        f"lies in each conflict ({counts}). In turn each player places one card from "
        "their hand face up into a conflict, or passes. After placing a card you may "
        "cast one spell into a conflict where the cards you placed there meet its "
        "colors (the cards are not spent); it stays there for the round, so each spell "
        "works once a round. Once you pass you place no more cards this round"
        + ("" if casual else ", and the Remnants left in your hand go back to your "
           "supply") + ".",
        HEADING + "Scoring",
        "When everyone has passed, the highest total strength in a conflict "
        "takes its Artifact into hand, with its stars. On a tie at the top nobody takes "
        "it (with 3 or 4 players the next highest total does, if one player alone has "
        "it) and it stays for the next round. Played Remnants go to their owner's "
        "discard pile for good; Artifacts come back to their holder's hand and can be "
        "played as energy cards. The next round starts with the last player to place a "
        "card" + (", after each player may shuffle Remnants from hand back into the "
                  "supply" if casual else "") + ".",
        HEADING + "The end",
        f"Before a round begins the game ends when a player holds "
        f"{cards.artifacts_to_end} Artifacts, when a supply cannot fill its player's "
        f"hand, when no Artifact is left to contest, or after {idle} rounds in a row in "
        "which nobody placed a card. Most stars wins; " + tie + ".",
        HEADING + "Left out of the printed game",
        LEFT_OUT,
        HEADING + "Card set",
        CARD_SET if _card_set_name(options) is None else OWN_CARD_SET,
        HEADING + "This game's settings",
        _settings(cards, options),
    ])
