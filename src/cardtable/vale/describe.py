"""How The Vale of Eternity describes itself to the faces (the engine contract's
`catalogue`, `words`, `notation_help` and `rules_summary`): its cards and Artifact
tiles, the words of its observation, its notation and its rules in our own words."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from cardtable.vale.board import SELL_TABLE
from cardtable.vale.cards import CardSet
from cardtable.vale.frames import FRAME_NAMES
from cardtable.vale.notation import VERBS
from cardtable.vale.phases import PHASE_NAMES
from cardtable.vale.rules import LAST_ROUND
from cardtable.vale.vocabulary import COLORS, FAMILIES

BASE_STONE_LIMIT: Final = 4  # the rulebook's limit before card bonuses

PHASE_WORDS: Final = {
    "hunting": "the draft: each player hunts cards from the display",
    "action": "each player in turn sells or tames their hunted cards and summons",
    "resolution": "each player resolves the Resolution effects of their area",
    "over": "the game is over",
}
assert set(PHASE_WORDS) == set(PHASE_NAMES)

PENDING_WORDS: Final = {
    "run": "an effect is running",
    "order": "choose which Resolution effect to resolve next",
    "stone-limit": "over the stone limit: choose a stone to discard",
    "choose": "choose one of the card's options",
    "discard-from-hand": "choose a card of your hand to discard",
    "free-summon": "choose a card to summon for free",
    "choose-target": "choose a player",
    "discard-from-area": "choose a card of your area to give up",
    "discard-from-own-area": "choose cards of your area to discard",
    "recover": "choose a card of your area to take back into your hand",
    "copy": "choose a card whose effect to copy",
    "steal": "choose an opponent to take points from",
    "take-from-discard": "choose a card of the discard pile",
    "discard-any-from-hand": "discard cards from your hand, or stop",
    "upgrade": "choose a stone to upgrade, or stop",
    "name-family": "name a family",
    "swap-target": "choose the player whose card is swapped",
    "swap-card": "choose your card to swap",
    "card-to-deck-top": "choose a card of your hand to put on top of the deck",
    "discard-own-card": "choose a card to discard",
    "shelter-from-hand": "choose a card of your hand to shelter",
    "shelter-from-display": "choose a card of the display to shelter",
    "retrieve": "choose a card of your shelter to take into your hand",
    "discard-from-shelter": "choose a card of your shelter to discard",
    "pay-price": "pay the price, or decline",
    "activate": "choose a Resolution effect to resolve now",
}
assert set(PENDING_WORDS) == set(FRAME_NAMES)

# Each verb of the notation as a sentence, for logs: {who} is the player, {what} the
# rest of the action in words (cards and tiles by name, stones counted, players by
# label); a payment follows as ", paying ...".
ACTION_WORDS: Final = {
    "hunt": "{who} hunts {what}",
    "sell": "{who} sells {what}",
    "tame": "{who} tames {what}",
    "summon": "{who} summons {what}",
    "remove": "{who} removes {what}",
    "end": "{who} ends the turn",
    "discard": "{who} discards {what}",
    "order": "{who} resolves the Resolution effect of {what}",
    "choose": "{who} chooses: {what}",
    "target": "{who} aims at {what}",
    "recover": "{who} takes {what} back into the hand",
    "copy": "{who} copies {what}",
    "take": "{who} takes {what}",
    "artifact": "{who} picks the Artifact {what}",
    "use": "{who} uses {what}",
    "pay": "{who} pays {what}",
    "shelter": "{who} shelters {what}",
    "retrieve": "{who} retrieves {what}",
    "upgrade": "{who} upgrades {what}",
    "name": "{who} names {what}",
    "swap": "{who} swaps {what}",
    "top": "{who} puts {what} on top of the deck",
    "activate": "{who} resolves the Resolution effect of {what} now",
    "done": "{who} is done",
}
assert set(ACTION_WORDS) == set(VERBS)

NOTATION_HELP: Final = """\
Vale notation (a card or tile by its id, stones red/blue/purple, players p1..p4):
  hunt griffon                  hunting phase: take a card from the display
  sell imp / tame imp           one of your hunted cards: for stones, or into your hand
  summon poseidon pay blue,red  summon from your hand, paying with these stones
                                (summon imp: a card that costs nothing now)
  remove imp pay blue           discard a summoned card, paying the round number
  end                           end your action turn
  discard red                   over the stone limit: give up one stone
  order salamander              the Resolution effect to resolve next
  choose draw                   one of a card's options (Hydra, Basilisk ...)
  discard kappa / done          a card to discard, or stop discarding
  target p2                     the player a card's effect aims at
  recover X / copy X / take X   Aeris ...; Scorch, Genie Exalted; Mimic
With the Artifacts expansion:
  artifact book-of-thoth        pick a tile at the start of the round
  use book-of-thoth             your tile's action ability
  pay blue                      pay a price (Incense Burner, Gem of Kukulkan)
  shelter odin / retrieve odin  into your shelter / back into your hand
  upgrade red                   a stone one colour up; name water: name a family
  swap X / top X / activate X   the swap dragons; Nurikabe; Ring of Wishes
"""


def _note(provisional: bool, note: str) -> str | None:
    if note:
        return note
    return "Designed for cardtable: not confirmed against the printed game." \
        if provisional else None


def _card_files(path: str | None) -> list[dict[str, Any]]:
    """The card files a setup may meet: the given one, or every file the game ships
    (so the base game and its expansion share one vocabulary)."""
    if path is not None:
        with open(path, encoding="utf-8") as f:
            return [tomllib.loads(f.read())]
    folder = resources.files("cardtable.vale").joinpath("cards")
    return [tomllib.loads(item.read_text(encoding="utf-8"))
            for item in sorted(folder.iterdir(), key=lambda x: x.name)
            if item.name.endswith(".toml")]


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def choice_words(path: str | None) -> tuple[list[str], int]:
    """Every `choose` label of the card files a setup may meet, in file order, and the
    most stones a player could be allowed to hold with them."""
    if path is None:
        labels, most = _shipped_choice_words()
        return list(labels), most
    return _choice_words(path)


@lru_cache(maxsize=1)
def _shipped_choice_words() -> tuple[tuple[str, ...], int]:
    labels, most = _choice_words(None)
    return tuple(labels), most


def _choice_words(path: str | None) -> tuple[list[str], int]:
    labels: list[str] = []
    bonus = 0
    for data in _card_files(path):
        for node in _walk(data):
            label = node.get("label")
            if isinstance(label, str) and label not in labels:
                labels.append(label)
            amount = node.get("amount")
            if node.get("op") == "stone_limit" and isinstance(amount, int) and amount > 0:
                bonus += amount
    return labels, BASE_STONE_LIMIT + bonus


def catalogue(cs: CardSet, path: str | None) -> dict[str, Any]:
    cards = {}
    for cid, info in cs.catalog.items():
        i = cs.index[cid]
        cards[cid] = {**info, "note": _note(info["provisional"], cs.notes[i])}
    tiles = {aid: {**info, "note": _note(info["provisional"], "")}
             for aid, info in cs.art_catalog.items()}
    labels, most_stones = choice_words(path)
    names = {cid: info["name"] for cid, info in cards.items()}
    names.update({aid: info["name"] for aid, info in tiles.items()})
    return {"game": "vale", "cards": cards, "artifacts": tiles, "choose_labels": labels,
            "stone_limit_max": most_stones, "names": names}


def words() -> dict[str, Any]:
    return {"phases": {k: PHASE_WORDS[k] for k in PHASE_NAMES},
            "pending": {k: PENDING_WORDS[k] for k in FRAME_NAMES},
            "actions": dict(ACTION_WORDS), "stones": list(COLORS)}


def _sale_prices() -> str:
    """What selling a card of each family gives: "fire 3 red; water 1 blue; ..."."""
    return "; ".join(
        f"{family} " + " and ".join(f"{k} {color}" for k, color in
                                    zip(SELL_TABLE[f], COLORS, strict=True) if k)
        for f, family in enumerate(FAMILIES))


# What a heading paragraph of the rules starts with: the faces build their table of
# contents from it (the terminal prints it as it is).
HEADING: Final = "## "

CARD_SET: Final = (
    "The shipped cards and Artifact tiles follow the printed game; where a card's "
    "wording left room, its note says how we read it. A card file of your own may mark "
    "cards provisional (designed by you, not the printed ones): they are shown as such. "
    "The zoom of a card shows its note.")


def _settings(options: Mapping[str, Any], expansion: str, end_score: Any) -> str:
    """Every option that changes play, with its value and what it means."""
    artifacts = expansion == "artifacts"
    start = options.get("start_scores", "seat")
    start_text = ("the first player starts on 1 point, the second on 2, and so on"
                  if start == "seat" else "everyone starts on 0 points" if start == "zero"
                  else f"the starting points are {start}")
    tie_break = options.get("tie_break", "area")
    steal = options.get("steal", "capped")
    copy_as = options.get("copy_resolves_as", "copier")
    tiles = options.get("artifact_set", "standard")
    path = options.get("cards")
    return "; ".join(filter(None, [
        f"cards: your file {path}" if path is not None else "",
        f"expansion: {expansion} (" + {
            "artifacts": "the Artifacts expansion, tiles and cards",
            "cards": "the expansion's cards only, base rules",
        }.get(expansion, "the base game") + ")",
        ("artifact_set: " + (
            "standard (the Base Artifacts for this many players and 3 Advanced ones)"
            if tiles == "standard" else "base (the Base Artifacts only)" if tiles == "base"
            else "the tiles " + ", ".join(map(str, tiles)))) if artifacts else "",
        f"end_score: {end_score} (the game ends after the round someone reaches it)",
        f"start_scores: {start} ({start_text})",
        f"tie_break: {tie_break} (" + (
            "most cards in the area wins a tie" if tie_break == "area"
            else "every tied player wins") + ")",
        f"steal: {steal} (" + (
            "Goblin gains the full amount" if steal == "full"
            else "Goblin gains only what the opponent loses") + ")",
        f"copy_resolves_as: {copy_as} (" + (
            "a copied effect resolves as the copied card's own" if copy_as == "target"
            else "Scorch and Genie Exalted resolve a copied effect as their own") + ")",
    ])) + "."


def rules_summary(options: Mapping[str, Any]) -> str:
    """The rules in short, in our words, with the settings `options` choose; a
    paragraph starting with HEADING is a heading."""
    expansion = options.get("expansion", "none")
    artifacts = expansion == "artifacts"
    end_score = options.get("end_score", 80 if artifacts else 60)
    tie = ("most cards in the area breaks a tie, then the tied players share the win"
           if options.get("tie_break", "area") == "area"
           else "every tied player wins")
    parts = [
        "The Vale of Eternity, in short.",
        "You hunt magical creatures, sell them for magic stones or tame them into your "
        "hand, and summon them into your area by paying their cost in stones. Red "
        "stones are worth 1, blue 3, purple 6. Summoned cards score points and stones "
        "with their effects: Instant effects (⚡) once when summoned, Permanent effects "
        "(∞) for as long as they stay, Resolution effects (⌛) at every Resolution phase.",
        HEADING + "A round",
        "A round has three phases. Hunting: twice as many cards as players are "
        "revealed, and the players take them one at a time, in snake order from the "
        f"first player. Action: in turn, each player sells ({_sale_prices()}) or "
        "tames each hunted card, summons as many cards as they can pay for and fit "
        "(the area holds as many cards as the round number), may remove a card for "
        "stones worth the round number, then ends the turn. Nobody holds more than "
        "four stones (some cards raise it): the extra ones are discarded. Resolution: "
        "each player resolves the Resolution effects of their area, in the order they "
        "choose.",
        HEADING + "The end",
        f"The game ends after the round in which someone reaches {end_score} "
        f"points, or after round {LAST_ROUND}. Most points wins; {tie}.",
    ]
    if artifacts:
        parts += [
            HEADING + "The Artifacts expansion",
            "Each round, once the hunt's cards are revealed and before anyone takes one, "
            "each player picks an Artifact tile (never the one carrying their own "
            "marker); its ability works at once (⚡), while held (∞) or once as an "
            "action. The shelter keeps cards out of play, and areas can be bought."]
    elif expansion == "cards":
        parts += [HEADING + "The expansion's cards",
                  "The expansion's 28 cards are shuffled into the deck; the rules are "
                  "the base game's."]
    parts += [HEADING + "Card set", CARD_SET,
              HEADING + "This game's settings", _settings(options, expansion, end_score)]
    return "\n\n".join(parts)
