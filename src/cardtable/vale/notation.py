"""Action notation for The Vale of Eternity: action <-> text.

A card is written by its id (the lowercase name with hyphens: `young-forest-spirit`);
a stone by its colour (`red`, `blue`, `purple`); a player by `p1` .. `p4` (seat 1..4).

  hunt <card>                       take a card from the hunting display
  sell <card> / tame <card>         one of your hunted cards
  summon <card> [pay <stones>]      e.g. `summon poseidon pay blue,blue,red`; no `pay`
                                    when the current cost is 0
  remove <card> pay <stones>        e.g. `remove imp pay blue`
  end                               end your turn (both hunted cards sold or tamed)
pending decisions:
  discard <stone>                   the stone limit: discard one stone (repeat)
  order <card>                      resolve this card's Resolution effect next
  choose <option>                   Hydra `choose draw`, Basilisk `choose purple` ...
  discard <card>                    from your hand (Forest Spirit) or area (Cerberus,
                                    or the card a Leviathan/Ember... target gives up)
  done                              stop discarding (Cerberus' "up to 3")
  target p<N>                       the player for Leviathan ... Gust, and Goblin
  summon <card>                     the free summon of Young Forest Spirit / Dragon Egg
  recover <card> / copy <card> / take <card>
the Artifacts expansion:
  artifact <tile>                   take an Artifact tile (start of the Hunting phase);
                                    a tile is its lowercase name with hyphens
                                    (`seven-league-boots`, `monkey-kings-staff`)
  use <tile>                        use your Artifact's action ability (Action phase)
  shelter <card>                    shelter a card (from your hand or the display)
  retrieve <card>                   take a card from your own shelter into your hand
  discard <card>                    also: a card from your hand (Taweret, Melusine) or
                                    your shelter (Philosopher's Stone)
  pay <stones>                      a price: `pay blue` (Incense Burner's area, Gem of
                                    Kukulkan); `done` declines an optional price
  upgrade red / upgrade blue        upgrade a stone one step (Book of Thoth, Duduri,
                                    Duduri King); `done` stops Book of Thoth early
  name <family>                     Kraken, Rukh: `name water`
  swap <card>                       the card you give up to Pyro, Deepdive ...
  top <card>                        Nurikabe: the card put on top of the deck
  activate <card>                   Ring of Wishes: the Resolution effect to resolve
  summon <card>                     also Horus's free summon and Akhlut's (from the
                                    discard pile)

Payments are written most valuable colour first (`purple,blue,blue,red`); the parser
accepts any order and spaces after commas. `str(action)` always parses back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from cardtable.engine.api import Action, IllegalAction, MalformedAction
from cardtable.vale import board
from cardtable.vale.actions import (
    payment_code,
    payment_text,
)
from cardtable.vale.frames import FRAME_NAMES
from cardtable.vale.phases import ACTION, HUNTING, PHASE_NAMES
from cardtable.vale.vocabulary import COLORS, FAMILIES

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

_CARD_VERBS = ("hunt", "sell", "tame", "recover", "copy", "take", "order", "shelter",
               "retrieve", "swap", "top", "activate")
_TILE_VERBS = ("artifact", "use")
VERBS: Final = (*_CARD_VERBS, *_TILE_VERBS, "summon", "remove", "end", "done", "discard", "choose",
         "target", "pay", "upgrade", "name")


def canonical(st: ValeState, text: str) -> tuple[str, list[str]]:
    """The canonical text of `text`, and its words; MalformedAction when unreadable."""
    words = text.lower().replace(", ", ",").split()
    if not words:
        raise MalformedAction("empty action text")
    verb, args = words[0], words[1:]
    ids = st.cs.index
    if verb not in VERBS:
        raise MalformedAction(f"unknown verb {verb!r}; verbs: {', '.join(VERBS)}")
    if verb in ("end", "done"):
        if args:
            raise MalformedAction(f"{verb!r} takes nothing after it")
        return verb, words
    if not args:
        raise MalformedAction(f"{verb!r} needs what it acts on, e.g. '{verb} imp'")
    if verb in _CARD_VERBS:
        _need_card(ids, verb, args, 1)
        return f"{verb} {args[0]}", words
    if verb in _TILE_VERBS:
        tiles = st.cs.art_index
        if len(args) != 1 or args[0] not in tiles:
            known = ", ".join(st.cs.art_ids) or "none in this game"
            raise MalformedAction(f"'{verb}' takes one Artifact tile id ({known})")
        return f"{verb} {args[0]}", words
    if verb == "upgrade":
        if args not in (["red"], ["blue"]):
            raise MalformedAction("'upgrade' takes 'red' or 'blue'")
        return f"upgrade {args[0]}", words
    if verb == "name":
        if len(args) != 1 or args[0] not in FAMILIES:
            raise MalformedAction(f"'name' takes a family: {', '.join(FAMILIES)}")
        return f"name {args[0]}", words
    if verb == "pay":
        counts = _stones(args)
        return f"pay {payment_text(payment_code(*counts))}", words
    if verb == "discard":
        if len(args) != 1:
            raise MalformedAction("'discard' takes one card or one stone colour")
        if args[0] not in COLORS and args[0] not in ids:
            raise MalformedAction(f"unknown card or stone {args[0]!r}")
        return f"discard {args[0]}", words
    if verb == "choose":
        if len(args) != 1:
            raise MalformedAction("'choose' takes one option word, e.g. 'choose draw'")
        return f"choose {args[0]}", words
    if verb == "target":
        if len(args) != 1 or not args[0].startswith("p") or not args[0][1:].isdigit():
            raise MalformedAction("'target' takes a player like 'p2'")
        return f"target p{int(args[0][1:])}", words
    # summon / remove
    if args[0] not in ids:
        raise MalformedAction(f"unknown card {args[0]!r}")
    if len(args) == 1:
        return f"{verb} {args[0]}", words
    if args[1] != "pay" or len(args) < 3:
        raise MalformedAction(f"write '{verb} <card> pay <stones>', e.g. "
                              f"'{verb} {args[0]} pay blue,red'")
    counts = _stones(args[2:])
    return f"{verb} {args[0]} pay {payment_text(payment_code(*counts))}", words


def _stones(args: list[str]) -> list[int]:
    stones = [s for s in ",".join(args).split(",") if s]
    counts = [0, 0, 0]
    for s in stones:
        if s not in COLORS:
            raise MalformedAction(f"unknown stone {s!r}; stones are red, blue, purple")
        counts[COLORS.index(s)] += 1
    if not stones or max(counts) > 31:
        raise MalformedAction("a payment lists between 1 and 31 stones of each colour")
    return counts


def _need_card(ids: dict[str, int], verb: str, args: list[str], n: int) -> None:
    if len(args) != n:
        raise MalformedAction(f"'{verb}' takes one card")
    if args[0] not in ids:
        raise MalformedAction(f"unknown card {args[0]!r}")


def parse(st: ValeState, text: object) -> Action:
    if not isinstance(text, str):
        raise MalformedAction(f"an action is text, not {type(text).__name__}")
    canon, words = canonical(st, text)
    legal = st.legal_actions()
    for action in legal:
        if action.text == canon:
            return action
    raise IllegalAction(f"{canon!r} is not legal now: {why(st, canon, words)}")


def why(st: ValeState, canon: str, words: list[str]) -> str:
    """A reason an action that reads well is not legal now."""
    if st.is_over():
        return "the game is over"
    p = st.current_player()
    assert p is not None
    verb = words[0]
    cs = st.cs
    card = cs.index.get(words[1], -1) if len(words) > 1 else -1
    if st.pending:
        frame = st.pending[-1]
        shown = ", ".join(a.text for a in st.legal_actions()[:10])
        return (f"P{p + 1} must first decide ({FRAME_NAMES[frame.kind]}); "
                f"legal now: {shown}")
    phase = PHASE_NAMES[st.phase]
    if verb == "artifact":
        if st.phase != HUNTING or st.artifact_picks >= st.n:
            return "Artifacts are taken at the start of the hunting phase, before the draft"
        tile = cs.art_index[words[1]]
        if tile not in st.arts:
            return f"{words[1]} is not in play in this game"
        if tile in st.held:
            return f"{words[1]} is held by P{st.held.index(tile) + 1}"
        return f"{words[1]} carries P{p + 1}'s marker (taken last round)"
    if verb == "use":
        tile = cs.art_index[words[1]]
        if st.held[p] != tile:
            return f"P{p + 1} does not hold {words[1]}"
        if st.phase != ACTION:
            return f"it is the {phase} phase; an action ability is used in the action phase"
        return f"{words[1]}'s ability cannot be resolved in full now"
    if verb == "hunt":
        if st.phase != HUNTING:
            return f"it is the {phase} phase, not the hunting phase"
        if st.artifact_picks < st.n:
            return "each player first takes an Artifact (`artifact <tile>`)"
        return f"{words[1]} is not in the hunting display"
    if st.phase != ACTION:
        return f"it is the {phase} phase; legal now: " + ", ".join(
            a.text for a in st.legal_actions()[:10])
    if verb in ("sell", "tame"):
        return f"{words[1]} is not one of P{p + 1}'s hunted cards"
    if verb == "end":
        left = ", ".join(cs.ids[c] for c in st.hunted[p])
        return f"sell or tame your hunted cards first ({left})"
    if verb == "summon":
        if card not in st.hands[p]:
            return f"{words[1]} is not in P{p + 1}'s hand"
        limit = board.area_limit(st, p)
        if len(st.areas[p]) >= limit:
            bought = f" with {st.extra[p]} purchased area(s)" if st.extra[p] else ""
            return (f"the area is full ({len(st.areas[p])} cards; the limit in round "
                    f"{st.round}{bought} is {limit})")
        return _payment_reason(st, p, board.current_cost(st, p, card), words, card)
    if verb == "remove":
        if card not in st.areas[p]:
            return f"{words[1]} is not in P{p + 1}'s area"
        return _payment_reason(st, p, st.round, words, -1)
    return f"not a choice in the {phase} phase"


def _payment_reason(st: ValeState, p: int, cost: int, words: list[str], card: int) -> str:
    counts = [0, 0, 0]
    if len(words) > 3:
        for s in ",".join(words[3:]).split(","):
            if s:
                counts[COLORS.index(s)] += 1
    held = board.stones_of(st, p)
    for k in range(3):
        if counts[k] > held[k]:
            return f"P{p + 1} holds only {held[k]} {COLORS[k]} stone(s)"
    values = board.stone_values(st, p)
    total = sum(n * v for n, v in zip(counts, values, strict=True))
    if total < cost:
        return f"the payment is worth {total}, less than the cost {cost}"
    used = [values[k] for k in range(3) if counts[k]]
    if used and total - min(used) >= cost:
        return (f"the payment is worth {total}: a stone in it is superfluous "
                f"(no change is given, so pay no more stones than needed for {cost})")
    if card >= 0:
        return (f"{st.cs.ids[card]}'s instant effect could not be resolved in full, "
                "so it cannot be summoned")
    return "not legal now"
