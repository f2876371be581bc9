"""Both builds are one game: the build this suite runs on (compiled with mypyc in CI's
second environment, the source in the first) plays seeded random games of every game and
option set, with searches along them, exactly as the pure source does in another
process: the same actions, observations, events, scores, winners and search choices.

In the pure environment both sides run the source; the check is then that nothing in a
game depends on the process (hash seeds, import order). CI sets
CARDTABLE_EXPECT_COMPILED=1 in the compiled environment, so that a build which silently
fell back to pure Python fails here instead of comparing the source with itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from cardtable.buildinfo import COMPILED, PURE, build_kind

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[1] / "src"
sys.path.insert(0, str(HERE))

import play_trace  # noqa: E402  (the helper beside this file)


def pure_source_trace() -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(SRC), PYTHONHASHSEED="12345")
    return subprocess.Popen([sys.executable, str(HERE / "play_trace.py")], env=env,
                            stdout=subprocess.PIPE, text=True)


def test_this_build_plays_exactly_as_the_pure_source() -> None:
    if os.environ.get("CARDTABLE_EXPECT_COMPILED") == "1":
        assert build_kind() == COMPILED, f"expected the compiled build, got {build_kind()}"
    other = pure_source_trace()        # runs on the other core while this one plays
    here = play_trace.trace()
    out, _ = other.communicate(timeout=900)
    assert other.returncode == 0
    pure = json.loads(out)
    assert pure["build"] == PURE       # the subprocess really ran the source
    assert set(pure["traces"]) == set(here) == {case[0] for case in play_trace.CASES}
    differ = {case: [seed for seed, (a, b) in enumerate(zip(here[case], digests,
                                                            strict=True)) if a != b]
              for case, digests in pure["traces"].items()}
    assert not any(differ.values()), (
        f"the {build_kind()} build played otherwise than the pure source in "
        f"{ {case: seeds for case, seeds in differ.items() if seeds} } (case: seeds); "
        "`python tests/builds/play_trace.py` on each build shows the traces")


def test_a_trace_sees_a_changed_game() -> None:
    """The fingerprint is not blind: another seed, another option or another search
    budget each give another digest."""
    _, game, players, options = play_trace.CASES[0]
    first = play_trace.trace_game(game, players, options, 0)
    assert play_trace.trace_game(game, players, options, 0) == first
    assert play_trace.trace_game(game, players, options, 1) != first
    assert play_trace.trace_game(game, players, {"mode": "casual"}, 0) != first
    budget = play_trace.ITERATIONS
    try:
        play_trace.ITERATIONS = budget + 1
        assert play_trace.trace_game(game, players, options, 0) != first
    finally:
        play_trace.ITERATIONS = budget
