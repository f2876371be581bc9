"""`python -m cardtable.server`: the same as `cardtable serve`."""

import sys

from cardtable.server.serve_cmd import main

sys.exit(main())
