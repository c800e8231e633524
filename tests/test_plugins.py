"""Puzzles from outside the tree: a folder (--puzzle-path / PUZZLE_WORKBENCH_PATH), an installed entry
point, and the package `main.py new-puzzle` writes, which works at once everywhere. A broken plugin is
named with its error and line, never skipped in silence."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def run(*args, env=None, cwd=None):
    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), *map(str, args)],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        cwd=cwd or REPO,
        timeout=600,
    )


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory) -> Path:
    """A folder of plugins holding what `new-puzzle lights-out` writes."""
    folder = tmp_path_factory.mktemp("plugins")
    done = run("new-puzzle", "lights-out", "--dir", folder)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(folder / "lights_out")
    return folder


def test_a_new_puzzle_works_at_once_on_the_command_line(scaffold, tmp_path):
    path = ["--puzzle-path", scaffold]
    listed = run(*path, "list")
    assert listed.returncode == 0 and f"lights-out: Lights out  [{scaffold / 'lights_out'}]" in listed.stdout
    assert "greedy (default)" in listed.stdout
    case, answer = tmp_path / "case.txt", tmp_path / "answer.txt"
    assert run(*path, "gen", "lights-out", "4", "--size", "5", "-o", case).returncode == 0
    assert case.read_text().startswith("5 5\n")
    solved = run(*path, "solve", "lights-out", case, "--nodes", "100", "-o", answer)
    assert solved.returncode == 0, solved.stderr
    scored = run(*path, "score", "lights-out", case, answer)
    assert scored.returncode == 0 and scored.stdout.splitlines()[-1] == solved.stderr.splitlines()[-1]
    batch = run(
        *path,
        "batch",
        "lights-out",
        "--seeds",
        "0-3",
        "--nodes",
        "100",
        "--jobs",
        "2",
        "--out",
        tmp_path / "run",
        "--best",
        tmp_path / "best.csv",
    )
    assert batch.returncode == 0, batch.stderr
    assert (tmp_path / "run" / "results.csv").read_text().count(",OK,") == 4  # the workers loaded it too
    picture = run(*path, "render", "lights-out", case, answer, "-o", tmp_path / "end.png")
    assert picture.returncode == 0 and (tmp_path / "end.png").read_bytes()[:4] == b"\x89PNG"
    # The environment variable works as the option does.
    assert "lights-out" in run("list", env={"PUZZLE_WORKBENCH_PATH": str(scaffold)}).stdout


def test_a_new_puzzle_passes_the_conformance_kit(scaffold):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "--puzzle-path",
            str(scaffold),
            str(REPO / "tests" / "test_every_puzzle.py"),
            "-k",
            "lights",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=900,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout.splitlines()[-1] and "failed" not in done.stdout.splitlines()[-1]


def test_new_puzzle_refuses_bad_names_and_existing_puzzles(scaffold, tmp_path):
    assert "is not a puzzle id" in run("new-puzzle", "Bad Name", "--dir", tmp_path).stderr
    assert "there is a puzzle 'comesolo' already" in run("new-puzzle", "comesolo", "--dir", tmp_path).stderr
    again = run("new-puzzle", "lights-out", "--dir", scaffold)
    assert again.returncode == 1 and "exists: choose another name or --dir" in again.stderr


def write_plugin(folder: Path, name: str, init: str, solvers: str | None = None) -> Path:
    package = folder / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(init))
    if solvers is not None:
        (package / "solvers.py").write_text(textwrap.dedent(solvers))
    return package


def test_a_broken_plugin_is_named_with_its_error_and_line(scaffold, tmp_path):
    broken = write_plugin(
        tmp_path,
        "broken",
        """
        from workbench.core.puzzle import Puzzle
        import a_module_that_is_not_there
    """,
    )
    write_plugin(tmp_path, "empty", "VALUE = 1\n")
    listed = run("--puzzle-path", tmp_path, "list")
    assert listed.returncode == 1
    assert (
        f"warning: puzzle plugin {broken} did not load: ModuleNotFoundError: No module named "
        f"'a_module_that_is_not_there' ({broken / '__init__.py'}, line 3)"
    ) in listed.stderr
    assert f"warning: puzzle plugin {tmp_path / 'empty'} did not load: the package has no PUZZLE" in listed.stderr
    assert "comesolo: " in listed.stdout  # the others still load
    missing = run("--puzzle-path", tmp_path / "nowhere", "list")
    assert missing.returncode == 1 and "--puzzle-path" in missing.stderr and "no such folder" in missing.stderr


def test_a_contest_batch_imports_no_puzzle_and_a_puzzle_command_still_warns(tmp_path):
    """A batch of a contest named by its folder never looks at the puzzles (their import was 0.2 s
    of every such run), so a broken plugin is neither imported nor warned about there; a command
    that looks for puzzles still names it."""
    import tiny_contest

    imported = tmp_path / "imported.txt"
    broken = write_plugin(
        tmp_path / "plugins",
        "broken",
        f"""
        open({str(imported)!r}, "a").write("imported\\n")
        import a_module_that_is_not_there
    """,
    )
    folder = tmp_path / "tiny"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", seeds=2)
    good = tiny_contest.program(tmp_path, "good", tools)
    home = {"PUZZLE_WORKBENCH_HOME": str(tmp_path / "home")}
    assert run("contest", "init", folder, "--objective", "min", env=home, cwd=tmp_path).returncode == 0
    done = run(
        "--puzzle-path",
        tmp_path / "plugins",
        "batch",
        folder,
        "--seeds",
        "0-1",
        "--cmd",
        good,
        "--jobs",
        "2",
        "--out",
        tmp_path / "run",
        env=home,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "run" / "results.csv").read_text().count(",OK,") == 2
    assert "warning" not in done.stderr and not imported.exists()
    listed = run("--puzzle-path", tmp_path / "plugins", "list", env=home, cwd=tmp_path)
    assert f"warning: puzzle plugin {broken} did not load: ModuleNotFoundError" in listed.stderr
    assert imported.read_text() == "imported\n"


def test_a_plugin_whose_solvers_fail_to_import_says_so(scaffold, tmp_path):
    text = (scaffold / "lights_out" / "__init__.py").read_text().replace('id: str = "lights-out"', 'id: str = "lamps"')
    package = write_plugin(tmp_path, "lamps", text, "import numpy\nraise RuntimeError('a bug in the solvers')\n")
    listed = run("--puzzle-path", tmp_path, "list")
    assert "lamps: " in listed.stdout
    assert (
        f"(its solvers did not load: the solvers of lamps did not load: RuntimeError: a bug in the solvers "
        f"({package / 'solvers.py'}, line 2))"
    ) in listed.stdout
    case = tmp_path / "case.txt"
    assert run("--puzzle-path", tmp_path, "gen", "lamps", "1", "-o", case).returncode == 0
    solved = run("--puzzle-path", tmp_path, "solve", "lamps", case, "--nodes", "10")
    assert solved.returncode == 1 and "RuntimeError: a bug in the solvers" in solved.stderr


def test_an_installed_entry_point_plugin_loads(scaffold, tmp_path):
    site = tmp_path / "site"
    package = site / "lanterns"
    package.mkdir(parents=True)
    text = (
        (scaffold / "lights_out" / "__init__.py").read_text().replace('id: str = "lights-out"', 'id: str = "lanterns"')
    )
    (package / "__init__.py").write_text(text)
    (package / "solvers.py").write_text((scaffold / "lights_out" / "solvers.py").read_text())
    info = site / "lanterns-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lanterns\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[puzzle_workbench.puzzles]\nlanterns = lanterns\n")
    listed = run("list", env={"PYTHONPATH": str(site)})
    assert "lanterns: Lights out  [entry point lanterns (lanterns)]" in listed.stdout, listed.stderr
    assert "greedy (default)" in listed.stdout.split("lanterns:")[1]


def test_an_installed_plugin_declares_its_solvers_and_painter_by_entry_points(scaffold, tmp_path, monkeypatch):
    """A distribution names what solves and what paints its puzzle in the groups puzzle_workbench.solvers
    and puzzle_workbench.painters, keyed by the puzzle's id, wherever those modules are; one that does
    not load is reported with its error, never skipped."""
    from workbench.core import registry
    from workbench.gui.board.painters import adapter_class

    site = tmp_path / "site"
    (site / "lanterns").mkdir(parents=True)
    text = (
        (scaffold / "lights_out" / "__init__.py").read_text().replace('id: str = "lights-out"', 'id: str = "lanterns"')
    )
    (site / "lanterns" / "__init__.py").write_text(text)
    (site / "lantern_solving.py").write_text((scaffold / "lights_out" / "solvers.py").read_text())
    (site / "lantern_drawing.py").write_text("class LanternAdapter:\n    pass\n\n\nADAPTER = LanternAdapter\n")
    info = site / "lanterns-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lanterns\nVersion: 0.1\n")

    def declare(painter: str) -> None:
        (info / "entry_points.txt").write_text(
            "[puzzle_workbench.puzzles]\nlanterns = lanterns\n\n"
            "[puzzle_workbench.solvers]\nlanterns = lantern_solving:SOLVERS\n\n"
            f"[puzzle_workbench.painters]\nlanterns = {painter}\n"
        )
        registry.reset()
        adapter_class.cache_clear()

    monkeypatch.syspath_prepend(str(site))
    try:
        declare("lantern_drawing:ADAPTER")
        assert list(registry.solvers("lanterns")) == ["greedy"]
        assert registry.solvers("lanterns")["greedy"].__module__ == "lantern_solving"
        assert registry.solver_folders("lanterns") == [site / "lanterns", site]
        assert adapter_class("lanterns").__name__ == "LanternAdapter"
        assert adapter_class("comesolo").__module__ == "workbench.gui.board.painters.comesolo"  # the gui's own
        declare("lantern_drawing:NO_SUCH")
        with pytest.raises(registry.PluginError) as raised:
            adapter_class("lanterns")
        said = "AttributeError: module 'lantern_drawing' has no attribute 'NO_SUCH'"
        assert str(raised.value) == f"the board painter of lanterns did not load: {said}"
        assert (
            f"puzzle plugin entry point lanterns (lanterns) (its board painter, lantern_drawing:NO_SUCH) "
            f"did not load: {said}"
        ) in map(str, registry.plugin_problems())
    finally:
        monkeypatch.undo()
        registry.reset()
        adapter_class.cache_clear()


def test_the_app_names_a_broken_plugin(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings

    from workbench.core import registry
    from workbench.gui.app import build_window

    write_plugin(tmp_path, "broken", "raise ValueError('oops in the rules')\n")
    monkeypatch.setenv("PUZZLE_WORKBENCH_PATH", str(tmp_path))
    registry.reset()
    try:
        window = build_window(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
        qtbot.addWidget(window)
        text = window.files.plugin_dialog.text()
        assert f"puzzle plugin {tmp_path / 'broken'} did not load: ValueError: oops in the rules" in text
        assert "line 1" in text and "comesolo" in [
            window.puzzle_choice.itemData(i) for i in range(window.puzzle_choice.count())
        ]
        window.close()
    finally:
        monkeypatch.delenv("PUZZLE_WORKBENCH_PATH")
        registry.reset()


@pytest.fixture
def plugin_window(qtbot, scaffold, tmp_path, monkeypatch):
    """The app with the scaffolded plugin folder on the puzzle path (as `--puzzle-path`)."""
    from PySide6.QtCore import QSettings

    from workbench.core import registry
    from workbench.gui.app import build_window

    monkeypatch.setenv("PUZZLE_WORKBENCH_PATH", str(scaffold))
    registry.reset()
    window = build_window(settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    qtbot.addWidget(window)
    try:
        yield window
    finally:
        window.solver_panel.shutdown()
        window.close()


# ------------------------------------------------------------------ a plugin can end no command
@pytest.mark.parametrize(
    "init, said",
    [
        ("raise SystemExit(0)\n", "SystemExit: 0"),
        ("import sys\nsys.exit('bye')\n", "SystemExit: bye"),
        ("import argparse\nargparse.ArgumentParser(prog='myplugin').parse_args()\n", "SystemExit: 2"),
        ("raise KeyboardInterrupt\n", "KeyboardInterrupt"),
        ("import os\nos.fork()\n", "the package has no PUZZLE"),  # the child does not run the command too
        (
            "class Odd(Exception):\n    def __str__(self):\n        raise RuntimeError\nraise Odd\n",
            "Odd: (its message cannot be shown)",
        ),
        ("def __getattr__(name):\n    raise RuntimeError('looked at')\n", "RuntimeError: looked at"),
        # a thread it starts and never ends (a thread made by a daemon thread is one too): the command still ends
        (
            "import threading, time\nthreading.Thread(target=time.sleep, args=(1e9,)).start()\n",
            "the package has no PUZZLE",
        ),
    ],
)
def test_whatever_a_plugin_raises_at_import_the_command_goes_on(tmp_path, init, said):
    package = write_plugin(tmp_path / "plugins", "rogue", init)
    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "main.py"),
            "--puzzle-path",
            str(tmp_path / "plugins"),
            "gen",
            "comesolo",
            "1",
            "--size",
            "5",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("5\n") and done.stdout.count("5\n") == 1  # once: no forked copy ran it
    assert f"warning: puzzle plugin {package} did not load: {said}" in done.stderr


@pytest.mark.parametrize("init", ["while True:\n    pass\n", "import threading\nthreading.Event().wait()\n"])
def test_a_plugin_that_never_finishes_importing_is_named_not_waited_for(tmp_path, init):
    package = write_plugin(tmp_path / "plugins", "stuck", init)
    quick = tmp_path / "quick.sh"
    quick.write_text("#!/bin/sh\ncat > /dev/null\necho 0\n")
    quick.chmod(0o755)
    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "main.py"),
            "--puzzle-path",
            str(tmp_path / "plugins"),
            "batch",
            "comesolo",
            "--seeds",
            "1-2",
            "--size",
            "5",
            "--cmd",
            str(quick),
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        env={**os.environ, "PUZZLE_WORKBENCH_IMPORT_SECONDS": "2"},
    )
    assert done.returncode == 0, done.stderr
    assert (
        f"warning: puzzle plugin {package} did not load: its import did not finish in 2 s (a loop at import, "
        "or a wait?); the command goes on without it"
    ) in done.stderr
    (results,) = (tmp_path / "runs").glob("*/results.csv")
    assert results.read_text().count(",OK,") == 2


def test_the_processes_a_command_starts_do_not_wait_for_a_stuck_plugin_again(tmp_path, monkeypatch):
    from workbench.core import registry

    write_plugin(tmp_path, "waits", "import threading\nthreading.Event().wait()\n")
    monkeypatch.setenv("PUZZLE_WORKBENCH_PATH", str(tmp_path))
    monkeypatch.setenv(registry.IMPORT_SECONDS_VARIABLE, "0.5")
    monkeypatch.delenv(registry.STUCK_VARIABLE, raising=False)
    registry.reset()
    try:
        assert any("did not finish in 0.5 s (a loop" in str(p) for p in registry.plugin_problems())
        assert os.environ[registry.STUCK_VARIABLE] == str(tmp_path / "waits")  # what a batch worker inherits
        registry.reset()
        assert any("did not finish in 0.5 s (when this command started)" in str(p) for p in registry.plugin_problems())
    finally:
        monkeypatch.delenv("PUZZLE_WORKBENCH_PATH")
        registry.reset()


def test_a_file_two_readers_accept_opens_as_the_puzzle_the_user_chooses(plugin_window, scaffold, tmp_path, monkeypatch):
    window = plugin_window
    case = tmp_path / "lo1.txt"
    assert run("--puzzle-path", scaffold, "gen", "lights-out", "1", "-o", case).returncode == 0
    asked = []

    def choose(name, matches, text=""):
        asked.append((name, sorted(p.id for p in matches)))
        return next(p for p in matches if p.id == "lights-out")

    monkeypatch.setattr(window.files, "choose_puzzle", choose, raising=False)
    # Lights Out's '#' and '.' rows are a Comesolo board too; the sample board shown is Comesolo.
    assert window.files.open_path(case)
    assert asked == [("lo1.txt", ["comesolo", "lights-out"])]
    assert window.session.puzzle.id == "lights-out" and window.session.path == case
    assert window.windowTitle().startswith("lo1.txt — Lights out")
    # The Puzzle box reads the same file as the puzzle chosen there, rather than a seed of it.
    lights = window.session.instance
    window.puzzle_choice.activated.emit(window.puzzle_choice.findData("comesolo"))
    assert window.session.puzzle.id == "comesolo" and window.session.path == case
    window.puzzle_choice.activated.emit(window.puzzle_choice.findData("lights-out"))
    assert window.session.puzzle.id == "lights-out" and window.session.instance == lights
    # The dialog offers first the puzzle whose own format the file is, unless the user chose otherwise before.
    from PySide6.QtWidgets import QInputDialog

    from workbench.core.registry import get_puzzle
    from workbench.gui.board.reader_choice import ask_reader, writes_alike

    text = case.read_text()
    comesolo, lights_out = get_puzzle("comesolo"), get_puzzle("lights-out")
    assert writes_alike(lights_out, text) and not writes_alike(comesolo, text)
    offered = []
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args: offered.append(args[3]) or (args[3][0], True))
    settings = window.settings
    assert ask_reader(window, settings, "lo1.txt", [comesolo, lights_out], comesolo, text) is lights_out
    assert offered[-1] == ["Lights out (lights-out)", "Comesolo (8-direction peg solitaire) (comesolo)"]
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args: offered.append(args[3]) or (args[3][1], True))
    assert ask_reader(window, settings, "lo1.txt", [comesolo, lights_out], comesolo, text) is comesolo
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args: offered.append(args[3]) or (args[3][0], True))
    assert ask_reader(window, settings, "lo1.txt", [comesolo, lights_out], lights_out, text) is comesolo
    assert offered[-1][0].endswith("(comesolo)")  # the user's last answer comes first next time
    # Choosing none keeps the board.
    monkeypatch.setattr(window.files, "choose_puzzle", lambda name, matches, text="": None)
    assert not window.files.open_path(case) and window.session.instance == lights


def test_a_scaffolded_grid_puzzle_resizes_clears_and_fills_in_the_editor(plugin_window, scaffold, tmp_path):
    window = plugin_window
    assert window.files.generate("lights-out", 1, size=5)
    window.editing.set_edit_mode(True)
    panel = window.editor_panel
    for button in (panel.resize_button, panel.clear_button, panel.fill_button):
        assert button.isVisibleTo(panel)
    assert panel.clear_button.toolTip() == "Every cell painted Light off"
    panel.fill_button.click()  # the brush chosen first is "Light on"
    assert set(window.session.instance.lights) == {1}
    panel.clear_button.click()
    assert set(window.session.instance.lights) == {0}
    panel.rows.setValue(3)
    panel.cols.setValue(4)
    panel.resize_button.click()
    board = window.session.instance
    assert (board.rows, board.cols, len(board.lights)) == (3, 4, 12)
    window.playing.undo()
    assert (window.session.instance.rows, panel.rows.value(), panel.cols.value()) == (5, 5, 5)


@pytest.mark.parametrize("bad_id", ["../../ESCAPED", "/tmp/abs", "Lights", "a b", ""])
def test_an_id_that_is_not_a_puzzle_id_is_refused_where_puzzles_are_registered(scaffold, tmp_path, bad_id):
    text = (
        (scaffold / "lights_out" / "__init__.py").read_text().replace('id: str = "lights-out"', f"id: str = {bad_id!r}")
    )
    package = write_plugin(tmp_path / "plugins", "lamps", text)
    work = tmp_path / "work"
    work.mkdir()
    done = run(
        "--puzzle-path",
        tmp_path / "plugins",
        "batch",
        bad_id or "lamps",
        "--seeds",
        "0-1",
        "--nodes",
        "10",
        "--jobs",
        "1",
        cwd=work,
    )
    assert done.returncode == 1
    assert f"warning: puzzle plugin {package} did not load: its PUZZLE" in done.stderr
    assert "unknown puzzle or contest" in done.stderr
    assert [p for p in tmp_path.rglob("*") if "ESCAPED" in p.name or p.name == "abs.csv"] == []
    assert not (work / "runs").exists()
