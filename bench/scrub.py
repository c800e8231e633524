"""Scrubbing speed: milliseconds per step when the step-through slider walks a long answer.

    QT_QPA_PLATFORM=offscreen python -m bench.scrub [BOARD] [--steps N]

Plays a long line on a 30x30 comesolo board (greedy: the first legal jump, from a
fixed seed), then moves the slider one step at a time, forward and back, and
prints the mean, 95th percentile and worst time per step (the window's whole
update: board, history, step panel, status).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BOARD = Path(__file__).resolve().parents[2] / "shared" / "cases" / "comesolo" / "rand_30_d60.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", nargs="?", default=str(BOARD))
    parser.add_argument("--steps", type=int, default=200, help="slider steps to time each way")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from workbench.gui.app import build_window

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "bench.ini"), QSettings.IniFormat)
    window = build_window(args.board, settings=settings)
    window.resize(1280, 820)
    window.show()
    app.processEvents()
    kernels = getattr(window, "kernels", None)
    while kernels is not None and kernels.busy():  # the solver kernels load first, not meanwhile
        app.processEvents()
        time.sleep(0.01)
    session, puzzle = window.session, window.session.puzzle
    state, moves = session.state, []
    while True:
        legal = puzzle.legal_moves(session.instance, state)
        if not legal:
            break
        moves.append(legal[len(moves) % len(legal)])
        state = puzzle.apply(session.instance, state, moves[-1]).state
    session.add_line(moves)  # the session's events redraw the window
    window.tabs.setCurrentWidget(window.step_panel)
    app.processEvents()
    slider = window.step_panel.slider
    steps = min(args.steps, len(moves))
    times = []
    start_index = max(0, len(moves) - steps)
    slider.setValue(start_index)  # the first paint of the whole window is not a step
    app.processEvents()
    cpu = []  # CPU time of this process: what a step costs, whatever else the machine runs
    for index in list(range(start_index, len(moves) + 1)) + list(range(len(moves), start_index - 1, -1)):
        began, began_cpu = time.perf_counter(), time.process_time()
        slider.setValue(index)
        app.processEvents()  # the repaint is part of the step
        times.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
    times.sort()
    cpu.sort()
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{Path(args.board).name}: a line of {len(moves)} moves, {len(times)} slider steps")
    print(
        f"ms per step: median {statistics.median(times):.1f}, mean {statistics.mean(times):.1f}, "
        f"p95 {p95:.1f}, worst {times[-1]:.1f} (wall clock)"
    )
    print(
        f"CPU ms per step: median {statistics.median(cpu):.1f}, mean {statistics.mean(cpu):.1f}, "
        f"p95 {cpu[int(len(cpu) * 0.95) - 1]:.1f}, worst {cpu[-1]:.1f}"
    )
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
