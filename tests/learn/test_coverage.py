"""The lessons cover the rulebooks: every section the issue lists is a section of its
lesson, taught by at least one step, and the table in docs/learn.md says so truly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.learn import load_lesson
from cardtable.learn.model import Lesson
from cardtable.learn.walk import Walk

DOC = Path(__file__).resolve().parents[2] / "docs" / "learn.md"

# the sections issue 26 names, in its words, and the lesson section each is
ISSUE = {
    "thalara": {"secret hand choice": "hand", "placing": "placing",
                "spells and their requirements": "spells", "passing": "passing",
                "resolution and ties": "resolution",
                "Artifacts back every round": "artifacts-return", "stars": "stars",
                "the end": "end", "Casual Chaos": "casual"},
    "vale": {"the snake draft": "snake", "sell": "sell", "tame": "tame", "summon": "summon",
             "the stone limit and no change": "stone-limit",
             "the area limit by round": "area-limit", "instant": "instant",
             "permanent": "permanent", "resolution effects": "resolution",
             "the end at 60 points or round 10": "end-60",
             "the artifact pick": "artifact-pick", "shelter": "shelter",
             "purchased areas": "areas", "the end at 80": "end-80"},
}


def taught(lesson: Lesson) -> dict[str, set[tuple[int, int]]]:
    """Each section's steps, as (part, step) numbered from 1."""
    out: dict[str, set[tuple[int, int]]] = {s.key: set() for s in lesson.sections}
    for p in range(len(lesson.parts)):
        for placed in Walk(lesson, p).steps:
            for key in placed.step.teaches:
                out[key].add((p + 1, placed.index + 1))
    return out


@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_every_section_the_issue_lists_is_taught_by_a_step(game: str) -> None:
    lesson = load_lesson(game)
    steps = taught(lesson)
    for words, key in ISSUE[game].items():
        assert key in lesson.section_keys, f"{words!r} is not a section of the lesson"
        assert steps[key], f"no step teaches {words!r}"


@pytest.mark.parametrize("game", ["thalara", "vale"])
def test_the_docs_table_matches_the_steps(game: str) -> None:
    lesson = load_lesson(game)
    steps = taught(lesson)
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"### {lesson.title}")
    end = text.find("\n### ", start + 1)
    block = text[start: end if end != -1 else None]
    rows = {}
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("rulebook section", "---"):
            rows[cells[0]] = cells[2]
    titles = {s.title: s.key for s in lesson.sections}
    assert set(rows) == set(titles), "the table lists exactly the lesson's sections"
    for title, where in rows.items():
        named = {(int(p), int(s)) for p, s in re.findall(r"part (\d+) step (\d+)", where)}
        assert named, f"{title}: no step named"
        assert named <= steps[titles[title]], f"{title}: {where} is not where it is taught"


def test_a_section_nobody_teaches_fails_the_check() -> None:
    """The check above has teeth: a lesson with a section no step names is caught."""
    from dataclasses import replace

    from cardtable.learn.model import Section

    lesson = load_lesson("thalara")
    broken = replace(lesson, sections=(*lesson.sections, Section("x", "Traps", "nowhere")))
    assert taught(broken)["x"] == set()
