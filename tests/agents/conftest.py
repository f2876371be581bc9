"""Registers the toy game as "toy" for the agent tests."""

from toy_game import toy

__all__ = ["toy"]
