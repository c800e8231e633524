"""The wheel, installed into a new virtualenv outside the checkout and run from an empty folder:
what a contestant gets from ``pip install`` or ``pipx install``.

The wheel is built from a copy of the files git would commit (tracked, and new files not
ignored), as pip builds a git URL; the commands run with a home, config, cache and data folder of
their own, no PYTHONPATH and nothing from the checkout. Slow (a virtualenv with PySide6, numba and
the rest, kernels compiled afresh), so ``make test`` skips it: ``.ci/wheel_check`` runs it after
the suite (``pytest --wheel tests/test_wheel_install.py``).
"""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from workbench.core.registry import puzzles

pytestmark = pytest.mark.wheel

REPO = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
PACKAGED = {"workbench": "workbench", "solvers": "solvers", "assets": "workbench/assets"}  # checkout -> wheel

# A contest's tools as AtCoder ships them, in Python: gen writes in/NNNN.txt per line of seeds.txt,
# vis prints "Score = N". The problem: print the sum of the input's numbers (1000 when exact).
GEN = """#!/usr/bin/env python3
import random, sys
from pathlib import Path
Path("in").mkdir(exist_ok=True)
for line, seed in enumerate(Path(sys.argv[1]).read_text().split()):
    numbers = random.Random(int(seed)).choices(range(100), k=5)
    Path(f"in/{line:04d}.txt").write_text(" ".join(map(str, numbers)) + "\\n")
"""
VIS = """#!/usr/bin/env python3
import sys
numbers = [int(w) for w in open(sys.argv[1]).read().split()]
answer = open(sys.argv[2]).read().split()
print(f"Score = {max(1, 1000 - abs(sum(numbers) - int(answer[0])))}" if answer else "Score = 0")
"""
PROGRAM = "import sys\nprint(sum(int(w) for w in sys.stdin.read().split()))\n"


@dataclass
class Install:
    wheel: Path
    venv: Path
    empty: Path  # the folder the commands run in
    env: dict

    @property
    def site_packages(self) -> Path:
        return next((self.venv / "lib").glob("python3*/site-packages"))

    def run(self, *args, check: bool = True, **kwargs) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [str(a) for a in args],
            cwd=kwargs.pop("cwd", self.empty),
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
            **kwargs,
        )
        if check:
            assert done.returncode == 0, f"{args}: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        return done


def committable_copy(target: Path) -> Path:
    """The files git would commit (tracked ones as they are now, and new ones not ignored)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")
    for name in filter(None, listed):
        if (REPO / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, target / name)
    return target


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Install:
    root = tmp_path_factory.mktemp("wheel-install")
    assert not root.resolve().is_relative_to(REPO)
    source = committable_copy(root / "source")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", root / "dist", source],
        check=True,
        timeout=600,
    )
    (wheel,) = (root / "dist").glob("puzzle_workbench-*.whl")
    subprocess.run([sys.executable, "-m", "venv", root / "venv"], check=True, timeout=300)
    subprocess.run([root / "venv/bin/python", "-m", "pip", "install", "--quiet", wheel], check=True, timeout=1800)
    home = root / "home"
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "NUMBA_CACHE_DIR", "PUZZLE_WORKBENCH_PATH", "PUZZLE_WORKBENCH_HOME", "VIRTUAL_ENV")
    }
    env.update(
        PATH=f"{root / 'venv/bin'}{os.pathsep}{env.get('PATH', '')}",
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_DATA_HOME=str(home / ".local/share"),
        QT_QPA_PLATFORM="offscreen",
    )
    (root / "empty").mkdir()
    home.mkdir()
    return Install(wheel, root / "venv", root / "empty", env)


def test_the_wheel_holds_every_file_of_the_packages_and_the_assets(installed):
    source = installed.wheel.parents[1] / "source"
    expected = {
        f"{PACKAGED[path.relative_to(source).parts[0]]}/{'/'.join(path.relative_to(source).parts[1:])}"
        for top in PACKAGED
        for path in (source / top).rglob("*")
        if path.is_file()
    }
    with zipfile.ZipFile(installed.wheel) as wheel:
        names = {n for n in wheel.namelist() if ".dist-info/" not in n}
        entry_points = wheel.read(f"puzzle_workbench-{VERSION}.dist-info/entry_points.txt").decode()
    assert names == expected
    assert "workbench/assets/default_board.txt" in names and "workbench/scaffold/template/solvers.py.txt" in names
    assert "puzzle-workbench = workbench.cli:main" in entry_points and "pwb = workbench.cli:main" in entry_points


def test_every_way_in_prints_the_version(installed):
    for command in (["puzzle-workbench"], ["pwb"], ["python", "-m", "workbench"]):
        assert installed.run(*command, "--version").stdout == f"puzzle-workbench {VERSION}\n"


def test_list_names_every_puzzle(installed):
    listed = installed.run("puzzle-workbench", "list").stdout
    assert [line.split(":")[0] for line in listed.splitlines() if not line.startswith(" ")] == list(puzzles())


def test_gen_solve_and_score_give_the_checkouts_answer(installed, tmp_path):
    installed.run("puzzle-workbench", "gen", "comesolo", "7", "-o", "case.txt")
    solved = installed.run(
        "puzzle-workbench", "solve", "comesolo", "case.txt", "--nodes", "400", "--seed", "3", "-o", "case.out"
    )
    scored = installed.run("puzzle-workbench", "score", "comesolo", "case.txt", "case.out")
    assert scored.stdout.splitlines()[-1] == solved.stderr.splitlines()[-1]
    # The same seed and node budget in the checkout: the same answer, byte for byte.
    subprocess.run(
        [
            sys.executable,
            REPO / "main.py",
            "solve",
            "comesolo",
            installed.empty / "case.txt",
            "--nodes",
            "400",
            "--seed",
            "3",
            "-o",
            tmp_path / "checkout.out",
        ],
        check=True,
        capture_output=True,
    )
    assert (installed.empty / "case.out").read_text() == (tmp_path / "checkout.out").read_text()
    installed.run("puzzle-workbench", "render", "comesolo", "case.txt", "case.out", "-o", "end.png")
    assert (installed.empty / "end.png").read_bytes().startswith(b"\x89PNG")


def test_a_batch_over_two_seeds(installed):
    installed.run(
        "puzzle-workbench", "batch", "comesolo", "--seeds", "1-2", "--nodes", "300", "--jobs", "2", "--out", "runs/two"
    )
    with open(installed.empty / "runs/two/results.csv") as stream:
        rows = list(csv.DictReader(stream))
    assert [(row["seed"], row["verdict"]) for row in rows] == [("1", "OK"), ("2", "OK")]


def test_contest_init_on_a_tools_folder_then_a_batch_of_the_contest(installed):
    contest = installed.empty / "toy050"
    tools = contest / "tools"
    for name, text in (("gen", GEN), ("vis", VIS)):
        (tools / "target/release").mkdir(parents=True, exist_ok=True)
        (tools / "target/release" / name).write_text(text)
        (tools / "target/release" / name).chmod(0o755)
    (tools / "seeds.txt").write_text("0\n1\n2\n")
    installed.run(tools / "target/release/gen", "seeds.txt", cwd=tools)
    (contest / "main.py").write_text(PROGRAM)
    installed.run("puzzle-workbench", "contest", "init", ".", cwd=contest)
    assert (contest / "contest.toml").is_file()
    assert "toy050" in installed.run("puzzle-workbench", "contest", "list").stdout
    done = installed.run(
        "puzzle-workbench", "batch", "toy050", "--seeds", "0-1", "--cmd", "python main.py", cwd=contest
    )
    assert done.stdout.splitlines()[-1] == "1000"  # the mean score: both answers exact, as vis scored them


def test_new_puzzle_writes_a_package_that_works_from_the_install(installed):
    installed.run("puzzle-workbench", "new-puzzle", "lights-out", "--dir", "plugins")
    board = installed.run("puzzle-workbench", "--puzzle-path", "plugins", "gen", "lights-out", "1").stdout
    assert board.strip()


def test_the_app_opens_on_its_bundled_board(installed):
    shown = installed.run("puzzle-workbench", "--quit-after", "1").stdout
    assert shown.splitlines()[-1].startswith("sample board — ")
    board = installed.run("python", "-c", "from workbench.gui.app import DEFAULT_BOARD; print(DEFAULT_BOARD)")
    assert Path(board.stdout.strip()).is_relative_to(installed.site_packages)


def test_the_warm_up_command_compiles_into_the_installed_package(installed):
    done = installed.run("puzzle-workbench", "warm-up", "ahc015")
    assert done.stdout.splitlines()[-1].endswith(" done")
    assert list((installed.site_packages / "solvers/ahc015").rglob("*.nbi"))  # a writable install: beside it


def test_a_read_only_install_caches_kernels_in_the_users_cache_folder(installed):
    packages = [installed.site_packages / name for name in ("workbench", "solvers")]
    made = [
        subprocess.run(["chattr", "-R", "+i", p], capture_output=True).returncode == 0
        if shutil.which("chattr")
        else False
        for p in packages
    ]
    try:
        if not all(made):
            pytest.skip("chattr +i is not available here")
        installed.run("puzzle-workbench", "gen", "ahc015", "4", "-o", "candy.txt")
        installed.run("puzzle-workbench", "solve", "ahc015", "candy.txt", "--nodes", "200", "-o", "candy.out")
    finally:
        for path in packages:
            subprocess.run(["chattr", "-R", "-i", path], capture_output=True)
    cache = Path(installed.env["XDG_CACHE_HOME"]) / "puzzle-workbench" / "numba"
    assert list(cache.rglob("*.nbi"))


def test_bash_completes_from_the_installed_command(installed):
    script = installed.run("puzzle-workbench", "completion", "bash").stdout
    (installed.empty / "completion.bash").write_text(script)
    probe = (
        'source completion.bash; COMP_WORDS=(pwb gen co); COMP_CWORD=2; COMP_LINE="pwb gen co"; '
        'COMP_POINT=${#COMP_LINE}; _python_argcomplete pwb; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    assert installed.run("bash", "-c", probe).stdout.split() == ["codevs", "comesolo"]


def test_install_desktop_points_the_menu_entry_at_this_install(installed):
    installed.run("puzzle-workbench", "install-desktop")
    data = Path(installed.env["XDG_DATA_HOME"])
    entry = (data / "applications/puzzle-workbench.desktop").read_text()
    assert f"Exec={installed.venv / 'bin/puzzle-workbench'} %f\n" in entry
    assert (data / "icons/hicolor/48x48/apps/puzzle-workbench.png").is_file()
    assert (data / "icons/hicolor/scalable/apps/puzzle-workbench.svg").is_file()
