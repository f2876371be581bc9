"""Random-playout speed of a game: `python benchmarks/bench.py thalara [--seconds 10]`.

The same as `cardtable bench`; the measuring code is `cardtable.bench`.
"""

from __future__ import annotations

import sys

from cardtable.cli.main import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
