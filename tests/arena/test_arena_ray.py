"""The same tournament on a local Ray instance as on local processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.arena.tournament import plan, run_local, run_ray
from cardtable.engine.api import Game

# Ray's workers are fresh processes: they find the toy game by its module path.
TOY_DIR = str(Path(__file__).resolve().parent.parent / "agents")


def test_ray_runs_the_same_tournament(toy: Game) -> None:
    pytest.importorskip("ray", reason="Ray is the optional 'dist' extra")
    t = plan("toy", ["ismcts:10", "random"], 4, 21, 2)
    ticks: list[int] = []
    remote = run_ray(t.specs, "local", lambda done, total: ticks.append(done),
                     runtime_env={"env_vars": {"PYTHONPATH": TOY_DIR}})
    here = run_local(t.specs, workers=1)
    assert ticks == [1, 2, 3, 4]
    assert [(r.index, r.labels, r.scores, r.winners) for r in remote] == [
        (r.index, r.labels, r.scores, r.winners) for r in here]
