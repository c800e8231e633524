"""Puzzle Workbench: ``python main.py --help``."""

import sys

from workbench.cli import main

if __name__ == "__main__":
    sys.exit(main())
