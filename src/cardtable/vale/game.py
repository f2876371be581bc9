"""ValeGame: options and new games of The Vale of Eternity; the notation's text is read
in notation.py, what stays fixed for a game is its Setup (setup.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from cardtable.engine.api import Action, Game, Heuristics, OptionError, State
from cardtable.engine.newgame import check_players, seed_or_random
from cardtable.engine.options import Choice, Option, defaults, validate_options
from cardtable.vale import describe, notation, phrases
from cardtable.vale.cards import cards_from
from cardtable.vale.heuristics import ValeHeuristics
from cardtable.vale.setup import Setup
from cardtable.vale.state import ValeState

MAX_END_SCORE: Final = 1000  # keeps end_score / 100 inside the learning encodings' bounds
MAX_START_SCORE: Final = 1000  # a starting score beyond any end score means nothing more

END_SCORE: Final = {"none": 60, "cards": 60, "artifacts": 80}   # the default, by expansion


def _declare() -> tuple[Option, ...]:
    """Every option `new_game` accepts. The tiles suggested for artifact_set are the
    shipped expansion's (a card file may have others, checked as the game is set up)."""
    tiles = cards_from(None, True)
    return (
        Option("start_scores", "list", "Starting points", "the points each seat starts "
               "with", default="seat", item_kind="int", items="whole numbers",
               per_seat=True, minimum=0, maximum=MAX_START_SCORE,
               choices=(Choice("seat", "1, 2, 3 ... by seat"),
                        Choice("zero", "everybody 0"))),
        Option("tie_break", "choice", "Ties", "who wins a tie on points", default="area",
               choices=(Choice("area", "most cards in the area, then shared"),
                        Choice("shared", "every tied player wins"))),
        Option("cards", "path", "Card file", "a TOML card file to play with instead of "
               "the 70 base cards", default_text="the 70 base cards"),
        Option("expansion", "choice", "Expansion", "what the game is played with: the base "
               "game (70 cards, 60 points), the 28 expansion cards shuffled in (base "
               "rules, 60 points) or the Artifacts expansion (the 28 cards, the Artifacts, "
               "shelter and purchased areas, 80 points)",
               default="none", table_default="artifacts", headline=True,
               choices=(Choice("none", "Base game"),
                        Choice("cards", "Expansion cards only"),
                        Choice("artifacts", "Artifacts expansion"))),
        Option("artifact_set", "list", "Artifacts", "the Artifact tiles on the table",
               default="standard", items="tile ids", needs=("expansion", "artifacts"),
               choices=(Choice("standard", "Base Artifacts + 3 random Advanced"),
                        Choice("base", "Base Artifacts only")),
               suggestions=tuple(Choice(a, n) for a, n in zip(tiles.art_ids,
                                                              tiles.art_names,
                                                              strict=True))),
        Option("end_score", "int", "Points to end", "the game ends at the end of a round "
               "in which someone has this many points", minimum=1, maximum=MAX_END_SCORE,
               default_text="60; 80 with expansion=artifacts"),
        Option("steal", "choice", "Goblin steals", "what Goblin gains from an opponent",
               default="capped",
               choices=(Choice("capped", "only what the opponent could lose"),
                        Choice("full", "the full amount, always"))),
        Option("copy_resolves_as", "choice", "Copied effects are",
               "whose effect an effect copied by Scorch or Genie Exalted is: the copier's "
               "own (its 'this card' is the copier) or the copied card's (Genie Exalted "
               "copying Imp recovers the Imp)",
               default="copier",
               choices=(Choice("copier", "the copier's own"),
                        Choice("target", "the copied card's"))),
    )


class ValeGame(Game):
    name: ClassVar[str] = "vale"
    title: ClassVar[str] = "The Vale of Eternity"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    _declared: ClassVar[tuple[Option, ...] | None] = None

    def declared_options(self) -> tuple[Option, ...]:
        if ValeGame._declared is None:
            ValeGame._declared = _declare()
        return ValeGame._declared

    # `object`: compiled with mypyc, a method refuses arguments of another type with a
    # TypeError of its own; here the checks below give their OptionError instead.
    def new_game(self, players: object = 2, seed: object = None,
                 **options: Any) -> ValeState:
        players = check_players(self, players)
        given = validate_options(self.name, self.declared_options(), options, players)
        seed = seed_or_random(seed)
        o = {**defaults(self.declared_options()), **given}
        expansion = o["expansion"]
        start = o["start_scores"]
        if start == "seat":
            scores = list(range(1, players + 1))
        elif start == "zero":
            scores = [0] * players
        else:
            scores = list(start)
        end_score = o.get("end_score", END_SCORE[expansion])
        path = o.get("cards")
        cs = cards_from(path, expansion != "none")
        if cs.n < 4 * players:
            raise OptionError(f"the card set has {cs.n} cards; {players} players need at "
                              f"least {4 * players}")
        kept: dict[str, Any] = {"start_scores": start, "tie_break": o["tie_break"],
                                "expansion": expansion, "end_score": end_score,
                                "steal": o["steal"],
                                "copy_resolves_as": o["copy_resolves_as"]}
        if path is not None:
            kept["cards"] = path
        art_set = o["artifact_set"]
        if isinstance(art_set, list):
            # one more tile than players: the last to pick always has a tile without
            # their own marker
            unknown_tiles = [a for a in art_set if a not in cs.art_index]
            if (unknown_tiles or len(set(art_set)) != len(art_set)
                    or len(art_set) < players + 1):
                raise OptionError(
                    f"artifact_set must list at least {players + 1} different tiles among "
                    f"{', '.join(cs.art_ids)}; not {art_set!r}")
        if expansion == "artifacts":
            kept["artifact_set"] = art_set
        setup = Setup(cs, players, scores, {**o, "end_score": end_score})
        return ValeState.start(self, setup, seed, kept)

    def parse_action(self, state: State, text: object) -> Action:   # object: see new_game
        assert isinstance(state, ValeState)
        return notation.parse(state, text)

    def heuristics(self) -> Heuristics:
        return ValeHeuristics()

    def catalogue(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        options = options or {}
        path = options.get("cards")
        if path is not None and not isinstance(path, str):
            raise OptionError(f"cards must be the path of a card file, not {path!r}")
        expansion = options.get("expansion", "none")
        return describe.catalogue(cards_from(path, expansion != "none"), path)

    def words(self) -> dict[str, Any]:
        return describe.words()

    def notation_help(self) -> str:
        return describe.NOTATION_HELP

    def rules_summary(self, options: Mapping[str, Any] | None = None) -> str:
        return describe.rules_summary(options or {})

    def decision(self, state: State, viewer: int | None,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
        assert isinstance(state, ValeState)
        return phrases.decision(state, viewer, names)
