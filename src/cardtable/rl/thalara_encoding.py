"""The fixed encoding of Thalara: The Last Artifacts for one setup.

Vocabulary (from the game's catalogue of the card set the setup plays with, and the
notation):
card types = the Remnants (`<color><strength>`, in card-file order), the Artifacts (by
id) and `aftershock`; C = conflicts for this many players; spells = those of the
characters in play.

Actions, in this order: `take T`, `return T`, `play T c`, `pass`, `skip`, `done`,
`cast S c`, `target c`, `target X`, `target X@pK` (X a card type or `facedown`,
K = 1..players).

Observation vector (seats rotated so the viewer comes first): see README-rl.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.api import Game, State
from cardtable.rl.encoding import Encoding, EncodingError, Layout, count_into, one_hot

PHASES = ("select", "play", "cast", "choose", "return", "over")
MAX_ROUNDS = 20.0
MAX_STARS = 20.0


class ThalaraEncoding(Encoding):
    @classmethod
    def for_setup(cls, game: Game, state: State) -> ThalaraEncoding:
        options = dict(state.options)
        return cls(state.num_players, options, state.observation(None),
                   game.catalogue(options))

    def __init__(self, players: int, options: dict[str, Any],
                 spectator_obs: dict[str, Any], catalogue: dict[str, Any]) -> None:
        remnants = list(catalogue["remnants"]["cards"])
        artifacts = list(catalogue["artifacts"])
        self.types: list[str] = [*remnants, *artifacts, "aftershock"]
        self.type_index = {t: i for i, t in enumerate(self.types)}
        self.artifact_index = {a: i for i, a in enumerate(artifacts)}
        self.conflicts = int(catalogue["conflicts"][players - 2])
        self.characters = list(catalogue["characters"])
        self.character_index = {c: i for i, c in enumerate(self.characters)}
        self.all_spells = list(catalogue["spells"])
        self.spell_index = {s: i for i, s in enumerate(self.all_spells)}
        seat_spells = [[str(sp["id"]) for sp in seat["spells"]]
                       for seat in spectator_obs["seats"]]
        self.spell_slots = max((len(s) for s in seat_spells), default=0)
        n, c_count = players, self.conflicts

        texts: list[str] = []
        texts += [f"take {t}" for t in self.types]
        texts += [f"return {t}" for t in self.types]
        texts += [f"play {t} {c + 1}" for t in self.types for c in range(c_count)]
        texts += ["pass", "skip", "done"]
        cast_spells: list[str] = []
        for spells in seat_spells:
            cast_spells += [s for s in spells if s not in cast_spells]
        texts += [f"cast {s} {c + 1}" for s in cast_spells for c in range(c_count)]
        texts += [f"target {c + 1}" for c in range(c_count)]
        targets = [*self.types, "facedown"]
        texts += [f"target {x}" for x in targets]
        texts += [f"target {x}@p{k + 1}" for x in targets for k in range(n)]

        T, A, S = len(self.types), len(artifacts), len(self.all_spells)
        lay = Layout()
        lay.add("round", 1)
        lay.add("phase", len(PHASES))
        lay.add("spectator", 1)
        lay.add("casual", 1)
        lay.add("current_player", n)
        lay.add("start_player", n)
        lay.add("last_player", n)
        lay.add("pending", 1)
        lay.add("pending_player", n)
        lay.add("pending_spell", S)
        lay.add("pending_conflict", c_count)
        lay.add("pending_stage2", 1)
        lay.add("pending_chosen", T)
        lay.add("artifact_stack", 1)
        lay.add("aftershock_pool", 1)
        lay.add("over", 1)
        lay.add("winners", n)
        for r in range(n):
            lay.add(f"seat{r}.character", len(self.characters))
            lay.add(f"seat{r}.stars", 1)
            lay.add(f"seat{r}.artifacts", A)
            lay.add(f"seat{r}.hand", T)
            lay.add(f"seat{r}.hand_count", 1)
            lay.add(f"seat{r}.known_hand", T)
            lay.add(f"seat{r}.supply", T)
            lay.add(f"seat{r}.supply_count", 1)
            lay.add(f"seat{r}.discard", T)
            lay.add(f"seat{r}.passed", 1)
            lay.add(f"seat{r}.spells_cast_in", self.spell_slots * c_count)
        for c in range(c_count):
            lay.add(f"conflict{c}.present", 1)
            lay.add(f"conflict{c}.artifact", A)
            lay.add(f"conflict{c}.silenced", 1)
            lay.add(f"conflict{c}.blocked_for", n)
            for r in range(n):
                lay.add(f"conflict{c}.side{r}.cards", T)
                lay.add(f"conflict{c}.side{r}.face_down", 1)
                lay.add(f"conflict{c}.side{r}.total", 1)
                lay.add(f"conflict{c}.side{r}.spells", 1)
        super().__init__("thalara", players, options, texts, lay)

    def _fill(self, obs: dict[str, Any], buf: list[float]) -> None:
        at = self.layout.start
        n = self.players
        types = self.type_index
        rel = self.relative

        buf[at("round")] = obs["round"] / MAX_ROUNDS
        one_hot(buf, at("phase"), PHASES.index(obs["phase"]), len(PHASES))
        buf[at("spectator")] = 1.0 if obs["viewer"] is None else 0.0
        buf[at("casual")] = 1.0 if obs["mode"] == "casual" else 0.0
        one_hot(buf, at("current_player"), rel(obs, obs["current_player"]), n)
        one_hot(buf, at("start_player"), rel(obs, obs["start_player"]), n)
        one_hot(buf, at("last_player"), rel(obs, obs["last_player"]), n)
        pending = obs["pending"]
        if pending is not None:
            buf[at("pending")] = 1.0
            one_hot(buf, at("pending_player"), rel(obs, pending["player"]), n)
            one_hot(buf, at("pending_spell"), self.spell_index.get(pending["spell"], -1),
                    len(self.all_spells))
            if pending.get("conflict") is not None:
                one_hot(buf, at("pending_conflict"), pending["conflict"] - 1, self.conflicts)
            if pending.get("stage") == 2:
                buf[at("pending_stage2")] = 1.0
            chosen = pending.get("chosen")
            if chosen is not None:
                one_hot(buf, at("pending_chosen"), types.get(chosen, -1), len(self.types))
        buf[at("artifact_stack")] = obs["artifact_stack"] / 30.0
        buf[at("aftershock_pool")] = obs["aftershock_pool"] / 16.0
        buf[at("over")] = 1.0 if obs["phase"] == "over" else 0.0
        for w in obs["winners"] or ():
            one_hot(buf, at("winners"), rel(obs, w), n)

        seats = obs["seats"]
        for seat in seats:
            r = rel(obs, seat["seat"])
            p = f"seat{r}."
            one_hot(buf, at(p + "character"), self.character_index.get(seat["character"], -1),
                    len(self.characters))
            buf[at(p + "stars")] = seat["stars"] / MAX_STARS
            start = at(p + "artifacts")
            for a in seat["artifacts"]:
                buf[start + self.artifact_index[a]] += 1.0
            if seat["hand"] is not None:
                count_into(buf, at(p + "hand"), seat["hand"], types)
            buf[at(p + "hand_count")] = seat["hand_count"] / 10.0
            count_into(buf, at(p + "known_hand"), seat["known_hand"], types)
            if seat["supply"] is not None:
                count_into(buf, at(p + "supply"), seat["supply"], types)
            buf[at(p + "supply_count")] = seat["supply_count"] / 20.0
            count_into(buf, at(p + "discard"), seat["discard"], types)
            buf[at(p + "passed")] = 1.0 if seat["passed"] else 0.0
            start = at(p + "spells_cast_in")
            for k, spell in enumerate(seat["spells"][: self.spell_slots]):
                if spell["cast_in"] is not None:
                    one_hot(buf, start + k * self.conflicts, spell["cast_in"] - 1,
                            self.conflicts)

        for conflict in obs["conflicts"]:
            c = conflict["number"] - 1
            if not 0 <= c < self.conflicts:
                raise EncodingError(f"conflict {c + 1} is not in the encoding")
            p = f"conflict{c}."
            buf[at(p + "present")] = 1.0
            art = conflict["artifact"]["card"]
            one_hot(buf, at(p + "artifact"), self.artifact_index.get(art, -1),
                    len(self.artifact_index))
            buf[at(p + "silenced")] = 1.0 if conflict["silenced"] else 0.0
            for b in conflict["blocked_for"]:
                one_hot(buf, at(p + "blocked_for"), rel(obs, b), n)
            for side in conflict["sides"]:
                q = f"{p}side{rel(obs, side['seat'])}."
                start = at(q + "cards")
                down = 0
                for card in side["cards"]:
                    if card["face_down"]:
                        down += 1
                    if card["card"] is not None:
                        i = types.get(card["card"])
                        if i is None:
                            raise EncodingError(f"card {card['card']!r} is not in the "
                                                "encoding")
                        buf[start + i] += 1.0
                buf[at(q + "face_down")] = float(down)
                buf[at(q + "total")] = side["total"] / 20.0
            for spell in conflict["spells"]:
                buf[at(f"{p}side{rel(obs, spell['seat'])}.spells")] += 1.0
