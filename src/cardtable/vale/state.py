"""The Vale of Eternity game state: plain lists of small ints, a hand-written clone(),
the observation and the agent's view.

Observation shape (`state.observation(viewer)`, JSON-safe; the same keys for every
viewer; `viewer` is a seat 0..n-1 or None for a spectator)::

    {
      "game": "vale", "viewer": 0 | null, "players": n, "round": 1..10,
      "phase": "hunting" | "action" | "resolution" | "over",
      "first_player": seat, "current_player": seat | null, "area_limit": round,
      "end_score": 60 | 80, "expansion": "none" | "cards" | "artifacts",
      "deck": {"count": int, "top": [card ids known to everybody, top first],
               "top_private": card id | null},   # the top card when only this viewer
                                                  # knows it (Nurikabe put it there)
      "artifacts": [{"id": tile id, "held_by": seat | null, "marker": seat | null}],
                                        # the tiles in play ([] without Artifacts)
      "artifact_picking": bool,         # the Artifact pick of the Hunting phase is on
      "discard": [card ids, oldest first],
      "display": [card ids still unhunted],
      "pending": null | {"kind": str, "player": seat, "source": card id | null},
      "to_order": [card ids],           # the Resolution effects the resolving player
                                        # has still to order and run this Resolution
                                        # phase (also while one of them is running)
      "seats": [ {                      # one per seat, in seat order
          "seat": int, "score": int,
          "artifact": tile id | null,   # the tile in front of this seat
          "marker": tile id | null,     # the tile carrying this seat's square marker
          "shelter": [card ids],        # public
          "extra_areas": 0..2, "area_limit": round + extra_areas,
          "stones": {"red": int, "blue": int, "purple": int},
          "stone_limit": int, "stone_values": {"red": int, "blue": int, "purple": int},
          "area": [card ids, in the order summoned],
          "hunted": [card ids hunted this round, not yet sold or tamed],
          "hand": [card id | null],     # null = a card this viewer cannot know;
                                        # known cards first (sorted), then the nulls
          "hand_known": [bool],         # per entry of "hand": known to every player
          "hand_count": int } ],
      "winners": [seats] | null,        # set once the game is over
      "end": null | {...}               # the end-of-game summary, once the game is
                                        # over (vale/summary.py says what it holds)
    }

The card set itself (names, families, costs, texts, the Artifact tiles) is not in the
observation: it is the same all game long, and `game.catalogue(state.options)` gives
it (its `cards` and `artifacts`), once.

A card in a hand is known to everybody when it was tamed from the public draft,
recovered from an area, taken from the discard pile, retrieved from a shelter or
revealed by Anzu; a card drawn from the deck is
known only to its owner (unless it was the publicly known top card, e.g. Tengu).
Nobody knows the order of the deck below its known top cards.
"""

from __future__ import annotations

import random
import reprlib
from typing import Any, Final, cast

from cardtable.engine.api import (
    Action,
    Event,
    Game,
    IllegalAction,
    State,
    seat_or_spectator,
)
from cardtable.engine.rng import MASK as RNG_MASK
from cardtable.engine.tuples import unchain
from cardtable.vale import board, rules, summary
from cardtable.vale.cards import (
    ART_SRC,
)
from cardtable.vale.conform import conform as conform_world
from cardtable.vale.conform import prepare as prepare_world
from cardtable.vale.frames import FRAME_NAMES, Frame, Order
from cardtable.vale.phases import HUNTING, OVER, PHASE_NAMES
from cardtable.vale.setup import Setup
from cardtable.vale.vocabulary import COLORS

WORLD_DEALS: Final = 64  # deals tried for a world that agrees with the decision under way


class ValeState(State):
    __slots__ = (
        "_game",
        "_options",
        "_seed",
        "_winners",
        "areas",
        "artifact_picks",
        "arts",
        "cs",
        "deck",
        "discard",
        "display",
        "end_sources",
        "events",
        "extra",
        "first",
        "hands",
        "held",
        "hist",
        "hunted",
        "known_top",
        "legal",
        "marker",
        "n",
        "pending",
        "phase",
        "picks",
        "points",
        "public",
        "recheck",
        "rng",
        "round",
        "secret_top",
        "setup",
        "shelter",
        "stones",
        "triggered",
        "turn",
    )

    # No __init__: `clone()` makes a bare instance and fills it in, which a class compiled
    # with mypyc allows only when the constructor takes no arguments. A new game is
    # `ValeState.start(...)`.
    @staticmethod
    def start(game: Game, setup: Setup, seed: int, options: dict[str, Any]) -> ValeState:
        """The state at the start of a new game: dealt, and the first decision waiting."""
        state = ValeState()
        state._begin(game, setup, seed, options)
        return state

    def _begin(self, game: Game, setup: Setup, seed: int, options: dict[str, Any]) -> None:
        self._game = game
        self.setup = setup
        cs = self.cs = setup.cards
        n = self.n = setup.n
        self._seed = seed
        self._options = options
        self.round = 1
        self.first = 0
        self.phase = HUNTING
        self.turn = 0
        self.picks = 0
        self.display: list[int] = []
        self.hunted: list[list[int]] = [[] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.areas: list[list[int]] = [[] for _ in range(n)]
        self.stones: list[int] = [0] * (3 * n)
        self.points: list[int] = list(setup.start_scores)
        self.discard: list[int] = []
        # public[c] = 1: everybody knows where card c is. A list, copied by clone(): a
        # sampled world rewrites dozens of entries, which a list takes natively when
        # compiled and an int's bits or a bytearray do not (docs/speed.md).
        self.public: list[int] = [0] * cs.n
        self.known_top = 0
        self.recheck = True  # stone limits need checking
        self.pending: list[Frame] = []  # the pending steps, the newest last (frames.py)
        self.rng = seed & RNG_MASK
        self.hist: tuple[Any, Action] | None = None  # (the history before, the action)
        self._winners: list[int] = []
        self.legal: list[Action] = []
        self.events: list[Event] = []
        self.deck: list[int] = list(range(cs.n))
        board.shuffle(self, self.deck)
        # the Artifacts expansion's shelters and areas bought (written a few times a
        # game) and the tiles held and marked (twice a round per player): tuples,
        # replaced on write and shared by clones, which outnumber those writes in a
        # search (compiled clone() 2.0 -> 1.3-1.4 us with the tiles as tuples, docs/speed.md)
        self.shelter: tuple[tuple[int, ...], ...] = ((),) * n
        self.extra: tuple[int, ...] = (0,) * n
        self.held: tuple[int, ...] = (-1,) * n
        self.marker: tuple[int, ...] = (-1,) * n
        self.artifact_picks = n
        self.triggered = 0
        self.secret_top = -1
        self.arts: tuple[int, ...] = ()
        # a sampled world of a finished game: the points by source of the true game,
        # which the world's own (made-up) history cannot tell (vale/summary.py)
        self.end_sources: Any = None
        if setup.expansion == "artifacts":
            self.arts = self._deal_artifacts(setup.artifact_set)
        rules.start_round(self)
        rules.proceed(self)

    def _deal_artifacts(self, spec: str | list[str]) -> tuple[int, ...]:
        """The Base Artifacts for the player count, plus 3 random Advanced ones
        ('standard'); only the Base ones ('base'); or the tiles named in a list."""
        cs = self.cs
        if isinstance(spec, list):
            return tuple(sorted(cs.art_index[a] for a in spec))
        base = [a for a in range(cs.art_n)
                if cs.art_kind[a] == "base" and cs.art_players[a] <= self.n]
        if spec == "base":
            return tuple(base)
        advanced = [a for a in range(cs.art_n) if cs.art_kind[a] == "advanced"]
        board.shuffle(self, advanced)
        return tuple(sorted(base + advanced[:3]))

    # --- the contract -------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    @property
    def end_score(self) -> int:
        """The points that end the game at the end of their round (the setup's)."""
        return self.setup.end_score

    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        return rules.current_player(self)

    def legal_actions(self) -> list[Action]:
        return list(self.legal)

    def apply(self, action: object) -> list[Event]:
        # `object`, not Action: compiled with mypyc, the method would refuse anything
        # else with a TypeError of its own; there the cast is the check that fails.
        try:
            return rules.apply(self, cast(Action, action))
        except (AttributeError, TypeError):
            # Checked only once rules.apply has failed, so the hot path pays nothing.
            # Something that is not an Action is never one of the listed actions, so
            # rules.apply failed while looking for it, before changing anything.
            if isinstance(action, Action):
                raise
            raise IllegalAction(f"{reprlib.repr(action)} is not an action; parse text "
                                "with game.parse_action(state, text)") from None

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        """Each player's points right now."""
        return self.points[:]

    def winners(self) -> list[int]:
        return list(self._winners) if self.phase == OVER else []

    def history(self) -> list[Action]:
        return unchain(self.hist)

    def clone(self) -> ValeState:
        new = ValeState()
        new._game = self._game
        new.cs = self.cs
        new.n = self.n
        new._seed = self._seed
        new._options = self._options
        new.setup = self.setup
        new.arts = self.arts
        new.end_sources = self.end_sources
        new.artifact_picks = self.artifact_picks
        new.triggered = self.triggered
        new.secret_top = self.secret_top
        # tuples (shelter, extra, held, marker, hist): replaced, never changed, so shared
        new.shelter = self.shelter
        new.extra = self.extra
        new.held = self.held
        new.marker = self.marker
        new.round = self.round
        new.first = self.first
        new.phase = self.phase
        new.turn = self.turn
        new.picks = self.picks
        new.display = self.display[:]
        new.hunted = [h[:] for h in self.hunted]
        new.hands = [h[:] for h in self.hands]
        new.areas = [a[:] for a in self.areas]
        new.stones = self.stones[:]
        new.points = self.points[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.public = self.public[:]
        new.known_top = self.known_top
        new.recheck = self.recheck
        new.pending = self.pending[:]  # frames never change: shared
        new.rng = self.rng
        new.hist = self.hist
        new._winners = self._winners
        new.legal = self.legal
        new.events = []
        return new

    # --- equality -------------------------------------------------------------------
    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that makes this state what it is, as one comparable tuple."""
        return (self.n, self.round, self.first, self.phase, self.turn, self.picks,
                tuple(self.display), tuple(map(tuple, self.hunted)),
                tuple(map(tuple, self.hands)), tuple(map(tuple, self.areas)),
                tuple(self.stones), tuple(self.points), tuple(self.deck),
                tuple(self.discard), tuple(self.public), self.known_top, tuple(self.pending),
                self.rng, tuple(a.text for a in self.history()), tuple(self._winners),
                self.setup.end_score, self.setup.tie_break, self.setup.steal_full,
                self.setup.copy_as_target, self.cs.file, self.setup.expansion, self.arts,
                self.artifact_picks, self.triggered, self.secret_top,
                self.shelter, self.extra, self.held, self.marker)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ValeState) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<ValeState round {self.round} {PHASE_NAMES[self.phase]} "
                f"scores {self.points}>")

    # --- what a player may know -----------------------------------------------------
    def observation(self, player: object) -> dict[str, Any]:
        # `object`: compiled with mypyc, a method refuses arguments of another type with a
        # TypeError of its own, before seat_or_spectator could give its ValueError.
        player = seat_or_spectator(player, self.n)
        cs = self.cs
        ids = cs.ids
        public = self.public
        seats = []
        for q in range(self.n):
            hand = self.hands[q]
            if player == q:
                shown = sorted(hand)
                hand_ids: list[str | None] = [ids[c] for c in shown]
                known = [bool(public[c]) for c in shown]
            else:
                shown = sorted(c for c in hand if public[c])
                hidden = len(hand) - len(shown)
                hand_ids = [ids[c] for c in shown] + [None] * hidden
                known = [True] * len(shown) + [False] * hidden
            values = board.stone_values(self, q)
            held = self.held[q]
            mark = self.marker[q]
            seats.append({
                "seat": q, "score": self.points[q],
                "artifact": cs.art_ids[held] if held >= 0 else None,
                "marker": cs.art_ids[mark] if mark >= 0 else None,
                "shelter": [ids[c] for c in self.shelter[q]],
                "extra_areas": self.extra[q], "area_limit": board.area_limit(self, q),
                "stones": dict(zip(COLORS, board.stones_of(self, q), strict=True)),
                "stone_limit": board.stone_limit(self, q),
                "stone_values": {COLORS[k]: values[k] for k in range(3)},
                "area": [ids[c] for c in self.areas[q]],
                "hunted": [ids[c] for c in self.hunted[q]],
                "hand": hand_ids, "hand_known": known, "hand_count": len(hand)})
        pending = None
        if self.pending and self.phase != OVER:
            top = self.pending[-1]
            src = top.source
            pending = {"kind": FRAME_NAMES[top.kind], "player": top.player,
                       "source": (cs.art_ids[src - ART_SRC] if src >= ART_SRC
                                  else ids[src] if src >= 0 else None)}
        to_order: list[str] = []
        for frame in reversed(self.pending):
            if isinstance(frame, Order):
                to_order = [ids[c] for c in frame.cards if c in self.areas[frame.player]]
                break
        top_known = self.deck[len(self.deck) - self.known_top:][::-1]
        private_top = (ids[self.deck[-1]] if player is not None and self.deck
                       and self.secret_top == player else None)
        tiles = [{"id": cs.art_ids[a],
                  "held_by": self.held.index(a) if a in self.held else None,
                  "marker": self.marker.index(a) if a in self.marker else None}
                 for a in self.arts]
        return {
            "game": "vale", "viewer": player, "players": self.n, "round": self.round,
            "phase": PHASE_NAMES[self.phase], "first_player": self.first,
            "current_player": self.current_player(), "area_limit": self.round,
            "end_score": self.setup.end_score,
            "expansion": self.setup.expansion,
            "deck": {"count": len(self.deck), "top": [ids[c] for c in top_known],
                     "top_private": private_top},
            "artifacts": tiles, "artifact_picking": (
                self.phase == HUNTING and self.artifact_picks < self.n),
            "discard": [ids[c] for c in self.discard],
            "display": [ids[c] for c in self.display],
            "pending": pending, "to_order": to_order, "seats": seats,
            "winners": list(self._winners) if self.phase == OVER else None,
            "end": summary.end_summary(self) if self.phase == OVER else None,
        }

    def sample_world(self, player: int | None, rng: random.Random) -> ValeState:
        """A full state consistent with what `player` knows: the deck below its known
        top and the other players' unknown hand cards are dealt again at random, and
        the world gets a fresh RNG (future shuffles are unknown too). It has no history
        and a made-up seed: replaying the true ones would redeal the real cards, and a
        secret action (the card Nurikabe put on top) would be there to read.

        A decision under way can tell something about a secret hand: a Dragon Egg just
        summoned means a Dragon is there to summon. A deal that could not face the same
        decision is dealt again (up to WORLD_DEALS times), which keeps the worlds to
        those that agree with what everyone saw."""
        for _ in range(WORLD_DEALS):
            world = self._deal(player, rng)
            if world._same_decision(self):
                break
        return world

    def conform(self, player: int | None, observation: dict[str, Any],
                rng: random.Random) -> bool:
        """Move the cards `player` cannot tell apart until `player` sees exactly
        `observation` (vale/conform.py says what moves and what cannot agree)."""
        return conform_world(self, player, observation, rng)

    def prepare(self, player: int | None, seat: int, observation: dict[str, Any],
                rng: random.Random) -> bool:
        """Make the cards `seat`'s action showed, that this world hid elsewhere, cards
        of `seat`'s secret hand (vale/conform.py, `prepare`)."""
        return prepare_world(self, player, seat, observation, rng)

    def _same_decision(self, other: ValeState) -> bool:
        """Whether this world stands at the decision `other` stands at."""
        mine, theirs = self.pending, other.pending
        return (self.phase == other.phase and len(mine) == len(theirs)
                and (not mine  # the same kind, player and source
                     or (mine[-1].kind == theirs[-1].kind
                         and mine[-1].player == theirs[-1].player
                         and mine[-1].source == theirs[-1].source))
                and self.current_player() == other.current_player())

    def _deal(self, player: int | None, rng: random.Random) -> ValeState:
        world = self.clone()
        public = self.public
        unknown_deck = len(self.deck) - self.known_top
        if self.secret_top >= 0 and self.secret_top == player:
            unknown_deck -= 1  # the top card this player put there
        pool = self.deck[:unknown_deck]
        slots: list[tuple[int, int]] = []
        for q in range(self.n):
            if q == player:
                continue
            for i, c in enumerate(self.hands[q]):
                if not public[c]:
                    pool.append(c)
                    slots.append((q, i))
        # Forget the true arrangement first: a caller who picks `rng` could otherwise
        # undo the shuffle and read the real deck and hands.
        pool.sort()
        rng.shuffle(pool)
        world.deck[:unknown_deck] = pool[:unknown_deck]
        for c in pool[:unknown_deck]:
            world.public[c] = 0  # where a card was known before tells where it is now
        for (q, i), c in zip(slots, pool[unknown_deck:], strict=True):
            world.hands[q][i] = c
            world.public[c] = 0
        world.rng = rng.getrandbits(64)
        world.hist = None
        if self.phase == OVER:
            world.end_sources = summary.sources_of(self)
        world._seed = rng.getrandbits(63)
        rules.proceed(world)  # legal actions may name resampled cards
        return world
