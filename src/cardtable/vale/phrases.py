"""Every decision of The Vale of Eternity in words: what the phase is about, who must
decide what, and each legal action as a sentence (the engine contract's
`game.decision`), and the sentences of the action events ("P1 hunts imp", "P2 summons
undine-queen, paying 3 red stones").

The decision is built in one pass over the legal actions, from the state's own
functions (current costs, stone values): nothing is cloned or tried out. What a viewer
who does not decide reads names only what the observation shows them: the kind,
player and source of the pending decision and public counts, never a hand.

An event's sentence says what the action's notation says, nothing more: seats as
P1..Pn and cards by their ids, which the faces turn into names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from cardtable.engine.api import Action
from cardtable.vale import board
from cardtable.vale.actions import (
    K_ACTIVATE,
    K_ARTIFACT,
    K_CHOOSE,
    K_COPY,
    K_DISCARD_CARD,
    K_DISCARD_STONE,
    K_DONE,
    K_END,
    K_FREE,
    K_HUNT,
    K_NAME,
    K_ORDER,
    K_PAY,
    K_RECOVER,
    K_REMOVE,
    K_RETRIEVE,
    K_SELL,
    K_SHELTER,
    K_SUMMON,
    K_SWAP,
    K_TAKE,
    K_TAME,
    K_TARGET,
    K_TOP,
    K_UPGRADE,
    K_USE,
    payment_counts,
)
from cardtable.vale.board import SELL_TABLE
from cardtable.vale.frames import (
    F_ACTIVATE,
    F_CHOOSE,
    F_COPY,
    F_DISCARD_AREA,
    F_DISCARD_HAND,
    F_DISCARD_MANY,
    F_DISCARD_OWN,
    F_DISCARD_SHELTER,
    F_FREE_SUMMON,
    F_LIMIT,
    F_NAME,
    F_ORDER,
    F_PICK_DISCARD,
    F_PRICE,
    F_RECOVER,
    F_RETRIEVE,
    F_SHELTER_DISPLAY,
    F_SHELTER_HAND,
    F_STEAL,
    F_SWAP_PICK,
    F_SWAP_TARGET,
    F_TAKE,
    F_TARGET_DISCARD,
    F_TOP,
    F_UPGRADE,
    FRAME_NAMES,
    Choose,
    ChooseTarget,
    Copy,
    DiscardAnyFromHand,
    DiscardFromArea,
    DiscardFromHand,
    DiscardFromOwnArea,
    DiscardFromShelter,
    DiscardOwnCard,
    Frame,
    FreeSummon,
    NameFamily,
    Order,
    PayPrice,
    Recover,
    ShelterFromDisplay,
    Steal,
    StoneLimit,
    SwapCard,
    SwapTarget,
    TakeFromDiscard,
    Upgrade,
)
from cardtable.vale.phases import ACTION, HUNTING, OVER, RESOLUTION
from cardtable.vale.vocabulary import (
    ART_SRC,
    BUY_AREA,
    COLORS,
    DISCARD_SELF,
    DISCARD_SHELTER,
    FAMILIES,
    GAIN,
    LOSE,
    RETRIEVE,
    SHELTER_DECK,
    SPEND,
    T_INSTANT,
)

if TYPE_CHECKING:
    from cardtable.vale.state import ValeState

#: an "up to" this large means "any number" (Taweret: discard any number of cards)
MANY: Final = 20

# --- small words -------------------------------------------------------------------

def seat_name(q: int, names: Sequence[str] | None) -> str:
    """A seat as the faces call it: its name when given, else P1, P2 ..."""
    if names is not None and 0 <= q < len(names) and names[q]:
        return str(names[q])
    return f"P{q + 1}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def plural(n: int, word: str) -> str:
    """`1 card`, `2 cards`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def stones(red: int, blue: int, purple: int) -> str:
    """`3 red stones`, `1 purple stone and 1 red stone` (most valuable colour first)."""
    parts = [plural(k, f"{color} stone") for k, color in
             ((purple, "purple"), (blue, "blue"), (red, "red")) if k]
    return join(parts) or "no stones"


# --- the phase -----------------------------------------------------------------------

def phase_line(st: ValeState) -> str:
    """One line teaching what the current phase is about."""
    phase = st.phase
    if phase == OVER:
        return "Game over: the player with the most points wins."
    if phase == HUNTING:
        if st.artifact_picks < st.n:
            return ("Artifacts: each player picks an Artifact tile, never the one "
                    "carrying their own marker.")
        return (f"Hunting: take 1 card from the display; each player takes 2 in snake "
                f"order ({plural(len(st.display), 'card')} left).")
    if phase == ACTION:
        return "Action: sell or tame your hunted cards, summon, then end your turn."
    if phase == RESOLUTION:
        return "Resolution: resolve the Resolution effects of your area, in the order you choose."
    return ""  # pragma: no cover


# --- the pending decisions: (what the decider must do, what the others read) ---------

_FRAME_WORDS: dict[int, tuple[str, str]] = {
    F_ORDER: ("choose which Resolution effect to resolve next{src_in} ({left} left)",
              "choosing which Resolution effect to resolve next{src_in}"),
    F_LIMIT: ("discard a stone: you are over the stone limit ({count} of {limit})",
              "discarding a stone: over the stone limit ({count} of {limit})"),
    F_CHOOSE: ("choose {number} of the options of {src}",
               "choosing {number} of the options of {src}"),
    F_DISCARD_HAND: ("discard a card from your hand for {src}{per_cost}",
                     "discarding a card from their hand for {src}"),
    F_FREE_SUMMON: ("choose a {fam}card to summon for free from {where} ({src})",
                    "choosing a {fam}card to summon for free ({src})"),
    F_TARGET_DISCARD: ("choose a player who must give up a {fam}card of their area ({src})",
                       "choosing a player who must give up a {fam}card ({src})"),
    F_PICK_DISCARD: ("give up one of your {fam}cards to {src}",
                     "choosing which {fam}card of their area to give up to {src}"),
    F_DISCARD_AREA: ("discard up to {left} more of your other cards for {src}, or stop",
                     "choosing cards of their area to discard for {src}"),
    F_RECOVER: ("choose a card of your area to take back into your hand ({src})",
                "choosing a card of their area to take back into their hand ({src})"),
    F_COPY: ("choose a card whose {timing} effect {src} copies",
             "choosing a card whose {timing} effect {src} copies"),
    F_STEAL: ("choose an opponent to take {points} from ({src})",
              "choosing an opponent to take {points} from ({src})"),
    F_TAKE: ("choose a {fam}card of the discard pile to take into your hand ({src})",
             "choosing a {fam}card of the discard pile to take into their hand ({src})"),
    F_DISCARD_MANY: ("discard cards from your hand for {src}{up_to}, or stop",
                     "discarding cards from their hand for {src}"),
    F_UPGRADE: ("upgrade a stone for {src}, {left} to go{or_stop}",
                "upgrading stones for {src}"),
    F_NAME: ("name a family: {src} scores {points} per card of it in your area",
             "naming a family for {src}"),
    F_SWAP_TARGET: ("choose the player whose {fam}card trades places with {src}",
                    "choosing the player whose {fam}card trades places with {src}"),
    F_SWAP_PICK: ("choose which of your {fam}cards trades places with {src}",
                  "choosing which of their {fam}cards trades places with {src}"),
    F_TOP: ("put a card of your hand on top of the deck ({src})",
            "putting a card of their hand on top of the deck ({src})"),
    F_DISCARD_OWN: ("discard a card of your area ({src})",
                    "discarding a card of their area ({src})"),
    F_SHELTER_HAND: ("shelter a card of your hand ({src})",
                     "sheltering a card of their hand ({src})"),
    F_SHELTER_DISPLAY: ("shelter a card of the hunting display ({src})",
                        "sheltering a card of the hunting display ({src})"),
    F_RETRIEVE: ("take a card of your shelter into your hand ({src})",
                 "taking a card of their shelter into their hand ({src})"),
    F_DISCARD_SHELTER: ("discard a card of your shelter ({src})",
                        "discarding a card of their shelter ({src})"),
    F_PRICE: ("pay stones worth {price} {price_for}{or_decline} ({src})",
              "deciding whether to pay stones worth {price} {their_price_for} ({src})"),
    F_ACTIVATE: ("choose a Resolution effect to resolve now ({src})",
                 "choosing a Resolution effect to resolve now ({src})"),
}
assert len(_FRAME_WORDS) == len(FRAME_NAMES) - 1  # every decision but `run`


def source_name(st: ValeState, src: int) -> str:
    """The card or Artifact whose effect a frame is, by name."""
    cs = st.cs
    if src >= ART_SRC:
        return cs.art_names[src - ART_SRC]
    return cs.names[src] if src >= 0 else "the effect"


def _frame_fields(st: ValeState, frame: Frame) -> dict[str, Any]:
    """What the templates of `frame` fill in: public numbers only (the frame's own
    fields, the decider's stones), never a hand."""
    p, src = frame.player, frame.source
    cs = st.cs
    out: dict[str, Any] = {"src": source_name(st, src), "src_in": "", "fam": "",
                           "left": 0, "or_stop": "", "or_decline": ""}
    if isinstance(frame, Order):
        area = st.areas[p]
        out["left"] = sum(1 for c in frame.cards if c in area)
        if src >= 0:
            out["src_in"] = f" ({out['src']})"
    elif isinstance(frame, StoneLimit):
        out["count"] = board.stone_count(st, p)
        out["limit"] = board.stone_limit(st, p)
    elif isinstance(frame, Choose):
        left = frame.left
        out["number"] = "one" if left == 1 else str(left)
    elif isinstance(frame, DiscardFromHand):
        ppc = frame.points_per_cost
        out["per_cost"] = f", scoring {ppc} points per cost" if ppc else ""
    elif isinstance(frame, FreeSummon):
        out["fam"] = _family(frame.family)
        out["where"] = "the discard pile" if frame.from_discard else "your hand"
    elif isinstance(frame, (ChooseTarget, DiscardFromArea, TakeFromDiscard, SwapTarget,
                            SwapCard)):
        out["fam"] = _family(frame.family)
    elif isinstance(frame, DiscardFromOwnArea):
        out["left"] = frame.left
    elif isinstance(frame, Copy):
        out["timing"] = "instant" if frame.timing == T_INSTANT else "hourglass"
    elif isinstance(frame, (Steal, NameFamily)):
        out["points"] = plural(frame.points, "point")
    elif isinstance(frame, DiscardAnyFromHand):
        left = frame.op[1] - frame.discarded
        out["up_to"] = f", up to {left} more" if left < MANY else ""
    elif isinstance(frame, Upgrade):
        out["left"] = frame.left
        out["or_stop"] = ", or stop" if frame.optional else ""
    elif isinstance(frame, PayPrice):
        price, card, optional = frame.price, frame.card, frame.optional
        out["price"] = price
        out["price_for"] = ("for an extra area" if card < 0
                            else f"to keep {cs.names[card]} in your hand")
        out["their_price_for"] = ("for an extra area" if card < 0
                                  else f"to keep {cs.names[card]} in their hand")
        out["or_decline"] = ", or decline" if optional else ""
    return out


def _articles(text: str) -> str:
    """`a earth card` reads `an earth card`."""
    return text.replace(" a earth", " an earth")


def _family(f: int) -> str:
    """`fire ` for a family, `` for any (the templates write `{fam}card`)."""
    return f"{FAMILIES[f]} " if f >= 0 else ""


def prompt(st: ValeState, viewer: int | None, names: Sequence[str] | None) -> str:
    """The decision as one sentence: "You must ..." for the decider; who decides what
    for everybody else."""
    if st.phase == OVER:
        won = st.winners()
        return "The game is over: " + join(
            ["you" if q == viewer else seat_name(q, names) for q in won]) + \
            (" wins." if len(won) == 1 else " share the win.")
    p = st.current_player()
    assert p is not None
    mine = viewer == p
    if st.pending:
        frame = st.pending[-1]
        doing, watching = _FRAME_WORDS[frame.kind]
        fields = _frame_fields(st, frame)
        if mine:
            return _articles("You must " + doing.format(**fields) + ".")
        return _articles(f"{seat_name(p, names)} is " + watching.format(**fields) + ".")
    phase = st.phase
    if phase == HUNTING and st.artifact_picks < st.n:
        doing = "pick an Artifact tile (not the one carrying your marker)"
        watching = "picking an Artifact tile"
    elif phase == HUNTING:
        doing = "hunt: take 1 card from the display"
        watching = "hunting a card from the display"
    elif phase == ACTION:
        hunted = st.hunted[p]
        if hunted:
            shown = join([st.cs.names[c] for c in hunted])
            doing = f"sell or tame {shown}; then summon what you can pay for, and end your turn"
        else:
            doing = "summon what you can pay for, or end your turn"
        watching = "taking their Action turn"
    else:
        doing = "resolve your Resolution effects"
        watching = "resolving their Resolution effects"
    if mine:
        return f"You must {doing}."
    return f"{seat_name(p, names)} is {watching}."


# --- the choices ------------------------------------------------------------------------

def _ops_text(ops: tuple[Any, ...], whose: str) -> str | None:
    """A `choose` option's steps in words, not capitalised ("your" as the chooser is
    told them, "their" as the log tells them after "P1 chooses to"), or None when a
    step has no words here."""
    parts: list[str] = []
    for op in ops:
        code = op[0]
        if code == GAIN:
            _, red, blue, purple, points, draws = op
            items = [stones(red, blue, purple)] if red or blue or purple else []
            if points:
                items.append(plural(points, "point"))
            text = "gain " + join(items) if items else ""
            if draws:
                text += (" and " if text else "") + "draw " + plural(draws, "card")
            parts.append(text)
        elif code == LOSE:
            parts.append("lose " + plural(op[1], "point"))
        elif code == SPEND:
            parts.append("spend " + plural(op[2], f"{COLORS[op[1]]} stone"))
        elif code == DISCARD_SELF:
            parts.append("discard this card")
        elif code == BUY_AREA:
            parts.append("buy an extra area" + (f" for stones worth {op[1]}" if op[1] else ""))
        elif code == SHELTER_DECK:
            parts.append("shelter the top " + plural(op[1], "card") + " of the deck")
        elif code == RETRIEVE:
            parts.append(f"take every card of {whose} shelter into {whose} hand" if op[1]
                         else f"take a card of {whose} shelter into {whose} hand")
        elif code == DISCARD_SHELTER:
            parts.append(f"discard a card of {whose} shelter")
        else:
            return None
    return ", then ".join(parts) if parts else None


def _payment(values: tuple[int, int, int], code: int, cost: int) -> tuple[str, int]:
    """`3 red stones` (with its worth when it is more than `cost`), and the overpay."""
    red, blue, purple = payment_counts(code)
    worth = red * values[0] + blue * values[1] + purple * values[2]
    over = worth - cost
    text = stones(red, blue, purple)
    if over > 0:
        return f"{text} ({worth}): overpays by {over}", over
    return text, 0


def choices(st: ValeState, p: int, names: Sequence[str] | None = None
            ) -> list[dict[str, Any]]:
    """One entry per legal action, in order: its notation, a sentence, its group (the
    verb) and what it wastes, if anything."""
    cs = st.cs
    card_names = cs.names
    frame = st.pending[-1] if st.pending else None
    values: tuple[int, int, int] | None = None
    out: list[dict[str, Any]] = []
    for action in st.legal:
        kind = action.kind
        c = action.a
        waste: str | None = None
        if kind == K_HUNT:
            text = f"Hunt {card_names[c]} ({FAMILIES[cs.family[c]]}, cost {cs.cost[c]})"
        elif kind == K_SELL:
            text = f"Sell {card_names[c]} for {stones(*SELL_TABLE[cs.family[c]])}"
        elif kind == K_TAME:
            text = f"Tame {card_names[c]} into your hand"
        elif kind in (K_SUMMON, K_REMOVE):
            if values is None:
                values = board.stone_values(st, p)
            cost = board.current_cost(st, p, c) if kind == K_SUMMON else st.round
            if action.b > 0:
                paid, over = _payment(values, action.b, cost)
                paying = f", paying {paid}"
            else:
                paying, over = " for free", 0
            if kind == K_SUMMON:
                text = f"Summon {card_names[c]}{paying}"
                waste = f"overpays by {over}" if over else None
            else:
                text = f"Remove {card_names[c]} from your area{paying}"
                waste = "discards a card" + (f" and overpays by {over}" if over else "")
        elif kind == K_END:
            text = "End your turn"
        elif kind == K_USE:
            text = f"Use the ability of {cs.art_names[c]}"
        elif kind == K_ARTIFACT:
            text = f"Pick the Artifact {cs.art_names[c]}"
        elif kind == K_DISCARD_STONE:
            if values is None:
                values = board.stone_values(st, p)
            text = f"Discard a {COLORS[c]} stone (worth {values[c]})"
        elif kind == K_ORDER:
            text = f"Resolve the Resolution effect of {card_names[c]} next"
        elif kind == K_ACTIVATE:
            text = f"Resolve the Resolution effect of {card_names[c]} now"
        elif kind == K_CHOOSE:
            text = _choose_text(action, frame)
        elif kind == K_DISCARD_CARD:
            text, waste = _discard_text(st, card_names[c], c, frame)
        elif kind == K_DONE:
            text, waste = _done_text(st, frame)
        elif kind == K_TARGET:
            text = _target_text(st, p, c, frame, names)
        elif kind == K_RECOVER:
            assert isinstance(frame, Recover)
            ppc = frame.op[5]
            text = f"Take {card_names[c]} back into your hand" + (
                f", scoring {plural(ppc * cs.cost[c], 'point')}" if ppc else "")
        elif kind == K_COPY:
            assert isinstance(frame, Copy)
            timing = "instant" if frame.timing == T_INSTANT else "hourglass"
            text = f"Copy the {timing} effect of {card_names[c]}"
        elif kind == K_TAKE:
            text = f"Take {card_names[c]} from the discard pile into your hand"
        elif kind == K_FREE:
            assert isinstance(frame, FreeSummon)
            ppc = frame.points_per_cost
            text = f"Summon {card_names[c]} for free" + (
                " from the discard pile" if frame.from_discard else "") + (
                f", scoring {plural(ppc * cs.cost[c], 'point')}" if ppc else "")
        elif kind == K_UPGRADE:
            text = "Upgrade a red stone to blue" if c == 0 else "Upgrade a blue stone to purple"
        elif kind == K_NAME:
            assert isinstance(frame, NameFamily)
            n = board.family_count(st, p, c)
            text = (f"Name the {FAMILIES[c]} family: {plural(n, 'card')} of it in your "
                    f"area, {plural(frame.points * n, 'point')}")
        elif kind == K_PAY:
            assert isinstance(frame, PayPrice)
            if values is None:
                values = board.stone_values(st, p)
            paid, over = _payment(values, c, frame.price)
            what = (" for an extra area" if frame.card < 0
                    else f" to keep {card_names[frame.card]}")
            text = f"Pay{what} with {paid}"
            waste = f"overpays by {over}" if over else None
        elif kind == K_SWAP:
            assert frame is not None
            text = f"Give up {card_names[c]} in exchange for {source_name(st, frame.source)}"
        elif kind == K_TOP:
            text = f"Put {card_names[c]} on top of the deck"
        elif kind == K_SHELTER:
            where = "the display" if isinstance(frame, ShelterFromDisplay) else "your hand"
            text = f"Shelter {card_names[c]} from {where}"
        elif kind == K_RETRIEVE:
            text = f"Take {card_names[c]} from your shelter into your hand"
        else:  # pragma: no cover - every action kind has its words
            text = _cap(action.text)
        out.append({"action": action.text, "text": text,
                    "group": action.text.partition(" ")[0], "waste": waste})
    return out


def _option_steps(action: Action, frame: Frame | None, whose: str) -> str | None:
    """What the `choose` option `action` of the pending decision does, in words, or None
    when it has no words here (its label then stands for it)."""
    label = action.text[len("choose "):]
    if isinstance(frame, Choose):
        _, _number, labels, branches = frame.op
        if label in labels:
            return _ops_text(branches[labels.index(label)], whose)
    return None


def choose_event(p: int, action: Action, frame: Frame | None) -> str:
    """The log's sentence for seat `p`'s `choose` option, from what the option does ("P1
    chooses to take a card of their shelter into their hand"), where the action alone
    gave only its label ("P1 chooses the option “retrieve”")."""
    said = _option_steps(action, frame, "their")
    return f"P{p + 1} chooses to {said}" if said is not None else event_text(p, action)


def _choose_text(action: Action, frame: Frame | None) -> str:
    said = _option_steps(action, frame, "your")
    if said is not None:
        return _cap(said)
    return "The option “" + action.text[len("choose "):].replace("-", " ") + "”"


def _discard_text(st: ValeState, name: str, c: int, frame: Frame | None
                  ) -> tuple[str, str | None]:
    points = ""
    if isinstance(frame, (DiscardFromHand, DiscardOwnCard)):
        ppc = frame.points_per_cost if isinstance(frame, DiscardFromHand) else frame.op[2]
        if ppc:
            points = f", scoring {plural(ppc * st.cs.cost[c], 'point')}"
    if isinstance(frame, DiscardFromArea):
        return f"Give up {name} from your area", None
    if isinstance(frame, DiscardFromOwnArea):
        return f"Discard {name} from your area", "discards a card"
    if isinstance(frame, DiscardAnyFromHand):
        return f"Discard {name} from your hand", "discards a card"
    if isinstance(frame, DiscardOwnCard):
        return f"Discard {name} from your area{points}", None
    if isinstance(frame, DiscardFromShelter):
        return f"Discard {name} from your shelter", None
    return f"Discard {name} from your hand{points}", None


def _done_text(st: ValeState, frame: Frame | None) -> tuple[str, str | None]:
    if isinstance(frame, Upgrade):
        return "Stop: upgrade no more stones", "declines an upgrade"
    if isinstance(frame, PayPrice):
        if frame.card < 0:
            return "Decline: buy no extra area", "declines an extra area"
        return f"Decline: let {st.cs.names[frame.card]} go", "declines to keep a card"
    if isinstance(frame, DiscardAnyFromHand):
        discarded = frame.discarded
        _, _up_to, red, blue, purple, points = frame.op
        gains = red or blue or purple or points
        return (f"Stop discarding ({plural(discarded, 'card')} discarded)",
                "gains nothing" if gains and not discarded else None)
    return "Stop: discard no more cards", None


def _target_text(st: ValeState, p: int, q: int, frame: Frame | None,
                 names: Sequence[str] | None) -> str:
    who = "you" if q == p else seat_name(q, names)
    whose = "your" if q == p else f"{who}'s"
    if isinstance(frame, Steal):
        points = frame.points
        text = f"Take {plural(points, 'point')} from {who}"
        if not st.setup.steal_full and st.points[q] < points:
            text += f" (only {st.points[q]} to take)"
        return text
    if isinstance(frame, SwapTarget):
        return f"Swap with one of {whose} {_family(frame.family)}cards"
    if isinstance(frame, ChooseTarget):
        fam = _family(frame.family)
        if q == p:
            return f"Give up one of your own {fam}cards"
        return f"Make {who} give up one of their {fam}cards"
    return f"Pick {who}"


def decision(st: ValeState, viewer: int | None, names: Sequence[str] | None = None
             ) -> dict[str, Any]:
    """The contract's `game.decision`: the phase, the decider, the prompt and (for the
    decider only) each legal action in words."""
    deciding = st.current_player()
    items = (choices(st, deciding, names) if deciding is not None and viewer == deciding
             else [])
    return {"phase": phase_line(st), "deciding": deciding,
            "prompt": prompt(st, viewer, names), "choices": items}


# --- the action events ---------------------------------------------------------------

def event_text(p: int, action: Action) -> str:
    """The public sentence of seat `p`'s action `action`, seats as P1..Pn and cards by
    their ids; it says what the action's notation says, nothing more."""
    kind = action.kind
    who = f"P{p + 1}"
    words = action.text.split()
    arg = words[1] if len(words) > 1 else ""
    if kind in (K_SUMMON, K_REMOVE):
        verb = "summons" if kind == K_SUMMON else "removes"
        where = "" if kind == K_SUMMON else " from their area"
        if action.b > 0:
            return f"{who} {verb} {arg}{where}, paying {stones(*payment_counts(action.b))}"
        return f"{who} {verb} {arg}{where}"
    template = _EVENT_WORDS.get(kind)
    if template is None:  # pragma: no cover - every action kind has its words
        return f"{who}: {action.text}"
    if kind == K_CHOOSE:
        arg = arg.replace("-", " ")
    elif kind == K_TARGET:
        arg = arg.upper()
    elif kind == K_PAY:
        arg = stones(*payment_counts(action.a))
    return template.format(who=who, arg=arg)


def done_event(st: ValeState, p: int, frame: Frame | None) -> tuple[str, str | None]:
    """What seat `p`'s "done" means in the log, said from the decision it ends ("stops"
    alone said nothing): the public sentence, and the fuller one only `p` may read when
    the card let go may be one the others never saw."""
    who = f"P{p + 1}"
    if isinstance(frame, Upgrade):
        return f"{who} upgrades no more stones", None
    if isinstance(frame, PayPrice):
        if frame.card < 0:
            return f"{who} buys no extra area", None
        let_go = f"{who} lets {st.cs.ids[frame.card]} go"
        return (let_go, None) if st.public[frame.card] else (
            f"{who} declines to pay to keep a card", let_go)
    if isinstance(frame, DiscardAnyFromHand):
        return f"{who} stops discarding", None
    return f"{who} discards no more cards", None


_EVENT_WORDS = {
    K_HUNT: "{who} hunts {arg}", K_SELL: "{who} sells {arg}", K_TAME: "{who} tames {arg}",
    K_END: "{who} ends their turn", K_CHOOSE: "{who} chooses the option “{arg}”",
    K_DISCARD_CARD: "{who} discards {arg}", K_DISCARD_STONE: "{who} discards a {arg} stone",
    K_TARGET: "{who} chooses {arg}", K_RECOVER: "{who} takes {arg} back into their hand",
    K_COPY: "{who} copies the effect of {arg}",
    K_TAKE: "{who} takes {arg} from the discard pile",
    K_ORDER: "{who} resolves the Resolution effect of {arg} next", K_DONE: "{who} stops",
    K_FREE: "{who} picks {arg} to summon for free",
    K_ARTIFACT: "{who} picks the Artifact {arg}", K_USE: "{who} uses the Artifact {arg}",
    K_SHELTER: "{who} shelters {arg}", K_RETRIEVE: "{who} retrieves {arg} from their shelter",
    K_UPGRADE: "{who} upgrades a {arg} stone", K_NAME: "{who} names the {arg} family",
    K_PAY: "{who} pays {arg}", K_SWAP: "{who} gives up {arg} in the swap",
    K_TOP: "{who} puts {arg} on top of the deck",
    K_ACTIVATE: "{who} resolves the Resolution effect of {arg}",
}
