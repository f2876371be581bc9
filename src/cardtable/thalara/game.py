"""ThalaraGame: options and new games; the notation's text is read in notation.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

from cardtable.engine import rng as rngmod
from cardtable.engine.api import (
    Action,
    Event,
    Game,
    Heuristics,
    OptionError,
    State,
)
from cardtable.engine.newgame import check_players, seed_or_random
from cardtable.engine.options import Choice, Option, validate_options
from cardtable.thalara import describe, notation, phrases
from cardtable.thalara.cards import LEGACY_SET, SHIPPED, CardSet, card_set, core_card_set
from cardtable.thalara.heuristics import ThalaraHeuristics
from cardtable.thalara.rules import begin_round
from cardtable.thalara.setup import DEFAULT_SETTINGS, SETTINGS, Setup
from cardtable.thalara.state import ThalaraState

# The first-game pairs of the rulebook, then the next characters in order.
DEFAULT_CHARACTERS: Final[tuple[str, ...]] = ("myrja", "canto", "accaina", "kandhran")
IDLE_ROUNDS: Final = (1, 20)   # the bounds of idle_rounds


def _declare() -> tuple[Option, ...]:
    """Every option `new_game` accepts. The characters suggested are the shipped set's
    (another card file has its own, checked as the game is set up)."""
    core = core_card_set()
    return (
        Option("mode", "choice", "Mode", "how hands are dealt", default="standard",
               choices=(Choice("standard", "Standard: choose your hand"),
                        Choice("casual", "Casual Chaos: hands drawn at random")),
               headline=True),
        Option("characters", "list", "Characters", "the character of each seat, in seat "
               "order; a character may appear twice only with two sets (3-4 players)",
               items="character ids", per_seat=True,
               default_text="myrja, canto (3 players: + accaina, 4: + kandhran)",
               table_default=DEFAULT_CHARACTERS,
               suggestions=tuple(Choice(c.id, c.name) for c in core.characters.values())),
        Option("cards", "path", "Card file", "a card file of your own (a TOML file), or "
               "a shipped set by name: " + ", ".join(SHIPPED) + " (provisional-2026: the "
               "provisional set before it was tuned)", default_text="core"),
        Option("card_set", "text", "Card set digest", "the digest of the card set a "
               "recorded game was played with (records keep it): a game set up with "
               "other cards is refused", default_text="filled in", player_facing=False),
        Option("star_tie", "choice", "Equal stars", "who wins on equal stars",
               default=DEFAULT_SETTINGS["star_tie"],
               choices=(Choice("shared", "everyone tied wins"),
                        Choice("most-artifacts", "most Artifacts breaks the tie"))),
        Option("empty_casts", "choice", "Spells that do nothing",
               "whether a spell that would do nothing may be cast",
               default=DEFAULT_SETTINGS["empty_casts"],
               choices=(Choice("forbidden", "only a spell that does something"),
                        Choice("allowed", "also a spell that does nothing"))),
        Option("silence_scope", "choice", "Silence stops spells",
               "where Silence stops the other spells: in its own conflict only, as its "
               "text says, or a spell lying in a silenced conflict does nothing anywhere",
               default=DEFAULT_SETTINGS["silence_scope"],
               choices=(Choice("conflict", "in its own conflict"),
                        Choice("spell", "everywhere, if lying in it"))),
        Option("idle_rounds", "int", "Rounds without a card", "the game ends after this "
               "many rounds in a row in which nobody plays a card (the rulebook has no "
               "such case, but a game must end)", default=2,
               minimum=IDLE_ROUNDS[0], maximum=IDLE_ROUNDS[1]),
    )


_SETUPS: dict[tuple[Any, ...], Setup] = {}     # at most SETUPS_KEPT, oldest dropped first
SETUPS_KEPT: Final = 64


def _setup(cards: CardSet, path: str, players: int, characters: tuple[str, ...], mode: str,
           settings: tuple[tuple[str, Any], ...]) -> Setup:
    """The setup of these cards and options, made once: every state of a game shares
    it. The cards' digest is part of the key, so a card file edited since is set up
    anew; the cards come already read (new_game needs them to check the digest)."""
    key = (path, cards.digest, players, characters, mode, settings)
    made = _SETUPS.get(key)
    if made is None:
        if len(_SETUPS) >= SETUPS_KEPT:
            del _SETUPS[next(iter(_SETUPS))]
        made = _SETUPS[key] = Setup(cards, players, list(characters), mode, dict(settings))
    return made


class ThalaraGame(Game):
    name = "thalara"
    title = "Thalara: The Last Artifacts"
    min_players = 2
    max_players = 4

    _declared: ClassVar[tuple[Option, ...] | None] = None

    def declared_options(self) -> tuple[Option, ...]:
        if ThalaraGame._declared is None:
            ThalaraGame._declared = _declare()
        return ThalaraGame._declared

    # `object`: compiled with mypyc, a method refuses arguments of another type with a
    # TypeError of its own; here the checks below give their OptionError instead.
    def new_game(self, players: object = 2, seed: object = None,
                 **options: Any) -> ThalaraState:
        players = check_players(self, players)
        given = validate_options(self.name, self.declared_options(), options, players)
        seed = seed_or_random(seed)
        mode = given.get("mode", "standard")
        path = given.get("cards")
        cards = self._cards(path)
        recorded = given.get("card_set")
        if recorded is not None and recorded != cards.digest:
            shown = "the default set (core)" if path is None else repr(str(path))
            raise OptionError(f"this game was played with card set {recorded!r}, but the "
                              f"cards given, {shown}, are {cards.digest!r}: give the card "
                              f"file it was played with")
        characters = self._characters(given.get("characters"), players, cards)
        settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
        settings["idle_rounds"] = given.get("idle_rounds", 2)
        settings.update((key, given[key]) for key in SETTINGS if key in given)
        setup = _setup(cards, "" if path is None else str(path), players,
                       tuple(characters), mode, tuple(sorted(settings.items())))
        normal: dict[str, Any] = {"mode": mode, "characters": characters, **settings}
        if path is not None:
            normal["cards"] = str(path)
        normal["card_set"] = cards.digest
        return self._start(setup, seed, normal)

    def record_options(self, options: dict[str, Any], version: int) -> dict[str, Any]:
        """Records made before they named their card set (version 1 without a
        `card_set`) were played with the set that was the default then: the provisional
        set before tuning, now shipped as `provisional-2026`; and with Silence as it
        was read then, stopping a spell lying in its conflict everywhere
        (`silence_scope=spell`)."""
        if version >= 2 or "card_set" in options:
            return options
        if "silence_scope" not in options:
            options = {**options, "silence_scope": "spell"}
        cards = options.get("cards")
        if cards is None or (isinstance(cards, str) and "\0" not in cards
                             and Path(cards).resolve() == SHIPPED["core"].resolve()):
            return {**options, "cards": LEGACY_SET}
        return options

    def characters(self, **options: Any) -> list[str]:
        """The ids of the characters a player may choose with these options' cards."""
        return list(self._cards(options.get("cards")).characters)

    @staticmethod
    def _cards(path: Any) -> CardSet:
        if path is None:
            return core_card_set()
        if not isinstance(path, (str, Path)):
            raise OptionError(f"cards must be a path to a card file or the name of a "
                              f"shipped set ({', '.join(SHIPPED)}), not {path!r}")
        return card_set(path)

    @staticmethod
    def _characters(value: Any, players: int, cards: CardSet) -> list[str]:
        if value is None:
            pool = [c for c in DEFAULT_CHARACTERS if c in cards.characters]
            pool += [c for c in cards.characters if c not in pool]
            return [pool[i % len(pool)] for i in range(players)]
        chosen = [v.lower() for v in value]   # one id per seat: the declaration saw to it
        for c in chosen:
            if c not in cards.characters:
                raise OptionError(f"unknown character {c!r}; characters: "
                                  f"{', '.join(cards.characters)}")
        copies = cards.sets[players - 2]
        for c in set(chosen):
            if chosen.count(c) > copies:
                raise OptionError(f"character {c!r} is chosen {chosen.count(c)} times, but "
                                  f"{players} players use {copies} set(s) of cards")
        return chosen

    @staticmethod
    def _start(setup: Setup, seed: int, options: dict[str, Any]) -> ThalaraState:
        s = ThalaraState()
        n = setup.n
        slots = setup.conflicts
        s.setup = setup
        s._game = _THE_GAME
        s._seed = seed
        s._options = options
        s.rng = (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & rngmod.MASK
        s.rng, z = rngmod.step(s.rng)
        s.start = z % n
        s.cur = s.start
        s.last = -1
        s.returned = False
        s.round = 1
        s.phase = 0
        s.hands = [[] for _ in range(n)]
        s.supply = [list(r) for r in setup.remnant_cards]
        s.discard = ((),) * n
        s.pool = tuple(tuple(a) for a in setup.shock_cards)
        s.won = ((),) * n
        s.stars = (0,) * n
        pile = list(setup.artifact_cards)
        s.rng = rngmod.shuffle(s.rng, pile)
        s.display = tuple(pile.pop() for _ in range(min(slots, len(pile))))
        s.artifact_pile = tuple(pile)
        s.sides = [()] * (slots * n)
        s.side_colors = [0] * (slots * n * (setup.width + 1))  # see board.py
        s.facedown = frozenset()
        s.known = frozenset()
        s.cspells = ((),) * slots
        s.cast_in = (-1,) * (max(setup.spell_of) + 1)
        s.blocked = (0,) * slots
        s.silenced = (False,) * slots
        s.passed = (False,) * n
        s.veil = (-1,) * n
        s.ontop = (0,) * (2 * n)  # see board.py
        s.unsure = frozenset()
        s.pending = ()
        s.cast_options = []
        s.hist = None
        s.end_reason = ""
        s.idle = 0
        if setup.casual:
            for supply in s.supply:
                s.rng = rngmod.shuffle(s.rng, supply)
        events: list[Event] = []
        begin_round(s, events)
        return s

    def parse_action(self, state: State, text: object) -> Action:   # object: see new_game
        assert isinstance(state, ThalaraState)
        return notation.parse(state, text)

    def describe_action(self, state: State, action: Action) -> dict[str, Any]:
        assert isinstance(state, ThalaraState)
        return notation.action_facts(state.setup.actions, action)

    def heuristics(self) -> Heuristics:
        return ThalaraHeuristics()

    def catalogue(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return describe.catalogue(self._cards((options or {}).get("cards")))

    def words(self) -> dict[str, Any]:
        return describe.words()

    def notation_help(self) -> str:
        return describe.NOTATION_HELP

    def rules_summary(self, options: Mapping[str, Any] | None = None) -> str:
        options = dict(options or {})
        return describe.rules_summary(self._cards(options.get("cards")), options)

    def decision(self, state: State, viewer: int | None,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
        assert isinstance(state, ThalaraState)
        return phrases.decision(state, viewer, names)


_THE_GAME = ThalaraGame()
