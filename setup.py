"""Build hook: compile the rules core with mypyc when it can, else stay pure Python.

`pip install .` and `python -m build` compile the modules in COMPILED with mypyc into C
extensions when mypyc and a working C compiler (with the Python headers) are both there.
Without them, or with CARDTABLE_PURE=1 in the environment, the package is the pure
Python source and one line on stderr says so. An editable install (`pip install -e .`)
always stays pure Python: development and CI's main suite run the source as it is.

The compiled modules behave exactly as the source (tests/builds/test_builds_agree.py
plays both builds side by side); `cardtable --version` says which build is running.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup  # also puts distutils in place on Python 3.12+

HERE = Path(__file__).resolve().parent
SRC = HERE / "src" / "cardtable"

# The rules core and the search: what a random playout, an ISMCTS iteration and the
# server's handling of one action spend their time in. Every other module stays Python
# and calls into these: the faces (cli, server, web, rl), arena and analysis, which
# spend their time elsewhere, and these, for the reasons given:
KEPT_PURE: dict[str, str] = {
    "src/cardtable/agents/random_agent.py": "not on a measured path; tests replace its "
                                            "choose(), which a compiled class refuses",
    "src/cardtable/agents/greedy.py": "not on the search's path (ISMCTS rolls out with the "
                                      "games' heuristics, which are compiled)",
    "src/cardtable/agents/registry.py": "looks agents up by name, once a game",
}
COMPILED_PACKAGES = ["engine", "thalara", "vale"]     # every module but __init__.py
COMPILED_MODULES = ["agents/base.py", "agents/ismcts.py"]


def compiled_sources() -> list[str]:
    files: list[str] = []
    for package in COMPILED_PACKAGES:
        for path in sorted((SRC / package).glob("*.py")):
            if path.name != "__init__.py":
                files.append(path.relative_to(HERE).as_posix())
    files += [f"src/cardtable/{name}" for name in COMPILED_MODULES]
    return [f for f in files if f not in KEPT_PURE]


def notice(text: str) -> None:
    print(f"cardtable: {text}", file=sys.stderr)


def wants_pure() -> str | None:
    """Why this build stays pure Python, or None to compile."""
    # setuptools' PEP 660 hook runs `setup.py editable_wheel`; the legacy path `develop`.
    if any(command in sys.argv for command in ("editable_wheel", "develop")):
        return "an editable install runs the source"
    # Only commands that build a wheel or extensions compile; `sdist`, `egg_info` and
    # the metadata hooks need nothing compiled (and say nothing: one notice a build).
    if not any(command in sys.argv for command in ("bdist_wheel", "build_ext", "build",
                                                   "install", "bdist")):
        return ""
    if os.environ.get("CARDTABLE_PURE", "").strip() not in ("", "0"):
        return "CARDTABLE_PURE is set"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    problem = compiler_problem()
    if problem:
        return problem
    return None


def compiler_problem() -> str | None:
    """None when a C compiler can build against this Python's headers, else why not."""
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler

    try:
        compiler = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as folder:
            source = Path(folder) / "probe.c"
            source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
            compiler.compile([str(source)], output_dir=folder,
                             include_dirs=[sysconfig.get_paths()["include"]])
    except (CCompilerError, DistutilsError, OSError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"no working C compiler ({first})"
    return None


def extensions() -> list[object]:
    reason = wants_pure()
    if reason is not None:
        if reason:
            notice(f"building pure Python ({reason})")
        return []
    from mypyc.build import mypycify

    notice("compiling the rules core with mypyc (CARDTABLE_PURE=1 to skip)")
    return list(mypycify(compiled_sources(), opt_level="3", debug_level="0"))


setup(ext_modules=extensions())
