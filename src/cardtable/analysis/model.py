"""An analysis as data: each judged decision, the forced ones counted, a summary and the
chart per seat; to and from plain JSON (`to_dict`, `from_dict`).

The summary and the chart are computed from the decisions, so an analysis read back
from JSON gives the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.analysis.judge import Alternative, Judgement
from cardtable.analysis.labels import FLAGGED, LABELS, AnalysisError, Thresholds

FORMAT = "cardtable-analysis"
VERSION = 1
# How many of a seat's costliest decisions its summary names.
COSTLIEST = 3


@dataclass(frozen=True)
class Decision:
    """One judged decision of the record: the action at `index` (0-based), by `seat`."""

    index: int
    seat: int
    round: int | None
    legal: int                   # legal actions there
    judgement: Judgement
    label: str

    @property
    def loss(self) -> float:
        return self.judgement.loss

    def to_dict(self) -> dict[str, Any]:
        j = self.judgement
        return {"index": self.index, "seat": self.seat, "round": self.round,
                "legal": self.legal, "taken": j.taken, "best": j.best,
                "taken_expected": j.taken_expected, "best_expected": j.best_expected,
                "loss": j.loss, "label": self.label, "iterations": j.iterations,
                "taken_visits": j.taken_visits, "taken_iterations": j.taken_iterations,
                "top": [{"action": a.action, "visits": a.visits, "expected": a.expected}
                        for a in j.top]}

    @classmethod
    def from_dict(cls, data: Any) -> Decision:
        if not isinstance(data, dict):
            raise AnalysisError("each decision must be an object")
        try:
            top = tuple(Alternative(str(a["action"]), whole_number(a["visits"]),
                                    None if a["expected"] is None else float(a["expected"]))
                        for a in data["top"])
            judgement = Judgement(
                taken=str(data["taken"]), best=str(data["best"]),
                taken_expected=float(data["taken_expected"]),
                best_expected=float(data["best_expected"]), loss=float(data["loss"]),
                iterations=whole_number(data["iterations"]),
                taken_visits=whole_number(data["taken_visits"]),
                taken_iterations=whole_number(data["taken_iterations"]), top=top)
            label = data["label"]
            rnd = data["round"]
            out = cls(index=whole_number(data["index"]), seat=whole_number(data["seat"]),
                      round=None if rnd is None else whole_number(rnd),
                      legal=whole_number(data["legal"]),
                      judgement=judgement, label=label)
        except (KeyError, TypeError, ValueError) as exc:
            raise AnalysisError(f"a decision cannot be read: {exc!r}") from None
        if label not in LABELS:
            raise AnalysisError(f"unknown label {label!r}; labels: {', '.join(LABELS)}")
        return out


def whole_number(value: Any) -> int:
    """A whole number read from JSON (never a boolean, which Python counts as one)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{value!r} is not a whole number")
    return value


@dataclass(frozen=True)
class Analysis:
    """The analysis of a record's decisions for some of its seats."""

    game: str
    players: int
    options: dict[str, Any]
    actions: int                 # in the record
    agent: str
    seats: tuple[int, ...]
    thresholds: Thresholds
    decisions: tuple[Decision, ...]       # in record order
    forced: tuple[int, ...]               # per analysed seat, decisions with one action
    rounds: tuple[tuple[int, int], ...]   # (round, index of its first action)
    over: bool
    scores: tuple[int, ...]               # at the end of the record (public)
    winners: tuple[int, ...]

    # -- what the summary and the chart are made of -----------------------------------
    def of_seat(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]

    def summary(self, seat: int) -> dict[str, Any]:
        """Decisions analysed and skipped, the average loss, the count of each label
        and the costliest decisions with the better action."""
        mine = self.of_seat(seat)
        counts = {label: 0 for label in LABELS}
        for d in mine:
            counts[d.label] += 1
        costly = sorted((d for d in mine if d.label != "best" and d.loss > 0),
                        key=lambda d: (-d.loss, d.index))[:COSTLIEST]
        return {
            "seat": seat, "decisions": len(mine),
            "forced": self.forced[self.seats.index(seat)],
            "average_loss": sum(d.loss for d in mine) / len(mine) if mine else 0.0,
            "labels": counts,
            "costliest": [{"index": d.index, "round": d.round, "taken": d.judgement.taken,
                           "better": d.judgement.best, "loss": d.loss, "label": d.label}
                          for d in costly]}

    def chart(self) -> dict[str, Any]:
        """Per seat, its expected result after each of its decisions (x: the index of
        the action in the record), with mistakes and blunders flagged, and where each
        round begins."""
        return {
            "x": "index of the action in the record",
            "y": "expected result of the action taken (0 = loss, 1 = win)",
            "rounds": [{"round": r, "index": i} for r, i in self.rounds],
            "lines": [{"seat": seat, "points": [
                {"index": d.index, "round": d.round,
                 "expected": d.judgement.taken_expected, "label": d.label,
                 "flagged": d.label in FLAGGED} for d in self.of_seat(seat)]}
                for seat in self.seats]}

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "players": self.players, "options": self.options, "actions": self.actions,
                "agent": self.agent, "seats": list(self.seats),
                "thresholds": self.thresholds.to_dict(),
                "over": self.over, "scores": list(self.scores),
                "winners": list(self.winners),
                "forced": [{"seat": s, "count": n} for s, n in zip(self.seats, self.forced,
                                                                    strict=True)],
                "rounds": [{"round": r, "index": i} for r, i in self.rounds],
                "decisions": [d.to_dict() for d in self.decisions],
                "summary": [self.summary(seat) for seat in self.seats],
                "chart": self.chart()}

    @classmethod
    def from_dict(cls, data: Any) -> Analysis:
        """Read `to_dict`'s output back; the summary and chart are recomputed."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise AnalysisError(f"not a cardtable analysis (field 'format' must be "
                                f"{FORMAT!r})")
        if data.get("version") != VERSION:
            raise AnalysisError(f"unsupported analysis version {data.get('version')!r}")
        try:
            seats = tuple(whole_number(s) for s in data["seats"])
            forced_by_seat = {whole_number(f["seat"]): whole_number(f["count"])
                              for f in data["forced"]}
            options = data["options"]
            if not isinstance(options, dict) or not isinstance(data["game"], str):
                raise ValueError("'game' must be a name and 'options' an object")
            out = cls(
                game=data["game"], players=whole_number(data["players"]), options=options,
                actions=whole_number(data["actions"]), agent=str(data["agent"]), seats=seats,
                thresholds=Thresholds.from_dict(data["thresholds"]),
                decisions=tuple(Decision.from_dict(d) for d in data["decisions"]),
                forced=tuple(forced_by_seat[s] for s in seats),
                rounds=tuple((whole_number(r["round"]), whole_number(r["index"]))
                             for r in data["rounds"]),
                over=bool(data["over"]), scores=tuple(whole_number(s) for s in data["scores"]),
                winners=tuple(whole_number(w) for w in data["winners"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise AnalysisError(f"the analysis cannot be read: {exc!r}") from None
        if any(d.seat not in seats for d in out.decisions):
            raise AnalysisError("a decision belongs to a seat the analysis does not cover")
        return out
