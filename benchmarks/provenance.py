"""Where each saved result comes from: benchmarks/results/manifest.json names, for every
file kept there, what it holds, the command that made it, the commit it was made on, the
date and the machine. Its README is the index, written from the manifest.

    python benchmarks/provenance.py add benchmarks/results/FILE --what "..." -- cardtable arena ...
    python benchmarks/provenance.py index     # write benchmarks/results/README.md
    python benchmarks/provenance.py check     # every file has its entry, every cited file exists

`add` is run right after a run saves its file: it records the commit checked out then
(and says so when the tree had changes not committed), today's date and this machine.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
MANIFEST = RESULTS / "manifest.json"
INDEX = RESULTS / "README.md"
OWN_FILES = {MANIFEST.name, INDEX.name}
FIELDS = ("file", "what", "command", "command_from", "made", "commit", "machine")
# a path under benchmarks/results/ as the docs write it (in backquotes or in a command)
CITED = re.compile(r"benchmarks/results/([A-Za-z0-9_./-]+\.(?:jsonl|json|txt|html|csv)(?:\.gz)?)")
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def load() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(MANIFEST.read_text(encoding="utf-8"))
    return entries


def save(entries: list[dict[str, Any]]) -> None:
    entries.sort(key=lambda e: str(e["file"]))
    MANIFEST.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")


def kept_files() -> list[str]:
    return sorted(p.relative_to(RESULTS).as_posix() for p in RESULTS.rglob("*")
                  if p.is_file() and p.name not in OWN_FILES)


def this_machine() -> str:
    load1 = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.machine()} {platform.system()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, load {load1:.1f} when recorded")


def this_commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD")
    return commit + (" (with changes not committed)" if git("status", "--porcelain") else "")


def problems() -> list[str]:
    """What the manifest and the files disagree on, and docs citing a file not kept."""
    found: list[str] = []
    entries = load()
    listed = [e["file"] for e in entries]
    kept = kept_files()
    found += [f"{f}: kept but not in the manifest" for f in kept if f not in listed]
    found += [f"{f}: in the manifest but not kept" for f in listed if f not in kept]
    found += [f"{f}: twice in the manifest" for f in sorted(set(listed)) if listed.count(f) > 1]
    for e in entries:
        missing = [k for k in FIELDS if not str(e.get(k, "")).strip()]
        if missing:
            found.append(f"{e.get('file')}: no {', '.join(missing)}")
    for doc in DOCS:
        for cited in CITED.findall(doc.read_text(encoding="utf-8")):
            if cited not in kept:
                found.append(f"{doc.relative_to(ROOT)} cites benchmarks/results/{cited}, "
                             "which is not kept")
    if INDEX.exists() and INDEX.read_text(encoding="utf-8") != index_text(entries):
        found.append("benchmarks/results/README.md is not the manifest's index: run "
                     "python benchmarks/provenance.py index")
    return found


def index_text(entries: list[dict[str, Any]]) -> str:
    lines = [
        "# Saved results",
        "",
        "Raw runs behind the figures in the README and docs/. Written from `manifest.json`",
        "by `python benchmarks/provenance.py index`; a new file is recorded with",
        "`python benchmarks/provenance.py add FILE --what ... -- COMMAND` right after its run.",
        "\"made\" is the date and commit the file was first committed at (for files saved",
        "before the manifest existed, found in git's history), \"command from\" where the",
        "command was read. The card-set history the balance rounds used is in",
        "[docs/card-sets/](../../docs/card-sets/).",
        "",
        "| file | what | command | made | machine |",
        "|---|---|---|---|---|",
    ]
    for e in sorted(entries, key=lambda e: str(e["file"])):
        cell = [str(e[k]).replace("|", "\\|") for k in ("file", "what", "command")]
        lines.append(f"| `{cell[0]}` | {cell[1]} | `{cell[2]}` (from {e['command_from']}) "
                     f"| {e['made']}, {e['commit']} | {e['machine']} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="verb", required=True)
    add = sub.add_parser("add", help="record where a saved file comes from")
    add.add_argument("file", help="the file under benchmarks/results/")
    add.add_argument("--what", required=True, help="what the file holds, in a sentence")
    add.add_argument("command", nargs=argparse.REMAINDER,
                     help="after --: the command that made it, as run")
    sub.add_parser("index", help="write benchmarks/results/README.md from the manifest")
    sub.add_parser("check", help="list what the manifest, the files and the docs disagree on")
    args = ap.parse_args()
    if args.verb == "add":
        path = Path(args.file).resolve()
        if not path.is_file() or RESULTS not in path.parents:
            ap.error(f"{args.file}: not a file under benchmarks/results/")
        command = [c for c in args.command if c != "--"]
        if not command:
            ap.error("give the command that made the file after --")
        rel = path.relative_to(RESULTS).as_posix()
        entries = [e for e in load() if e["file"] != rel]
        entries.append({"file": rel, "what": args.what, "command": shlex.join(command),
                        "command_from": "recorded with the run",
                        "made": dt.datetime.now(dt.UTC).date().isoformat(),
                        "commit": this_commit(), "machine": this_machine()})
        save(entries)
        INDEX.write_text(index_text(entries), encoding="utf-8")
        return 0
    if args.verb == "index":
        INDEX.write_text(index_text(load()), encoding="utf-8")
        return 0
    found = problems()
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
