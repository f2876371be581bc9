"""The balance study's report: one self-contained HTML page for a designer, with the
verdicts first, then characters, match-ups, turn order and spells (plots embedded)."""

from __future__ import annotations

import html
from typing import Any

from cardtable.arena.balance import BalanceSummary, Rate, verdict_lines
from cardtable.arena.report import (
    STYLE,
    _pct,
    _png,
    _pyplot,
    _rate_bars,
    _table,
    heat_map,
    matchup_rows,
)
from cardtable.arena.tournament import Tournament

VERDICT_STYLE = """
.bad { color: #a22; font-weight: bold; }
.good { color: #262; }
"""


def _rate(r: Rate) -> str:
    return "-" if not r.games else f"{_pct(r.rate)} ({_pct(r.low)} - {_pct(r.high)})"


def render(study: Tournament, agent: str, summary: BalanceSummary,
           elapsed: float | None = None) -> str:
    """The report as one HTML string (needs matplotlib for the plots)."""
    plt = _pyplot()
    t = summary.thresholds
    title = f"cardtable balance: {study.game}"
    parts = [f"<h1>{html.escape(title)}</h1>"]
    options = ", ".join(f"{k}={v}" for k, v in study.options.items()) or "none"
    took = "" if elapsed is None else f", {elapsed:.0f} s"
    parts.append(
        f"<p>{summary.games} games of <code>{html.escape(agent)}</code> in both seats, "
        f"seed {study.seed}{took}; every pairing of {len(study.entrants)} characters, the "
        f"seats and the first player rotating. Options: {html.escape(options)}. A shared "
        f"win counts 1/2 for each player (games with a shared win: "
        f"{summary.shared_wins}).</p>")

    parts.append("<h2>Verdicts</h2><ul>")
    for line in verdict_lines(summary):
        good = line.startswith(("every", "no spell"))
        parts.append(f"<li class='{'good' if good else 'bad'}'>{html.escape(line)}</li>")
    parts.append("</ul><p class='note'>A character is in range when its overall win "
                 f"rate is within {_pct(t.band[0])}-{_pct(t.band[1])}; outside it, strong or "
                 "weak when its 95% interval is clear of 50%, else it leans that way. A "
                 f"spell is dead when cast in fewer than {_pct(t.dead)} of the rounds its "
                 "owner plays; dominant when its owner wins at least "
                 f"{100 * t.dominant:.0f} points more often in games with it than "
                 "without, the intervals apart.</p>")

    parts.append("<h2>Characters</h2>")
    rows = [[c.name, c.overall.games, _rate(c.overall), _rate(c.moving_first),
             _rate(c.moving_second), f"{summary.elo.get(c.name, 1500):.0f}", c.verdict]
            for c in summary.characters]
    parts.append(_table(["character", "games", "win rate (95% interval)", "moving first",
                         "moving second", "Elo", "verdict"], rows))
    names = [c.name for c in summary.characters]
    parts.append(_rate_bars(plt, names, [c.overall.rate for c in summary.characters],
                            [c.overall.low for c in summary.characters],
                            [c.overall.high for c in summary.characters],
                            "win rate by character (dashed: 50%)", 0.5))

    if summary.turn_order and summary.turn_order[0].games:
        parts.append("<h2>Turn order</h2>")
        rows = [[f"moved {'first' if s.seat == 0 else 'second'}", s.games, f"{s.wins:g}",
                 f"{_pct(s.win_rate)} ({_pct(s.ci_low)} - {_pct(s.ci_high)})"]
                for s in summary.turn_order]
        parts.append(_table(["", "games", "wins", "win rate (95% interval)"], rows))

    m = summary.matchups
    if m is not None:
        parts.append("<h2>Match-ups</h2><p class='note'>Row character against column "
                     "character: share of points (a shared win 1/2), games in brackets. "
                     f"Outside {_pct(t.pairing[0])}-{_pct(t.pairing[1])} in bold.</p>")
        table = _table(["", *m.names], matchup_rows(m))
        for o in summary.outliers:
            cell = f"<td>{html.escape(_pct(o.rate))} ({o.games})</td>"
            table = table.replace(cell, f"<td class='bad'>{cell[4:-5]}</td>", 1)
        parts.append(table)
        parts.append(heat_map(plt, m))

    if summary.spells:
        parts.append("<h2>Spells</h2><p class='note'>Per spell: the share of its owner's "
                     "rounds in which it could be cast, casts per round and per game, the "
                     "share of games with a cast, the conflicts it was cast into "
                     "(conflict: casts), and the owner's win rate in games in which it "
                     "was cast at least once and in the others.</p>")
        rows = [[s.character, s.spell, _pct(s.offered_rate), _pct(s.cast_rate),
                 f"{s.per_game:.2f}", _pct(s.games_cast / s.games if s.games else 0),
                 " ".join(f"{k}: {v}" for k, v in s.conflicts.items()) or "-",
                 _rate(s.with_it), _rate(s.without_it), s.verdict]
                for s in summary.spells]
        parts.append(_table(["character", "spell", "offered", "cast per round",
                             "casts per game", "games with a cast", "conflicts",
                             "won with it", "won without", "verdict"], rows))

        def casts(ax: Any) -> None:
            labels = [f"{s.character}: {s.spell}" for s in summary.spells]
            ys = range(len(labels))
            ax.barh(list(ys), [s.cast_rate for s in summary.spells], color="#4a7ab5")
            ax.axvline(t.dead, color="#c44", linestyle="--", linewidth=1)
            ax.set_yticks(list(ys), labels, fontsize=7)
            ax.invert_yaxis()
            ax.set_xlabel("casts per round of the owner (dashed: dead below)")

        parts.append(_png(plt, casts, (7, 1 + 0.22 * len(summary.spells))))

    body = "\n".join(parts)
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{STYLE}{VERDICT_STYLE}</style>"
            f"</head><body>\n{body}\n</body></html>\n")
