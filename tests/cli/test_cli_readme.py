"""docs/cli.md documents the command as it is: every flag it names exists."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cardtable.cli.main import build_parser

README = Path(__file__).resolve().parents[2] / "docs/cli.md"


def all_flags(parser: Any = None) -> set[str]:
    """Every flag of the command and of its subcommands, nested ones too
    (`cardtable puzzles make`)."""
    parser = parser or build_parser()
    flags = set(parser._option_string_actions)
    for action in parser._subparsers._group_actions if parser._subparsers else []:
        for sub in getattr(action, "choices", {}).values():
            flags |= all_flags(sub)
    return flags


def test_every_documented_flag_exists() -> None:
    text = README.read_text(encoding="utf-8")
    documented = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
    assert {"--vs", "--seat", "--json", "--step", "--seconds", "--option"} <= documented
    assert documented - all_flags() == set()


def test_every_flag_is_documented() -> None:
    text = README.read_text(encoding="utf-8")
    missing = {flag for flag in all_flags() if flag.startswith("--") and flag not in text}
    assert missing == set()
