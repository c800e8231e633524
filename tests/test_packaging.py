"""Installed as a package: the packages pyproject names, the console scripts, --version,
``python -m workbench``, the sample board as package data, the warm-up command and the app's
``--quit-after``. The wheel itself, installed and run from an empty folder, is
tests/test_wheel_install.py (run by .ci/wheel_check)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.core.registry import puzzles

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())


def test_pyproject_names_every_package_of_the_checkout():
    tracked = subprocess.run(
        ["git", "ls-files", "workbench", "solvers"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    folders = {".".join(Path(name).parent.parts) for name in tracked}
    assert sorted(PYPROJECT["tool"]["setuptools"]["packages"]) == sorted(folders | {"workbench.assets"})
    assert PYPROJECT["tool"]["setuptools"]["package-dir"] == {"workbench.assets": "assets"}


def test_both_console_scripts_run_the_command_line():
    assert PYPROJECT["project"]["scripts"] == {"puzzle-workbench": "workbench.cli:main", "pwb": "workbench.cli:main"}
    for script in ("puzzle-workbench", "pwb"):
        done = subprocess.run([Path(sys.executable).with_name(script), "--version"], capture_output=True, text=True)
        assert done.stdout == f"puzzle-workbench {PYPROJECT['project']['version']}\n"


def test_version_prints_the_installed_package_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"puzzle-workbench {version('puzzle-workbench')}\n"
    assert version("puzzle-workbench") == PYPROJECT["project"]["version"]


def test_python_m_workbench_is_the_command_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "workbench", "list"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert [line.split(":")[0] for line in done.stdout.splitlines() if not line.startswith(" ")] == list(puzzles())


def test_the_sample_board_is_package_data():
    from importlib.resources import files

    from workbench.gui.app import DEFAULT_BOARD

    assert Path(str(files("workbench.assets") / "default_board.txt")) == DEFAULT_BOARD
    assert DEFAULT_BOARD.read_text() == (REPO / "assets" / "default_board.txt").read_text()


def test_warm_up_is_a_command(capsys):
    assert main(["warm-up", "comesolo"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith(" done")
    with pytest.raises(SystemExit) as refused:
        main(["warm-up", "lights-off"])
    assert refused.value.code == 2
    assert "puzzle-workbench warm-up: error: unknown puzzle 'lights-off'" in capsys.readouterr().err


def test_quit_after_closes_the_app_on_the_sample_board_and_says_so(tmp_path):
    env = {
        **os.environ,
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "QT_QPA_PLATFORM": "offscreen",
    }
    done = subprocess.run(
        [sys.executable, REPO / "main.py", "--quit-after", "0.5"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "sample board — Comesolo (8-direction peg solitaire) — Puzzle Workbench"
