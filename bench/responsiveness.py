"""How the window keeps up while each puzzle's default solver runs and while a batch runs in the
Runs panel, and how fast cancel is.

    python -m bench.responsiveness [--seconds 4] [--cancels 3] [--puzzle ID ...] [--case [ID=]FILE ...]
                                   [--batch ID|none] [--plot-samples N]
                                   [--live ID] [--live-in child|thread|both]
                                   [--load N] [--throughput SECONDS]

The cases: each ``--case`` (repeatable; its puzzle is ``ID=``, else the one ``--puzzle`` names,
else the name of its folder, as in ../shared/cases/ID/FILE). A puzzle measured with no case given
gets the largest file (most bytes) of ../shared/cases/ID/ when ../shared is beside the checkout,
else its generator's seed 1. With no ``--puzzle`` and no ``--case``: every puzzle.

For each case the app's window opens it and starts the default solver with the panel's budget
raised to 600 s; then, for ``--seconds``, the app's event loop runs as it does for a user while a
5 ms QTimer on the GUI thread records the gaps between its ticks: the plots update and a frontier
row is previewed (as a click) every 200 ms. A solver that ends before the watch does is started
again (``restarts=N`` says how often). The line gives the longest gap, its 99th percentile and the
median; on Linux the longest gap is split into the GUI thread's CPU time and the time it waited,
ready to run, for a core (other threads and processes on a busy machine), and ``own_max_gap_ms``
is the longest gap less the time it waited for a core: on a loaded machine, the app's own part;
``gui_cpu_max_ms`` is the most CPU time the GUI thread used between two ticks. A case where no tick
was recorded, or where the solver never ran while watched, is an error line with no figure
(the exit status is then 1): a run that was not watched has no stall to report.

Then cancel latency: the time from the Cancel click to the worker thread's end, over ``--cancels``
runs cancelled after 0.3-1.5 s of work. With ``--plot-samples N``, the CPU time of one plot update
and repaint once a run has reported N samples (a ten-minute online game: 180000).

The Runs-panel row: the same timer while the Runs panel runs a batch of the puzzle ``--batch``
names (default: the first one measured; ``none``: no batch row) with its default solver, 1 s a
case, as many cases at a time as the panel's default, over its cases folder's files (or seeds),
watched for ``--seconds`` and until 4 cases have come back (``rows=N``).

The live-view row (``--live ID``, e.g. ahc011; with no ``--puzzle`` or ``--case`` the only rows
are the live ones): "Run this case live" on ID's largest case while a fast-talking program writes
2,000 ``[SCORE]`` lines and 50 snapshot files a second (prefixes of ../shared/solutions/ID/'s answer
for the case, each scored by the engine), watched by the same timer for ``--seconds`` once its first
line has arrived; then Cancel, timed to the view's end (``cancel_ms_max``). ``--live-in`` says where
the case runs: ``child`` (the app's way: ``batch.live_child.ChildLiveCase``), ``thread``
(``batch.live_case.LiveCase`` in the app's process: readers and scoring on its threads), or ``both``,
one after the other, for a comparison under the same load.

``--load N`` starts N CPU-bound processes (``bench.load``: other programs at normal priority)
beside the watches, ended however the benchmark ends: the window's gaps then include its wait for
a core behind them and behind the app's own workers, which run below it
(``workbench.core.priority``: threads at nice 5, processes in the lowest class).

``--throughput SECONDS`` first measures, before any load starts, each case's default solver alone
(no window): its nodes (expansions) per second on a thread of normal priority, lowered as the
app lowers its threads (nice 5), in SCHED_IDLE on a thread, as the app ran it before its solver
process (``job-thread``: a ``solvers.job.SolverJob`` on a thread at nice 5, with its frontier
snapshots) and in that process (``child``: ``solvers.job_process``, in SCHED_IDLE), in turns,
three rounds of SECONDS each: on an idle machine job-thread and child should match.

Targets: no gap over 30 ms, cancel under 100 ms.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

TICK_MS = 5
GAP_TARGET_MS, CANCEL_TARGET_MS = 30.0, 100.0
SHARED_CASES = Path(__file__).resolve().parents[1].parent / "shared" / "cases"
PREVIEW_MS = 200  # a frontier row is clicked this often while watched
CHECK_MS = 50  # how often an ended solver is looked for (and started again)
BATCH_CASE_SECONDS = 1.0
BATCH_ROWS_WATCHED = 4  # the batch row's watch lasts until this many cases came back
SHARED_SOLUTIONS = SHARED_CASES.parent / "solutions"
LIVE_LINES_PER_SECOND, LIVE_SNAPSHOTS_PER_SECOND = 2000, 50
# The fast-talking program: [SCORE] lines and snapshot files (written as .tmp, then renamed) at the
# rates given, until killed; the answer's prefixes grow to the whole answer and start again.
TALKER = r"""
import os, sys, time
lines, snapshots, answer = int(sys.argv[1]), int(sys.argv[2]), open(sys.argv[3]).read()
sys.stdin.read()
folder = os.environ["PWB_SNAPSHOT_DIR"]
begin, written, taken = time.perf_counter(), 0, 0
while True:
    t = time.perf_counter() - begin
    while written < t * lines:
        written += 1
        sys.stderr.write(f"[SCORE] {written}\n")
    sys.stderr.flush()
    while taken < t * snapshots:
        taken += 1
        name = os.path.join(folder, f"{taken:06d}.txt")
        with open(name + ".tmp", "w") as out:
            out.write(answer[:max(1, (taken * 7) % (len(answer) + 1))])
        os.replace(name + ".tmp", name)
    time.sleep(0.001)
"""


def generated_case(puzzle_id: str, folder: str) -> Path:
    """A contest-size case of any registered puzzle: its generator's seed 1 at its defaults."""
    from workbench.core.registry import get_puzzle

    puzzle = get_puzzle(puzzle_id)
    path = Path(folder) / f"{puzzle_id}-1.txt"
    path.write_text(puzzle.format_input(puzzle.generate(1)))
    return path


def largest_case(folder: Path) -> Path | None:
    """The file of ``folder`` with the most bytes (the first by name among equals), None when
    there is no such folder or it holds no file."""
    if not folder.is_dir():
        return None
    files = [path for path in folder.iterdir() if path.is_file()]
    return min(files, key=lambda path: (-path.stat().st_size, path.name), default=None)


def cases_of(puzzles: list[str], given: list[str], known: set[str], generated) -> list[tuple[str, Path]]:
    """(puzzle, file) pairs to measure, in order: the ``--case`` items, then for each puzzle
    of ``puzzles`` that none names, its largest shared case or ``generated(puzzle)``."""
    pairs = []
    for item in given:
        puzzle_id, sep, file = item.partition("=")
        if sep and puzzle_id in known:
            path = Path(file)
        else:
            path = Path(item)
            puzzle_id = puzzles[0] if len(puzzles) == 1 else path.resolve().parent.name
        if puzzle_id not in known:
            raise SystemExit(
                f"--case {item}: say which puzzle it is (ID=FILE, or one --puzzle); "
                f"the folder {path.resolve().parent.name!r} is not a puzzle's id"
            )
        if not path.is_file():
            raise SystemExit(f"--case {item}: no such file")
        pairs.append((puzzle_id, path))
    named = {puzzle_id for puzzle_id, _ in pairs}
    for puzzle_id in puzzles:
        if puzzle_id not in named:
            pairs.append((puzzle_id, largest_case(SHARED_CASES / puzzle_id) or generated(puzzle_id)))
    return pairs


def _scheduler_times() -> tuple[float, float] | None:
    """(seconds this thread ran, seconds it waited runnable for a free core), from Linux's
    schedstat; None where there is none."""
    try:
        with open("/proc/thread-self/schedstat") as stats:
            ran, waited = stats.read().split()[:2]
    except (OSError, ValueError):
        return None
    return int(ran) / 1e9, int(waited) / 1e9


@dataclass
class Watch:
    """What one watch recorded: the gaps between ticks and, per gap, the GUI thread's CPU
    seconds and seconds spent waiting for a core (nan: unknown)."""

    gaps: list[float] = field(default_factory=list)
    ran: list[float] = field(default_factory=list)
    waited: list[float] = field(default_factory=list)

    def figures(self) -> dict | None:
        """In ms: the longest, 99th percentile and median gap, the longest one's GUI thread CPU
        and wait for a core, and the longest gap less its wait for a core (``own``: the gap
        the app would have had on an idle machine; nan where unknown); the most CPU the GUI
        thread used in one gap (``cpu_max``: the window's own work in one turn of its loop,
        which other programs' load barely changes, unlike ``own``: that still holds the time
        the GUI thread waited for the GIL, behind a thread of its process that waited for a
        core); the GUI thread's CPU share. None when nothing was recorded."""
        if not self.gaps:
            return None
        gaps = sorted(self.gaps)
        worst = max(range(len(self.gaps)), key=self.gaps.__getitem__)
        ran = [r for r in self.ran if r == r]
        own = [g - w for g, w in zip(self.gaps, self.waited) if w == w]
        return {
            "max_gap": 1000 * gaps[-1],
            "p99": 1000 * gaps[int(0.99 * (len(gaps) - 1))],
            "median": 1000 * statistics.median(gaps),
            "gap_cpu": 1000 * self.ran[worst],
            "gap_wait": 1000 * self.waited[worst],
            "own": 1000 * max(own) if own else math.nan,
            "cpu_max": 1000 * max(ran) if ran else math.nan,
            "gui_share": sum(ran) / sum(self.gaps) if ran else math.nan,
        }


class TickRecorder:
    """A 5 ms QTimer on the GUI thread; the gaps between its ticks, and how the GUI thread spent
    each (Linux only): a gap mostly spent waiting for a core is CPU starvation by other work on
    the machine, not the app's code."""

    def __init__(self):
        from PySide6.QtCore import Qt, QTimer

        self.timer = QTimer()
        self.timer.setTimerType(Qt.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.watch = Watch()
        self._last = None
        self._last_sched = None

    def _tick(self) -> None:
        now = time.perf_counter()
        sched = _scheduler_times()
        if self._last is not None:
            self.watch.gaps.append(now - self._last)
            known = sched is not None and self._last_sched is not None
            self.watch.ran.append(sched[0] - self._last_sched[0] if known else math.nan)
            self.watch.waited.append(sched[1] - self._last_sched[1] if known else math.nan)
        self._last, self._last_sched = now, sched

    def start(self) -> None:
        self.watch = Watch()
        self._last = self._last_sched = None
        self.timer.start()

    def stop(self) -> Watch:
        self.timer.stop()
        return self.watch


def run_events(seconds: float, until=None) -> None:
    """The app's event loop for ``seconds`` (or until ``until()`` is true), as ``exec`` runs it."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(max(0, int(1000 * seconds)), loop.quit)
    if until is not None:
        check = QTimer()
        check.setInterval(10)
        check.timeout.connect(lambda: until() and loop.quit())
        check.start()
        if until():
            return
    loop.exec()


def _ready_window(puzzle_id: str, path: Path, folder: str):
    from PySide6.QtCore import QSettings

    from workbench.gui.app import build_window

    settings = QSettings(str(Path(folder) / f"{puzzle_id}.ini"), QSettings.IniFormat)
    window = build_window(settings=settings)
    window.show()
    if not window.files.open_path(path, puzzle_id):
        raise SystemExit(f"cannot open {path} as {puzzle_id}")
    return window


def _start(panel) -> None:
    run_events(300, until=lambda: not panel.not_ready)  # kernels compiled or loaded
    panel.seconds.setValue(600)
    panel.start_button.click()
    run_events(30, until=lambda: panel.job is not None and (len(panel.sample_times) >= 1 or not panel.running))


def long_run_plot_ms(app, panel, samples: int) -> float:
    """The GUI thread's CPU ms for one plot update and its repaint (the slower of the two
    plots) once the run has reported ``samples`` samples: the run's own samples, repeated
    with time going on (an online game reports ~300 a second, 180,000 in ten minutes)."""
    series = (panel.sample_times, panel.best_scores, panel.run.samples.now, panel.run.samples.frontier)
    recorded = [list(s) for s in series]
    step = (recorded[0][-1] - recorded[0][0]) / max(1, len(recorded[0]) - 1) or 0.01
    for k in range(samples - len(recorded[0])):
        i = k % len(recorded[0])
        panel.sample_times.append(panel.sample_times[-1] + step)
        for s, values in zip(series[1:], recorded[1:]):
            s.append(values[i])
    worst = 0.0
    for update in (panel.plots.plot_best, panel.plots.plot_frontier):
        for _ in range(3):
            begin = time.thread_time()
            update()
            app.processEvents()
            worst = max(worst, 1000 * (time.thread_time() - begin))
    return worst


def watch_solver(panel, seconds: float) -> dict:
    """Watch the GUI thread for ``seconds`` while the panel's solver runs, starting it again
    whenever it ends; previews a frontier row every PREVIEW_MS."""
    from PySide6.QtCore import QTimer

    counts = {"restarts": 0, "previews": 0, "checks": 0, "running": 0}

    def preview():
        if panel.frontier_entries:
            panel.table.cellClicked.emit(0, 0)  # as a click on the first frontier row
            counts["previews"] += 1

    def check():
        counts["checks"] += 1
        if panel.running:
            counts["running"] += 1
        elif not panel.start_pending:
            panel.poll()
            panel.start_button.click()
            counts["restarts"] += 1

    timers = []
    for interval, action in ((PREVIEW_MS, preview), (CHECK_MS, check)):
        timer = QTimer()
        timer.setInterval(interval)
        timer.timeout.connect(action)
        timers.append(timer)
    recorder = TickRecorder()
    recorder.start()
    for timer in timers:
        timer.start()
    run_events(seconds)
    for timer in timers:
        timer.stop()
    watch = recorder.stop()
    return {
        "watch": watch,
        "restarts": counts["restarts"],
        "previews": counts["previews"],
        "running_share": counts["running"] / counts["checks"] if counts["checks"] else 0.0,
    }


def measure_case(
    app, puzzle_id: str, path: Path, seconds: float, cancels: int, folder: str, plot_samples: int = 0
) -> dict:
    window = _ready_window(puzzle_id, path, folder)
    panel = window.solver_panel
    row = {"what": f"{puzzle_id} {path.name}", "solver": panel.solver_class().name}
    _start(panel)
    row.update(watch_solver(panel, seconds))
    latencies = []
    for i in range(cancels):
        if i > 0 or not panel.running:
            if panel.running:
                panel.job.join(60)
            _start(panel)
            run_events(0.3 + 1.2 * i / max(1, cancels - 1))
        job = panel.job
        begin = time.perf_counter()
        panel.cancel_button.click()
        job.join(60)
        latencies.append(1000 * (time.perf_counter() - begin))
        run_events(0.2)
        panel.poll()
    if latencies:
        row["cancel_max"], row["cancel_median"] = max(latencies), statistics.median(latencies)
    if plot_samples:
        row["long_plot"] = long_run_plot_ms(app, panel, plot_samples)
    window.close()
    return row


def measure_batch(puzzle_id: str, path: Path, seconds: float, folder: str) -> dict:
    """Watch the GUI thread while the Runs panel runs a batch of ``puzzle_id``."""
    window = _ready_window(puzzle_id, path, folder)
    panel = window.runs_panel
    panel.runs_root = Path(folder) / "runs"
    window.show_runs()
    shared = SHARED_CASES / puzzle_id
    if shared.is_dir():
        panel.set_files(sorted(str(p) for p in shared.iterdir() if p.is_file()))
    else:
        panel.seeds.setText("1-200")
    panel.time.setValue(BATCH_CASE_SECONDS)
    row = {"what": f"runs-panel batch {puzzle_id}", "solver": panel.runner.currentText(), "restarts": 0}
    if not panel.start():
        window.close()
        return {
            **row,
            "watch": Watch(),
            "previews": 0,
            "running_share": 0.0,
            "error": f"the batch did not start: {panel.summary.text()}",
        }
    run_events(60, until=lambda: panel.run is not None or not panel.running)  # cases made, workers starting
    recorder = TickRecorder()
    recorder.start()
    begin = time.perf_counter()
    running = checks = 0
    # The watch goes on past ``seconds`` until cases have come back (their rows, scored in this
    # process, are part of the panel's work), for two minutes at most.
    while time.perf_counter() < begin + seconds or (
        len(panel.view.rows) < BATCH_ROWS_WATCHED and time.perf_counter() < begin + 120 and panel.running
    ):
        run_events(CHECK_MS / 1000)
        checks += 1
        running += panel.running
    watch = recorder.stop()
    panel.shutdown()
    window.close()
    return {
        **row,
        "watch": watch,
        "previews": 0,
        "running_share": running / checks if checks else 0.0,
        "rows": len(panel.view.rows),
    }


def measure_live(puzzle_id: str, path: Path, seconds: float, folder: str, where: str) -> dict:
    """Watch the GUI thread while the live view runs a fast-talking program on ``path``, the case run
    ``where`` says (child: a child process, thread: this process's threads)."""
    from PySide6.QtCore import QSettings

    import workbench.gui.live.live_run_view as live_view
    from workbench.batch.cases import BatchCase
    from workbench.batch.live_case import LiveCase
    from workbench.batch.live_child import ChildLiveCase
    from workbench.batch.puzzle_problem import PuzzleProblem

    row = {
        "what": f"live view {puzzle_id} {path.name} ({LIVE_LINES_PER_SECOND} lines/s, "
        f"{LIVE_SNAPSHOTS_PER_SECOND} snapshots/s)",
        "solver": f"program-in-{where}",
        "restarts": 0,
        "previews": 0,
    }
    answer = SHARED_SOLUTIONS / puzzle_id / path.name
    if not answer.is_file():
        answer = Path(folder) / "no-answer.txt"
        answer.write_text("")
    talker = Path(folder) / "talker.py"
    talker.write_text(TALKER)
    live_view.LIVE_CASE = ChildLiveCase if where == "child" else LiveCase
    settings = QSettings(str(Path(folder) / "live.ini"), QSettings.IniFormat)
    case = BatchCase(0, path.stem, str(path), None, path.read_text())
    view = live_view.LiveRunView(PuzzleProblem(puzzle_id), case, settings, seconds=seconds + 60)
    view.show()
    view.command.setText(f"{sys.executable} {talker} {LIVE_LINES_PER_SECOND} {LIVE_SNAPSHOTS_PER_SECOND} {answer}")
    clicked = time.perf_counter()
    view.run_button.click()
    try:
        run_events(60, until=lambda: len(view.series_v) > 0 or view.live.finished.is_set())
        first_line = time.perf_counter() - clicked  # a child process starts (imports) first
        if not len(view.series_v):
            return {**row, "watch": Watch(), "running_share": 0.0, "error": f"no line came: {view.status.text()}"}
        recorder = TickRecorder()
        recorder.start()
        run_events(seconds)
        watch = recorder.stop()
        running = 0.0 if view.live.finished.is_set() else 1.0
        lines, snapshots = len(view.series_v), len(view.snapshots)
        begin = time.perf_counter()
        view.cancel_button.click()
        run_events(30, until=lambda: view.live.finished.is_set() and not view.timer.isActive())
        cancel = 1000 * (time.perf_counter() - begin)
        return {
            **row,
            "watch": watch,
            "running_share": running,
            "cancel_max": cancel,
            "cancel_median": cancel,
            "said": f"first_line_s={first_line:.2f} lines={lines} snapshots={snapshots} "
            f"ended='{view.status.text()[:40]}'",
        }
    finally:
        view.close()
        live_view.LIVE_CASE = ChildLiveCase


THROUGHPUT_ROUNDS = 3
# The solver alone on a thread: at normal priority, at nice 5, in SCHED_IDLE; then as the app ran
# it before its child process (job-thread: a SolverJob on a thread at nice 5, its frontier
# snapshots and best answers kept as for the window) and as it runs it now (child).
CLASSES = ("normal", "app-thread", "sched-idle", "job-thread", "child")


def _solve_for(puzzle_id: str, path: Path, seconds: float, lowered: str) -> tuple[int, float]:
    """(expansions, seconds) of the puzzle's default solver run for ``seconds`` on a new thread
    of the scheduling class ``lowered`` names, started again whenever it ends sooner."""
    import threading

    from solvers.online import build_run, execute
    from solvers.run_setup import run_budget
    from workbench.core.priority import lower_this_thread
    from workbench.core.registry import get_puzzle, solvers

    puzzle = get_puzzle(puzzle_id)
    instance = puzzle.parse_input(path.read_text())
    cls = next(iter(solvers(puzzle_id).values()))
    done = [0, 0.0]

    def work():
        if lowered == "app-thread":  # as the app lowers its own threads (nice 5 on Linux)
            lower_this_thread()
        elif lowered == "sched-idle":  # as the app lowers its worker processes
            os.sched_setscheduler(threading.get_native_id(), os.SCHED_IDLE, os.sched_param(0))
        while done[1] < seconds:
            budget = run_budget(puzzle, instance, cls, {}, seconds - done[1]).budget
            result = execute(
                build_run(puzzle, instance, puzzle.initial_state(instance), cls, seed=1, params={}, budget=budget),
                budget,
            )
            done[0] += result.progress.expansions
            done[1] += max(result.elapsed, 1e-3)

    if lowered in ("job-thread", "child"):
        return _solve_in_job(puzzle, instance, cls, seconds, in_child=lowered == "child")
    thread = threading.Thread(target=work, name=f"throughput-{lowered}")
    thread.start()
    thread.join()
    return done[0], done[1]


def _solve_in_job(puzzle, instance, cls, seconds: float, in_child: bool) -> tuple[int, float]:
    """As ``_solve_for``, run as the app runs it: a ``SolverJob`` (on a thread that lowers itself to
    nice 5: the app before f75f250) or in ``solvers.job_process``'s child (in SCHED_IDLE)."""
    from functools import partial

    from solvers.job import SolverJob
    from solvers.job_process import ProcessSolverJob, warm
    from solvers.online import build_run
    from solvers.run_setup import run_budget

    if in_child:
        warm(puzzle.id)  # kernels loaded before the clock starts, as the window has them
    done = [0, 0.0]
    while done[1] < seconds:
        budget = run_budget(puzzle, instance, cls, {}, seconds - done[1]).budget
        job = (ProcessSolverJob if in_child else SolverJob)(
            partial(build_run, puzzle, instance, puzzle.initial_state(instance), cls, seed=1, params={}, budget=budget),
            budget,
            name=cls.name,
            objective=puzzle.objective,
        )
        job.start()
        job.join()
        result = job.poll().result
        done[0] += result.progress.expansions
        done[1] += max(result.elapsed, 1e-3)
    return done[0], done[1]


def throughput_line(puzzle_id: str, path: Path, seconds: float) -> str:
    """The default solver's nodes/s alone, in each scheduling class, in turns (THROUGHPUT_ROUNDS)."""
    _solve_for(puzzle_id, path, min(seconds, 0.5), "normal")  # kernels loaded, caches warm
    rates: dict[str, list[float]] = {name: [] for name in CLASSES}
    for _ in range(THROUGHPUT_ROUNDS):
        for name in CLASSES:
            nodes, took = _solve_for(puzzle_id, path, seconds, name)
            rates[name].append(nodes / took)
    said = " ".join(f"{name}={statistics.median(r):,.0f}" for name, r in rates.items())
    spread = " ".join(f"{name}_rounds=" + "/".join(f"{v:,.0f}" for v in r) for name, r in rates.items())
    return f"throughput {puzzle_id} {path.name} nodes_per_s(median): {said} ({spread})"


def row_line(row: dict) -> tuple[str, bool]:
    """The line printed for a measured row, and whether it is an error (nothing watched)."""
    head = f"{row['what']} solver={row['solver']}"
    counts = f"restarts={row['restarts']} previews={row['previews']}"
    figures = row["watch"].figures()
    if row.get("error"):
        return f"{head} error: {row['error']}", True
    if figures is None:
        return f"{head} error: ticks=0, nothing was watched ({counts}): no gap to report", True
    if row["running_share"] == 0:
        return (
            f"{head} error: the solver never ran while watched (ticks={len(row['watch'].gaps)} {counts}): "
            "no gap to report"
        ), True
    line = (
        f"{head} max_gap_ms={figures['max_gap']:.1f} p99_ms={figures['p99']:.1f} "
        f"median_ms={figures['median']:.1f} (longest gap: gui_cpu_ms={figures['gap_cpu']:.1f} "
        f"waiting_for_core_ms={figures['gap_wait']:.1f}) own_max_gap_ms={figures['own']:.1f} "
        f"gui_cpu_max_ms={figures['cpu_max']:.1f} "
        f"gui_cpu_share={figures['gui_share']:.2f} "
        f"ticks={len(row['watch'].gaps)} {counts} solver_running={row['running_share']:.2f}"
    )
    if "rows" in row:
        line += f" rows={row['rows']}"
    if "said" in row:
        line += f" {row['said']}"
    if "cancel_max" in row:
        line += f" cancel_ms_max={row['cancel_max']:.1f} cancel_ms_median={row['cancel_median']:.1f}"
    if "long_plot" in row:
        line += f" plot_update_cpu_ms_at_samples={row['long_plot']:.1f}"
    return line, False


def over_target(row: dict) -> bool:
    figures = row["watch"].figures()
    return figures is not None and figures["max_gap"] > GAP_TARGET_MS or row.get("cancel_max", 0.0) >= CANCEL_TARGET_MS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.responsiveness", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds of solving watched per case")
    parser.add_argument("--cancels", type=int, default=3, help="cancel measurements per case")
    parser.add_argument(
        "--puzzle",
        action="append",
        default=[],
        help="a puzzle to measure (repeatable; default: every one, or those of --case)",
    )
    parser.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="[ID=]FILE",
        help="a case to open (repeatable); default: the puzzle's largest file in ../shared/cases",
    )
    parser.add_argument(
        "--batch", metavar="ID|none", help="the puzzle of the Runs-panel batch row (default: the first measured)"
    )
    parser.add_argument(
        "--live",
        metavar="ID",
        help="also watch the live view running a fast-talking program "
        "on ID's largest case (alone, with no --puzzle and no --case)",
    )
    parser.add_argument(
        "--live-in",
        choices=("child", "thread", "both"),
        default="both",
        help="where the live row's case runs (default: both, one after the other)",
    )
    parser.add_argument(
        "--plot-samples",
        type=int,
        default=0,
        metavar="N",
        help="also time a plot update and repaint (GUI thread CPU) once a run has "
        "reported N samples (180000: a ten-minute online game)",
    )
    parser.add_argument(
        "--load",
        type=int,
        default=0,
        metavar="N",
        help="N CPU-bound processes run beside the watches (another program's load)",
    )
    parser.add_argument(
        "--throughput",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="first, each case's default solver alone: nodes/s at normal priority, "
        "as the app lowers its threads (nice 5), in SCHED_IDLE, as the app ran it before its child "
        "process (a SolverJob at nice 5) and in its child, in turns (before --load starts)",
    )
    args = parser.parse_args(argv)
    if args.load < 0:
        parser.error("--load: a number of processes, 0 or more")
    from workbench.core.registry import puzzles

    known = set(puzzles())
    unknown = [p for p in args.puzzle + ([args.live] if args.live else []) if p not in known]
    if unknown:
        parser.error(f"no such puzzle: {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as folder:
        chosen = args.puzzle or ([] if args.case or args.live else sorted(known))
        cases = cases_of(chosen, args.case, known, lambda puzzle_id: generated_case(puzzle_id, folder))
        if args.throughput:
            for puzzle_id, case in cases:
                print(throughput_line(puzzle_id, case, args.throughput), flush=True)
        failed = _watched(app, args, cases, known, folder, rows)
    load = os.getloadavg()[0]
    print(
        f"load average {load:.2f} on {os.cpu_count()} cores, {args.load} busy process(es) beside; "
        f"targets: gap <= {GAP_TARGET_MS:.0f} ms, cancel < {CANCEL_TARGET_MS:.0f} ms"
    )
    missed = [row["what"] for row in rows if over_target(row)]
    if missed:
        print("over target: " + ", ".join(missed))
    return 1 if failed else 0


def _watched(app, args, cases, known: set, folder: str, rows: list) -> bool:
    """Every watched row, printed and added to ``rows``, with ``--load``'s processes beside;
    whether one is an error (nothing watched)."""
    from bench.load import cpu_load

    failed = False
    with cpu_load(args.load):
        for puzzle_id, case in cases:
            row = measure_case(app, puzzle_id, case, args.seconds, args.cancels, folder, args.plot_samples)
            rows.append(row)
            line, error = row_line(row)
            failed |= error
            print(line, flush=True)
        batch = args.batch or (cases[0][0] if cases else None)
        if batch and batch != "none":
            case = next((path for puzzle_id, path in cases if puzzle_id == batch), None)
            row = measure_batch(
                batch,
                case or cases_of([batch], [], known, lambda p: generated_case(p, folder))[0][1],
                args.seconds,
                folder,
            )
            rows.append(row)
            line, error = row_line(row)
            failed |= error
            print(line, flush=True)
        if args.live:
            case = next((path for puzzle_id, path in cases if puzzle_id == args.live), None)
            case = case or cases_of([args.live], [], known, lambda p: generated_case(p, folder))[0][1]
            for where in ("thread", "child") if args.live_in == "both" else (args.live_in,):
                row = measure_live(args.live, case, args.seconds, folder, where)
                rows.append(row)
                line, error = row_line(row)
                failed |= error
                print(line, flush=True)
    return failed


if __name__ == "__main__":
    sys.exit(main())
