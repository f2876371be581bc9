"""Puzzles: positions from real games in which one action is clearly best from the
solver's own view, found by the analysis and kept when two stronger judges agree.

    from cardtable.puzzles import shipped
    puzzle = shipped("vale")[0]
    puzzle.shown()          # what the solver may see: its observation and legal actions
    puzzle.solves("summon imp")
"""

from cardtable.puzzles.maker import GameOutcome, GameTask, Settings, make, make_from_game
from cardtable.puzzles.model import Choice, JudgeRun, Puzzle, PuzzleError, load, shipped

__all__ = ["Choice", "GameOutcome", "GameTask", "JudgeRun", "Puzzle", "PuzzleError",
           "Settings", "load", "make", "make_from_game", "shipped"]
