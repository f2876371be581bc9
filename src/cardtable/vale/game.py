"""ValeGame: new games, options and the action notation of The Vale of Eternity."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.engine.api import Action, Game, Heuristics, OptionError, State
from cardtable.engine.newgame import check_known, check_players, seed_or_random
from cardtable.vale import about, notation, phrases
from cardtable.vale.cards import cards_from
from cardtable.vale.heuristics import ValeHeuristics
from cardtable.vale.state import ValeState

MAX_END_SCORE = 1000  # keeps end_score / 100 inside the learning encodings' bounds
MAX_START_SCORE = 1000  # a starting score beyond any end score means nothing more

OPTION_HELP: dict[str, str] = {
    "start_scores": "starting points: 'seat' (default: the first player 1, the second 2, "
                    "... by seat), 'zero', or a list of numbers from 0 to 1000, one per "
                    "seat",
    "tie_break": "'area' (default: most cards in the area wins a tie, then a shared "
                 "win) or 'shared' (every tied player wins)",
    "cards": "path of a TOML card file to play with instead of the 70 base cards",
    "expansion": "'none' (default: the base game), 'cards' (the 28 expansion cards "
                 "shuffled in, base rules, 60 points) or 'artifacts' (the 28 cards, the "
                 "Artifacts, shelter and purchased areas, 80 points)",
    "artifact_set": "with expansion='artifacts': 'standard' (default: the Base Artifacts "
                    "for the player count plus 3 random Advanced ones), 'base' (the Base "
                    "Artifacts only) or a list of at least players + 1 tile ids",
    "end_score": "the game ends at the end of a round in which someone has this many "
                 "points (1 to 1000; default 60; 80 with expansion='artifacts')",
    "steal": "'capped' (default: Goblin gains only what the opponent could lose) or "
             "'full' (gain the full amount even from a player with fewer points)",
    "copy_resolves_as": "'copier' (default: Scorch and Genie Exalted resolve the copied "
                        "effect as their own, so its 'this card' is the copier) or "
                        "'target' (as the copied card's: Genie Exalted copying Imp "
                        "recovers the Imp)",
}


class ValeGame(Game):
    name: ClassVar[str] = "vale"
    title: ClassVar[str] = "The Vale of Eternity"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def new_game(self, players: int = 2, seed: int | None = None,
                 **options: Any) -> ValeState:
        players = check_players(self, players)
        check_known(self, options, OPTION_HELP)
        seed = seed_or_random(seed)
        expansion = options.get("expansion", "none")
        if expansion not in ("none", "cards", "artifacts"):
            raise OptionError(f"expansion must be 'none', 'cards' or 'artifacts', not "
                              f"{expansion!r}")
        start = options.get("start_scores", "seat")
        if start == "seat":
            scores = list(range(1, players + 1))
        elif start == "zero":
            scores = [0] * players
        elif isinstance(start, list | tuple) and len(start) == players and all(
                isinstance(x, int) and not isinstance(x, bool)
                and 0 <= x <= MAX_START_SCORE for x in start):
            scores = [int(x) for x in start]
            start = scores
        else:
            raise OptionError("start_scores must be 'seat', 'zero' or a list of "
                              f"{players} whole numbers from 0 to {MAX_START_SCORE}, not "
                              f"{start!r}")
        tie_break = options.get("tie_break", "area")
        if tie_break not in ("area", "shared"):
            raise OptionError(f"tie_break must be 'area' or 'shared', not {tie_break!r}")
        end_score = options.get("end_score", 80 if expansion == "artifacts" else 60)
        if (isinstance(end_score, bool) or not isinstance(end_score, int)
                or not 1 <= end_score <= MAX_END_SCORE):
            raise OptionError(f"end_score must be a whole number from 1 to {MAX_END_SCORE}, "
                              f"not {end_score!r}")
        steal = options.get("steal", "capped")
        if steal not in ("capped", "full"):
            raise OptionError(f"steal must be 'capped' or 'full', not {steal!r}")
        copy_as = options.get("copy_resolves_as", "copier")
        if copy_as not in ("copier", "target"):
            raise OptionError("copy_resolves_as must be 'copier' or 'target', not "
                              f"{copy_as!r}")
        path = options.get("cards")
        if path is not None and not isinstance(path, str):
            raise OptionError(f"cards must be the path of a card file, not {path!r}")
        cs = cards_from(path, expansion != "none")
        if cs.n < 4 * players:
            raise OptionError(f"the card set has {cs.n} cards; {players} players need at "
                              f"least {4 * players}")
        kept: dict[str, Any] = {"start_scores": start, "tie_break": tie_break,
                                "expansion": expansion, "end_score": end_score,
                                "steal": steal, "copy_resolves_as": copy_as}
        if path is not None:
            kept["cards"] = path
        art_set = options.get("artifact_set", "standard")
        if "artifact_set" in options and expansion != "artifacts":
            raise OptionError("artifact_set needs expansion='artifacts'")
        if isinstance(art_set, list | tuple):
            art_set = list(art_set)
            # a non-string (a list, a number) is no tile id, and a list cannot even be
            # looked up: checked first so it gets this message, not a TypeError
            unknown_tiles = [a for a in art_set
                             if not isinstance(a, str) or a not in cs.art_index]
            # one more tile than players: the last to pick always has a tile without
            # their own marker
            if (unknown_tiles or len(set(art_set)) != len(art_set)
                    or len(art_set) < players + 1):
                raise OptionError(
                    f"artifact_set must list at least {players + 1} different tiles among "
                    f"{', '.join(cs.art_ids)}; not {art_set!r}")
        elif art_set not in ("standard", "base"):
            raise OptionError("artifact_set must be 'standard', 'base' or a list of tile "
                              f"ids, not {art_set!r}")
        if expansion == "artifacts":
            kept["artifact_set"] = art_set
        return ValeState(self, cs, players, seed, kept, scores, tie_break, end_score,
                         steal == "full", expansion, art_set, copy_as == "target")

    def parse_action(self, state: State, text: str) -> Action:
        assert isinstance(state, ValeState)
        return notation.parse(state, text)

    def option_help(self) -> dict[str, str]:
        return dict(OPTION_HELP)

    def heuristics(self) -> Heuristics:
        return ValeHeuristics()

    def catalogue(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        options = options or {}
        path = options.get("cards")
        if path is not None and not isinstance(path, str):
            raise OptionError(f"cards must be the path of a card file, not {path!r}")
        expansion = options.get("expansion", "none")
        return about.catalogue(cards_from(path, expansion != "none"), path)

    def words(self) -> dict[str, Any]:
        return about.words()

    def notation_help(self) -> str:
        return about.NOTATION_HELP

    def rules_summary(self, options: Mapping[str, Any] | None = None) -> str:
        return about.rules_summary(options or {})

    def decision(self, state: State, viewer: int | None,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
        assert isinstance(state, ValeState)
        return phrases.decision(state, viewer, names)
