"""Compiling the solver kernels ahead of use: set-up's background warm-up, the lock that keeps
two processes from compiling one puzzle at once, and a cold first solve that keeps its budget."""

import os
import subprocess
import sys

import pytest
from conftest import REPO

from solvers import warm_up
from workbench.cli.warm_up import cmd_warm_up

HOLD = """
import sys, time
from solvers.warm_up import compiling_lock
with compiling_lock("comesolo"):
    print("held", flush=True)
    time.sleep(1.0)
    released = time.time()
print(released, flush=True)
"""
WAIT = """
import time
from solvers.warm_up import compiling_lock
with compiling_lock("comesolo"):
    print(time.time(), flush=True)
"""


@pytest.fixture
def cold_env(tmp_path):
    return {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}


def test_a_second_process_waits_for_the_one_compiling_the_same_puzzle(cold_env):
    holder = subprocess.Popen([sys.executable, "-c", HOLD], cwd=REPO, env=cold_env, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"
    waiter = subprocess.run(
        [sys.executable, "-c", WAIT], cwd=REPO, env=cold_env, capture_output=True, text=True, timeout=120
    )
    released = float(holder.stdout.readline())
    holder.wait(timeout=60)
    assert float(waiter.stdout) >= released


def test_the_background_warm_up_starts_nothing_when_every_puzzle_is_compiled(monkeypatch, capsys):
    monkeypatch.setattr(warm_up, "is_warm", lambda puzzle_id: True)
    monkeypatch.setattr(warm_up, "start_in_background", lambda argv: pytest.fail("a process was started"))
    assert cmd_warm_up(["--all", "--background"]) == 0
    assert capsys.readouterr().out == ""


def test_the_background_warm_up_detaches_one_process_that_compiles_them_all(monkeypatch, tmp_path, capsys):
    started = []
    monkeypatch.setattr(warm_up, "is_warm", lambda puzzle_id: puzzle_id != "comesolo")
    monkeypatch.setattr(warm_up, "log_path", lambda: tmp_path / "cache" / "warm_up.log")
    monkeypatch.setattr(warm_up.subprocess, "Popen", lambda command, **kw: started.append((command, kw)))
    assert cmd_warm_up(["--all", "--background"]) == 0
    [(command, options)] = started
    assert command[1:] == ["-m", "workbench", "warm-up", "--all"] and options["start_new_session"]
    assert (tmp_path / "cache" / "warm_up.log").exists()
    assert capsys.readouterr().out == (
        f"compiling the solver kernels in the background (log: {tmp_path / 'cache' / 'warm_up.log'})\n"
    )


def test_all_compiles_only_the_puzzles_not_compiled_yet(monkeypatch):
    cold = {"ahc015", "comesolo"}
    ran = []
    monkeypatch.setattr(warm_up, "is_warm", lambda puzzle_id: puzzle_id not in cold)
    monkeypatch.setattr(
        warm_up.subprocess,
        "run",
        lambda command, **kw: ran.append(command[-1]) or subprocess.CompletedProcess(command, 0, "", ""),
    )
    lines = []
    assert warm_up.warm_all(warm_up.with_solvers(), processes=2, report=lines.append) == 0
    assert sorted(ran) == sorted(cold)
    assert sorted(lines) == sorted([f"{p}: compiling" for p in cold] + [f"{p}: compiled" for p in cold])


def test_an_unknown_puzzle_is_refused_by_name(capsys):
    with pytest.raises(SystemExit):
        cmd_warm_up(["comesolos"])
    assert "unknown puzzle 'comesolos'" in capsys.readouterr().err


def test_a_cold_solve_compiles_before_its_clock_starts_and_stamps_nothing(tmp_path, cold_env):
    """With an empty cache the kernels compile first (said on stderr) and the whole budget is
    then spent searching: before, a 3 s budget ran out while compiling, with no move played."""
    done = subprocess.run(
        [sys.executable, "main.py", "solve", "comesolo", "assets/default_board.txt", "--time", "3"],
        cwd=REPO,
        env=cold_env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert "beam kernels compiled in" in done.stderr and "(first use; not counted in the budget)" in done.stderr
    assert "finished  score 46, moves 46, pieces left 1" in done.stderr and len(done.stdout.splitlines()) == 47
    # one solver compiled is not the puzzle compiled: the window's warm-up still runs
    assert not list((tmp_path / "cache").rglob("warm_up_comesolo.stamp"))


class Quick:
    """A stand-in solver whose "compile" takes no time (the record is what is under test)."""

    def __init__(self, name):
        self.name = name

    def warm_up(self):
        pass


def test_a_compile_is_recorded_beside_the_cache_and_a_clean_of_the_cache_keeps_it(monkeypatch, tmp_path):
    from workbench.core.numba_cache import _delete_cache_files

    monkeypatch.setattr(warm_up, "stamp_path", lambda puzzle_id: tmp_path / f"warm_up_{puzzle_id}.stamp")
    monkeypatch.setattr(warm_up, "solvers", lambda puzzle_id: {name: Quick(name) for name in ("beam", "best-first")})
    monkeypatch.setattr(warm_up, "fingerprint", lambda puzzle_id: "sources")
    assert warm_up.last_compile("comesolo") is None
    warm_up.warm_puzzle("comesolo", report=lambda line: None)
    record = warm_up.last_compile("comesolo")
    assert set(record["solvers"]) == {"beam", "best-first"} and record["seconds"] >= 0
    assert record["cores"] >= 1 and record["when"]
    # numba_cache's clean-up after a source edit deletes kernels and stamps, never the record.
    (tmp_path / "kernel.nbi").write_text("")
    assert _delete_cache_files(str(tmp_path))
    assert not (tmp_path / "warm_up_comesolo.stamp").exists() and warm_up.last_compile("comesolo") == record
    # A compile that only loads (already warm) does not overwrite it.
    warm_up.mark_warm("comesolo")
    warm_up.compile_record_path("comesolo").write_text('{"seconds": 95, "solvers": {"beam": 60}}')
    warm_up.warm_puzzle("comesolo", report=lambda line: None)
    assert warm_up.last_compile("comesolo")["seconds"] == 95


def test_the_first_use_wait_says_what_compiles_and_how_long_is_left_by_the_last_compile(window):
    import time

    kernels = window.kernels
    kernels.stage["comesolo"] = "compiling"
    try:
        kernels.started["comesolo"] = time.perf_counter() - 70
        kernels.detail["comesolo"] = "2/2 best-first"
        kernels.solver_started["comesolo"] = ("best-first", time.perf_counter() - 5)
        kernels.last_time["comesolo"] = None
        text = kernels.describe("comesolo")
        assert text == (
            "Compiling the comesolo solver kernels (first use only, solver 2/2 best-first): 70 s so far "
            "(the first compile on this machine: no earlier one to go by)"
        )
        window.kernels.changed.emit(text)
        assert window.kernel_status.bar.maximum() == 0  # busy: nothing to measure by
        kernels.last_time["comesolo"] = {"seconds": 95.0, "solvers": {"beam": 60.0, "best-first": 35.0}}
        text = kernels.describe("comesolo")
        assert text.endswith("(first use only, solver 2/2 best-first): about 30 s left (last time 95 s)")
        window.kernels.changed.emit(text)
        assert window.kernel_status.bar.maximum() == 100 and 65 <= window.kernel_status.bar.value() <= 70
        assert window.kernel_status.label.text() == text
        kernels.solver_started["comesolo"] = ("best-first", time.perf_counter() - 50)
        assert kernels.describe("comesolo").endswith(": 70 s, longer than the last time (95 s)")
    finally:
        kernels.stage["comesolo"] = "ready"


def test_the_window_loads_no_kernels_itself_it_only_says_when_they_are_ready(qtbot, monkeypatch):
    """The runs search in a child process, which loads the kernels from the cache: loading them in
    the window's process too held a lock its GUI thread needs (a 1.4 s freeze)."""
    from workbench.core.registry import solvers
    from workbench.gui.window.kernel_warm_up import KernelWarmUp

    loaded = []
    monkeypatch.setattr(warm_up, "warm_up", lambda puzzle_id, report=print: loaded.append(puzzle_id))
    for cls in solvers("comesolo").values():
        monkeypatch.setattr(cls, "warm_up", classmethod(lambda c: loaded.append(c.name)))
    monkeypatch.setattr(warm_up, "is_warm", lambda puzzle_id: True)
    kernels = KernelWarmUp()
    with qtbot.waitSignal(kernels.ready, timeout=5000) as ready:
        kernels.request("ahc011")  # compiled already: ready with nothing loaded
    assert ready.args == ["ahc011"] and kernels.is_ready("ahc011") and not kernels.busy() and loaded == []
    # A worker that has compiled them: ready as it ends, its solvers ahead of it as it passes them.
    kernels.stage["comesolo"], kernels.processes["comesolo"] = "compiling", object()  # its worker
    kernels.compiled["comesolo"] = {"beam"}
    monkeypatch.setattr(kernels.timer, "start", lambda: None)  # the polls below are the test's own
    kernels.load_solver("comesolo", "beam")
    assert not kernels.solver_loaded("comesolo", "beam")
    with qtbot.waitSignal(kernels.solver_ready, timeout=1000) as solver_ready:
        kernels._poll()
    assert solver_ready.args == ["comesolo", "beam"] and kernels.solver_loaded("comesolo", "beam")
    kernels._compiled("comesolo")
    assert kernels.stage["comesolo"] == "loading"
    with qtbot.waitSignal(kernels.ready, timeout=1000) as ready:
        kernels._poll()
    assert ready.args == ["comesolo"] and kernels.is_ready("comesolo") and loaded == []
