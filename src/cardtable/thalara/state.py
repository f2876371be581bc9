"""The Thalara game state: plain lists of small ints, a hand-written clone, and the
observation each player may see.

Observation shape (JSON-safe; the same keys for every viewer; what a viewer may not
know is null or a count):

    game, viewer, players, mode, round, phase ("select" | "play" | "cast" | "choose" |
    "return" | "over"), current_player, start_player, first_player (the same seat:
    the common core's name for it), last_player,
    pending: null | {kind ("spell"), player, spell, conflict, prompt, stage (1 | 2),
             chosen (the card picked in stage 1: for the deciding player only, else
             null)},
    artifact_stack (count), aftershock_pool (count), end_reason,
    seats: [{seat, character, character_name, stars, score (the same as stars: the
             common core's name for it), artifacts (ids won),
             hand (list or null when hidden), hand_count, known_hand (cards everyone
             knows are in that hand), supply (list or null), supply_count, discard,
             passed, spells: [{id, name, requires, kind, text, provisional, note,
             cast_in}]}],
    conflicts: [{number, artifact: {card, name, color, strength, stars, provisional,
                                    note},
                 sides: [{seat, cards: [{card, color, strength, printed, face_down}],
                          total}],
                 spells: [{id, seat}], blocked_for: [seats], silenced}],
    scores, winners (null until the game is over),
    end (null until the game is over: the end-of-game summary, see thalara/summary.py)

A face-down card shows as {card: null, ...} to everyone but its owner; totals count a
face-down card only once it is revealed at scoring.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cardtable.engine import rng as rngmod
from cardtable.engine.api import Action, Event, State, seat_or_spectator
from cardtable.engine.tuples import replace_at, unchain
from cardtable.thalara import board, rules
from cardtable.thalara.actions import SPELL_SLOTS
from cardtable.thalara.cards import ARTIFACT, Spell
from cardtable.thalara.conform import conform as conform_world
from cardtable.thalara.conform import prepare as prepare_world
from cardtable.thalara.decisions import pending_prompt
from cardtable.thalara.describe import spell_note
from cardtable.thalara.feasibility import targets
from cardtable.thalara.frames import SpellChoice
from cardtable.thalara.phases import OVER, PHASE_NAMES
from cardtable.thalara.scoring import card_strength, conflict_totals
from cardtable.thalara.setup import Setup
from cardtable.thalara.summary import end_summary

if TYPE_CHECKING:
    from cardtable.engine.api import Game


class ThalaraState(State):
    __slots__ = (
        "_game",
        "_options",
        "_seed",
        "artifact_pile",
        "blocked",
        "cast_in",
        "cast_options",
        "cspells",
        "cur",
        "discard",
        "display",
        "end_reason",
        "facedown",
        "hands",
        "hist",
        "idle",
        "known",
        "last",
        "ontop",
        "passed",
        "pending",
        "phase",
        "pool",
        "returned",
        "rng",
        "round",
        "setup",
        "side_colors",
        "sides",
        "silenced",
        "stars",
        "start",
        "supply",
        "unsure",
        "veil",
        "won",
    )

    setup: Setup
    _game: Game
    _seed: int
    _options: dict[str, Any]
    phase: int
    cur: int
    round: int
    start: int
    last: int
    hands: list[list[int]]
    supply: list[list[int]]
    discard: tuple[tuple[int, ...], ...]
    pool: tuple[tuple[int, ...], ...]
    won: tuple[tuple[int, ...], ...]  # each player's Artifacts won
    # Tuples and frozensets are replaced, never changed in place, so clone() shares them
    # (engine/tuples.py); the lists are the fields nearly every step writes.
    stars: tuple[int, ...]
    artifact_pile: tuple[int, ...]  # the Artifacts still to come, the next last
    display: tuple[int, ...]
    sides: list[tuple[int, ...]]  # the list is copied, each side's tuple shared
    side_colors: list[int]  # and each side's face-up count after its colours (board.py)
    facedown: frozenset[int]
    known: frozenset[int]
    cspells: tuple[tuple[int, ...], ...]
    cast_in: tuple[int, ...]
    blocked: tuple[int, ...]
    silenced: tuple[bool, ...]
    passed: tuple[bool, ...]
    unsure: frozenset[int]  # Artifacts whose place among a hand and its face-down cards is secret
    ontop: tuple[int, ...]  # Casual Chaos: the known top of each draw pile (board.py)
    veil: tuple[int, ...]  # the conflict of a Veil waiting for p's next card, or -1
    pending: tuple[SpellChoice, ...]  # the spell choices waiting, the newest last
    cast_options: list[Action]
    # Casual Chaos: the player answering `return` has shuffled back a card this step.
    returned: bool
    rng: int
    hist: tuple[Any, Action] | None
    end_reason: str
    idle: int

    # ---- the contract -----------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self.setup.n

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def options(self) -> dict[str, Any]:
        return self._options

    def phase_name(self) -> str:
        """The phase as the observation names it ("select", "play", ...)."""
        return PHASE_NAMES[self.phase]

    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def apply(self, action: object) -> list[Event]:
        # `object`, not Action: compiled with mypyc, the method would refuse anything
        # else with a TypeError of its own before the rules could call it illegal.
        return rules.apply(self, action)

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return list(self.stars)

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = max(self.stars)
        tied = [p for p in range(self.setup.n) if self.stars[p] == best]
        if len(tied) > 1 and self.setup.star_tie == "most-artifacts":
            most = max(len(self.won[p]) for p in tied)
            tied = [p for p in tied if len(self.won[p]) == most]
        return tied

    def history(self) -> list[Action]:
        return unchain(self.hist)

    def clone(self) -> ThalaraState:
        c = ThalaraState()
        c.setup = self.setup
        c._game = self._game
        c._seed = self._seed
        c._options = self._options
        c.phase = self.phase
        c.cur = self.cur
        c.round = self.round
        c.start = self.start
        c.last = self.last
        c.hands = [x[:] for x in self.hands]
        c.supply = [x[:] for x in self.supply]
        c.sides = self.sides[:]
        c.side_colors = self.side_colors[:]
        # tuples and frozensets: replaced, never changed, so shared
        c.discard = self.discard
        c.pool = self.pool
        c.won = self.won
        c.stars = self.stars
        c.artifact_pile = self.artifact_pile
        c.display = self.display
        c.facedown = self.facedown
        c.known = self.known
        c.unsure = self.unsure
        c.cspells = self.cspells
        c.cast_in = self.cast_in
        c.blocked = self.blocked
        c.silenced = self.silenced
        c.passed = self.passed
        c.veil = self.veil
        c.ontop = self.ontop
        c.pending = self.pending
        c.cast_options = self.cast_options
        c.returned = self.returned
        c.rng = self.rng
        c.hist = self.hist
        c.end_reason = self.end_reason
        c.idle = self.idle
        return c

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is, for equality checks."""
        return (self.phase, self.cur, self.round, self.start, self.last,
                self.hands, self.supply, self.discard, self.pool, self.won, self.stars,
                self.artifact_pile, self.display, self.sides, self.side_colors,
                sorted(self.facedown), sorted(self.known), sorted(self.unsure), self.cspells,
                self.cast_in, self.blocked,
                self.silenced, self.passed, self.veil, self.ontop, self.pending,
                self.returned, self.rng, self.idle, [str(a) for a in self.history()],
                self.end_reason)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ThalaraState) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    # ---- information ------------------------------------------------------------

    def observation(self, player: object) -> dict[str, Any]:
        # `object`: compiled with mypyc, a method refuses arguments of another type with a
        # TypeError of its own, before seat_or_spectator could give its ValueError.
        s = self.setup
        n = s.n
        player = seat_or_spectator(player, n)
        names, ctype, kind = s.type_names, s.card_type, s.card_kind   # name(c), inlined
        views = s.views
        seats = []
        for p in range(n):
            mine = player == p
            spells = []
            for sid in s.spells_of[p]:
                view = views.get(("spell", sid))
                if view is None:
                    view = views["spell", sid] = spell_view(s.spell_of[sid])
                conf = self.cast_in[sid]
                spells.append({**view, "requires": list(view["requires"]),
                               "cast_in": None if conf < 0 else conf + 1})
            seats.append({
                "seat": p,
                "character": s.characters[p].id,
                "character_name": s.characters[p].name,
                "stars": self.stars[p],
                "score": self.stars[p],
                "artifacts": sorted([names[ctype[c]] for c in self.won[p]]),
                "hand": sorted([names[ctype[c]] for c in self.hands[p]]) if mine else None,
                "hand_count": len(self.hands[p]),
                "known_hand": sorted([names[ctype[c]] for c in self.hands[p]
                                      if c not in self.unsure
                                      and (c in self.known or kind[c] == ARTIFACT)]),
                "supply": sorted([names[ctype[c]] for c in self.supply[p]]) if mine else None,
                "supply_count": len(self.supply[p]),
                "discard": sorted([names[ctype[c]] for c in self.discard[p]]),
                "passed": self.passed[p],
                "spells": spells,
            })
        conflicts = []
        # without a spell in play every card has its printed strength
        any_spell = any(self.cspells)
        facedown, ccolor, printed = self.facedown, s.card_color, s.card_strength
        colors = s.cards.colors
        for i, artifact in enumerate(self.display):
            totals = conflict_totals(self, i, False)
            sides = []
            for p in range(n):
                cards: list[dict[str, Any]] = []
                for c in board.side(self, i, p):
                    hidden = c in facedown
                    if hidden and player != p:
                        cards.append({"card": None, "color": None, "strength": None,
                                      "printed": None, "face_down": True})
                        continue
                    color = ccolor[c]
                    cards.append({
                        "card": names[ctype[c]],
                        "color": colors[color] if color >= 0 else None,
                        "strength": None if hidden else (
                            card_strength(self, c, i, p, False) if any_spell else printed[c]),
                        "printed": printed[c], "face_down": hidden})
                sides.append({"seat": p, "cards": cards, "total": totals[p]})
            conflicts.append({
                "number": i + 1,
                "artifact": artifact_view(s, artifact),
                "sides": sides,
                "spells": [{"id": s.spell_of[sid].id, "seat": sid // SPELL_SLOTS}
                           for sid in self.cspells[i]],
                "blocked_for": [p for p in range(n) if self.blocked[i] >> p & 1],
                "silenced": self.silenced[i],
            })
        over = self.phase == OVER
        return {
            "game": "thalara",
            "viewer": player,
            "players": n,
            "mode": "casual" if s.casual else "standard",
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "current_player": None if over else self.cur,
            "start_player": self.start,
            "first_player": self.start,
            "last_player": self.last if self.last >= 0 else None,
            "pending": pending_prompt(self, player) if self.pending else None,
            "artifact_stack": len(self.artifact_pile),
            "aftershock_pool": sum(len(p) for p in self.pool),
            "end_reason": self.end_reason or None,
            "seats": seats,
            "conflicts": conflicts,
            "scores": list(self.stars),
            "winners": self.winners() if over else None,
            "end": end_summary(self) if over else None,
        }

    def sample_world(self, player: int | None, rng: random.Random) -> ThalaraState:
        """A copy of this state with everything `player` cannot know redealt at random:
        other players' hidden hand cards, their face-down cards and their supplies
        (drawn from the cards they could be), the order of the Artifact pile, and the order of
        every draw pile in Casual Chaos below the cards all saw put on top. The world has
        no history and a made-up seed: the true ones would tell what was hidden
        (replaying them redeals the real cards)."""
        w = self.clone()
        s = w.setup
        n = s.n
        # a face-down card chosen in a spell's first step is named by where it lies
        chosen_at = [_place_of(w, frame.chosen) if frame.chosen in w.facedown else None
                     for frame in w.pending]
        for q in range(n):
            # Casual Chaos: cards everyone saw go on top of a draw pile keep their place
            supply = w.supply[q]
            known = board.known_top(w, q, player)
            top = supply[len(supply) - known:] if known else []
            unseen = supply[:len(supply) - len(top)]
            if q == player:
                if s.casual:
                    unseen.sort()
                    rng.shuffle(unseen)
                    w.supply[q] = unseen + top
                continue
            # Cards of q whose place player cannot tell apart: unknown hand cards,
            # face-down cards in conflicts, and the supply.
            hand_slots = [i for i, c in enumerate(w.hands[q])
                          if c not in w.known and s.card_kind[c] != ARTIFACT]
            down_slots = [(i, j) for i in range(len(w.display))
                          for j, c in enumerate(board.side(w, i, q))
                          if c in w.facedown and c not in w.known
                          and s.card_kind[c] != ARTIFACT]
            if w.unsure:
                _redeal_unsure_artifacts(w, q, rng)
            pool = [w.hands[q][i] for i in hand_slots]
            pool += [board.side(w, i, q)[j] for i, j in down_slots]
            pool += unseen
            pool.sort()  # forget the true arrangement before dealing it anew
            rng.shuffle(pool)
            for i in hand_slots:
                w.hands[q][i] = pool.pop()
            # every old card leaves the face-down set before any new one joins it: a
            # card dealt into another face-down place must not be turned face up when
            # that place's turn comes
            olds = {w.sides[s.side_slot[q][i]][j] for i, j in down_slots}
            news: set[int] = set()
            for i, j in down_slots:
                slot = s.side_slot[q][i]
                new = pool.pop()
                w.sides[slot] = replace_at(w.sides[slot], j, new)
                news.add(new)
            if down_slots:
                w.facedown = (w.facedown - olds) | news
            w.supply[q] = pool + top
        for k, at in enumerate(chosen_at):
            f = w.pending[k]
            if f.stage == 1 and f.player != player:
                # which card a spell's first step chose is its caster's secret (the
                # observation shows it to the caster alone): any it could have chosen
                effect = s.spell_of[f.sid].effects[f.effect]
                could = sorted(targets(w, effect, f.player, f.conf))
                if could:
                    w.pending = replace_at(w.pending, k, f.second_step(rng.choice(could)))
            elif at is not None:
                w.pending = replace_at(w.pending, k,
                                       SpellChoice(f.player, f.sid, f.conf, f.effect, f.stage,
                                                   w.sides[at[0]][at[1]]))
        pile = sorted(w.artifact_pile)
        rng.shuffle(pile)
        w.artifact_pile = tuple(pile)
        w.rng = rng.getrandbits(64)
        w.hist = None
        w._seed = rng.getrandbits(63)
        return w

    def conform(self, player: int | None, observation: dict[str, Any],
                rng: random.Random) -> bool:
        """Exchange the cards `player` cannot tell apart until `player` sees exactly
        `observation` (thalara/conform.py says which move and where)."""
        return conform_world(self, player, observation, rng)

    def prepare(self, player: int | None, seat: int, observation: dict[str, Any],
                rng: random.Random) -> bool:
        """Before an action of `seat`, deal the cards hidden from `player` so that the
        cards `observation` (after the action) shows are where the action took them
        from (thalara/conform.py's `prepare`)."""
        return prepare_world(self, player, seat, observation, rng)

    def reshuffle(self, cards: list[int]) -> None:
        """Shuffle `cards` in place with the game's own generator."""
        self.rng = rngmod.shuffle(self.rng, cards)


def _redeal_unsure_artifacts(w: ThalaraState, q: int, rng: random.Random) -> None:
    """Shuffle q's Artifacts whose place is secret among the places they may be: q's
    hand and q's face-down cards."""
    # (where, j): position j of q's hand (where -1) or of the side at `where` in sides
    hand = w.hands[q]
    places: list[tuple[int, int]] = [(-1, i) for i, c in enumerate(hand) if c in w.unsure]
    for i in range(len(w.display)):
        at = w.setup.side_slot[q][i]
        places += [(at, j) for j, c in enumerate(w.sides[at]) if c in w.unsure]
    cards = sorted(hand[j] if where < 0 else w.sides[where][j] for where, j in places)
    rng.shuffle(cards)
    for (where, j), card in zip(places, cards, strict=True):
        old = hand[j] if where < 0 else w.sides[where][j]
        if old in w.facedown:
            w.facedown = (w.facedown - {old}) | {card}
        if where < 0:
            hand[j] = card
        else:
            w.sides[where] = replace_at(w.sides[where], j, card)


def _place_of(w: ThalaraState, card: int) -> tuple[int, int]:
    """The side (index into sides) and position where `card` lies in a conflict."""
    for slot, side in enumerate(w.sides):
        if card in side:
            return slot, side.index(card)
    raise ValueError("the card is in no conflict")


def spell_view(spell: Spell) -> dict[str, Any]:
    """What every observation shows of a spell but whether and where it was cast."""
    return {"id": spell.id, "name": spell.name, "requires": tuple(spell.requires),
            "kind": spell.kind, "text": spell.text, "provisional": spell.provisional,
            "note": spell_note(spell), "cast_in": None}


def artifact_view(setup: Setup, card: int) -> dict[str, Any]:
    """`setup.describe(card)`, described once and copied."""
    view = setup.views.get(("card", card))
    if view is None:
        view = setup.views["card", card] = setup.describe(card)
    return dict(view)
