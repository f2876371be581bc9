"""`python -m cardtable.cli ...` runs the `cardtable` command."""

import sys

from cardtable.cli.main import main

sys.exit(main())
