"""A tiny hidden-information card game that implements the engine contract, so the
agents and the arena can be tested without a real game.

"High card": each player holds a hidden hand drawn from a shared deck of values 1-6
(one copy per player). Each round one prize (1-5 stars, shuffled) is shown; the leader
plays a card face up, then the others in seat order. The strongest card takes the prize
(a tie carries it over to the next round); the trick winner leads next, and everybody
draws a card while the deck lasts. After `rounds` rounds the most stars win.

A character per seat: "bold" adds 2 to cards of value 1 or 2; "plain" has no power.
The spectator observation lists, per seat, the cards with which the seat won tricks
(`area`), in the way a game lists cards on a player's board.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardtable
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

CHARACTERS = ("plain", "bold")
_ACTIONS = {v: Action(0, f"play {v}", v) for v in range(1, 7)}


def strength(character: str, value: int) -> int:
    return value + 2 if character == "bold" and value <= 2 else value


class ToyState(State):
    __slots__ = ("_actions", "_game", "_num", "_options", "_seed", "area", "carry",
                 "characters", "deck", "hands", "leader", "prizes", "rng", "round",
                 "rounds", "stars", "trick", "used")

    def __init__(self, game: ToyGame, players: int, seed: int, rounds: int,
                 characters: list[str]) -> None:
        self._game = game
        self._num = players
        self._seed = seed
        self.rounds = rounds
        self.characters = characters
        self._options: dict[str, Any] = {"rounds": rounds, "characters": list(characters)}
        self.rng = random.Random(seed)
        self.deck = [v for v in range(1, 7) for _ in range(players)]
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(3)] for _ in range(players)]
        self.prizes = list(range(1, rounds + 1))
        self.rng.shuffle(self.prizes)
        self.round = 0
        self.carry = 0
        self.leader = 0
        self.trick: list[tuple[int, int]] = []   # (player, value) in play order
        self.stars = [0] * players
        self.used: list[int] = []                # every card played so far
        self.area: list[list[int]] = [[] for _ in range(players)]
        self._actions: list[Action] = []

    # -- contract ---------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @property
    def num_players(self) -> int:
        return self._num

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def options(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "characters": list(self.characters)}

    def current_player(self) -> int | None:
        if self.is_over():
            return None
        return (self.leader + len(self.trick)) % self._num

    def legal_actions(self) -> list[Action]:
        player = self.current_player()
        if player is None:
            return []
        return [_ACTIONS[v] for v in sorted(set(self.hands[player]))]

    def apply(self, action: Action) -> list[Event]:
        player = self.current_player()
        if player is None or action.kind != 0 or action.a not in self.hands[player]:
            raise IllegalAction(f"{action} is not legal now")
        value = action.a
        self.hands[player].remove(value)
        self.trick.append((player, value))
        self.used.append(value)
        self._actions.append(action)
        events = [Event("play", player, f"P{player + 1} plays {value}")]
        if len(self.trick) == self._num:
            events.append(self._resolve())
        return events

    def _resolve(self) -> Event:
        prize = self.prizes[self.round] + self.carry
        powers = [(strength(self.characters[p], v), p, v) for p, v in self.trick]
        best = max(s for s, _, _ in powers)
        top = [(p, v) for s, p, v in powers if s == best]
        if len(top) == 1:
            winner, value = top[0]
            self.stars[winner] += prize
            self.area[winner].append(value)
            self.carry = 0
            self.leader = winner
            text = f"P{winner + 1} takes {prize} stars"
        else:
            self.carry = prize
            text = "a tie: the prize carries over"
        self.trick = []
        self.round += 1
        for p in range(self._num):
            pos = (self.leader + p) % self._num
            if self.deck:
                self.hands[pos].append(self.deck.pop())
        return Event("trick", None, text)

    def is_over(self) -> bool:
        return self.round >= self.rounds

    def scores(self) -> list[int]:
        return list(self.stars)

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.stars)
        return [p for p in range(self._num) if self.stars[p] == best]

    def observation(self, player: int | None) -> dict[str, Any]:
        seats = []
        for p in range(self._num):
            seats.append({
                "character": self.characters[p],
                "hand": sorted(self.hands[p]) if p == player else None,
                "hand_size": len(self.hands[p]),
                "stars": self.stars[p],
                "area": [{"name": f"card{v}"} for v in self.area[p]],
            })
        return {"round": self.round, "rounds": self.rounds,
                "prize": self.prizes[self.round] if not self.is_over() else None,
                "carry": self.carry, "leader": self.leader,
                "trick": [[p, v] for p, v in self.trick], "used": sorted(self.used),
                "deck_size": len(self.deck), "seats": seats}

    def view(self, player: int) -> View:
        def sampler(rng: random.Random) -> State:
            return self.sample_for(player, rng)

        legal = self.legal_actions() if self.current_player() == player else []
        return View(player, self.observation(player), legal, sampler)

    def sample_for(self, player: int, rng: random.Random) -> ToyState:
        """A world in which everything `player` cannot see is reshuffled."""
        world = self.clone()
        unseen: list[int] = list(world.deck)
        for p in range(self._num):
            if p != player:
                unseen.extend(world.hands[p])
        rng.shuffle(unseen)
        for p in range(self._num):
            if p != player:
                size = len(world.hands[p])
                world.hands[p] = unseen[:size]
                del unseen[:size]
        world.deck = unseen
        world.rng = random.Random(rng.getrandbits(32))
        # Prizes not yet shown are hidden too.
        rest = world.prizes[world.round + 1:]
        rng.shuffle(rest)
        world.prizes[world.round + 1:] = rest
        return world

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other._game = self._game
        other._num = self._num
        other._seed = self._seed
        other._options = self._options
        other.rounds = self.rounds
        other.characters = self.characters
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.prizes = list(self.prizes)
        other.round = self.round
        other.carry = self.carry
        other.leader = self.leader
        other.trick = list(self.trick)
        other.stars = list(self.stars)
        other.used = list(self.used)
        other.area = [list(a) for a in self.area]
        other._actions = list(self._actions)
        return other

    def history(self) -> list[Action]:
        return list(self._actions)


class ToyHeuristics:
    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, ToyState)
        best_other = max(s for p, s in enumerate(state.stars) if p != player)
        hand = sum(state.hands[player]) - max(
            sum(h) for p, h in enumerate(state.hands) if p != player)
        return math.tanh((state.stars[player] - best_other) / 4 + hand / 40)

    def rollout_action(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, ToyState)
        player = state.current_player()
        assert player is not None
        character = state.characters[player]
        hand = sorted(set(state.hands[player]))
        best = max((strength(state.characters[p], v) for p, v in state.trick), default=0)
        winning = [v for v in hand if strength(character, v) > best]
        if state.trick and winning:
            return _ACTIONS[min(winning, key=lambda v: strength(character, v))]
        if rng.random() < 0.3:
            return _ACTIONS[rng.choice(hand)]
        return _ACTIONS[hand[0]]


class ToyGame(Game):
    name = "toy"
    title = "High card (a test game)"
    min_players = 2
    max_players = 4

    def new_game(self, players: int = 2, seed: int | None = None,
                 **options: Any) -> ToyState:
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"toy is for 2-4 players, not {players}")
        unknown = set(options) - {"rounds", "characters", "unique_characters"}
        if unknown:
            raise OptionError(f"unknown option(s): {', '.join(sorted(unknown))}")
        rounds = int(options.get("rounds", 5))
        if not 1 <= rounds <= 5:
            raise OptionError("rounds must be 1-5")
        characters = options.get("characters") or ["plain"] * players
        if isinstance(characters, str):
            characters = characters.split(",")
        characters = [str(c) for c in characters]
        if len(characters) != players or any(c not in CHARACTERS for c in characters):
            raise OptionError(f"characters must be {players} of {', '.join(CHARACTERS)}")
        if options.get("unique_characters") and len(set(characters)) < players:
            raise OptionError("each seat needs a different character")
        return ToyState(self, players, random.randrange(2**31) if seed is None else seed,
                        rounds, characters)

    def parse_action(self, state: State, text: str) -> Action:
        words = text.split()
        if len(words) != 2 or words[0] != "play" or not words[1].isdigit():
            raise MalformedAction(f"cannot read {text!r}")
        return self.match_action(state, text, state.legal_actions())

    def option_help(self) -> dict[str, str]:
        return {"rounds": "rounds to play (1-5)",
                "unique_characters": "true: no two seats may have the same character",
                "characters": "one character per seat: plain or bold"}

    def heuristics(self) -> ToyHeuristics:
        return ToyHeuristics()


@pytest.fixture
def toy() -> Iterator[Game]:
    """The toy game, registered as "toy" for the duration of a test."""
    game = ToyGame()
    cardtable._GAMES["toy"] = "toy_game:ToyGame"
    cardtable._LOADED["toy"] = game
    try:
        yield game
    finally:
        cardtable._GAMES.pop("toy", None)
        cardtable._LOADED.pop("toy", None)
