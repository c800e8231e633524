"""``python -m workbench``: the same commands as ``puzzle-workbench``."""

import sys

from workbench.cli import main

sys.exit(main())
