"""First use with a cold numba cache: how long the first solve waits for compilation.

    python -m bench.cold_start [PUZZLE ...] [--nodes N]

For each puzzle, in a fresh temporary NUMBA_CACHE_DIR (so nothing is cached):

* cold solve   -- ``main.py solve`` on a small case, compiling every kernel it needs;
* warm-up      -- ``python -m solvers.warm_up PUZZLE``, the worker process the
                  window starts on first use (it compiles every solver of the puzzle);
* warm solve   -- the same solve again, with the cache the warm-up left.

Each step runs in its own process and is timed from start to exit (interpreter
start-up and imports included), so the figures are what a person waits.

With ``--window`` it measures the app instead (offscreen, a fresh cache): the
window opens the case, F5 is pressed at once with the same node budget, and it
prints when the kernels were compiled, when the first solve finished, and the
longest gap between ticks of a 5 ms timer on the GUI thread meanwhile (how smooth
the window stayed while the kernels compiled).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def bench_case(puzzle_id: str, folder: Path) -> tuple[Path, int]:
    """Every registered puzzle's own case: its generator's seed 1 with the puzzle's smoke options
    (a short solve: compilation dominates a cold start), and its declared bench node budget."""
    from workbench.core.registry import get_puzzle

    puzzle = get_puzzle(puzzle_id)
    path = folder / f"{puzzle_id}.txt"
    path.write_text(puzzle.format_input(puzzle.generate(1, **puzzle.smoke.generator)))
    return path, puzzle.smoke.bench_nodes


def timed(command: list[str], env: dict) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        print(done.stderr.strip()[-2000:], file=sys.stderr)
    return time.perf_counter() - start, done.returncode


WINDOW_PROBE = r"""
import sys, time
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from workbench.gui.app import build_window
puzzle, case, nodes, ini = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
start = time.perf_counter()
window = build_window(case, settings=QSettings(ini, QSettings.IniFormat))
window.show()
panel = window.solver_panel
panel.seconds.setValue(0)
panel.nodes.setValue(nodes)
window.answers.start_solver()
ticks, marks = [time.perf_counter()], {}
timer = QTimer()
timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
timer.start(5)
while not (panel.job is not None and not panel.running and panel.last_result is not None):
    app.processEvents()
    if "compiled" not in marks and not window.kernels.compiling(puzzle):
        marks["compiled"] = time.perf_counter() - start
    panel.poll()
    time.sleep(0.001)
done = time.perf_counter() - start
gap = max(b - a for a, b in zip(ticks, ticks[1:]))
print(f"{marks.get('compiled', done):.1f} {done:.1f} {gap * 1000:.0f}")
window.close()
"""


def window_probe(puzzle: str, case: Path, nodes: int) -> str:
    with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, QT_QPA_PLATFORM="offscreen")
        done = subprocess.run(
            [sys.executable, "-c", WINDOW_PROBE, puzzle, str(case), str(nodes), str(Path(cache) / "settings.ini")],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
        )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        print(done.stderr.strip()[-2000:], file=sys.stderr)
        return "failed"
    compiled, solved, gap = lines[-1].split()
    return f"{compiled:>9}s {solved:>11}s {gap:>9} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="*", help="puzzle ids (default: every registered puzzle)")
    parser.add_argument("--nodes", type=int, default=None, help="node budget of the solve (default: per puzzle)")
    parser.add_argument("--window", action="store_true", help="measure the app's first use instead (see above)")
    args = parser.parse_args(argv)
    from workbench.core.registry import puzzles

    args.puzzles = args.puzzles or sorted(puzzles())
    python = sys.executable
    cases = Path(tempfile.mkdtemp(prefix="cold-start-cases-"))
    if args.window:
        print(f"{'puzzle':14} {'compiled':>10} {'first solve':>12} {'max GUI gap':>12}")
        for puzzle in args.puzzles:
            case, nodes = bench_case(puzzle, cases)
            print(f"{puzzle:14} {window_probe(puzzle, case, args.nodes or nodes)}", flush=True)
        return 0
    print(f"{'puzzle':14} {'cold solve':>11} {'warm-up':>9} {'warm solve':>11}")
    failed = 0
    for puzzle in args.puzzles:
        case, nodes = bench_case(puzzle, cases)
        solve = [python, "main.py", "solve", puzzle, str(case), "--nodes", str(args.nodes or nodes)]
        with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            cold, rc1 = timed(solve, env)
        with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            warm_up, rc2 = timed([python, "-m", "solvers.warm_up", puzzle], env)
            warm, rc3 = timed(solve, env)
        failed += bool(rc1 or rc2 or rc3)
        print(f"{puzzle:14} {cold:10.1f}s {warm_up:8.1f}s {warm:10.1f}s", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
