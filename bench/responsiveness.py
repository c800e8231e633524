"""How the window keeps up while each puzzle's default solver runs, and how fast cancel is.

    python -m bench.responsiveness [--seconds 4] [--cancels 3] [--puzzle ID ...] [--case ID=FILE]
                                   [--plot-samples N]

For each puzzle: the app's window (offscreen unless QT_QPA_PLATFORM says
otherwise) opens a case, starts the default solver with the panel's default
budget raised to 600 s, and a 5 ms QTimer on the GUI thread records the gaps
between its ticks for ``--seconds`` while the plots update and a frontier row
is previewed every 200 ms. The stall is the longest gap minus the 5 ms
interval; on Linux the line also splits that gap into the GUI thread's CPU time
and the time it waited, ready to run, for a core (other threads and processes on
a busy machine), ``own_stall_ms`` is the longest gap less that wait, and
``gui_cpu_share`` the GUI thread's CPU time over the time watched. Then
cancel latency: the time from the Cancel click to the worker thread's end, over
``--cancels`` runs cancelled after 0.3-1.5 s of work. With ``--plot-samples N``,
the CPU time of one plot update and repaint once a run has reported N samples
(a long run: the 4 s watched above are only ~1,200 samples of an online game).

Targets: no stall over 30 ms, cancel under 100 ms.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

def default_case(puzzle_id: str, folder: str) -> Path:
    """A contest-size case of any registered puzzle: its generator's seed 1 at its defaults."""
    from workbench.core.registry import get_puzzle

    puzzle = get_puzzle(puzzle_id)
    path = Path(folder) / f"{puzzle_id}-1.txt"
    path.write_text(puzzle.format_input(puzzle.generate(1)))
    return path
TICK_MS = 5
STALL_TARGET_MS, CANCEL_TARGET_MS = 30.0, 100.0


def _spin(app, seconds: float, until=None) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not (until and until()):
        app.processEvents()
        time.sleep(0.001)


def _scheduler_times() -> tuple[float, float] | None:
    """(seconds this thread ran, seconds it waited runnable for a free core), from Linux's
    schedstat; None where there is none."""
    try:
        with open("/proc/thread-self/schedstat") as stats:
            ran, waited = stats.read().split()[:2]
    except (OSError, ValueError):
        return None
    return int(ran) / 1e9, int(waited) / 1e9


class TickRecorder:
    """A 5 ms QTimer on the GUI thread; the gaps between its ticks.

    For each gap it also keeps how long the GUI thread ran and how long it waited, ready
    to run, for a core the OS gave to other threads (Linux only): a gap mostly spent
    waiting for a core is CPU starvation by other work on the machine, not the app's code.
    """

    def __init__(self):
        from PySide6.QtCore import Qt, QTimer
        self.timer = QTimer()
        self.timer.setTimerType(Qt.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.gaps: list[float] = []
        self.ran: list[float] = []  # per gap: GUI thread CPU seconds (nan: unknown)
        self.waited: list[float] = []  # per gap: seconds runnable but without a core
        self._last = None
        self._last_sched = None

    def _tick(self) -> None:
        now = time.perf_counter()
        sched = _scheduler_times()
        if self._last is not None:
            self.gaps.append(now - self._last)
            known = sched is not None and self._last_sched is not None
            self.ran.append(sched[0] - self._last_sched[0] if known else math.nan)
            self.waited.append(sched[1] - self._last_sched[1] if known else math.nan)
        self._last, self._last_sched = now, sched

    def start(self) -> None:
        self.gaps.clear()
        self.ran.clear()
        self.waited.clear()
        self._last = self._last_sched = None
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def worst_stall_ms(self) -> float:
        return max(0.0, 1000 * max(self.gaps, default=0.0) - TICK_MS)

    def worst_gap_parts_ms(self) -> tuple[float, float]:
        """(GUI thread CPU, waiting for a core) in the longest gap, in ms."""
        if not self.gaps:
            return 0.0, 0.0
        i = max(range(len(self.gaps)), key=self.gaps.__getitem__)
        return 1000 * self.ran[i], 1000 * self.waited[i]

    def gui_cpu_share(self) -> float:
        """The GUI thread's CPU time over the time watched (the window's own load)."""
        ran = [r for r in self.ran if r == r]
        return sum(ran) / sum(self.gaps) if ran else math.nan

    def worst_own_stall_ms(self) -> float:
        """The longest gap less the time the GUI thread waited for a core in it: the stall
        left if the OS had always given the window a core when it was ready to run."""
        own = [g - w for g, w in zip(self.gaps, self.waited) if w == w]
        return max(0.0, 1000 * max(own, default=math.nan) - TICK_MS) if own else math.nan


def _ready_window(puzzle_id: str, path: Path, folder: str):
    from PySide6.QtCore import QSettings
    from workbench.gui.app import build_window
    settings = QSettings(str(Path(folder) / f"{puzzle_id}.ini"), QSettings.IniFormat)
    window = build_window(settings=settings)
    window.show()
    if not window.open_path(path, puzzle_id):
        raise SystemExit(f"cannot open {path} as {puzzle_id}")
    return window


def _start(app, panel) -> None:
    _spin(app, 120, until=lambda: not panel.not_ready)  # kernels compiled or loaded
    panel.seconds.setValue(600)
    panel.start_button.click()
    _spin(app, 30, until=lambda: panel.job is not None and len(panel.sample_times) >= 1)


def long_run_plot_ms(app, panel, samples: int) -> float:
    """The GUI thread's CPU ms for one plot update and its repaint (the slower of the two
    plots) once the run has reported ``samples`` samples: the run's own samples, repeated
    with time going on (an online game reports ~300 a second, 180,000 in ten minutes)."""
    series = (panel.sample_times, panel.best_scores, panel._now, panel._frontier)
    recorded = [list(s) for s in series]
    step = (recorded[0][-1] - recorded[0][0]) / max(1, len(recorded[0]) - 1) or 0.01
    for k in range(samples - len(recorded[0])):
        i = k % len(recorded[0])
        panel.sample_times.append(panel.sample_times[-1] + step)
        for s, values in zip(series[1:], recorded[1:]):
            s.append(values[i])
    worst = 0.0
    for update in (panel._plot_best, panel._plot_frontier):
        for _ in range(3):
            begin = time.thread_time()
            update()
            app.processEvents()
            worst = max(worst, 1000 * (time.thread_time() - begin))
    return worst


def measure_puzzle(app, puzzle_id: str, path: Path, seconds: float, cancels: int, folder: str,
                   plot_samples: int = 0) -> dict:
    window = _ready_window(puzzle_id, path, folder)
    panel = window.solver_panel
    solver = panel.solver_class().name
    recorder = TickRecorder()
    _start(app, panel)
    recorder.start()
    end = time.perf_counter() + seconds
    next_preview = time.perf_counter() + 0.2
    previews = 0
    while time.perf_counter() < end and panel.running:
        app.processEvents()
        if time.perf_counter() >= next_preview and panel.frontier_entries:
            panel.table.cellClicked.emit(0, 0)  # as a click on the first frontier row
            previews += 1
            next_preview += 0.2
        time.sleep(0.0005)
    recorder.stop()
    stall = recorder.worst_stall_ms()
    stall_cpu, stall_wait = recorder.worst_gap_parts_ms()
    own = recorder.worst_own_stall_ms()
    gui_share = recorder.gui_cpu_share()
    gaps = sorted(recorder.gaps)
    p99 = 1000 * gaps[int(0.99 * (len(gaps) - 1))] - TICK_MS if gaps else 0.0
    latencies = []
    for i in range(cancels):
        if i > 0 or not panel.running:
            _start(app, panel)
            _spin(app, 0.3 + 1.2 * i / max(1, cancels - 1))
        job = panel.job
        begin = time.perf_counter()
        panel.cancel_button.click()
        job.join(60)
        latencies.append(1000 * (time.perf_counter() - begin))
        _spin(app, 0.2)
        panel.poll()
    long_plot = long_run_plot_ms(app, panel, plot_samples) if plot_samples else math.nan
    window.close()
    return {"puzzle": puzzle_id, "solver": solver, "stall": stall, "stall_cpu": stall_cpu,
            "stall_wait": stall_wait, "own": own, "gui_share": gui_share, "p99": p99, "ticks": len(gaps),
            "previews": previews, "cancel_max": max(latencies), "cancel_median": statistics.median(latencies),
            "long_plot": long_plot}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.responsiveness", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds of solving watched per puzzle")
    parser.add_argument("--cancels", type=int, default=3, help="cancel measurements per puzzle")
    parser.add_argument("--puzzle", action="append", help="a puzzle to measure (repeatable; default: every one)")
    parser.add_argument("--case", action="append", default=[], metavar="ID=FILE",
                        help="the case to open for a puzzle")
    parser.add_argument("--plot-samples", type=int, default=0, metavar="N",
                        help="also time a plot update and repaint (GUI thread CPU) once a run has "
                             "reported N samples (180000: a ten-minute online game)")
    args = parser.parse_args(argv)
    from workbench.core.registry import puzzles

    cases = {}
    for item in args.case:
        puzzle_id, _, file = item.partition("=")
        cases[puzzle_id] = Path(file)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for puzzle_id in args.puzzle or sorted(puzzles()):
            case = cases.get(puzzle_id) or default_case(puzzle_id, folder)
            row = measure_puzzle(app, puzzle_id, case, args.seconds, args.cancels, folder,
                                 args.plot_samples)
            rows.append(row)
            print(f"{puzzle_id} solver={row['solver']} stall_ms={row['stall']:.1f} "
                  f"(gui_cpu_ms={row['stall_cpu']:.1f} waiting_for_core_ms={row['stall_wait']:.1f}) "
                  f"own_stall_ms={row['own']:.1f} gui_cpu_share={row['gui_share']:.2f} p99_ms={row['p99']:.1f} "
                  f"ticks={row['ticks']} previews={row['previews']} cancel_ms_max={row['cancel_max']:.1f} "
                  f"cancel_ms_median={row['cancel_median']:.1f}"
                  + (f" plot_update_cpu_ms_at_{args.plot_samples}_samples={row['long_plot']:.1f}"
                     if args.plot_samples else ""), flush=True)
    load = os.getloadavg()[0]
    print(f"load average {load:.2f} on {os.cpu_count()} cores; targets: stall <= {STALL_TARGET_MS:.0f} ms, "
          f"cancel < {CANCEL_TARGET_MS:.0f} ms")
    missed = [r["puzzle"] for r in rows if r["stall"] > STALL_TARGET_MS or r["cancel_max"] >= CANCEL_TARGET_MS]
    if missed:
        print("over target: " + ", ".join(missed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
