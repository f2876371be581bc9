"""Agents by name. A spec is `name` or `name:level` ("random", "greedy", "ismcts:hard")."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.agents.base import Agent
from cardtable.engine.api import Game, OptionError

# factory(game, level or None, seed) -> Agent
Factory = Callable[[Game, str | None, int | None], Agent]
_FACTORIES: dict[str, Factory] = {}


def register_agent(name: str, factory: Factory) -> None:
    _FACTORIES[name] = factory


def agent_names() -> list[str]:
    return sorted(_FACTORIES)


def level_name(spec: str) -> str:
    """What a player calls an agent: its level where it has a named one ("easy" for
    ismcts:easy), else its name ("greedy"); a numeric budget keeps the whole spec."""
    name, _, level = spec.strip().lower().partition(":")
    return level if level.isalpha() else spec.strip().lower() if level else name


def computer_name(spec: str) -> str:
    """A computer seat's name at the table: "Computer (easy)", "Computer (greedy)"."""
    return f"Computer ({level_name(spec)})"


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    name, _, level = spec.strip().lower().partition(":")
    if name not in _FACTORIES:
        raise OptionError(f"unknown agent {spec!r}; agents: {', '.join(agent_names())}")
    return _FACTORIES[name](game, level or None, seed)


def _no_level(name: str, level: str | None) -> None:
    if level is not None:
        raise OptionError(f"agent {name!r} has no levels (got {name}:{level})")


def _random(game: Game, level: str | None, seed: int | None) -> Agent:
    from cardtable.agents.random_agent import RandomAgent

    _no_level("random", level)
    return RandomAgent(seed)


def _greedy(game: Game, level: str | None, seed: int | None) -> Agent:
    from cardtable.agents.greedy import GreedyAgent

    _no_level("greedy", level)
    return GreedyAgent(game, seed)


def _ismcts(game: Game, level: str | None, seed: int | None) -> Agent:
    from cardtable.agents.ismcts import ISMCTSAgent, settings_for

    return ISMCTSAgent(game, seed, settings_for(level, game.name))


register_agent("random", _random)
register_agent("greedy", _greedy)
register_agent("ismcts", _ismcts)
