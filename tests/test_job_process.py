"""The app's solver run in a child process (``solvers.job_process``): the same answer as on a thread,
its news through the pipe, pause and cancel back, a child that does not answer ended, and the app's
run in SCHED_IDLE, gone once the window closes."""

from __future__ import annotations

import functools
import os
import signal
import sys
import time

import pytest

from solvers.base import Progress, Solver
from solvers.driver import Budget
from solvers.job import SolverJob
from solvers.job_process import ProcessSolverJob, end_hosts, warm
from solvers.online import build_run
from workbench.core.registry import get_puzzle, solvers

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="SCHED_IDLE is Linux's")


class Counting(Solver):
    """One expansion a slice, 5 ms each (a sleep: the child's other threads run); its best answer
    is (count,), better every slice."""

    name = "counting"

    def __init__(self):
        super().__init__(None, None)
        self.count = 0

    def run_slice(self, max_expansions):
        time.sleep(0.005)
        self.count += 1
        return Progress(self.count, float(self.count), 1, False)

    def best_moves(self):
        return (self.count,)


def counting() -> Counting:  # module level: the child unpickles it by name
    return Counting()


def counting_job() -> ProcessSolverJob:
    return ProcessSolverJob(counting, Budget(seconds=600), slice_expansions=1, name="counting", objective="max")


def news(job, until, timeout: float = 60.0) -> list:
    """The updates polled until ``until(updates)`` holds (at most ``timeout`` seconds)."""
    updates = []
    deadline = time.monotonic() + timeout
    while not until(updates):
        assert time.monotonic() < deadline, f"no such news in {timeout} s: {updates[-3:]}"
        update = job.poll()
        if update.samples or update.result is not None or update.error is not None:
            updates.append(update)
        time.sleep(0.01)
    return updates


def expansions(updates) -> list[int]:
    return [s.progress.expansions for u in updates for s in u.samples]


@pytest.mark.parametrize("puzzle_id, nodes", [("ahc015", 3000), ("ahc011", 20000)])
def test_the_same_seed_and_node_budget_give_the_same_answer_in_the_child_as_on_a_thread(puzzle_id, nodes):
    puzzle = get_puzzle(puzzle_id)
    instance = puzzle.generate(1)
    cls = next(iter(solvers(puzzle_id).values()))
    budget = Budget(nodes=nodes)
    build = functools.partial(
        build_run, puzzle, instance, puzzle.initial_state(instance), cls, seed=3, params={}, budget=budget
    )
    results = []
    for kind in (SolverJob, ProcessSolverJob):
        job = kind(build, budget, name=cls.name, objective=puzzle.objective)
        job.start()
        assert job.join(600)
        update = job.poll()
        assert update.error is None
        results.append(update.result)
    on_thread, in_child = results
    assert in_child.stopped_by == on_thread.stopped_by
    assert in_child.progress == on_thread.progress
    assert in_child.moves == on_thread.moves and len(in_child.moves) > 0


def test_the_childs_news_comes_through_the_pipe_and_pause_resume_cancel_reach_it():
    job = counting_job()
    job.start()
    try:
        first = news(job, lambda u: len(expansions(u)) >= 3)
        assert expansions(first) == list(range(1, len(expansions(first)) + 1))  # every sample, in order
        assert first[-1].best_moves == (expansions(first)[-1],)  # the best answer as it improved

        job.control.pause()
        # Once the pause has reached the child (a slice under way ends first), nothing more comes.
        quiet = time.monotonic()
        while time.monotonic() - quiet < 0.5:
            if job.poll().samples:
                quiet = time.monotonic()
            time.sleep(0.01)
        assert not job.poll().samples and job.running and job.control.paused

        job.control.resume()
        resumed = news(job, lambda u: len(expansions(u)) >= 2)
        job.control.cancel()
        assert job.join(30)
        rest = job.poll()
    finally:
        job.control.cancel()
    counted = expansions([*resumed, rest])
    assert rest.result.stopped_by == "cancelled"
    assert rest.result.moves == (rest.result.progress.expansions,) == (counted[-1],)
    assert rest.result.samples == []  # the samples came one by one; the result does not carry them again


@linux_only
def test_a_child_that_does_not_answer_a_cancel_is_killed_and_the_run_ends_with_the_best_it_sent():
    job = counting_job()
    job.start()
    sent = news(job, lambda u: len(expansions(u)) >= 3)
    last = expansions(sent)[-1]
    os.kill(job.pid, signal.SIGSTOP)  # as a child starved of the CPU: it hears nothing
    time.sleep(0.1)  # what it had sent before it stopped has come in
    more = job.poll()
    if more.samples:
        last = more.samples[-1].progress.expansions
    job.control.cancel()
    assert job.join(30)
    end = job.poll()
    assert end.result.stopped_by == "cancelled" and end.error is None
    assert end.result.moves == end.best_moves == (last,)
    assert end.result.progress.expansions == last
    assert not job.running
    with pytest.raises(ProcessLookupError):  # killed (SIGKILL ends a stopped process too) and reaped
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            os.kill(job.pid, 0)
            time.sleep(0.02)


@linux_only
def test_a_child_that_dies_ends_the_run_with_an_error_that_says_so():
    job = counting_job()
    job.start()
    news(job, lambda u: len(expansions(u)) >= 1)
    os.kill(job.pid, signal.SIGKILL)
    assert job.join(30)
    failed = [u for u in news(job, lambda u: any(x.error for x in u)) if u.error]
    assert failed[0].error == "the solver's process ended unexpectedly (exit code -9)"
    assert failed[0].result is None


def test_a_run_that_cannot_go_to_a_child_ends_at_once_with_the_reason():
    job = ProcessSolverJob(lambda: Counting(), Budget(nodes=5), name="counting", objective="max")
    job.start()
    assert not job.running
    update = job.poll()
    assert update.error == (
        "the solver's process did not start: AttributeError: Can't pickle local object "
        "'test_a_run_that_cannot_go_to_a_child_ends_at_once_with_the_reason.<locals>.<lambda>'"
    )
    assert update.result is None


def test_a_warmed_child_serves_the_next_run_and_ends_with_end_hosts():
    from solvers import job_process

    end_hosts()
    warm("ahc015")
    (host,) = job_process._idle
    job = ProcessSolverJob(counting, Budget(nodes=3), slice_expansions=1, name="counting", objective="max")
    job.start()
    assert job.join(60) and job.pid == host.process.pid
    assert job.poll().result.moves == (3,)
    assert job_process._idle == [host]  # back, waiting for the next run
    end_hosts()
    host.process.join(30)
    assert host.process.exitcode == 0  # asked to quit, it did


@linux_only
def test_the_apps_solver_runs_in_a_child_in_sched_idle_and_it_is_gone_once_the_window_closes(
    qtbot, window, data_root, monkeypatch
):
    from solvers import job_process

    monkeypatch.setenv("PWB_SOLVER_CLASS", "idle")  # the app's class (the suite runs it at nice 5)
    end_hosts()
    window.files.open_path(data_root / "cases/ahc011/0000.txt")
    panel = window.solver_panel
    panel.seconds.setValue(600)
    panel.start_button.click()
    qtbot.waitUntil(lambda: panel.job is not None and panel.job.pid is not None, timeout=60000)
    job = panel.job
    assert isinstance(job, ProcessSolverJob) and job.pid != os.getpid()

    def every_thread_idle() -> bool:
        tasks = os.listdir(f"/proc/{job.pid}/task")
        return all(os.sched_getscheduler(int(task)) == os.SCHED_IDLE for task in tasks)

    qtbot.waitUntil(every_thread_idle, timeout=60000)  # from the child's first line
    assert os.sched_getscheduler(os.getpid()) == os.SCHED_OTHER  # the window keeps its class
    panel.cancel_button.click()
    assert job.join(30)  # answered, or killed when starved of the CPU
    qtbot.waitUntil(lambda: not panel.running, timeout=30000)
    assert panel.status.text().startswith("screened-beam: cancelled after")
    hosts = list(job_process._every)
    window.close()  # the window's end ends every solver process
    assert job_process._every == set() and job_process._idle == []
    for host in hosts:
        host.process.join(30)
        assert not host.process.is_alive()
