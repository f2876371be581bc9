"""Game analysis: every decision of a record judged by a search from the deciding
seat's view, labelled by its loss, with a summary and a chart per seat.

    from cardtable.analysis import analyze
    analysis = analyze(GameRecord.load("game.json"), seats=[0], agent="ismcts:400")
    analysis.to_dict()      # plain JSON: decisions, summary, chart
"""

from cardtable.analysis.judge import Alternative, Judgement, judge, search_settings
from cardtable.analysis.labels import FLAGGED, LABELS, AnalysisError, Thresholds
from cardtable.analysis.model import Analysis, Decision
from cardtable.analysis.run import Stepwise, analyze, check_seats, decision_seed, judge_task

__all__ = ["FLAGGED", "LABELS", "Alternative", "Analysis", "AnalysisError", "Decision",
           "Judgement", "Stepwise", "Thresholds", "analyze", "check_seats", "decision_seed",
           "judge", "judge_task", "search_settings"]
