"""How the window keeps up while each puzzle's default solver runs, and how fast cancel is.

    python -m bench.responsiveness [--seconds 4] [--cancels 3] [--puzzle ID ...] [--case ID=FILE]

For each puzzle: the app's window (offscreen unless QT_QPA_PLATFORM says
otherwise) opens a case, starts the default solver with the panel's default
budget raised to 600 s, and a 5 ms QTimer on the GUI thread records the gaps
between its ticks for ``--seconds`` while the plots update and a frontier row
is previewed every 200 ms. The stall is the longest gap minus the 5 ms
interval. Then cancel latency: the time from the Cancel click to the worker
thread's end, over ``--cancels`` runs cancelled after 0.3-1.5 s of work.

Targets (issue 13): no stall over 30 ms, cancel under 100 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"
DEFAULT_CASES = {
    "rolling-balls": CASES / "rolling-balls" / "seed_7.txt",
    "ahc011": CASES / "ahc011" / "0009.txt",
    "ahc015": CASES / "ahc015" / "0000.txt",
    "codevs": CASES / "codevs" / "packs_1.txt",
    "comesolo": CASES / "comesolo" / "rand_30_d60.txt",
}
TICK_MS = 5
STALL_TARGET_MS, CANCEL_TARGET_MS = 30.0, 100.0


def _spin(app, seconds: float, until=None) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not (until and until()):
        app.processEvents()
        time.sleep(0.001)


class TickRecorder:
    """A 5 ms QTimer on the GUI thread; the gaps between its ticks."""

    def __init__(self):
        from PySide6.QtCore import Qt, QTimer
        self.timer = QTimer()
        self.timer.setTimerType(Qt.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.gaps: list[float] = []
        self._last = None

    def _tick(self) -> None:
        now = time.perf_counter()
        if self._last is not None:
            self.gaps.append(now - self._last)
        self._last = now

    def start(self) -> None:
        self.gaps.clear()
        self._last = None
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def worst_stall_ms(self) -> float:
        return max(0.0, 1000 * max(self.gaps, default=0.0) - TICK_MS)


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
    _spin(app, 30, until=lambda: panel.job is not None and len(panel._times) >= 1)


def measure_puzzle(app, puzzle_id: str, path: Path, seconds: float, cancels: int, folder: str) -> dict:
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
    window.close()
    return {"puzzle": puzzle_id, "solver": solver, "stall": stall, "p99": p99, "ticks": len(gaps),
            "previews": previews, "cancel_max": max(latencies), "cancel_median": statistics.median(latencies)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.responsiveness", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds of solving watched per puzzle")
    parser.add_argument("--cancels", type=int, default=3, help="cancel measurements per puzzle")
    parser.add_argument("--puzzle", action="append", choices=sorted(DEFAULT_CASES))
    parser.add_argument("--case", action="append", default=[], metavar="ID=FILE",
                        help="the case to open for a puzzle")
    args = parser.parse_args(argv)
    cases = dict(DEFAULT_CASES)
    for item in args.case:
        puzzle_id, _, file = item.partition("=")
        cases[puzzle_id] = Path(file)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for puzzle_id in args.puzzle or list(DEFAULT_CASES):
            row = measure_puzzle(app, puzzle_id, cases[puzzle_id], args.seconds, args.cancels, folder)
            rows.append(row)
            print(f"{puzzle_id} solver={row['solver']} stall_ms={row['stall']:.1f} p99_ms={row['p99']:.1f} "
                  f"ticks={row['ticks']} previews={row['previews']} cancel_ms_max={row['cancel_max']:.1f} "
                  f"cancel_ms_median={row['cancel_median']:.1f}", flush=True)
    load = os.getloadavg()[0]
    print(f"load average {load:.2f} on {os.cpu_count()} cores; targets: stall <= {STALL_TARGET_MS:.0f} ms, "
          f"cancel < {CANCEL_TARGET_MS:.0f} ms")
    missed = [r["puzzle"] for r in rows if r["stall"] > STALL_TARGET_MS or r["cancel_max"] >= CANCEL_TARGET_MS]
    if missed:
        print("over target: " + ", ".join(missed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
