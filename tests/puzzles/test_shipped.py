"""The shipped puzzles: well formed, hiding what their solver could not know, and
re-judged with their judges' fixed budgets and seeds to the same best action.

No leak: what a solver is shown (`Puzzle.shown`) must be the same in every world the
solver cannot tell from the real one. Each puzzle's position is compared with worlds
sampled from the solver's view (other hands and the deck dealt again); were another
seat's hand, the deck or the record in what is shown, it would differ."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.analysis import search_settings
from cardtable.puzzles import Puzzle, shipped
from cardtable.puzzles.maker import MIN_JUDGE_FACTOR, Settings
from cardtable.puzzles.model import DIFFICULTIES, SHIPPED, load
from cardtable.puzzles.themes import THEMES
from cardtable.puzzles.verdict import verdict

SETS = sorted(SHIPPED)
SHOWN_KEYS = {"id", "game", "seat", "theme", "difficulty", "observation", "legal"}


def _data(name: str) -> tuple[list[Puzzle], dict[str, object]]:
    from pathlib import Path

    import cardtable.puzzles.model as model

    return load(Path(model.__file__).parent / "data" / SHIPPED[name])


@pytest.mark.parametrize("name", SETS)
def test_a_shipped_set_is_well_formed(name: str) -> None:
    puzzles, about = _data(name)
    assert puzzles, f"no puzzles shipped for {name}"
    settings = Settings(**about["settings"])          # type: ignore[arg-type]
    analysis = search_settings(settings.analysis).iterations
    assert len({p.id for p in puzzles}) == len(puzzles)
    for p in puzzles:
        assert p.game == name.split("-")[0]
        assert p.theme in THEMES[p.game] and p.difficulty in DIFFICULTIES
        assert len(p.judges) == 2 and p.judges[0].seed != p.judges[1].seed
        assert all(j.best == p.best and j.margin >= settings.margin for j in p.judges)
        for j in p.judges:
            iterations = search_settings(j.agent).iterations
            assert iterations is not None and analysis is not None
            assert iterations >= MIN_JUDGE_FACTOR * analysis
        assert p.choices[0].action == p.best
        assert all(p.choices[0].expected >= c.expected for c in p.choices)
        expansion = p.options.get("expansion", "none")
        assert (expansion == "artifacts") == name.endswith("artifacts")


@pytest.mark.parametrize("name", SETS)
def test_what_a_solver_is_shown_holds_nothing_the_solver_could_not_see(name: str) -> None:
    hidden_changed = 0
    for p in shipped(name):
        state = p.state()
        shown = p.shown(state)
        assert set(shown) == SHOWN_KEYS
        assert shown["observation"] == state.observation(p.seat)
        assert p.best in shown["legal"]
        text = json.dumps(shown)
        # No card of another seat's hand that the solver's own observation lacks.
        own = json.dumps(state.observation(p.seat))
        for other in range(state.num_players):
            if other == p.seat:
                continue
            hand = state.observation(other)["seats"][other].get("hand") or []
            for card in hand:
                word = card if isinstance(card, str) else json.dumps(card)
                if f'"{word}"' not in own:
                    assert f'"{word}"' not in text, f"{p.id} shows {word} of P{other + 1}"
        # What is shown is the same in every world the solver cannot tell apart.
        view = state.view(p.seat)
        for k in range(3):
            world = view.sample_world(random.Random(k))
            assert p.shown(world) == shown, f"{p.id}: what is shown depends on a secret"
            hidden_changed += any(world.observation(o) != state.observation(o)
                                  for o in range(state.num_players) if o != p.seat)
    # The premise: the sampled worlds did deal the secrets otherwise, so a leak of them
    # into what is shown would have been caught.
    assert hidden_changed > 0


def _sample(name: str, size: int = 4) -> list[Puzzle]:
    """`size` puzzles spread over the set (the same ones every run)."""
    puzzles = shipped(name)
    return [puzzles[k * len(puzzles) // size] for k in range(min(size, len(puzzles)))]


@pytest.mark.parametrize("name", SETS)
def test_a_sample_rejudged_with_the_same_budget_and_seed_finds_the_same_action(
        name: str) -> None:
    for p in _sample(name):
        state = p.state()
        judge = p.judges[0]
        again = verdict(state.view(p.seat), state.game, search_settings(judge.agent),
                        judge.seed)
        assert again.best == p.best, p.id
        assert round(again.margin, 4) == judge.margin, p.id


@pytest.mark.parametrize("name", SETS)
def test_the_best_action_solves_and_no_other_does(name: str) -> None:
    p = shipped(name)[0]
    assert p.solves(p.best)
    assert not any(p.solves(c.action) for c in p.choices[1:])
    assert not p.solves("no such action")
