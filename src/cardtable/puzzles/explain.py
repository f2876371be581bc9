"""What a solver is told about a puzzle: the position as a face draws it (before the
answer), and the explanation (after it): the top choices with their expected results,
the best action, the theme in words, and a short replay of what may follow.

Both come from the solver's view alone. The replay is played in worlds sampled from
that view (the other hands and the deck dealt again at random, never the real ones),
with the best action first and then the game's rollout policy for every seat, as the
judges' searches play on in their own sampled worlds (`Heuristics.rollout_action`), and
only the events
as the solver would read them: it can show nothing the solver could not know, since
the real hidden cards never enter it (tests/server/test_puzzle_api.py compares it
with the same explanation worked out from a sampled world instead of the real game).
Every choice there is seeded from the puzzle's id, so an explanation is always the same.
"""

from __future__ import annotations

import hashlib
import random
from datetime import date
from typing import Any

from cardtable.engine.api import State
from cardtable.puzzles.model import Puzzle

# Each set's name as a solver reads it.
SET_TITLES = {"thalara": "Thalara", "vale": "The Vale of Eternity",
              "vale-artifacts": "The Vale of Eternity with Artifacts"}

# Each theme in a sentence: what the position asks (docs/puzzles.md#themes).
THEME_WORDS = {
    "Silence": "Silence: whether to cast it, or where a silenced conflict changes the play.",
    "a spell's requirement": "A spell's requirement: the card that makes one of your "
                             "spells castable.",
    "casting a spell": "Casting a spell: the spell to cast now.",
    "holding a spell back": "Holding a spell back: casting nothing is better here.",
    "passing": "Passing: whether to pass or to place another card.",
    "a tie at the top": "A tie at the top: a tie for the highest total wins nothing.",
    "a spell's target": "A spell's target: where the spell does the most.",
    "the draft": "The draft: the card to take.",
    "where to play": "Where to play: the same card is worth more in another conflict.",
    "which card to play": "Which card to play: one card of your hand is better here.",
    "returning Remnants": "Returning Remnants: which cards to give back.",
    "the stone limit": "The stone limit: which stone to keep when you hold too many.",
    "reaching the end score": "Reaching the end score: the action that ends the game "
                              "in your favour.",
    "overpaying": "Overpaying: the same card paid with other stones.",
    "the area limit": "The area limit: which card to remove from a full area, or "
                      "whether to end the turn.",
    "selling or taming": "Selling or taming: stones now, or the card for later.",
    "summoning": "Summoning: the card to summon now.",
    "holding back": "Holding back: ending the turn is better than summoning.",
    "the Artifact pick": "The Artifact pick: the Artifact to take this round.",
    "an Artifact's ability": "An Artifact's ability: when and how to use it.",
    "a card's choice": "A card's choice: the answer an effect asks for.",
}

REPLAY_WORLDS = 3     # worlds sampled from the solver's view
REPLAY_MOVES = 6      # actions played in each after the best action
TOP_CHOICES = 3       # the choices explained (the best and its closest challengers)


def seat_names(puzzle: Puzzle, players: int) -> list[str]:
    """The seats as a puzzle calls them: their numbers (the solver is "you" anyway)."""
    return [f"Player {i + 1}" for i in range(players)]


def _seed(puzzle: Puzzle, what: str) -> int:
    digest = hashlib.sha256(f"{puzzle.id}:{what}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def daily_index(name: str, count: int, day: date) -> int:
    """Which puzzle of a set of `count` is the puzzle of `day` (a UTC date): the set
    is gone through in an order of its own (from its name), one a day, so two sets do
    not move in step and a puzzle comes back only after all the others."""
    if count <= 0:
        raise ValueError("a set without puzzles has no puzzle of the day")
    order = sorted(range(count), key=lambda i: hashlib.sha256(f"{name}:{i}".encode()).digest())
    return order[day.toordinal() % count]


def position(puzzle: Puzzle, state: State) -> dict[str, Any]:
    """What a face needs to draw the position for the solver: `Puzzle.shown()`, the
    decision in words for the solver's seat, and the game's public description."""
    game = state.game
    names = seat_names(puzzle, state.num_players)
    return {**puzzle.shown(state),
            "decision": game.decision(state, puzzle.seat, names),
            "seats": [{"seat": i, "name": n, "kind": "human" if i == puzzle.seat else "puzzle"}
                      for i, n in enumerate(names)],
            "catalogue": game.catalogue(state.options), "words": game.words(),
            "notation": game.notation_help(), "rules": game.rules_summary(state.options)}


def expected_words(expected: float) -> str:
    return f"expected result {expected:.2f} (0 = a loss, 1 = a win)"


def replay(puzzle: Puzzle, state: State, worlds: int = REPLAY_WORLDS,
           moves: int = REPLAY_MOVES) -> list[dict[str, Any]]:
    """What followed the best action in `worlds` worlds sampled from the solver's view:
    each different line of play once, with the number of worlds it was played in
    (`worlds`) and each action's seat and events as the solver reads them (the
    solver's own action text too; the others' only through their events, as at the
    table)."""
    view = state.view(puzzle.seat)
    game = state.game
    rollouts = game.heuristics()     # what a judge's search plays after its new node
    out: list[dict[str, Any]] = []
    for k in range(worlds):
        world = view.sample_world(random.Random(_seed(puzzle, f"world{k}")))
        rng = random.Random(_seed(puzzle, f"rollout{k}"))
        played: list[dict[str, Any]] = []
        action = game.parse_action(world, puzzle.best)
        seat: int | None = puzzle.seat
        for _ in range(moves + 1):
            assert seat is not None
            events = world.apply(action)
            played.append({"seat": seat, "action": str(action) if seat == puzzle.seat else None,
                           "events": [t for t in (e.text_for(puzzle.seat) for e in events) if t]})
            seat = world.current_player()
            if world.is_over() or seat is None:
                break
            action = rollouts.rollout_action(world, rng)
        same = next((line for line in out if line["moves"] == played), None)
        if same is not None:
            same["worlds"] += 1
        else:
            out.append({"worlds": 1, "moves": played})
    return out


def explanation(puzzle: Puzzle, state: State) -> dict[str, Any]:
    """The explanation shown after an answer: the top choices (each in words, with its
    expected result), the best action, the theme in words, the difficulty, and the
    replay in sampled worlds."""
    game = state.game
    said = {c["action"]: c["text"] for c in
            game.decision(state, puzzle.seat, seat_names(puzzle, state.num_players))
            .get("choices") or []}
    choices = [{"action": c.action, "text": said.get(c.action, c.action),
                "expected": round(c.expected, 4), "words": expected_words(c.expected),
                "best": c.action == puzzle.best}
               for c in puzzle.choices[:TOP_CHOICES]]
    return {"best": puzzle.best, "best_text": said.get(puzzle.best, puzzle.best),
            "margin": round(puzzle.margin, 4), "choices": choices, "theme": puzzle.theme,
            "theme_text": THEME_WORDS.get(puzzle.theme, puzzle.theme),
            "difficulty": puzzle.difficulty, "replay": replay(puzzle, state)}
