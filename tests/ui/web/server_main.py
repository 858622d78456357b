"""`deadtable serve` with the web tests' games registered, for browser tests in a subprocess.

    python -m tests.ui.web.server_main --port P --db FILE
"""

from __future__ import annotations

import sys

from deadtable import registry
from deadtable.ui.cli import main
from tests.ui.web.games import TEST_GAMES

if __name__ == "__main__":
    registry._MODULES.clear()
    registry._MODULES.update(TEST_GAMES)
    sys.argv = ["deadtable", "serve", *sys.argv[1:]]
    main()
