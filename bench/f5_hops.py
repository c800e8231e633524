"""F5's flow in hops: the modules and calls a solver run crosses, from the key to the applied line.

    QT_QPA_PLATFORM=offscreen python -m bench.f5_hops [BOARD] [--seconds S]

Opens BOARD (ahc011 case 0000 by default), presses F5 (Solver ▸ Start), waits for the run's
end, then Solver ▸ Apply best, with a profiler on the window's thread and the rescoring
thread. It prints the project's modules entered, the calls from one project module into
another (distinct caller → callee pairs, and in all), and how often the puzzle's ``apply``
ran on each thread: how many times the best line was replayed. Prints figures, asserts none.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
BOARD = ROOT.parent / "shared" / "cases" / "ahc011" / "0000.txt"
PROJECT = (str(ROOT / "workbench"), str(ROOT / "solvers"))


def module_of(filename: str) -> str | None:
    """The project module a code object belongs to (None: a library's or the standard one's)."""
    if not filename.startswith(PROJECT):
        return None
    return str(Path(filename).relative_to(ROOT).with_suffix("")).replace(os.sep, ".")


class Hops:
    """Calls between project modules, as a profiler sees them."""

    def __init__(self):
        self.modules: set[str] = set()
        self.edges: Counter = Counter()

    def profile(self, frame, event, _arg):
        if event != "call":
            return
        callee = module_of(frame.f_code.co_filename)
        if callee is None:
            return
        self.modules.add(callee)
        caller = frame.f_back
        while caller is not None and module_of(caller.f_code.co_filename) is None:
            caller = caller.f_back  # through Qt's and psygnal's frames to the project's caller
        source = module_of(caller.f_code.co_filename) if caller is not None else None
        if source is not None and source != callee:
            self.edges[(source, f"{callee}.{frame.f_code.co_qualname}")] += 1


def counted_apply(puzzle, counts: Counter):
    """``puzzle.apply``, counting its calls by thread name."""
    apply = puzzle.apply

    def apply_counted(*args, **kwargs):
        counts[threading.current_thread().name.split("_")[0]] += 1
        return apply(*args, **kwargs)

    puzzle.apply = apply_counted
    return apply


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", nargs="?", default=str(BOARD))
    parser.add_argument("--seconds", type=float, default=2.0, help="the run's time budget")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every caller -> callee")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from workbench.gui.app import build_window

    app = QApplication.instance() or QApplication(sys.argv[:1])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "bench.ini"), QSettings.IniFormat)
    window = build_window(args.board, settings=settings)
    window.show()
    while not window.kernels.is_ready(window.session.puzzle.id):
        app.processEvents()
        time.sleep(0.01)
    panel = window.solver_panel
    panel.seconds.setValue(args.seconds)
    actions = {a.text().replace("&", ""): a for a in window.findChildren(type(window.undo_action))}
    puzzle = window.session.puzzle
    applies: Counter = Counter()
    original = counted_apply(puzzle, applies)
    hops = Hops()
    threading.setprofile(hops.profile)  # the rescoring thread, started by the run
    sys.setprofile(hops.profile)
    try:
        actions["Start"].trigger()
        while panel.job is None or panel.running:
            app.processEvents()
            time.sleep(0.005)
        panel.poll()
        run_applies = sum(applies.values())
        before = dict(applies)
        actions["Apply best"].trigger()
        app.processEvents()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
        puzzle.apply = original
    at_apply = {name: count - before.get(name, 0) for name, count in applies.items() if count != before.get(name, 0)}
    print(
        f"{Path(args.board).name}: best line of {len(panel.best_moves)} moves, "
        f"{len(window.session.moves())} on the board after Apply best"
    )
    print(f"project modules entered: {len(hops.modules)}")
    print(
        f"calls between project modules: {len(hops.edges)} distinct caller -> callee, {sum(hops.edges.values())} in all"
    )
    print(f"puzzle.apply during the run: {run_applies} ({dict(before)}); at Apply best: {at_apply or 0}")
    if args.verbose:
        for (source, target), count in sorted(hops.edges.items()):
            print(f"  {source} -> {target} x{count}")
    window.solver_panel.shutdown()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
