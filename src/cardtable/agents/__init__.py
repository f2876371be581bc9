"""Agents that choose actions from a View, by name: make_agent("greedy", game, seed)."""

from cardtable.agents.base import Agent
from cardtable.agents.registry import (
    agent_names,
    computer_name,
    level_name,
    make_agent,
    register_agent,
)

__all__ = ["Agent", "agent_names", "computer_name", "level_name", "make_agent",
           "register_agent"]
