"""The command table: every ``puzzle-workbench`` command once, with what runs it and a summary.

One row per command (pip's ``commands/__init__.py`` is the model): the top level's ``--help``
lists the rows, dispatch and Tab completion read them, and a command's module is imported only
when that command runs (``handler``), so a simple command pays for no other. This module imports
nothing heavy: ``--help`` and every command read it first.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Sequence
from typing import NamedTuple

from workbench.core.words import QT_TRANSLATE_NOOP, translate


class Command(NamedTuple):
    target: str  # "module:function" of the function that runs it, as an entry point names one
    summary: str


# The order is --help's.
COMMANDS: dict[str, Command] = {
    "gen": Command("workbench.cli.puzzles:cmd_gen", QT_TRANSLATE_NOOP("Commands", "write a contest input for a seed")),
    "score": Command(
        "workbench.cli.puzzles:cmd_score",
        QT_TRANSLATE_NOOP("Commands", "check an answer with the engine and print its score"),
    ),
    "solve": Command(
        "workbench.cli.solve:cmd_solve", QT_TRANSLATE_NOOP("Commands", "answer inputs with a built-in solver")
    ),
    "agent": Command(
        "workbench.cli.solve:cmd_agent",
        QT_TRANSLATE_NOOP("Commands", "answer the contest's stdin protocol, as a tester runs a program"),
    ),
    "list": Command("workbench.cli.puzzles:cmd_list", QT_TRANSLATE_NOOP("Commands", "the puzzles and their solvers")),
    "render": Command(
        "workbench.cli.render:cmd_render",
        QT_TRANSLATE_NOOP("Commands", "draw a board or a replay to .png, .gif or .mp4"),
    ),
    "batch": Command(
        "workbench.cli.batch:cmd_batch",
        QT_TRANSLATE_NOOP(
            "Commands", "run a solver or your program over many cases; compare, show, rerun, noise, tune"
        ),
    ),
    "runs": Command(
        "workbench.cli.runs:cmd_runs",
        QT_TRANSLATE_NOOP("Commands", "the run database: list, standings, comment, import"),
    ),
    "contest": Command(
        "workbench.cli.contest:cmd_contest",
        QT_TRANSLATE_NOOP("Commands", "a contest from its official tools: init, list, show, forget, open"),
    ),
    "new-puzzle": Command(
        "workbench.cli.new_puzzle:cmd_new_puzzle",
        QT_TRANSLATE_NOOP("Commands", "write a new puzzle package to fill in"),
    ),
    "warm-up": Command(
        "workbench.cli.warm_up:cmd_warm_up",
        QT_TRANSLATE_NOOP("Commands", "compile solver kernels ahead, so first solves start at once"),
    ),
    "completion": Command(
        "workbench.cli.completion:cmd_completion",
        QT_TRANSLATE_NOOP("Commands", "print the shell code for Tab completion"),
    ),
    "install-desktop": Command(
        "workbench.cli.desktop:cmd_install_desktop", QT_TRANSLATE_NOOP("Commands", "put the app in the desktop's menu")
    ),
}


def handler(name: str) -> Callable[[Sequence[str]], int]:
    """The function that runs command ``name``, its module imported now."""
    return pkgutil.resolve_name(COMMANDS[name].target)


def listing() -> str:
    """The commands and their summaries, one a line, as ``--help`` shows them."""
    width = max(map(len, COMMANDS))
    return "\n".join(
        f"  {name:<{width}}  {translate('Commands', command.summary)}" for name, command in COMMANDS.items()
    )
