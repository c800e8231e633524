"""One case watched live in a child process (batch.live_child.ChildLiveCase): what the program says
comes over a pipe, read without blocking; Cancel kills the program's process group; a child that dies
is said, not waited for.

The program is tests/data/live_program.py following a script; the case and answer are real
(../shared: AHC011 seed 0 and nagiss's answer to it, 868,056)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest
from live_script import ANSWER, CASE, ahc011_case, ahc011_script, command
from process_checks import alive

from workbench.batch.cases import BatchCase
from workbench.batch.live_child import ChildLiveCase
from workbench.batch.puzzle_problem import PuzzleProblem
from workbench.core.registry import get_puzzle


def comesolo_child(program: Path) -> ChildLiveCase:
    """``program`` (a Python file) started live in a child on comesolo's seed 1, 120 seconds a run."""
    puzzle = get_puzzle("comesolo")
    text = puzzle.format_input(puzzle.generate(1, **puzzle.smoke.generator))
    case = BatchCase(0, "one", "seed 1", 1, text)
    return ChildLiveCase(PuzzleProblem("comesolo"), case, f"{sys.executable} {program}", 120).start()


def sleeper(tmp_path: Path) -> Path:
    """A program that sleeps a minute."""
    program = tmp_path / "sleeper.py"
    program.write_text("import time\ntime.sleep(60)\n")
    return program


def ended_soon(pid: int) -> bool:
    for _ in range(100):  # killed at once; the signal lands a moment later
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def taken_until(live: ChildLiveCase, done, within: float = 60.0):
    """Take from ``live`` as a view's timer does (every 30 ms) until ``done()``; what was taken."""
    series, snapshots = [], []
    deadline = time.monotonic() + within
    while not done() and time.monotonic() < deadline:
        new_series, new_snapshots = live.take()
        series += new_series
        snapshots += new_snapshots
        time.sleep(0.03)
    assert done(), "the live case did not get there"
    return series, snapshots


@pytest.mark.skipif(not CASE.is_file(), reason="needs ../shared")
def test_a_case_in_a_child_process_sends_its_lines_and_scored_snapshots(tmp_path):
    answer = ANSWER.read_text().strip()
    script = command(tmp_path, ahc011_script(answer))
    live = ChildLiveCase(PuzzleProblem("ahc011"), ahc011_case(), script, 20).start()
    series, snapshots = taken_until(live, live.finished.is_set)
    puzzle = get_puzzle("ahc011")
    instance = puzzle.parse_input(CASE.read_text())
    assert [v for _, v in series] == [100.0, 200.5, 868056.0]
    assert [t for t, _ in series] == sorted(t for t, _ in series) and live.bad_lines == 1
    assert [(s.source, s.score) for s in snapshots] == [
        ("0001.txt", puzzle.score_solution(instance, answer[:20]).score),
        ("0002.txt", puzzle.score_solution(instance, answer[:60]).score),
    ]
    # Each drawn in the child: the position its answer reaches comes, not its text.
    for snapshot, prefix in zip(snapshots, (answer[:20], answer[:60])):
        parsed = puzzle.parse_solution(instance, prefix)
        assert snapshot.text is None and snapshot.drawing.refused == ""
        assert snapshot.drawing.position == puzzle.final_state(instance, parsed.moves, parsed.lines)
    assert live.error == "" and not live.cancelled
    assert live.result.verdict == "OK" and live.result.score == 868056
    assert live.elapsed() >= series[-1][0]
    assert live.take() == ([], [])  # nothing after the end


def test_cancel_kills_the_programs_process_group_from_the_view_side(tmp_path):
    marker = tmp_path / "pids"
    program = tmp_path / "sleeper.py"
    # The program starts a grandchild in its group: Cancel kills both.
    program.write_text(
        f"import os, subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(marker)!r}, 'w').write(f'{{os.getpid()}} {{child.pid}}')\n"
        "print('[SCORE] 1', file=sys.stderr, flush=True)\ntime.sleep(60)\n"
    )
    live = comesolo_child(program)
    series, _ = taken_until(
        live, lambda: marker.is_file() and marker.read_text().count(" ") == 1 and live.program_pid is not None
    )
    pids = [int(p) for p in marker.read_text().split()]
    live.cancel()
    more, _ = taken_until(live, live.finished.is_set)
    assert [v for _, v in series + more] == [1.0]
    assert live.cancelled and live.error == "" and live.result is not None
    assert [ended_soon(pid) for pid in pids] == [True, True]


def test_a_child_that_dies_ends_the_case_with_a_message(tmp_path):
    live = comesolo_child(sleeper(tmp_path))
    taken_until(live, lambda: live.program_pid is not None)
    program_pid = live.program_pid
    os.kill(live.process.pid, signal.SIGKILL)
    taken_until(live, live.finished.is_set)
    assert live.error == "the live run's process ended unexpectedly (exit code -9)"
    assert live.result is None
    assert ended_soon(program_pid)  # its program is killed with it, not left running


@pytest.mark.skipif(sys.platform != "linux", reason="SCHED_IDLE is Linux's")
def test_the_child_and_its_program_run_in_the_lowest_scheduling_class(tmp_path):
    """The app's worker: the window's thread gets a core before them (the view's own is kept)."""
    live = comesolo_child(sleeper(tmp_path))
    try:
        taken_until(live, lambda: live.program_pid is not None)
        assert os.sched_getscheduler(live.process.pid) == os.SCHED_IDLE
        assert os.sched_getscheduler(live.program_pid) == os.SCHED_IDLE
        assert os.sched_getscheduler(0) == os.SCHED_OTHER
    finally:
        live.cancel()
        taken_until(live, live.finished.is_set)


def test_a_case_that_cannot_reach_a_child_process_is_said_not_raised():
    puzzle = get_puzzle("comesolo")
    text = puzzle.format_input(puzzle.generate(1, **puzzle.smoke.generator))
    case = BatchCase(0, "one", "seed 1", 1, text, {"made_by": lambda: None})  # a lambda cannot be pickled
    live = ChildLiveCase(PuzzleProblem("comesolo"), case, "true", 10).start()
    assert live.finished.is_set() and live.result is None and live.process is None
    assert live.error.startswith("the case could not run: its process did not start: ")
    assert "pickle" in live.error
    assert live.take() == ([], [])
    live.cancel()  # nothing to cancel: no error
