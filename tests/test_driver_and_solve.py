"""The solver driver and the headless solve/agent commands (Qt-free)."""

import io
import os
import sys
import threading
import time

import pytest

from solvers import driver
from solvers.driver import WRAP_UP_SECONDS, Budget, RunControl, run
from workbench.cli import main as cli
from workbench.core.registry import solvers
from workbench.puzzles.comesolo import PUZZLE


def make(name, text, seed=0, **params):
    instance = PUZZLE.parse_input(text)
    cls = solvers("comesolo")[name]
    return instance, cls(PUZZLE, PUZZLE.public_view(instance, instance), seed=seed, **params)


@pytest.fixture
def board_text(data_root):
    return (data_root / "cases/comesolo/rand_15_d90.txt").read_text()


@pytest.mark.parametrize("name", ["best-first", "beam"])
def test_a_node_budget_is_spent_exactly_and_gives_a_legal_answer(board_text, name):
    instance, solver = make(name, board_text, seed=3)
    result = run(solver, Budget(nodes=2500), slice_expansions=700)
    assert result.stopped_by == "nodes"
    assert result.progress.expansions == 2500
    assert [s.progress.expansions for s in result.samples] == [700, 1400, 2100, 2500]
    final = PUZZLE.replay(instance, result.moves)[-1]
    assert final.pieces == instance.pieces - len(result.moves)


class TickingClock:
    """A stand-in for the driver's clock: each reading is one second after the last."""

    def __init__(self):
        self.now = 100.0

    def perf_counter(self):
        self.now += 1.0
        return self.now


def test_the_driver_tells_the_solver_when_a_time_budget_ends(board_text, monkeypatch):
    monkeypatch.setattr(driver, "time", TickingClock())
    _, timed = make("beam", board_text)
    seen = []
    result = run(timed, Budget(seconds=7), on_progress=lambda sample: seen.append(timed.deadline))
    # The run starts at 101 and reads the clock twice a slice: slices start 1, 3 and 5 s in,
    # and at 7 s the budget is spent. Every slice is told the same end: 101 + 7, less the
    # moments kept to stop the search and hand back its answer.
    assert result.stopped_by == "time" and seen == [108.0 - WRAP_UP_SECONDS] * 3
    _, counted = make("beam", board_text)
    run(counted, Budget(nodes=1000))
    assert counted.deadline is None  # node budgets stay deterministic: no clock involved


def test_a_board_without_moves_ends_the_run_as_done():
    _, solver = make("best-first", "3\n101\n000\n101\n")
    result = run(solver, Budget(seconds=30))
    assert result.stopped_by == "done"
    assert result.moves == ()


def test_cancel_from_another_thread_stops_a_long_run(board_text):
    _, solver = make("best-first", board_text)
    control = RunControl()
    started = threading.Event()
    result = {}

    def work():
        result["run"] = run(
            solver, Budget(seconds=600), control=control, on_progress=lambda sample: started.set(), slice_expansions=200
        )

    thread = threading.Thread(target=work)
    thread.start()
    assert started.wait(60)
    control.pause()
    control.cancel()  # cancelling a paused run wakes it up
    thread.join(60)
    assert not thread.is_alive()
    assert result["run"].stopped_by == "cancelled"


def test_solve_with_a_seed_and_node_budget_is_reproducible_and_scores(data_root, tmp_path, capsys):
    board = data_root / "cases/comesolo/rand_20_d30.txt"
    outputs = []
    for name in ("a.out", "b.out"):
        out = tmp_path / name
        assert cli(["solve", "comesolo", str(board), "-o", str(out), "--nodes", "3000", "--seed", "5"]) == 0
        outputs.append(out.read_text())
        err = capsys.readouterr().err.strip().splitlines()
        moves = int(out.read_text().splitlines()[0])
        assert err[-1] == str(moves)  # the score is the last line of stderr
    assert outputs[0] == outputs[1]
    assert cli(["score", "comesolo", str(board), str(tmp_path / "a.out")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == outputs[0].splitlines()[0]


def test_solve_many_inputs_into_a_folder(data_root, tmp_path, capsys):
    boards = [data_root / "cases/comesolo/rand_07_d70.txt", data_root / "cases/comesolo/rand_10_d50.txt"]
    folder = tmp_path / "answers"
    assert (
        cli(
            [
                "solve",
                "comesolo",
                *map(str, boards),
                "-o",
                str(folder),
                "--nodes",
                "500",
                "--solver",
                "beam",
                "--param",
                "width=20",
            ]
        )
        == 0
    )
    assert sorted(p.name for p in folder.iterdir()) == ["rand_07_d70.out", "rand_10_d50.out"]
    assert "over 2 cases" in capsys.readouterr().err


def test_a_bad_file_in_a_batch_is_skipped_and_reported(data_root, tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("3\n111\n1q1\n111\n")
    good = data_root / "cases/comesolo/rand_07_d70.txt"
    folder = tmp_path / "answers"
    assert cli(["solve", "comesolo", str(bad), str(good), "-o", str(folder), "--nodes", "300"]) == 1
    err = capsys.readouterr().err
    assert "bad.txt: skipped: line 3: column 2: 'q'" in err
    assert "over 1 cases" in err and "1 skipped" in err
    assert [p.name for p in folder.iterdir()] == ["rand_07_d70.out"]


def test_solve_refuses_unknown_solvers_and_parameters(data_root, capsys):
    board = str(data_root / "cases/comesolo/rand_07_d70.txt")
    assert cli(["solve", "comesolo", board, "--solver", "nosuch", "--nodes", "10"]) == 1
    assert "unknown solver 'nosuch'" in capsys.readouterr().err
    assert cli(["solve", "comesolo", board, "--param", "nosuch=1", "--nodes", "10"]) == 1
    assert "has no parameter 'nosuch'" in capsys.readouterr().err


def test_solve_refuses_a_plugins_solver_that_is_no_solver_by_name(data_root, monkeypatch, capsys):
    class Greedy:  # a plugin's class with a solver's name and nothing else
        name = "greedy"

    monkeypatch.setattr("solvers.run_setup.solvers", lambda puzzle_id: {"greedy": Greedy})
    board = str(data_root / "cases/comesolo/rand_07_d70.txt")
    assert cli(["solve", "comesolo", board, "--nodes", "10"]) == 1
    err = capsys.readouterr().err
    assert "the solver 'greedy' of comesolo is not a solvers.base.Solver" in err and "Traceback" not in err


def test_agent_reads_the_board_on_stdin_and_answers_on_stdout(data_root, monkeypatch, capsys):
    text = (data_root / "cases/comesolo/rand_07_d70.txt").read_text()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert cli(["agent", "comesolo", "--nodes", "5000"]) == 0
    answer = capsys.readouterr().out
    report = PUZZLE.score_solution(PUZZLE.parse_input(text), answer)
    assert report.score == int(answer.splitlines()[0]) == 31  # 32 pieces cleared down to one


def test_a_solver_job_publishes_a_better_answer_of_a_lower_wins_puzzle():
    """Before: the job published a "min" puzzle's first answer only (a lower score was taken for a worse
    one) until the run ended."""
    from dataclasses import dataclass

    from solvers.base import Progress, Solver
    from solvers.job import SolverJob
    from workbench.core.objective import Objective

    @dataclass
    class LowerWins:
        objective = Objective.MIN

    turn = threading.Semaphore(0)

    class Shrinking(Solver):
        """Answers of 30, then 25, then 27 moves, one a slice, each slice after the test has looked."""

        name = "shrinking"
        lengths = (30, 25, 27, 27)

        def __init__(self):
            super().__init__(LowerWins(), None)
            self.step = 0

        def run_slice(self, max_expansions):
            assert turn.acquire(timeout=10)
            self.step += 1
            return Progress(self.step, float(self.lengths[self.step - 1]), 1, self.step == len(self.lengths))

        def best_moves(self):
            return ("L",) * min(self.lengths[: self.step])

    job = SolverJob(Shrinking(), Budget(nodes=10), slice_expansions=1)
    job.start()
    published = []
    for _ in Shrinking.lengths[:3]:
        turn.release()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            update = job.poll()
            if update.samples:
                published.append(None if update.best_moves is None else len(update.best_moves))
                break
            time.sleep(0.01)
    assert published == [30, 25, None]  # the 25 is published at once; the 27 is no better
    turn.release()
    assert job.join(10)


@pytest.mark.skipif(sys.platform != "linux", reason="per-thread niceness is Linux's")
def test_a_solver_job_runs_below_the_window_and_the_caller_keeps_its_own(board_text):
    """So that on a machine with every core busy the window's thread gets a core before the run's
    (nice 5, not SCHED_IDLE: the job shares the window's GIL, and must not starve holding it)."""
    from solvers.job import SolverJob

    _, solver = make("beam", board_text)
    job = SolverJob(solver, Budget(seconds=60))
    job.start()
    try:
        deadline = time.monotonic() + 30
        while not job.poll().samples and time.monotonic() < deadline:  # the run is under way
            time.sleep(0.01)
        caller = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        assert os.sched_getscheduler(job.native_id) == os.SCHED_OTHER
        assert os.getpriority(os.PRIO_PROCESS, job.native_id) == max(5, caller)
        assert caller < 5 or caller == os.getpriority(os.PRIO_PROCESS, os.getpid())  # the caller's is kept
    finally:
        job.control.cancel()
        assert job.join(30)
