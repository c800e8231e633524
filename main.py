"""Puzzle Workbench from a checkout (``make run`` starts the app with it): ``python main.py --help``.

Installed, the same commands are ``puzzle-workbench`` and ``pwb`` (pyproject's console scripts)."""

import sys

from workbench.cli import main

if __name__ == "__main__":
    sys.exit(main())
