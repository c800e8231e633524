"""The app, from the command line: ``puzzle-workbench [FILE] [--puzzle ID]`` (a contest's folder opens its window)."""

from __future__ import annotations

import argparse
import shutil
import textwrap
from collections.abc import Sequence

from workbench.core.limits import positive_seconds
from workbench.core.registry import PATH_VARIABLE
from workbench.core.version import project_version

from .commands import listing
from .common import puzzle_named


# ------------------------------------------------------------------ gui
def cmd_gui(argv: Sequence[str]) -> int:
    about = (
        "Puzzle Workbench: without a command, the app; 'puzzle-workbench COMMAND --help' explains a "
        f"command. Any command takes --puzzle-path DIR (repeatable; or {PATH_VARIABLE}) to load puzzle "
        "plugins from a folder."
    )
    width = min(100, shutil.get_terminal_size().columns - 2)
    parser = argparse.ArgumentParser(  # raw: the commands' listing keeps its lines
        prog="puzzle-workbench",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=textwrap.fill(about, width),
        epilog="commands:\n" + listing(),
    )
    parser.add_argument(
        "file",
        nargs="?",
        help="an input or answer file to open, or a contest's folder or contest.toml (see 'puzzle-workbench contest')",
    )
    parser.add_argument("--puzzle", help="the puzzle of FILE when it cannot be detected")
    parser.add_argument("--version", action="version", version=f"puzzle-workbench {project_version()}")
    parser.add_argument(
        "--quit-after",
        type=positive_seconds,
        metavar="SECONDS",
        help="close the window after SECONDS and print its title (checks that an install opens the app)",
    )
    args = parser.parse_args(argv)
    if args.puzzle:
        puzzle_named(args.puzzle)
    from workbench.contest.known import contest_file

    found = contest_file(args.file) if args.file and not args.puzzle else None
    if found is not None:
        from workbench.contest.config import load

        load(found)  # a broken contest file is one line here, before any window opens
        from workbench.gui.app import run_app

        return run_app(contest=str(found), quit_after=args.quit_after)
    from workbench.gui.app import run_app

    return run_app(args.file, args.puzzle, quit_after=args.quit_after)
