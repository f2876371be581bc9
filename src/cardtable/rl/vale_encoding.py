"""The fixed encoding of The Vale of Eternity for one setup.

Vocabulary, all from the game's contract: the card ids of the setup's catalogue
(`game.catalogue(options)["cards"]`, in its order); the `choose` labels and the largest
possible stone limit of the card files the setup may use (the catalogue's
`choose_labels` and `stone_limit_max`: the `cards` option's file, or every card file
the game ships, so an expansion file is covered); the pending kinds of
`game.words()["pending"]`; stones red, blue, purple; players p1..pN.

Payments are encoded by their stone counts (red, blue, purple) with 1 <= total <= L,
L = 4 + every positive stone-limit bonus in those card files; the text is the game's
canonical one (most valuable colour first: `purple,blue,blue,red`).

Actions, in this order: per card `hunt`, `sell`, `tame`, `recover`, `copy`, `take`,
`order`, `discard`, `summon`, `remove`, `shelter`, `retrieve`, `swap`, `top`,
`activate`, then `summon C pay P` and `remove C pay P` for every payment P; then `end`,
`done`, `discard <stone>`, `choose <label>`, `target pK`; then the Artifacts
expansion's `artifact T` and `use T` per tile (the catalogue's `artifacts`),
`pay P`, `upgrade red|blue` and `name <family>`. The expansion's verbs are listed in
every setup, base game included, so the base game's integers have the same layout.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.api import Game, State
from cardtable.rl.encoding import OBS_HIGH, Encoding, EncodingError, Layout, count_into, one_hot

PHASES = ("hunting", "action", "resolution", "over")
STONES = ("red", "blue", "purple")
# The base game's kinds first (their slots never move), then every other kind the
# engine names, in its order; one more slot is left for a kind this build does not know.
_BASE_KINDS = ("run", "order", "stone-limit", "choose", "discard-from-hand",
               "free-summon", "choose-target", "discard-from-area",
               "discard-from-own-area", "recover", "copy", "steal", "take-from-discard")


def pending_kinds(words: dict[str, Any]) -> tuple[str, ...]:
    """The pending kinds in their encoding order, from the game's `words()`."""
    return (*_BASE_KINDS, *(k for k in words["pending"] if k not in _BASE_KINDS))


CARD_VERBS = ("hunt", "sell", "tame", "recover", "copy", "take", "order", "discard",
              "summon", "remove", "shelter", "retrieve", "swap", "top", "activate")
TILE_VERBS = ("artifact", "use")
FAMILIES = ("fire", "water", "earth", "wind", "dragon")
EXPANSIONS = ("none", "cards", "artifacts")


def payment_text(red: int, blue: int, purple: int) -> str:
    return ",".join(["purple"] * purple + ["blue"] * blue + ["red"] * red)


class ValeEncoding(Encoding):
    @classmethod
    def for_setup(cls, game: Game, state: State) -> ValeEncoding:
        options = dict(state.options)
        return cls(state.num_players, options, state.observation(None),
                   game.catalogue(options), game.words())

    def __init__(self, players: int, options: dict[str, Any],
                 spectator_obs: dict[str, Any], catalogue: dict[str, Any],
                 words: dict[str, Any]) -> None:
        self.cards: list[str] = list(catalogue["cards"])
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        # The Artifacts expansion's tiles (none in the base game).
        self.tiles: list[str] = list(catalogue["artifacts"])
        self.tile_index = {t: i for i, t in enumerate(self.tiles)}
        self.pending_kinds = pending_kinds(words)
        self.kind_index = {k: i for i, k in enumerate(self.pending_kinds)}
        families = list(FAMILIES)
        for info in catalogue["cards"].values():
            family = info.get("family")
            if isinstance(family, str) and family not in families:
                families.append(family)
        labels: list[str] = list(catalogue["choose_labels"])
        self.labels = labels
        self.max_stones = int(catalogue["stone_limit_max"])
        L = self.max_stones
        self.payments = [(r, b, p) for total in range(1, L + 1)
                         for p in range(total + 1) for b in range(total + 1 - p)
                         for r in [total - p - b]]
        n = players

        texts: list[str] = []
        for c in self.cards:
            texts += [f"{verb} {c}" for verb in CARD_VERBS]
        for c in self.cards:
            for verb in ("summon", "remove"):
                texts += [f"{verb} {c} pay {payment_text(*pay)}" for pay in self.payments]
        texts += ["end", "done"]
        texts += [f"discard {s}" for s in STONES]
        texts += [f"choose {label}" for label in labels]
        texts += [f"target p{k + 1}" for k in range(n)]
        # The Artifacts expansion's notation (docs/vale.md).
        for t in self.tiles:
            texts += [f"{verb} {t}" for verb in TILE_VERBS]
        texts += [f"pay {payment_text(*pay)}" for pay in self.payments]
        texts += ["upgrade red", "upgrade blue"]
        texts += [f"name {f}" for f in families]

        K = len(self.cards)
        TT = len(self.tiles)
        lay = Layout()
        lay.add("round", 1)
        lay.add("phase", len(PHASES))
        lay.add("spectator", 1)
        lay.add("first_player", n)
        lay.add("current_player", n)
        lay.add("area_limit", 1)
        lay.add("end_score", 1)
        lay.add("deck_count", 1)
        lay.add("deck_top", K)
        lay.add("discard", K)
        lay.add("display", K)
        lay.add("pending", 1)
        lay.add("pending_kind", len(self.pending_kinds) + 1)
        lay.add("pending_player", n)
        lay.add("pending_source", K)
        lay.add("pending_source_tile", TT)
        lay.add("to_order", K)
        lay.add("winners", n)
        lay.add("expansion", len(EXPANSIONS))
        lay.add("deck_top_private", K)
        lay.add("artifact_picking", 1)
        lay.add("tiles_in_play", TT)
        lay.add("tile_held_by", TT * n)
        lay.add("tile_marker", TT * n)
        for r in range(n):
            lay.add(f"seat{r}.score", 1)
            lay.add(f"seat{r}.stones", 3)
            lay.add(f"seat{r}.stone_limit", 1)
            lay.add(f"seat{r}.stone_values", 3)
            lay.add(f"seat{r}.area", K)
            lay.add(f"seat{r}.hunted", K)
            lay.add(f"seat{r}.hand", K)
            lay.add(f"seat{r}.hand_unknown", 1)
            lay.add(f"seat{r}.hand_count", 1)
            lay.add(f"seat{r}.artifact", TT)
            lay.add(f"seat{r}.marker", TT)
            lay.add(f"seat{r}.shelter", K)
            lay.add(f"seat{r}.extra_areas", 1)
            lay.add(f"seat{r}.area_limit", 1)
        super().__init__("vale", players, options, texts, lay)

    def _fill(self, obs: dict[str, Any], buf: list[float]) -> None:
        at = self.layout.start
        n = self.players
        cards = self.card_index
        K = len(self.cards)
        rel = self.relative

        buf[at("round")] = obs["round"] / 10.0
        one_hot(buf, at("phase"), PHASES.index(obs["phase"]), len(PHASES))
        buf[at("spectator")] = 1.0 if obs["viewer"] is None else 0.0
        one_hot(buf, at("first_player"), rel(obs, obs["first_player"]), n)
        one_hot(buf, at("current_player"), rel(obs, obs["current_player"]), n)
        buf[at("area_limit")] = obs["area_limit"] / 10.0
        end_score = obs["end_score"]
        buf[at("end_score")] = min(max(end_score / 100.0, 0.0), OBS_HIGH)
        scale = float(max(end_score, 1))
        buf[at("deck_count")] = obs["deck"]["count"] / max(K, 1)
        count_into(buf, at("deck_top"), obs["deck"]["top"], cards)
        count_into(buf, at("discard"), obs["discard"], cards)
        count_into(buf, at("display"), obs["display"], cards)
        pending = obs["pending"]
        if pending is not None:
            buf[at("pending")] = 1.0
            kind = pending["kind"]
            kinds = len(self.pending_kinds)
            one_hot(buf, at("pending_kind"), self.kind_index.get(kind, kinds), kinds + 1)
            one_hot(buf, at("pending_player"), rel(obs, pending["player"]), n)
            source = pending.get("source")
            if source is not None:
                one_hot(buf, at("pending_source"), cards.get(source, -1), K)
                one_hot(buf, at("pending_source_tile"), self.tile_index.get(source, -1),
                        len(self.tiles))
        count_into(buf, at("to_order"), obs.get("to_order", ()), cards)
        for w in obs["winners"] or ():
            one_hot(buf, at("winners"), rel(obs, w), n)
        expansion = obs.get("expansion", "none")
        one_hot(buf, at("expansion"),
                EXPANSIONS.index(expansion) if expansion in EXPANSIONS else -1,
                len(EXPANSIONS))
        private_top = obs["deck"].get("top_private")
        if private_top is not None:
            one_hot(buf, at("deck_top_private"), cards.get(private_top, -1), K)
        buf[at("artifact_picking")] = 1.0 if obs.get("artifact_picking") else 0.0
        TT = len(self.tiles)
        for tile in obs.get("artifacts") or ():
            t = self.tile_index.get(tile["id"], -1)
            if t < 0:
                raise EncodingError(f"Artifact tile {tile['id']!r} is not in the encoding")
            buf[at("tiles_in_play") + t] = 1.0
            if tile.get("held_by") is not None:
                one_hot(buf, at("tile_held_by") + t * n, rel(obs, tile["held_by"]), n)
            if tile.get("marker") is not None:
                one_hot(buf, at("tile_marker") + t * n, rel(obs, tile["marker"]), n)
        for seat in obs["seats"]:
            p = f"seat{rel(obs, seat['seat'])}."
            buf[at(p + "score")] = seat["score"] / scale
            stones, values = seat["stones"], seat["stone_values"]
            start, vstart = at(p + "stones"), at(p + "stone_values")
            for i, color in enumerate(STONES):
                buf[start + i] = stones[color] / self.max_stones
                buf[vstart + i] = values[color] / 6.0
            buf[at(p + "stone_limit")] = seat["stone_limit"] / self.max_stones
            count_into(buf, at(p + "area"), seat["area"], cards)
            count_into(buf, at(p + "hunted"), seat["hunted"], cards)
            count_into(buf, at(p + "hand"), seat["hand"], cards)
            buf[at(p + "hand_unknown")] = float(sum(1 for c in seat["hand"] if c is None))
            buf[at(p + "hand_count")] = seat["hand_count"] / 10.0
            if seat.get("artifact") is not None:
                one_hot(buf, at(p + "artifact"), self.tile_index.get(seat["artifact"], -1), TT)
            if seat.get("marker") is not None:
                one_hot(buf, at(p + "marker"), self.tile_index.get(seat["marker"], -1), TT)
            count_into(buf, at(p + "shelter"), seat.get("shelter") or (), cards)
            buf[at(p + "extra_areas")] = seat.get("extra_areas", 0) / 2.0
            buf[at(p + "area_limit")] = seat.get("area_limit", obs["area_limit"]) / 12.0
