"""Puzzle Workbench from a checkout (``make run`` starts the app with it): ``python main.py --help``.

Installed, the same commands are ``puzzle-workbench`` and ``pwb`` (pyproject's console scripts)."""

import sys

if __name__ == "__main__":
    # Imported here, not above: a batch's spawned workers import this file again (as __mp_main__)
    # and need none of the command line.
    from workbench.cli import main

    sys.exit(main())
