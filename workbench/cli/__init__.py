"""The command line: ``puzzle-workbench [FILE] | COMMAND ...`` (also ``pwb``, ``python -m workbench``).

This module dispatches: the command table (``commands``) names the module of this package that parses
and prints each command (``app``, without a command: the window), over the libraries below it (batch,
contest, the solvers, the puzzles, core). Everything is Qt-free except the
app and render, which import Qt when they run. User mistakes (bad files, illegal moves, unknown names)
print one clear line and exit 1; they never print a traceback.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from workbench.core.errors import UsageError, WorkbenchError, readable
from workbench.core.registry import add_puzzle_path, when_loaded
from workbench.core.words import translate

from . import language
from .commands import COMMANDS, handler


def _puzzle_paths(argv: list[str]) -> list[str]:
    """Take every ``--puzzle-path DIR`` out of ``argv`` (it may stand anywhere) and look for puzzles there."""
    rest, paths = [], []
    words = iter(argv)
    for word in words:
        if word == "--puzzle-path":
            paths.append(next(words, ""))
        elif word.startswith("--puzzle-path="):
            paths.append(word.split("=", 1)[1])
        else:
            rest.append(word)
    for path in paths:
        if not path or not Path(path).is_dir():
            raise UsageError(f"--puzzle-path {path}: no such folder")
        add_puzzle_path(path)
    return rest


def _warn_plugin_problems(problems) -> None:
    """A command that looks for puzzles says which puzzle packages did not load (a mistake in one is
    never silent); one that needs none (a contest's batch) does not import them to say so."""
    for problem in problems:
        print(f"warning: {readable(str(problem))}", file=sys.stderr)


def _terminate_as_interrupt():
    """SIGTERM ends a command the way Ctrl+C does, through its finally blocks (so a contest's gen or
    vis it started is killed with it), instead of at once. Returns the handler it replaced."""

    def terminate(signum, frame):
        raise SystemExit(128 + signum)

    try:
        return signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread (a test driving main() from a thread)
        return None


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None and "_ARGCOMPLETE" in os.environ:  # a Tab pressed in bash or zsh
        from .completion import complete

        return complete(main, COMMANDS)
    argv = list(sys.argv[1:] if argv is None else argv)
    if language.wanted() != "en":  # the user's language (the locale, or PUZZLE_WORKBENCH_LANG)
        language.speak()
    before = _terminate_as_interrupt() if argv[:1] and argv[0] in COMMANDS else None
    try:
        return _run(argv)
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


def _run(argv: list[str]) -> int:
    try:
        argv = _puzzle_paths(argv)
    except UsageError as error:
        print(translate("Cli", "error: {0}").format(error), file=sys.stderr)
        return 1
    command = argv[0] if argv and argv[0] in COMMANDS else None
    when_loaded(_warn_plugin_problems)
    try:
        if command is None:
            from .app import cmd_gui

            return cmd_gui(argv)
        status = handler(command)(argv[1:])
        _flush_real_stdout()  # a full disk behind '> file' must fail here, not exit 0
        return status
    except BrokenPipeError:
        # The reader closed our stdout (`list | head`): stop quietly, as other tools do.
        _detach_stdout()
        return 141
    except (UsageError, WorkbenchError) as error:
        print(translate("Cli", "error: {0}").format(readable(str(error))), file=sys.stderr)
        return 1
    except OSError as error:
        if error.filename is None and error.errno in _OUTPUT_ERRNOS:  # stdout behind '> file'
            _detach_stdout()
            print(
                translate("Cli", "error: cannot write to standard output: {0}").format(error.strerror or error),
                file=sys.stderr,
            )
        else:
            where = f" ({error.filename})" if error.filename else ""
            print(
                translate("Cli", "error: {0}").format(readable(error.strerror or str(error))) + where, file=sys.stderr
            )
        return 1
    except KeyboardInterrupt:
        return 130


_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def _flush_real_stdout() -> None:
    """Flush stdout when it is a real file or pipe (a stand-in a test or host installed is left alone)."""
    try:
        sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    sys.stdout.flush()


def _detach_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
