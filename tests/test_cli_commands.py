"""The command table (workbench/cli/commands.py): one row per command, listed by --help, each
command's module imported only when it runs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.cli.commands import COMMANDS, handler

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_row_names_the_function_that_runs_it(name):
    target = COMMANDS[name].target
    module, function = target.split(":")
    assert module.startswith("workbench.cli.") and function.startswith("cmd_")
    assert handler(name).__module__ == module and handler(name).__name__ == function


def test_help_lists_every_command_with_its_summary(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    listing = out[out.index("commands:\n") :].splitlines()[1:]
    assert [line.split()[0] for line in listing] == list(COMMANDS)
    assert (
        "  batch            run a solver or your program over many cases; compare, show, rerun, noise, tune" in listing
    )
    assert "  install-desktop  put the app in the desktop's menu" in listing


def test_a_command_imports_its_own_module_and_no_other_command_s():
    """``list`` runs with the command table and its own module: no batch, runs, contest, solve or tune
    module is imported for it (a simple command's start-up does not grow with the table)."""
    code = (
        "import sys; from workbench.cli import main; main(['list']); "
        "print(sorted(m for m in sys.modules if m.startswith('workbench.cli.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    # (cli.language: which language the messages are in, read from the environment; it loads no catalog
    # for English)
    assert done.stdout.splitlines()[-1] == (
        "['workbench.cli.commands', 'workbench.cli.common', 'workbench.cli.language', 'workbench.cli.puzzles']"
    )


def test_an_unknown_word_is_not_a_command_but_the_app_s_file(capsys):
    """Only the table's names dispatch: anything else is the app's FILE (here refused before any window)."""
    assert "gen" in COMMANDS and "generate" not in COMMANDS
    assert main(["generate", "--puzzle", "no-such-puzzle"]) == 1
    assert capsys.readouterr().err.startswith("error: unknown puzzle 'no-such-puzzle' (known: ")
