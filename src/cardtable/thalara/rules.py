"""The rules of Thalara: legal actions, applying an action, the round and the end.

    select  each player secretly takes cards from their supply until the hand is full
    play    in turn, place one energy card into a conflict (then `cast` or `skip`), or pass
    choose  a spell waits for its caster's choice
    end     conflicts resolve, Remnants are discarded, Artifacts return to hand, the
            display refills, the player who last played a card starts the next round
    return  Casual Chaos: shuffle Remnants from hand back before drawing a full hand
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable.engine.api import Action, Event, IllegalAction
from cardtable.engine.tuples import add_to, replace_at
from cardtable.thalara import board, decisions, effects, feasibility
from cardtable.thalara.actions import (
    CAST,
    PASS,
    PLAY,
    RETURN,
    SKIP,
    TAKE,
    TARGET,
    TARGET_CONFLICT,
)
from cardtable.thalara.cards import ARTIFACT, REMNANT
from cardtable.thalara.notation import why
from cardtable.thalara.phases import CAST as CAST_PHASE
from cardtable.thalara.phases import CHOOSE, OVER, SELECT
from cardtable.thalara.phases import PLAY as PLAY_PHASE
from cardtable.thalara.phases import RETURN as RETURN_PHASE
from cardtable.thalara.scoring import conflict_totals, conflict_winner

if TYPE_CHECKING:
    from cardtable.thalara.state import ThalaraState

# ---- legal actions -------------------------------------------------------------------


def legal_actions(state: ThalaraState) -> list[Action]:
    phase = state.phase
    s = state.setup
    p = state.cur
    if phase == PLAY_PHASE:
        play = s.actions.play
        ctype = s.card_type
        types = [ctype[c] for c in state.hands[p]]
        if s.may_repeat:
            types = list(dict.fromkeys(types))
        out: list[Action] = []
        nd = len(state.display)
        if nd == s.conflicts and not any(state.blocked):
            for t in types:
                out += play[t]
        else:
            bit = 1 << p
            blocked = state.blocked
            silenced = state.silenced
            opens = [i for i in range(nd) if not (blocked[i] & bit and not silenced[i])]
            for t in types:
                row = play[t]
                out += [row[i] for i in opens]
        out.append(s.actions.pass_)
        return out
    if phase == SELECT:
        take = s.actions.take
        ctype = s.card_type
        if s.may_repeat:
            return [take[t] for t in dict.fromkeys([ctype[c] for c in state.supply[p]])]
        return [take[ctype[c]] for c in state.supply[p]]
    if phase == CAST_PHASE:
        return [s.actions.skip, *state.cast_options]
    if phase == CHOOSE:
        return decisions.choices(state)
    if phase == RETURN_PHASE:
        out = [s.actions.done]
        ret = s.actions.ret
        for t in sorted({s.card_type[c] for c in state.hands[p]
                         if s.card_kind[c] != ARTIFACT}):
            out.append(ret[t])
        return out
    return []


# ---- applying an action ----------------------------------------------------------------


def apply(state: ThalaraState, action: object) -> list[Event]:
    phase = state.phase
    if phase == OVER:
        raise IllegalAction("the game is over")
    if not isinstance(action, Action):
        raise IllegalAction(f"{action!r} is not an action; parse text with "
                            "game.parse_action(state, text)")
    s = state.setup
    p = state.cur
    events: list[Event] = []
    kind = action.kind
    # The two commonest actions are checked directly and found in one pass over the
    # hand or supply; every other action is checked against the legal list.
    if phase == PLAY_PHASE and kind == PLAY:
        canon = s.actions.by_text.get(action.text)
        if canon is None:
            raise IllegalAction(why(state, action))
        action = canon
        conf = action.b
        if (conf >= len(state.display)
                or (state.blocked[conf] >> p & 1 and not state.silenced[conf])):
            raise IllegalAction(why(state, action))
        index = _index_of(state, p, state.hands[p], action.a)
        if index < 0:
            raise IllegalAction(why(state, action))
        state.hist = (state.hist, action)
        board.place(state, p, index, conf, events)
        options = state.cast_options = feasibility.cast_actions(state, p)
        if options:
            state.phase = CAST_PHASE
        else:
            _next_turn(state, events)
        return events
    if phase == SELECT and kind == TAKE:
        canon = s.actions.by_text.get(action.text)
        if canon is None:
            raise IllegalAction(why(state, action))
        action = canon
        index = _index_of(state, p, state.supply[p], action.a)
        if index < 0:
            raise IllegalAction(why(state, action))
        state.hist = (state.hist, action)
        _take(state, p, index, events)
        return events
    legal = legal_actions(state)
    if action not in legal:
        raise IllegalAction(why(state, action))
    action = legal[legal.index(action)]
    kind = action.kind
    state.hist = (state.hist, action)
    if kind == PASS:
        _pass(state, p, events)
        _next_turn(state, events)
    elif kind == CAST:
        state.phase = CHOOSE
        effects.cast(state, p, action.a, action.b, events)
        _after_effects(state, events)
    elif kind == SKIP:
        _next_turn(state, events)
    elif kind in (TARGET, TARGET_CONFLICT, PLAY):
        decisions.answer(state, action, events)
        _after_effects(state, events)
    elif kind == RETURN:
        _return_card(state, p, action.a, events)
    else:  # DONE
        _done_returning(state, p, events)
    return events


def _index_of(state: ThalaraState, p: int, cards: list[int], t: int) -> int:
    """Where p's card of type `t` is in `cards` (p's hand or supply), or -1."""
    card = state.setup.unique_card[p][t]
    if card >= 0:
        return cards.index(card) if card in cards else -1
    return board.find(state.setup.card_type, cards, t)


# ---- the pieces of a turn ---------------------------------------------------------------


def _take(state: ThalaraState, p: int, index: int, events: list[Event]) -> None:
    s = state.setup
    supply = state.supply[p]
    card = supply.pop(index)
    state.hands[p].append(card)
    t = s.card_type[card]
    events.append(Event("take", p, "P{0} takes a card", "P{0} takes {1}",
                        args=(p + 1, s.type_names[t])))
    if len(state.hands[p]) >= s.hand_size or not supply:
        _next_selector(state, _offset(state, p) + 1, events)


def _pass(state: ThalaraState, p: int, events: list[Event]) -> None:
    state.passed = replace_at(state.passed, p, True)
    s = state.setup
    if not s.casual:
        # Unplayed Remnants (and Aftershocks) go back to the supply; Artifacts stay.
        keep = [c for c in state.hands[p] if s.card_kind[c] == ARTIFACT]
        back = [c for c in state.hands[p] if s.card_kind[c] != ARTIFACT]
        state.supply[p].extend(back)
        state.hands[p] = keep
        if state.known:
            state.known = state.known.difference(back)
    events.append(Event("pass", p, "P{0} passes", args=(p + 1,)))


def _next_turn(state: ThalaraState, events: list[Event]) -> None:
    """The next player clockwise who has not passed; one with no cards passes at once.
    When everybody has passed, the round ends."""
    n = state.setup.n
    state.phase = PLAY_PHASE
    p = state.cur
    for _ in range(n):
        p = (p + 1) % n
        if state.passed[p]:
            continue
        if not state.hands[p]:
            _pass(state, p, events)
            continue
        state.cur = p
        return
    _end_round(state, events)


def _after_effects(state: ThalaraState, events: list[Event]) -> None:
    if state.pending:
        state.phase = CHOOSE
        state.cur = state.pending[-1].player
    else:
        _next_turn(state, events)


def _offset(state: ThalaraState, p: int) -> int:
    return (p - state.start) % state.setup.n


def _return_card(state: ThalaraState, p: int, t: int, events: list[Event]) -> None:
    s = state.setup
    hand = state.hands[p]
    for i, c in enumerate(hand):
        if s.card_type[c] == t and s.card_kind[c] != ARTIFACT:
            card = hand.pop(i)
            break
    state.known = state.known - {card}
    state.supply[p].append(card)
    state.returned = True
    board.shuffled(state, p)  # it will be when p is done
    board.forget_hand(state, p)  # nobody saw which card went back
    events.append(Event("return", p, f"P{p + 1} shuffles a card back into their supply",
                        f"P{p + 1} shuffles {s.type_names[t]} back into their supply"))
    if not any(s.card_kind[c] != ARTIFACT for c in hand):
        _done_returning(state, p, events)


def _done_returning(state: ThalaraState, p: int, events: list[Event]) -> None:
    # Only a player who shuffled a Remnant back shuffles the supply: otherwise a card a
    # spell sent back on top of the draw pile (Recall) keeps its place, as it does
    # for a player with no Remnant left, who is never asked.
    if state.returned:
        state.reshuffle(state.supply[p])
        board.shuffled(state, p)
        state.returned = False
    _next_returner(state, _offset(state, p) + 1, events)


# ---- rounds -------------------------------------------------------------------------------


def _end_round(state: ThalaraState, events: list[Event]) -> None:
    s = state.setup
    n = s.n
    display = list(state.display)
    stars = list(state.stars)
    for i, artifact in enumerate(state.display):
        totals = conflict_totals(state, i, True)
        if n == 2:
            a, b = totals
            winner: int | None = 0 if a > b else 1 if b > a else None
        else:
            present = [p for p in range(n) if board.side(state, i, p) or totals[p] > 0]
            winner = conflict_winner(totals, present)
        if winner is None:
            events.append(Event("tie", None, "Conflict {0} is tied ({1}): {2} stays",
                                args=(i + 1, _score_line(totals), s.name(artifact))))
            continue
        state.won = add_to(state.won, winner, artifact)
        stars[winner] += s.card_stars[artifact]
        display[i] = -1
        events.append(Event("win", winner, "P{0} wins conflict {1} ({2}) and takes "
                                           "Artifact {3}",
                            data={"conflict": i + 1, "artifact": s.name(artifact)},
                            args=(winner + 1, i + 1, _score_line(totals),
                                  s.name(artifact))))
    # Played Remnants go to their owners' discard piles, Aftershocks to the pool.
    discard = [list(d) for d in state.discard]
    pool = [list(x) for x in state.pool]
    kinds = s.card_kind
    owners = s.card_owner
    for cards in state.sides:
        for c in cards:
            kind = kinds[c]
            if kind == REMNANT:
                discard[owners[c]].append(c)
            elif kind != ARTIFACT:
                pool[owners[c]].append(c)
    state.discard = tuple(map(tuple, discard))
    state.pool = tuple(map(tuple, pool))
    slots = s.conflicts
    state.sides = [()] * (slots * n)
    # Artifacts come back to their holders' hands, even those destroyed by a spell.
    for p in range(n):
        hand = [c for c in state.hands[p] if kinds[c] != ARTIFACT]
        hand += state.won[p]
        state.hands[p] = hand
    if state.known:
        state.known &= {c for h in state.hands for c in h}
    for i in range(len(display)):
        if display[i] < 0 and state.artifact_pile:
            display[i] = state.artifact_pile[-1]
            state.artifact_pile = state.artifact_pile[:-1]
    state.display = tuple(a for a in display if a >= 0)
    state.stars = tuple(stars)
    state.facedown = frozenset()
    state.side_colors = [0] * len(state.side_colors)
    state.cspells = ((),) * slots
    state.cast_in = (-1,) * len(state.cast_in)
    state.blocked = (0,) * slots
    state.silenced = (False,) * slots
    state.passed = (False,) * n
    state.veil = (-1,) * n
    state.unsure = frozenset()  # every card was revealed at scoring
    if state.last >= 0:
        state.start = state.last
        state.idle = 0
    else:
        state.idle += 1
    state.last = -1
    state.round += 1
    if not s.casual:
        begin_round(state, events)
    elif not _game_ends(state, events):
        # Shuffling Remnants back moves cards between a hand and its supply, which
        # cannot change whether the game ends: a decided game asks nobody.
        _next_returner(state, 0, events)


class _score_line:
    __slots__ = ("totals",)

    def __init__(self, totals: list[int]) -> None:
        self.totals = totals

    def __format__(self, spec: str) -> str:
        return "-".join(map(str, self.totals))


def _seat_from(state: ThalaraState, offset: int, wanted: Callable[[int], bool]) -> int:
    """The first seat, counting `offset` seats on from the start player, that `wanted`
    accepts; -1 when none is left this round."""
    n = state.setup.n
    for off in range(offset, n):
        q = (state.start + off) % n
        if wanted(q):
            return q
    return -1


def _next_returner(state: ThalaraState, offset: int, events: list[Event]) -> None:
    """Casual Chaos: the next player (in order from the start player) with Remnants in
    hand decides which to shuffle back; then the round begins."""
    kinds = state.setup.card_kind
    q = _seat_from(state, offset,
                   lambda p: any(kinds[c] != ARTIFACT for c in state.hands[p]))
    if q >= 0:
        state.phase = RETURN_PHASE
        state.cur = q
        return
    begin_round(state, events)


def begin_round(state: ThalaraState, events: list[Event]) -> None:
    """Check the end of the game, then fill the hands (secret choice, or a draw in
    Casual Chaos) and start the play."""
    s = state.setup
    n = s.n
    if _game_ends(state, events):
        return
    events.append(Event("round", None, "Round {0} begins; P{1} plays first",
                        args=(state.round, state.start + 1)))
    if s.casual:
        for p in range(n):
            supply = state.supply[p]
            while len(state.hands[p]) < s.hand_size and supply:
                card = supply.pop()
                state.hands[p].append(card)
                if board.drawn(state, p):
                    state.known = state.known | {card}  # everyone saw it go on top
        state.phase = PLAY_PHASE
        state.cur = state.start
        return
    _next_selector(state, 0, events)


def _game_ends(state: ThalaraState, events: list[Event]) -> bool:
    """The end checks of the start of a round; when one holds, the game is over."""
    s = state.setup
    n = s.n
    reason = ""
    for p in range(n):
        if len(state.won[p]) >= s.cards.artifacts_to_end:
            reason = f"P{p + 1} has won {len(state.won[p])} Artifacts"
            break
        need = s.hand_size - len(state.hands[p])
        if len(state.supply[p]) < need:
            reason = f"P{p + 1}'s supply cannot fill their hand"
            break
    if not reason and not state.display:
        reason = "no Artifacts are left to contest"
    if not reason and state.idle >= s.idle_rounds:
        reason = f"{state.idle} rounds in a row passed without a card played"
    if not reason:
        return False
    state.phase = OVER
    state.end_reason = reason
    events.append(Event("end", None, "The game ends: {0}. Stars: {1}",
                        args=(reason, ", ".join(f"P{p + 1} {state.stars[p]}"
                                                for p in range(n)))))
    return True


def _next_selector(state: ThalaraState, offset: int, events: list[Event]) -> None:
    """The next player, from the start player on, whose hand is not yet full."""
    s = state.setup
    n = s.n
    full = s.hand_size
    for off in range(offset, n):
        q = (state.start + off) % n
        if len(state.hands[q]) < full and state.supply[q]:
            state.phase = SELECT
            state.cur = q
            return
    state.phase = PLAY_PHASE
    state.cur = state.start
