"""Every decision of Thalara in words: what the phase is about, who must decide what,
and each legal action as a sentence (the engine contract's `game.decision`).

Built in one pass over the legal actions, from the state as it is: nothing is cloned
or tried out. A viewer who does not decide reads only who decides and what kind of
decision it is (the phase, the spell and its conflict), never a hand or a supply.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.thalara.actions import (
    CAST,
    DONE,
    PASS,
    PLAY,
    RETURN,
    SKIP,
    TAKE,
    TARGET,
    TARGET_CONFLICT,
)
from cardtable.thalara.cards import ARTIFACT
from cardtable.thalara.phases import CAST as CAST_PHASE
from cardtable.thalara.phases import CHOOSE, OVER, SELECT
from cardtable.thalara.phases import PLAY as PLAY_PHASE
from cardtable.thalara.setup import Setup

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState

_SEAT = re.compile(r"\bP(\d+)\b")

# What a spell's choice asks, (for the caster, for everybody else), by effect type and
# stage; {chosen} is the card picked in the first stage (the caster's eyes only).
_SPELL_WORDS: dict[tuple[str, int], tuple[str, str]] = {
    ("to_supply", 0): ("choose a card to send back to its owner's supply",
                       "choosing a card to send back to its owner's supply"),
    ("destroy", 0): ("choose a card to destroy", "choosing a card to destroy"),
    ("to_hand", 0): ("choose a card to take back into its owner's hand",
                     "choosing a card to take back into its owner's hand"),
    ("move", 0): ("choose one of your cards to move", "choosing one of their cards to move"),
    ("move", 1): ("choose the conflict to move {chosen} to",
                  "choosing the conflict to move a card to"),
    ("take_from_supply", 0): ("choose a card of your supply to take into your hand",
                              "choosing a card of their supply to take into their hand"),
    ("place_extra", 0): ("place one more card from your hand",
                         "placing one more card from their hand"),
    ("swap_with_hand", 0): ("choose one of your Remnants here to swap",
                            "choosing one of their Remnants to swap"),
    ("swap_with_hand", 1): ("choose a Remnant of your hand to put in place of {chosen}",
                            "choosing a Remnant of their hand to put in its place"),
}


def seat_name(q: int, names: Sequence[str] | None) -> str:
    """A seat as the faces call it: its name when given, else P1, P2 ..."""
    if names is not None and 0 <= q < len(names) and names[q]:
        return str(names[q])
    return f"P{q + 1}"


def _join(parts: Sequence[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def type_names(s: Setup) -> list[str]:
    """Each card type's name to show ("Blue 4", an Artifact's name, "Aftershock"), as
    the catalogue's `names` has them; made once per setup and kept with it."""
    kept = s.views.get(("phrases", 0))
    if kept is None:
        cards = s.cards
        shown = [f"{cards.colors[color].capitalize()} {strength}"
                 for color, strength in cards.remnants]
        shown += [a.name for a in cards.artifacts]
        shown.append("Aftershock")
        kept = s.views["phrases", 0] = {"names": shown}
    names: list[str] = kept["names"]
    return names


def phase_line(st: ThalaraState) -> str:
    """One line teaching what the current phase is about."""
    s = st.setup
    phase = st.phase
    if phase == SELECT:
        return (f"Choosing your hand: take cards from your supply until you hold "
                f"{s.hand_size}.")
    if phase == PLAY_PHASE:
        return "Placing: place a card into a conflict, or pass."
    if phase == CAST_PHASE:
        return ("Casting: after placing a card you may cast a spell whose requirement "
                "your side of that conflict meets, or skip.")
    if phase == CHOOSE:
        return "A spell resolves: its caster chooses what it acts on."
    if phase == OVER:
        return "Game over: the most stars wins."
    return (f"Casual Chaos, end of the round: shuffle Remnants from your hand back into "
            f"your supply, then draw up to {s.hand_size}.")


def _hand_goal(st: ThalaraState, p: int) -> tuple[int, int]:
    """How many cards `p` has chosen this selection, and how many they choose in all."""
    s = st.setup
    kinds = s.card_kind
    hand = st.hands[p]
    chosen = sum(1 for c in hand if kinds[c] != ARTIFACT)
    artifacts = len(hand) - chosen
    return chosen, min(s.hand_size - artifacts, chosen + len(st.supply[p]))


def prompt(st: ThalaraState, viewer: int | None, names: Sequence[str] | None) -> str:
    """The decision as one sentence: "You must ..." for the decider; who decides what
    for everybody else."""
    s = st.setup
    if st.phase == OVER:
        won = st.winners()
        return "The game is over: " + _join(
            ["you" if q == viewer else seat_name(q, names) for q in won]) + \
            (" wins." if len(won) == 1 else " share the win.") + \
            (f" ({_SEAT.sub(lambda m: seat_name(int(m.group(1)) - 1, names), st.end_reason)})"
             if st.end_reason else "")
    p = st.cur
    mine = viewer == p
    phase = st.phase
    if phase == SELECT:
        chosen, goal = _hand_goal(st, p)
        doing = (f"choose {goal} {'card' if goal == 1 else 'cards'} for your hand: "
                 f"{chosen} of {goal} chosen")
        watching = "choosing their hand"
    elif phase == PLAY_PHASE:
        doing = "place a card into a conflict, or pass"
        watching = "placing a card or passing"
    elif phase == CAST_PHASE:
        doing = "cast a spell into a conflict, or skip"
        watching = "deciding whether to cast a spell"
    elif phase == CHOOSE:
        frame = st.pending[-1]
        chosen_card = frame.chosen
        spell = s.spell_of[frame.sid]
        e = spell.effects[frame.effect]
        doing, watching = _SPELL_WORDS[(e.type, frame.stage)]
        shown = "the card"
        if chosen_card >= 0 and mine:
            hidden = chosen_card in st.facedown and s.card_owner[chosen_card] != viewer
            shown = "a face down card" if hidden else \
                type_names(s)[s.card_type[chosen_card]]
        where = f"{spell.name} in conflict {frame.conf + 1}"
        doing = f"resolve {where}: " + doing.format(chosen=shown)
        watching = f"resolving {where}: {watching}"
    else:  # Casual Chaos' return step
        doing = (f"shuffle Remnants from your hand back into your supply, or stop and "
                 f"draw up to {s.hand_size}")
        watching = "shuffling Remnants back into their supply"
    if mine:
        return f"You must {doing}."
    return f"{seat_name(p, names)} is {watching}."


def _card(names: list[str], s: Setup, t: int) -> str:
    return names[t] if t < len(names) else "a face down card"


def choices(st: ThalaraState, p: int, names: Sequence[str] | None) -> list[dict[str, Any]]:
    """One entry per legal action, in order: its notation, a sentence, its group (the
    verb) and what it wastes, if anything."""
    s = st.setup
    shown = type_names(s)
    legal = st.legal_actions()
    effect_type = ""
    stage = 0
    chosen_card = -1
    if st.phase == CHOOSE:
        frame = st.pending[-1]
        stage, chosen_card = frame.stage, frame.chosen
        effect_type = s.spell_of[frame.sid].effects[frame.effect].type
    could_place = st.phase == PLAY_PHASE and any(a.kind == PLAY for a in legal)
    out: list[dict[str, Any]] = []
    for action in legal:
        kind = action.kind
        waste: str | None = None
        if kind == TAKE:
            text = f"Take {shown[action.a]} into your hand"
            group = "take"
        elif kind == PLAY:
            text = f"Place {shown[action.a]} into conflict {action.b + 1}"
            group = "place"
        elif kind == PASS:
            text = "Pass: place no more cards this round"
            group = "pass"
            if could_place:
                waste = "passes while a card could still be placed"
        elif kind == CAST:
            text = f"Cast {s.spell_of[action.a].name} into conflict {action.b + 1}"
            group = "cast"
        elif kind == SKIP:
            text = "Skip: cast no spell this turn"
            group = "skip"
        elif kind == TARGET_CONFLICT:
            moved = "the card"
            if chosen_card >= 0:
                hidden = chosen_card in st.facedown and s.card_owner[chosen_card] != p
                moved = "the face down card" if hidden else shown[s.card_type[chosen_card]]
            text = f"Move {moved} to conflict {action.a + 1}"
            group = "target"
        elif kind == TARGET:
            text, waste = _target_text(s, shown, p, action.a, action.b, effect_type, stage,
                                       names)
            group = "target"
        elif kind == RETURN:
            text = f"Shuffle {shown[action.a]} back into your supply"
            group = "return"
        elif kind == DONE:
            text = f"Done: draw up to {s.hand_size} cards"
            group = "done"
        else:  # pragma: no cover - every action kind has its words
            text, group = action.text.capitalize(), action.text.partition(" ")[0]
        out.append({"action": action.text, "text": text, "group": group, "waste": waste})
    return out


def _target_text(s: Setup, shown: list[str], p: int, t: int, owner: int, effect: str,
                 stage: int, names: Sequence[str] | None) -> tuple[str, str | None]:
    card = _card(shown, s, t)
    if effect == "take_from_supply":
        return f"Take {card} from your supply into your hand", None
    if effect == "swap_with_hand" and stage == 1:
        return f"Put {card} from your hand in its place", None
    if owner == p:
        whose = f"your {card}"
    elif t >= len(shown):
        whose = f"a face down card of {seat_name(owner, names)}"
    else:
        whose = f"{card} of {seat_name(owner, names)}"
    own = owner == p
    their = "your" if own else f"{seat_name(owner, names)}'s"
    if effect == "to_supply":
        return (f"Send {whose} back to {their} supply",
                "sends your own card away" if own else None)
    if effect == "destroy":
        return f"Destroy {whose}", "destroys your own card" if own else None
    if effect == "to_hand":
        return f"Return {whose} to {their} hand", None
    if effect == "move":
        return f"Move {whose}", None
    if effect == "swap_with_hand":
        return f"Swap out {whose}", None
    return f"Pick {whose}", None


def decision(st: ThalaraState, viewer: int | None, names: Sequence[str] | None = None
             ) -> dict[str, Any]:
    """The contract's `game.decision`: the phase, the decider, the prompt and (for the
    decider only) each legal action in words."""
    deciding = st.current_player()
    items = (choices(st, deciding, names) if deciding is not None and viewer == deciding
             else [])
    return {"phase": phase_line(st), "deciding": deciding,
            "prompt": prompt(st, viewer, names), "choices": items}

