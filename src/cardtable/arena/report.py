"""The balance report: one self-contained HTML page (tables, and matplotlib plots
embedded as base64 PNG) for a tournament."""

from __future__ import annotations

import base64
import html
import importlib
import io
from collections.abc import Callable, Sequence
from typing import Any

from cardtable.arena.ratings import MatchupStats, Summary
from cardtable.arena.tournament import ArenaError, Tournament

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f0f0; }
img { max-width: 100%; }
.note { color: #666; font-size: 0.9em; }
"""


def _pyplot() -> Any:
    # Imported by name: matplotlib is an optional extra (cardtable[report]).
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError as exc:
        raise ArenaError("--report needs matplotlib: pip install 'cardtable[report]'") from exc
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def _png(plt: Any, draw: Callable[[Any], None], size: tuple[float, float]) -> str:
    figure, axes = plt.subplots(figsize=size, dpi=100)
    try:
        draw(axes)
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
    finally:
        plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row)
                   + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{1000 * x:.0f} ms"


def _rate_bars(plt: Any, names: list[str], rates: list[float], lows: list[float],
               highs: list[float], title: str, fair: float | None) -> str:
    def draw(ax: Any) -> None:
        below = [r - lo for r, lo in zip(rates, lows, strict=True)]
        above = [hi - r for r, hi in zip(rates, highs, strict=True)]
        ax.bar(range(len(names)), rates, yerr=[below, above], capsize=4, color="#4a7ab5")
        ax.set_xticks(range(len(names)), names, rotation=20, ha="right")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title(title)
        if fair is not None:
            ax.axhline(fair, color="#c44", linestyle="--", linewidth=1)

    return _png(plt, draw, (7, 3.6))


def matchup_rows(m: MatchupStats) -> list[list[Any]]:
    """The match-up matrix as table rows: row character, then its points against each
    column character with the games in brackets ("-" where they never met)."""
    rows = []
    for i, name in enumerate(m.names):
        cells: list[Any] = [name]
        for j in range(len(m.names)):
            rate = m.rate(i, j)
            cells.append("-" if rate is None else f"{_pct(rate)} ({m.games[i][j]})")
        rows.append(cells)
    return rows


def heat_map(plt: Any, m: MatchupStats) -> str:
    """The match-up matrix as a heat map (an <img> with the PNG embedded)."""
    def heat(ax: Any) -> None:
        grid = [[(m.rate(i, j) if m.rate(i, j) is not None else float("nan"))
                 for j in range(len(m.names))] for i in range(len(m.names))]
        image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
        ax.set_xticks(range(len(m.names)), m.names, rotation=30, ha="right")
        ax.set_yticks(range(len(m.names)), m.names)
        for i in range(len(m.names)):
            for j in range(len(m.names)):
                rate = m.rate(i, j)
                if rate is not None:
                    ax.text(j, i, f"{100 * rate:.0f}", ha="center", va="center",
                            fontsize=8)
        ax.set_title("row character's points against column character")
        ax.figure.colorbar(image, ax=ax)

    size = 3 + 0.5 * len(m.names)
    return _png(plt, heat, (size + 1.5, size))


def render(tournament: Tournament, summary: Summary, elapsed: float | None = None) -> str:
    """The report as one HTML string."""
    plt = _pyplot()
    players = tournament.players
    parts: list[str] = []
    title = f"cardtable arena: {tournament.game}"
    parts.append(f"<h1>{html.escape(title)}</h1>")
    options = ", ".join(f"{k}={v}" for k, v in tournament.options.items()) or "none"
    took = "" if elapsed is None else f", {elapsed:.0f} s"
    parts.append(f"<p>{summary.games} games, {players} players, seed {tournament.seed}, "
                 f"options: {html.escape(options)}{took}. Seats rotate between games. "
                 f"A shared win counts 1/k for each of k winners "
                 f"(games with a shared win: {summary.shared_wins}).</p>")

    parts.append("<h2>Agents</h2>")
    rows = [[e.label, e.games, f"{e.wins:g}", _pct(e.win_rate),
             f"{_pct(e.ci_low)} - {_pct(e.ci_high)}", f"{e.avg_score:.2f}", f"{e.elo:.0f}",
             _ms(e.median_decision), _ms(e.p90_decision)] for e in summary.entrants]
    parts.append(_table(["agent", "seats", "wins", "win rate", "95% interval",
                         "avg score", "Elo", "median decision", "90th pct"], rows))
    labels = [e.label for e in summary.entrants]
    parts.append(_rate_bars(plt, labels, [e.win_rate for e in summary.entrants],
                            [e.ci_low for e in summary.entrants],
                            [e.ci_high for e in summary.entrants],
                            "win rate by agent", 1 / players))
    if len(labels) > 1:
        parts.append("<h3>Head to head</h3><p class='note'>Row against column: points "
                     "scored (a win 1, a draw or a shared result 1/2) over games.</p>")
        rows = []
        for a in labels:
            row: list[Any] = [a]
            for b in labels:
                points, games = summary.pairwise[a][b]
                row.append("-" if not games else f"{_pct(points / games)} of {games:g}")
            rows.append(row)
        parts.append(_table(["", *labels], rows))

    for heading, stats, name, note in (
            ("Turn order (first-player advantage)", summary.turn_order, "to move",
             "Position 1 is whoever moved first in the game, 2 the next seat, and so on."),
            ("Seats", summary.seats, "seat", "By seat number, whoever moved first.")):
        if not stats or not stats[0].games:
            continue
        parts.append(f"<h2>{heading}</h2><p class='note'>{note}</p>")
        rows = [[f"{name} {s.seat + 1}", s.games, f"{s.wins:g}", _pct(s.win_rate),
                 f"{_pct(s.ci_low)} - {_pct(s.ci_high)}", f"{s.avg_score:.2f}"]
                for s in stats]
        parts.append(_table([name, "games", "wins", "win rate", "95% interval",
                             "avg score"], rows))
        parts.append(_rate_bars(plt, [f"{name} {s.seat + 1}" for s in stats],
                                [s.win_rate for s in stats], [s.ci_low for s in stats],
                                [s.ci_high for s in stats],
                                f"win rate by {name} (dashed: an even share)", 1 / players))

    m = summary.matchups
    if m is not None:
        parts.append("<h2>Characters</h2>")
        rows = [[name, games, _pct(rate), f"{_pct(lo)} - {_pct(hi)}"]
                for name, games, rate, lo, hi in m.overall]
        parts.append(_table(["character", "seats", "win rate", "95% interval"], rows))
        parts.append("<h3>Match-ups</h3><p class='note'>Row character against column "
                     "character: share of points (draws 1/2) and games.</p>")
        parts.append(_table(["", *m.names], matchup_rows(m)))
        parts.append(heat_map(plt, m))

    c = summary.cards
    if c is not None:
        parts.append("<h2>Cards at the end: winners against losers</h2>")
        parts.append(f"<p class='note'>Share of winners' ({c.winner_seats}) and losers' "
                     f"({c.loser_seats}) seats that hold the card at the end of the game "
                     f"(the seats' <code>{html.escape(c.field)}</code> in the final "
                     f"observation), sorted by the difference.</p>")
        rows = []
        for name, w, lo in c.cards:
            rw, rl = w / max(1, c.winner_seats), lo / max(1, c.loser_seats)
            rows.append([name, w, _pct(rw), lo, _pct(rl), f"{100 * (rw - rl):+.1f}"])
        parts.append(_table(["card", "winners", "share", "losers", "share",
                             "difference (points)"], rows))
        shown = c.cards[:15] + c.cards[15:][-10:]   # the best and the worst
        if shown:
            def bars(ax: Any) -> None:
                names = [row[0] for row in shown]
                won = [row[1] / max(1, c.winner_seats) for row in shown]
                lost = [row[2] / max(1, c.loser_seats) for row in shown]
                ys = range(len(names))
                ax.barh([y - 0.2 for y in ys], won, height=0.4, label="winners",
                        color="#4a7ab5")
                ax.barh([y + 0.2 for y in ys], lost, height=0.4, label="losers",
                        color="#d08a3c")
                ax.set_yticks(list(ys), names)
                ax.invert_yaxis()
                ax.set_xlabel(f"share of seats with the card in '{c.field}' at the end")
                ax.legend()

            parts.append(_png(plt, bars, (7, 1 + 0.3 * len(shown))))
    else:
        parts.append("<p class='note'>The final observations list no cards in play per "
                     "seat, so there is no card table.</p>")

    body = "\n".join(parts)
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n</body></html>\n")
