"""The chart as a PNG: one line per seat (its expected result after each of its
decisions), the rounds marked on the x axis, mistakes and blunders as points.

It is drawn from `Analysis.chart()`, the same data `--json` prints, with matplotlib
(the optional extra `cardtable[report]`).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from cardtable.analysis.labels import AnalysisError

# A flagged decision is a point in its seat's colour, shaped by its label.
MARKS = {"mistake": "o", "blunder": "X"}


def pyplot() -> Any:
    """matplotlib's pyplot on a file-only backend; a clear error when it is missing."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise AnalysisError("--plot needs matplotlib: pip install 'cardtable[report]'") \
            from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def plot_chart(chart: dict[str, Any], path: str | Path, title: str) -> None:
    """Write the chart to `path` as a PNG."""
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(10, 4.5), dpi=100)
    try:
        for line in chart["lines"]:
            points = line["points"]
            (drawn,) = axes.plot([p["index"] for p in points],
                                 [p["expected"] for p in points], linewidth=1.4,
                                 label=f"P{line['seat'] + 1}")
            for label, marker in MARKS.items():
                flagged = [p for p in points if p["label"] == label]
                axes.scatter([p["index"] for p in flagged], [p["expected"] for p in flagged],
                             marker=marker, s=60, color=drawn.get_color(), zorder=3,
                             edgecolors="black", linewidths=0.6)
        for label, marker in MARKS.items():   # one legend entry per label, in grey
            axes.scatter([], [], marker=marker, s=60, color="#999999", edgecolors="black",
                         linewidths=0.6, label=label)
        rounds = chart["rounds"]
        for marker in rounds:
            axes.axvline(marker["index"], color="#bbbbbb", linewidth=0.8, linestyle=":")
        axes.set_xticks([m["index"] for m in rounds], [f"R{m['round']}" for m in rounds])
        axes.set_ylim(-0.02, 1.02)
        axes.set_xlabel("rounds (each tick: the round's first action)")
        axes.set_ylabel("expected result (0 = loss, 1 = win)")
        axes.set_title(title)
        axes.grid(axis="y", alpha=0.3)
        axes.legend(loc="best", fontsize="small")
        figure.tight_layout()
        figure.savefig(path, format="png")
    finally:
        plt.close(figure)
