"""`cardtable simulate`: many games between agents, then who won how often.

Seats rotate between games: in game g, seat i gets agent (i + g) mod len(agents), the
agent list being cycled to fill every seat; game g uses seed S + g. Everything depends on
the seed only, so the same command prints the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable import load_game
from cardtable.agents import Agent, make_agent
from cardtable.engine.api import CardtableError, Game

# A game that runs longer than this is a bug in the game, not a long game.
MAX_ACTIONS = 1_000_000


@dataclass
class GameResult:
    number: int
    seed: int
    agents: list[str]
    scores: list[int]
    winners: list[int]
    rounds: int | None
    actions: int

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.number, "seed": self.seed, "agents": self.agents,
                "scores": self.scores, "winners": self.winners, "rounds": self.rounds,
                "actions": self.actions}


def seat_agents(agents: list[str], players: int, number: int) -> list[str]:
    """The agent spec of each seat in game `number`."""
    return [agents[(seat + number) % len(agents)] for seat in range(players)]


def agent_seed(seed: int, seat: int) -> int:
    return seed * 16 + seat


def play_one(game: Game, players: int, seed: int, options: dict[str, Any],
             specs: list[str], number: int = 0) -> GameResult:
    state = game.new_game(players, seed, **options)
    agents: list[Agent] = [make_agent(spec, game, agent_seed(seed, seat))
                           for seat, spec in enumerate(specs)]
    actions = 0
    while not state.is_over():
        player = state.current_player()
        if player is None:
            break
        state.apply(agents[player].choose(state.view(player)))
        actions += 1
        if actions > MAX_ACTIONS:
            raise CardtableError(f"game {number} (seed {seed}) did not end after "
                                 f"{MAX_ACTIONS} actions")
    round_number = state.observation(None).get("round")
    return GameResult(number, seed, list(specs), state.scores(), state.winners(),
                      round_number if isinstance(round_number, int) else None, actions)


def simulate(game_name: str, games: int, agents: list[str], seed: int, players: int,
             options: dict[str, Any],
             progress: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    game = load_game(game_name)
    for spec in dict.fromkeys(agents):      # unknown agents fail before any game is played
        make_agent(spec, game, 0)
    results = []
    for number in range(games):
        result = play_one(game, players, seed + number, options,
                          seat_agents(agents, players, number), number)
        results.append(result)
        if progress is not None:
            progress(result)
    return results


def default_players(game: Game, agents: list[str]) -> int:
    return max(game.min_players, min(len(agents), game.max_players))


def totals(results: list[GameResult], agents: list[str], players: int) -> dict[str, Any]:
    """Wins, win rate and average score per agent; wins per seat; average rounds and
    actions per game. An agent's win rate is its wins over the seats it held."""
    per_agent: dict[str, dict[str, Any]] = {
        spec: {"seats": 0, "wins": 0, "score_sum": 0} for spec in dict.fromkeys(agents)}
    wins_by_seat = [0] * players
    for result in results:
        for seat, spec in enumerate(result.agents):
            entry = per_agent[spec]
            entry["seats"] += 1
            entry["score_sum"] += result.scores[seat]
            if seat in result.winners:
                entry["wins"] += 1
                wins_by_seat[seat] += 1
    count = len(results)
    rounds = [r.rounds for r in results if r.rounds is not None]
    return {
        "games": count,
        "agents": {spec: {"seats": e["seats"], "wins": e["wins"],
                          "win_rate": e["wins"] / e["seats"] if e["seats"] else 0.0,
                          "average_score": e["score_sum"] / e["seats"] if e["seats"] else 0.0}
                   for spec, e in per_agent.items()},
        "wins_by_seat": wins_by_seat,
        "shared_wins": sum(1 for r in results if len(r.winners) > 1),
        "average_rounds": sum(rounds) / len(rounds) if rounds else None,
        "average_actions": sum(r.actions for r in results) / count if count else 0.0,
    }
