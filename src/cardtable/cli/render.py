"""Finding a game's board renderer: the "terminal" face the game registers (a module
with `render(observation, viewer, words)`, engine/registry.py), or a plain generic
drawing when there is none; its one-line status between full boards (the module's
`status`, same arguments); the game's notation help, through the contract; and a
message said as a terminal or a file wants it."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.text import Text

from cardtable import games, load_face, load_game
from cardtable.cli.words import Words

Renderer = Callable[[dict[str, Any], "int | None", "Words | None"], RenderableType]


def say(console: Console, text: str, style: str = "") -> None:
    """A message: in a terminal, wrapped at words to its width (left to the terminal,
    a long line broke mid-word); written to a file or a pipe, one line a message, whole,
    for whoever searches it."""
    console.print(Text(text, style=style), soft_wrap=not console.is_terminal)


def render_generic(observation: dict[str, Any], viewer: int | None,
                   words: Words | None = None) -> RenderableType:
    """Every key of the observation, pretty-printed: enough to play any game."""
    who = "spectator" if viewer is None else f"P{viewer + 1}"
    title = f"{observation.get('game', 'game')} as seen by {who}"
    return Panel(Pretty(observation, expand_all=False), title=title, expand=False)


def status_generic(observation: dict[str, Any], viewer: int | None,
                   words: Words | None = None) -> RenderableType:
    """The round, phase and scores, for a game with no status line of its own."""
    words = words or Words(viewer=viewer)
    parts = [f"{key} {observation[key]}" for key in ("round", "phase")
             if observation.get(key) is not None]
    scores = observation.get("scores")
    if isinstance(scores, list):
        parts.append("scores " + ", ".join(f"{words.seat(p)} {score}"
                                           for p, score in enumerate(scores)))
    return Text(" · ".join(parts) or "(no status)", style="bold")


def renderer_module(game_name: str) -> ModuleType | None:
    """The game's terminal face, a module (None when the game registers none)."""
    module = load_face(game_name, "terminal")
    return module if isinstance(module, ModuleType) else None


def renderer_for(game_name: str) -> Renderer:
    module = renderer_module(game_name)
    if module is None or not callable(getattr(module, "render", None)):
        return render_generic
    draw: Renderer = module.render
    return draw


def status_for(game_name: str) -> Renderer:
    """The game's one-line status (`render_<game>.status`), or the generic one."""
    module = renderer_module(game_name)
    if module is None or not callable(getattr(module, "status", None)):
        return status_generic
    line: Renderer = module.status
    return line


def notation_help(game_name: str) -> str | None:
    """The game's notation help (the contract's `notation_help`), when it has one."""
    if game_name not in games():
        return None
    return load_game(game_name).notation_help() or None
