"""Every saved result says where it comes from (issue 30): benchmarks/results/manifest.json
has an entry, with the command, commit, date and machine, for each file kept there and
for nothing else; the docs cite only files that are kept; the folder's README is the
manifest's index."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def provenance() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "provenance", ROOT / "benchmarks" / "provenance.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["provenance"] = module
    spec.loader.exec_module(module)
    return module


def test_every_kept_result_has_its_provenance_and_the_docs_cite_only_kept_files() -> None:
    assert provenance().problems() == []


def test_the_check_finds_a_file_without_an_entry_and_a_citation_of_a_missing_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = provenance()
    results = tmp_path / "results"
    results.mkdir()
    (results / "kept.jsonl").write_text("{}\n")
    (results / "stray.jsonl").write_text("{}\n")
    entry = {"file": "kept.jsonl", "what": "a run", "command": "cardtable arena thalara",
             "command_from": "recorded with the run", "made": "2026-12-02", "commit": "abc1234",
             "machine": "x86_64 Linux"}
    (results / "manifest.json").write_text(json.dumps(
        [entry, {**entry, "file": "gone.jsonl"}, {**entry, "file": "bare.jsonl", "command": ""}]))
    (results / "bare.jsonl").write_text("{}\n")
    doc = tmp_path / "doc.md"
    doc.write_text("see `benchmarks/results/kept.jsonl` and benchmarks/results/lost.json\n")
    monkeypatch.setattr(tool, "RESULTS", results)
    monkeypatch.setattr(tool, "MANIFEST", results / "manifest.json")
    monkeypatch.setattr(tool, "INDEX", results / "README.md")
    monkeypatch.setattr(tool, "DOCS", [doc])
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    found = tool.problems()
    assert "stray.jsonl: kept but not in the manifest" in found
    assert "gone.jsonl: in the manifest but not kept" in found
    assert "bare.jsonl: no command" in found
    assert any("lost.json" in f and "not kept" in f for f in found)
    assert not any("kept.jsonl" in f and "stray" not in f for f in found)
    # an index that is not the manifest's is found too
    (results / "README.md").write_text("# old\n")
    assert any("README.md is not the manifest's index" in f for f in tool.problems())
