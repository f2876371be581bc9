"""A tiny game on the engine contract, so the command line is tested without real rules.

"Blind duel": every player holds `rounds + 1` gems drawn from a shuffled bag and a secret
word. Each round every player, in turn, plays one gem face down ("play gem07") or, from the
second round on, may "pass" instead; at the end of the round the gems are revealed and the
highest one scores a point. One gem per player is never played, so it stays hidden for the
whole game, and the secret word is never revealed to anyone but its owner: the tests check
that neither ever reaches another player's screen.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardtable.engine.api import (
    Action,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    OptionError,
    State,
    View,
)

PLAY, PASS = 0, 1


def gem_name(number: int) -> str:
    return f"gem{number:02d}"


def secret_word(seat: int, rng: random.Random) -> str:
    return f"secretword{seat}x{rng.randrange(10**6):06d}"


class FakeState(State):
    __slots__ = ("_game", "_history", "_options", "_players", "_seed", "hands", "played",
                 "rng", "round", "rounds", "scores_", "secrets", "to_move", "turns_taken")

    def __init__(self, game: FakeGame, players: int, seed: int, options: dict[str, Any]) -> None:
        self._game = game
        self._players = players
        self._seed = seed
        self._options = options
        self._history: list[Action] = []
        self.rounds: int = options["rounds"]
        self.rng = random.Random(seed)
        bag = list(range(1, 10 * players + 1))
        self.rng.shuffle(bag)
        size = self.rounds + 1
        self.hands = [sorted(bag[i * size:(i + 1) * size]) for i in range(players)]
        self.secrets = [secret_word(i, self.rng) for i in range(players)]
        self.played: list[int | None] = [None] * players
        self.scores_ = [0] * players
        self.round = 1
        self.to_move: int | None = 0
        self.turns_taken = 0

    # -- contract -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    def current_player(self) -> int | None:
        return self.to_move

    def legal_actions(self) -> list[Action]:
        if self.to_move is None:
            return []
        out = [Action(PLAY, f"play {gem_name(g)}", g) for g in self.hands[self.to_move]]
        if self.round > 1:
            out.append(Action(PASS, "pass"))
        return out

    def apply(self, action: Action) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action.text!r} is not legal now")
        player = self.to_move
        assert player is not None
        events: list[Event] = []
        if action.kind == PLAY:
            gem = action.a
            self.hands[player].remove(gem)
            self.played[player] = gem
            events.append(Event("play", player, f"P{player + 1} plays a gem face down",
                                f"P{player + 1} plays {gem_name(gem)} face down "
                                f"(your word is {self.secrets[player]})"))
        else:
            events.append(Event("pass", player, f"P{player + 1} passes"))
        self._history.append(action)
        self.turns_taken += 1
        if self.turns_taken % self._players:
            self.to_move = (player + 1) % self._players
            return events
        # the round ends: reveal and score
        shown = [(g, p) for p, g in enumerate(self.played) if g is not None]
        reveal = ", ".join(f"P{p + 1} shows {gem_name(g)}" for g, p in shown)
        if shown:
            best = max(shown)[1]
            self.scores_[best] += 1
            events.append(Event("reveal", None, f"{reveal}; P{best + 1} wins round {self.round}"))
        else:
            events.append(Event("reveal", None, f"everybody passed round {self.round}"))
        self.played = [None] * self._players
        if self.round == self.rounds:
            self.to_move = None
            events.append(Event("over", None, "the game is over"))
        else:
            self.round += 1
            self.to_move = 0
        return events

    def is_over(self) -> bool:
        return self.to_move is None

    def scores(self) -> list[int]:
        return list(self.scores_)

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.scores_)
        return [p for p, s in enumerate(self.scores_) if s == best]

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "game": "fake",
            "viewer": player,
            "round": self.round,
            "current_player": self.to_move,
            "hands": [[gem_name(g) for g in hand] if p == player else None
                      for p, hand in enumerate(self.hands)],
            "hand_counts": [len(hand) for hand in self.hands],
            "secrets": [w if p == player else None for p, w in enumerate(self.secrets)],
            "face_down": [g is not None for g in self.played],
            "scores": list(self.scores_),
        }

    def view(self, player: int) -> View:
        def sample(rng: random.Random) -> State:
            world = self.clone()
            others = [g for p, hand in enumerate(world.hands) if p != player for g in hand]
            rng.shuffle(others)
            for p, hand in enumerate(world.hands):
                if p != player:
                    world.hands[p] = sorted(others[:len(hand)])
                    del others[:len(hand)]
            return world

        actions = self.legal_actions() if player == self.to_move else []
        return View(player, self.observation(player), actions, sample)

    def clone(self) -> FakeState:
        other = FakeState.__new__(FakeState)
        other._game = self._game
        other._players = self._players
        other._seed = self._seed
        other._options = self._options
        other._history = list(self._history)
        other.rounds = self.rounds
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.secrets = list(self.secrets)
        other.played = list(self.played)
        other.scores_ = list(self.scores_)
        other.round = self.round
        other.to_move = self.to_move
        other.turns_taken = self.turns_taken
        return other

    def history(self) -> list[Action]:
        return list(self._history)


class FakeHeuristics:
    def evaluate(self, state: State, player: int) -> float:
        scores = state.scores()
        return (scores[player] - max(scores)) / 10

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


class FakeGame(Game):
    name: ClassVar[str] = "fake"
    title: ClassVar[str] = "Blind duel (a test game)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def new_game(self, players: int = 2, seed: int | None = None, **options: Any) -> State:
        unknown = sorted(set(options) - {"rounds", "mode", "characters"})
        if unknown:
            raise OptionError(f"unknown option {unknown[0]!r} for fake; options: "
                              "rounds, mode, characters")
        rounds = options.get("rounds", 2)
        if not isinstance(rounds, int) or not 1 <= rounds <= 9:
            raise OptionError("option 'rounds' must be a whole number from 1 to 9")
        if options.get("mode", "standard") not in ("standard", "casual"):
            raise OptionError("option 'mode' must be 'standard' or 'casual'")
        if not self.min_players <= players <= self.max_players:
            raise OptionError("fake is for 2-4 players")
        clean: dict[str, Any] = {"rounds": rounds}
        if "mode" in options:
            clean["mode"] = options["mode"]
        if "characters" in options:
            clean["characters"] = list(options["characters"])
        return FakeState(self, players, random.randrange(10**9) if seed is None else seed,
                         clean)

    def parse_action(self, state: State, text: str) -> Action:
        words = text.lower().split()
        arity = {"play": 2, "pass": 1}
        if not words or arity.get(words[0]) != len(words):
            raise MalformedAction(f"cannot read {text!r}: write 'play gemNN' or 'pass'")
        return self.match_action(state, text, state.legal_actions())

    def option_help(self) -> dict[str, str]:
        return {"rounds": "how many rounds (1-9, default 2)",
                "mode": "standard or casual", "characters": "names, unused"}

    def heuristics(self) -> FakeHeuristics:
        return FakeHeuristics()
