"""Lessons played through the engine: every scripted move legal and by the seat the
script says; only the step's answer accepted; resuming lands where the learner was."""

from __future__ import annotations

import pytest

from cardtable.learn import load_lesson
from cardtable.learn.model import LEARNER, Lesson, Others, Part, Step
from cardtable.learn.walk import BrokenLesson, NotInLesson, Walk, check

GAMES = ["thalara", "vale"]


@pytest.mark.parametrize("game", GAMES)
def test_every_script_plays_to_its_end_through_the_engine(game: str) -> None:
    check(load_lesson(game))


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_answer_is_refused_with_words_and_changes_nothing(game: str) -> None:
    walk = Walk(load_lesson(game), 0)
    walk.go_to(0)
    move = walk.expected()
    assert move is not None
    before = walk.state.observation(LEARNER)
    other = next(str(a) for a in walk.state.legal_actions() if str(a) != move.text)
    for bad in (other, "nonsense 99", ""):
        with pytest.raises(NotInLesson, match=r"^Not yet: "):
            walk.answer(bad)
    assert walk.n == move.n and walk.state.observation(LEARNER) == before
    walk.answer(move.text)
    assert walk.n == move.n + 1


@pytest.mark.parametrize("game", GAMES)
def test_resuming_replays_to_the_learner_s_last_place(game: str) -> None:
    lesson = load_lesson(game)
    walk = Walk(lesson, 0)
    stops = walk.stops()
    # a stop after which the other seats move: a place between two stops
    middle = next(s for s in stops[len(stops) // 2:] if s + 1 not in stops)
    walk.go_to(middle + 1)          # between two stops: the one before
    assert walk.n == middle and walk.expected() is not None
    again = Walk(lesson, 0)
    again.go_to(middle)
    assert again.state.observation(LEARNER) == walk.state.observation(LEARNER)
    walk.go_to(0)                   # backwards: from the start again
    assert walk.n == stops[0]


def test_a_script_with_an_illegal_move_is_caught() -> None:
    lesson = load_lesson("thalara")
    part = lesson.parts[0]
    bad = Part(part.title, part.players, part.seed, part.options, part.names,
               (Step("Take a card that is not in the supply.", "take red9"),))
    with pytest.raises(BrokenLesson, match="take red9"):
        check(Lesson("thalara", "broken", lesson.sections, (bad,)))


def test_a_script_that_plays_the_wrong_seat_is_caught() -> None:
    lesson = load_lesson("thalara")
    part = lesson.parts[0]
    bad = Part(part.title, part.players, part.seed, part.options, part.names,
               (Others(("take red5",)),))     # seat 0 (the learner) must take first
    with pytest.raises(BrokenLesson, match="waits for 0"):
        check(Lesson("thalara", "broken", lesson.sections, (bad,)))


def test_both_lessons_read_in_about_ten_minutes() -> None:
    """About 200 words a minute: the steps' words together stay near ten minutes, and
    no step is longer than four sentences."""
    words = 0
    for game in GAMES:
        lesson = load_lesson(game)
        for p in range(len(lesson.parts)):
            for placed in Walk(lesson, p).steps:
                words += len(placed.step.say.split())
                assert placed.step.say.count(". ") + 1 <= 4, placed.step.say
    assert words <= 2400, words


def test_a_reading_step_between_the_other_seats_moves_is_caught() -> None:
    """It would be played past unseen: the learner never stands there."""
    lesson = load_lesson("thalara")
    part = lesson.parts[0]
    script = list(part.script)
    # after the learner's seven cards: a reading step among Bea's seven
    at = next(i for i, b in enumerate(script) if isinstance(b, Others))
    first, rest = script[at].actions[:3], script[at].actions[3:]
    script[at:at + 1] = [Others(first), Step("Bea is choosing."), Others(rest)]
    bad = Part(part.title, part.players, part.seed, part.options, part.names, tuple(script))
    with pytest.raises(BrokenLesson, match="never see it"):
        check(Lesson("thalara", "broken", lesson.sections, (bad,)))
