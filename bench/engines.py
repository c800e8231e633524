"""The engine workloads of ``specs/engine-workloads.md``, on the project's own engine functions.

    python -m bench.engines [--figure NAME] [--repeat K] [--quick] [--scale F] [--no-cpp]

Each figure is a numba loop written here (only the loop, the spec's xorshift64
RNG and the checksum) around the engine functions the solvers call, imported
from ``solvers/``. A line per figure, in the spec's format:

    NAME ops=COUNT seconds=S rate=OPS_PER_S checksum=X

The engine functions each figure drives (all called by the solvers):

- rolling-balls.rolls: ``rolling_balls.kernels.roll_end`` + ``search._relocate`` (the
  target beam's real roll); score_evals adds ``compact.doubled_points``.
- ahc011.moves: ``ahc011.grid.neighbour`` (the legal moves) + ``placement._step`` (the
  slide every placement search plays); tree_evals adds ``grid.tree_size`` (S, new: no
  solver needs S yet, they test ``is_full_tree``; the GUI/CLI score S in Python).
- ahc015.playouts: ``ahc015.kernels.drop``, ``rule_tilt``, ``tilt_cells``, ``square_sum``
  (the Monte Carlo playout's pieces).
- codevs.drops: ``codevs.kernels.land`` + ``resolve``; cand_evals adds 90 ``drop_alone`` calls
  per op (``copy_node`` + ``resolve``, as ``candidate_chain`` does).
- comesolo.moves: ``comesolo.kernels.jump_masks`` (the start's legal-move set),
  ``pick_jump`` (the k-th legal jump, from per-block counts of the set, as the C++
  does from row counts) and ``play_counted`` (a jump, keeping the set and its counts).
  The searches list every child instead (``list_masked``, ``play_masked``).

``seconds`` covers the workload loop only (each loop is compiled on a tiny
count first). The reference C++ engines of ``../shared/specs/engine-cpp`` (built
by their ``build.sh``) run the same figures in the same run, in turns with the
engine's runs (``--repeat``: engine, reference, own C++, engine…, so that a load
that drifts weighs on both sides alike), and a table of engine/reference ratios
(of the medians) follows; the project's own ``bench/cpp/engines.cpp`` is a
second column. Without g++ (or ../shared) the spec's quoted rates are used and
the table says so. The exit status is 1 when a checksum differs from the
spec's (or from the spec's quick-check value at the quick-check counts).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases"
CPP_SOURCE = Path(__file__).resolve().parent / "cpp" / "engines.cpp"
# The reference engines the spec quotes: one program per puzzle, built by their own build.sh.
REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "specs" / "engine-cpp"
# Figure -> (reference program, its input under CASES, which of its counts the figure is).
REFERENCE_RUNS = {
    "rolling-balls.rolls": ("rolling_balls", "rolling-balls/seed_7.txt", 0),
    "rolling-balls.score_evals": ("rolling_balls", "rolling-balls/seed_7.txt", 1),
    "ahc011.moves": ("ahc011", "ahc011/0009.txt", 0),
    "ahc011.tree_evals": ("ahc011", "ahc011/0009.txt", 1),
    "ahc015.playouts": ("ahc015", "ahc015/0000.txt", 0),
    "codevs.drops": ("codevs", "codevs/packs_1.txt", 0),
    "codevs.cand_evals": ("codevs", "codevs/packs_1.txt", 1),
    "comesolo.moves": ("comesolo", "comesolo/rand_30_d60.txt", 0),
}

U1, U7, U13, U17 = np.uint64(1), np.uint64(7), np.uint64(13), np.uint64(17)


@njit(nogil=True, inline="always")
def xorshift(x):
    """Marsaglia's xorshift64 (13/7/17); the new state is the output."""
    x ^= x << U13
    x ^= x >> U7
    x ^= x << U17
    return x


# ------------------------------------------------------------------ rolling-balls
from solvers.rolling_balls.compact import doubled_points
from solvers.rolling_balls.kernels import roll_end
from solvers.rolling_balls.search import META_SIZE, _relocate


@njit(nogil=True)  # no cache: a cached loop would keep stale copies of the engine functions
def _rb_loop(count, score, grid, ball_pos, ball_colour, target_colour, target_cells, deltas, width, cols):
    meta = np.zeros(META_SIZE, dtype=np.int64)
    nballs = np.uint64(ball_pos.shape[0])
    four = np.uint64(4)
    x = U1
    checksum = 0
    for _ in range(count):
        x = xorshift(x)
        b = x % nballs  # unsigned indices: no negative-index wraparound (the reference's are plain ints)
        x = xorshift(x)
        d = x % four
        z = ball_pos[b]
        end = roll_end(grid, z, deltas[d])
        if end != z:
            _relocate(meta, grid, ball_pos, ball_colour, target_colour, b, z, end)
        if score:
            checksum += doubled_points(grid, ball_colour, target_colour, target_cells)
        else:
            # a 32-bit unsigned division, as the reference's int division (not engine work)
            e, w = np.uint32(end), np.uint32(width)
            checksum += (np.int64(e // w) - 1) * cols + np.int64(e % w) - 1
    return checksum


def _rolling_balls(score: bool):
    from solvers.rolling_balls.layout import layout_of
    from workbench.puzzles.rolling_balls import PUZZLE

    case = PUZZLE.parse_input((CASES / "rolling-balls" / "seed_7.txt").read_text())
    lay = layout_of(case, case.start)

    def run(count):
        return _rb_loop(
            count,
            score,
            lay.grid.copy(),
            lay.ball_pos.copy(),
            lay.ball_colour,
            lay.target_colour,
            lay.target_cells,
            lay.deltas,
            lay.width,
            lay.cols,
        )

    return run


# ------------------------------------------------------------------ ahc011
from solvers.ahc011.grid import neighbour, tree_size
from solvers.ahc011.placement import COUNT, EMPTY, _step


@njit(nogil=True)  # no cache: a cached loop would keep stale copies of the engine functions
def _ahc011_loop(count, trees, n, board, empty, work):
    ctx = np.zeros(3, dtype=np.int64)
    ctx[EMPTY] = empty
    no_record = np.zeros(1, dtype=np.int64)  # _step needs one slot (the solvers record every slide)
    legal = np.zeros(4, dtype=np.int64)
    x = U1
    checksum = 0
    for _ in range(count):
        e = ctx[EMPTY]
        k = np.uint64(0)  # unsigned: no negative-index wraparound on legal[]
        for direction in range(4):  # L, U, R, D
            other = neighbour(n, e, direction)
            if other >= 0:
                legal[k] = other
                k += np.uint64(1)
        x = xorshift(x)
        to = legal[x % k]
        _step(n, board, ctx, no_record, to)
        ctx[COUNT] = 0
        if trees:
            checksum += tree_size(n, board, work)
        else:
            checksum += to
    return checksum


def _ahc011(trees: bool):
    from workbench.puzzles.ahc011 import PUZZLE

    case = PUZZLE.parse_input((CASES / "ahc011" / "0009.txt").read_text())
    n = case.n
    board = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
    work = np.zeros(2 * n * n, dtype=np.int32)

    def run(count):
        return _ahc011_loop(count, trees, n, board.copy(), case.start.empty, work)

    return run


# ------------------------------------------------------------------ ahc015
from solvers.ahc015.kernels import CELLS as CANDY_CELLS
from solvers.ahc015.kernels import RULE1, drop, rule_tilt, square_sum, tilt_cells


@njit(nogil=True)  # no cache: a cached loop would keep stale copies of the engine functions
def _ahc015_loop(count, flavours):
    cells = np.zeros(CANDY_CELLS, dtype=np.uint8)
    seen = np.zeros(CANDY_CELLS, dtype=np.uint8)
    stack = np.zeros(CANDY_CELLS, dtype=np.int64)
    x = U1
    checksum = 0
    for _ in range(count):
        cells[:] = 0
        for t in range(1, 101):
            x = xorshift(x)
            nth = np.int64(x % np.uint64(101 - t))
            drop(cells, nth, flavours[t - 1])
            if t < 100:
                tilt_cells(cells, rule_tilt(RULE1, flavours[t], -1))
        checksum += square_sum(cells, seen, stack)
    return checksum


def _ahc015():
    from workbench.puzzles.ahc015 import PUZZLE

    candies = PUZZLE.parse_input((CASES / "ahc015" / "0000.txt").read_text())
    flavours = np.frombuffer(candies.flavours, dtype=np.uint8).copy()
    return lambda count: _ahc015_loop(count, flavours)


# ------------------------------------------------------------------ codevs
from solvers.codevs.kernels import CELLS as FIELD_CELLS
from solvers.codevs.kernels import HEIGHTS, NODE, NONE, drop_alone, land, resolve
from workbench.puzzles.codevs.field import VISIBLE, WIDTH


@njit(nogil=True)  # no cache: a cached loop would keep stale copies of the engine functions
def _codevs_loop(count, candidates, rotated):
    node = np.zeros(NODE, dtype=np.int8)
    scratch = np.zeros(NODE, dtype=np.int8)
    dirty = np.zeros(WIDTH, dtype=np.int64)
    marks = np.zeros(FIELD_CELLS, dtype=np.int8)
    nine, four = np.uint64(9), np.uint64(4)
    x = U1
    checksum = 0
    for t in range(count):
        x = xorshift(x)
        column = np.int64(x % nine)
        x = xorshift(x)
        turns = np.int64(x % four)
        for c in range(WIDTH):
            dirty[c] = NONE
        land(node, rotated[t % rotated.shape[0], turns], column, dirty)
        chains = resolve(node, dirty, marks)
        dead = False
        for c in range(WIDTH):
            if node[HEIGHTS + c] > VISIBLE:
                dead = True
        if dead:
            node[:] = 0
        if not candidates:
            checksum += chains
            continue
        best = 0
        for c in range(WIDTH):
            for v in range(1, 10):
                got = drop_alone(node, scratch, c, v, dirty, marks)
                if got > best:
                    best = got
        checksum += best
    return checksum


def _codevs(candidates: bool):
    from workbench.puzzles.codevs import PUZZLE
    from workbench.puzzles.codevs.field import rotate

    case = PUZZLE.parse_input((CASES / "codevs" / "packs_1.txt").read_text())
    rotated = np.array([[rotate(pack, r) for r in range(4)] for pack in case.packs[:500]], dtype=np.int8)
    return lambda count: _codevs_loop(count, candidates, rotated)


# ------------------------------------------------------------------ comesolo
from solvers.comesolo.kernels import FRAME, count_masks, count_size, jump_masks, mask_size, pick_jump, play_counted


@njit(nogil=True)  # no cache: a cached loop would keep stale copies of the engine functions
def _comesolo_loop(count, root, offs, first, last, width, cols):
    grid = root.copy()
    mask = np.zeros(mask_size(grid.shape[0]), dtype=np.uint8)
    words = mask.view(np.uint64)
    counts = np.zeros(count_size(mask.shape[0]), dtype=np.int64)
    jump_masks(grid, offs, first, last, mask)
    n = count_masks(mask, counts)
    x = U1
    checksum = 0
    made = 0
    while made < count:
        if n == 0:
            grid[:] = root
            jump_masks(grid, offs, first, last, mask)
            n = count_masks(mask, counts)
            continue
        x = xorshift(x)
        code = pick_jump(words, counts, np.int64(x % np.uint64(n)))
        n += play_counted(grid, mask, counts, code, offs)
        made += 1
        cell = code >> 3
        checksum += ((cell // width - FRAME) * cols + cell % width - FRAME) * 8 + (code & 7)
    return checksum


def _comesolo():
    from solvers.comesolo.layout import layout_of
    from workbench.puzzles.comesolo import PUZZLE

    board = PUZZLE.parse_input((CASES / "comesolo" / "rand_30_d60.txt").read_text())
    lay = layout_of(board)
    return lambda count: _comesolo_loop(count, lay.root, lay.offs, lay.first, lay.last, lay.width, lay.cols)


# ------------------------------------------------------------------ the figures
@dataclass(frozen=True)
class Figure:
    name: str
    ops: int  # the spec's default count
    checksum: int  # at ops
    cpp_rate: float  # the spec's median C++ rate, ops per second
    quick_ops: int
    quick_checksum: int
    build: Callable[[], Callable[[int], int]]
    cpp_name: str = ""  # the C++ engine's name for the same workload, when it differs


FIGURES = (
    Figure("rolling-balls.rolls", 10_000_000, 15173866918, 74.4e6, 20000, 29410353, lambda: _rolling_balls(False)),
    Figure("rolling-balls.score_evals", 1_000_000, 62252696, 2.78e6, 3000, 192055, lambda: _rolling_balls(True)),
    Figure("ahc011.moves", 10_000_000, 493754994, 116e6, 20000, 959085, lambda: _ahc011(False)),
    Figure("ahc011.tree_evals", 1_000_000, 7795633, 1.98e6, 3000, 22424, lambda: _ahc011(True)),
    Figure("ahc015.playouts", 200_000, 370853642, 89.7e3, 300, 553934, _ahc015),
    Figure("codevs.drops", 2_000_000, 1884573, 3.58e6, 3000, 2872, lambda: _codevs(False)),
    Figure("codevs.cand_evals", 200_000, 553101, 155e3, 200, 450, lambda: _codevs(True)),
    Figure("comesolo.moves", 20_000_000, 73521711421, 4.96e6, 3000, 11008709, _comesolo),
)
BY_NAME = {f.name: f for f in FIGURES}
# The spec's second codevs quick check, which covers the dead-field reset.
EXTRA_CHECKS = {("codevs.drops", 20000): 18757, ("codevs.cand_evals", 1000): 2604}


def expected_checksum(figure: Figure, ops: int) -> int | None:
    if ops == figure.ops:
        return figure.checksum
    if ops == figure.quick_ops:
        return figure.quick_checksum
    return EXTRA_CHECKS.get((figure.name, ops))


@dataclass
class Measure:
    name: str
    ops: int
    seconds: float
    checksum: int
    # CPU seconds of the work alone (the engine's thread; the C++ child's user + system time less a
    # run of one operation's, its start-up and case reading): on a loaded core the wall clock also
    # counts the time others held it, so two engines measured minutes apart compare better by this.
    cpu_seconds: float | None = None

    @property
    def rate(self) -> float:
        return self.ops / self.seconds if self.seconds > 0 else float("inf")

    @property
    def cpu_rate(self) -> float | None:
        if self.cpu_seconds is None:
            return None
        return self.ops / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")

    def line(self) -> str:
        return f"{self.name} ops={self.ops} seconds={self.seconds:.4f} rate={self.rate:.6g} checksum={self.checksum}"


def measure(figure: Figure, ops: int, repeat: int = 1) -> Measure:
    """Run ``figure`` ``repeat`` times on ``ops`` operations; the median time."""
    run = figure.build()
    run(min(ops, 50))  # compile (or load from numba's cache) outside the timing
    return median(timed(figure, run, ops) for _ in range(repeat))


def timed(figure: Figure, run: Callable[[int], int], ops: int) -> Measure:
    """One run of ``ops`` operations of a built (and compiled) figure."""
    start, cpu = time.perf_counter(), time.thread_time()
    checksum = int(run(ops))
    return Measure(figure.name, ops, time.perf_counter() - start, checksum, time.thread_time() - cpu)


def median(measures) -> Measure:
    """The run of median time (the slower middle one of an even count)."""
    ordered = sorted(measures, key=lambda m: m.seconds)
    return ordered[len(ordered) // 2]


def measured_in_turns(
    figure: Figure, ops: int, repeat: int, reference: Path | None, own: Path | None
) -> tuple[Measure, Measure | None, Measure | None]:
    """The engine's, the reference's and the own C++'s medians of ``repeat`` runs, taken in turns
    (engine, reference, own C++, engine…): on a shared machine whose load drifts, each ratio then
    compares runs made under the same load, not the engine's three under one and the C++'s under
    another."""
    run = figure.build()
    run(min(ops, 50))  # compile (or load from numba's cache) outside the timing
    mine, theirs, ours_cpp = [], [], []
    for _ in range(repeat):
        mine.append(timed(figure, run, ops))
        if reference is not None:
            theirs.append(measure_reference(reference, figure, ops, 1))
        if own is not None:
            ours_cpp.append(measure_cpp(own, figure, ops, 1))
    return (median(mine), median(theirs) if theirs else None, median(ours_cpp) if ours_cpp else None)


# ------------------------------------------------------------------ the C++ engine
def build_cpp() -> Path | None:
    """Compile bench/cpp/engines.cpp once per source version; None without g++."""
    compiler = shutil.which("g++")
    if compiler is None:
        return None
    source = CPP_SOURCE.read_bytes()
    tag = hashlib.sha1(source).hexdigest()[:12]
    folder = Path(tempfile.gettempdir()) / f"puzzle-workbench-bench-{os.getuid()}"
    folder.mkdir(exist_ok=True)
    binary = folder / f"engines-{tag}"
    if not binary.exists():
        partial = folder / f"engines-{tag}.{os.getpid()}.tmp"
        subprocess.run(
            [compiler, "-O2", "-march=native", "-std=c++17", "-o", str(partial), str(CPP_SOURCE)], check=True
        )
        partial.replace(binary)
    return binary


def measure_cpp(binary: Path, figure: Figure, ops: int, repeat: int) -> Measure:
    results = []
    for _ in range(repeat):
        out = subprocess.run(
            [str(binary), str(CASES), figure.cpp_name or figure.name, str(ops)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        fields = dict(part.split("=", 1) for part in out[1:])
        results.append(Measure(figure.name, int(fields["ops"]), float(fields["seconds"]), int(fields["checksum"])))
    return median(results)


# ------------------------------------------------------------------ the reference C++ engines
def build_reference() -> Path | None:
    """Build the reference engines with their build.sh once per source version (None without g++
    or without ../shared); the folder holds one program per puzzle."""
    if shutil.which("g++") is None or not (REFERENCE / "build.sh").is_file():
        return None
    sources = b"".join(path.read_bytes() for path in sorted(REFERENCE.glob("*")) if path.is_file())
    folder = (
        Path(tempfile.gettempdir())
        / f"puzzle-workbench-reference-{os.getuid()}"
        / hashlib.sha1(sources).hexdigest()[:12]
    )
    if not (folder / "comesolo").exists():
        partial = folder.with_name(f"{folder.name}.{os.getpid()}.tmp")
        subprocess.run(["sh", str(REFERENCE / "build.sh"), str(partial)], check=True)
        partial.replace(folder)
    return folder


def measure_reference(folder: Path, figure: Figure, ops: int, repeat: int) -> Measure:
    """The reference program's run of ``figure`` (its other figure at a count of 1), the median."""
    program, case, position = REFERENCE_RUNS[figure.name]
    short = figure.name.split(".", 1)[1]
    start_up = _reference_run(folder / program, case, short, ["1", "1"])[1]
    counts = [str(ops), "1"] if position == 0 else ["1", str(ops)]
    results = []
    for _ in range(repeat):
        fields, cpu = _reference_run(folder / program, case, short, counts)
        seconds, checksum = float(fields["seconds"]), int(fields["checksum"])
        work = cpu - start_up  # the kernel's CPU clock ticks coarsely: a run this short has no CPU figure
        results.append(Measure(figure.name, int(fields["ops"]), seconds, checksum, work if work >= 0.02 else None))
    return median(results)


def _reference_run(program: Path, case: str, short: str, counts: list[str]) -> tuple[dict[str, str], float]:
    """The fields the reference prints for figure ``short``, and the CPU seconds its process used."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([str(program), str(CASES / case), *counts], check=True, capture_output=True, text=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    line = next(line.split() for line in out.splitlines() if line.split()[0] == short)
    return dict(part.split("=", 1) for part in line[1:]), cpu


def cpu_rate_ratio(mine: Measure, theirs: Measure | None) -> str:
    """The engine's CPU rate over the reference's, as the table prints it ('-' when not measured)."""
    if theirs is None or mine.cpu_rate is None or theirs.cpu_rate is None:
        return "-"
    return f"{mine.cpu_rate / theirs.cpu_rate:.2f}"


# ------------------------------------------------------------------ command line
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.engines",
        description="The engine workloads of specs/engine-workloads.md, with the C++ engine's rates in the same run.",
    )
    parser.add_argument(
        "--figure",
        action="append",
        choices=[f.name for f in FIGURES],
        help="run only this figure (repeatable; default: all)",
    )
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs per figure, taken in turns with the C++ engines'; the median counts"
    )
    parser.add_argument("--quick", action="store_true", help="the spec's quick-check counts")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="fraction of the spec's counts (checksums are then not checked)"
    )
    parser.add_argument("--no-cpp", action="store_true", help="skip the C++ engines (reference and own)")
    args = parser.parse_args(argv)
    if args.repeat < 1 or not 0 < args.scale <= 1:
        parser.error("--repeat must be >= 1 and --scale in (0, 1]")
    figures = [BY_NAME[name] for name in args.figure] if args.figure else list(FIGURES)

    reference = own = None
    if not args.no_cpp:
        reference, own = build_reference(), build_cpp()
        if reference is None:
            print(
                "the reference C++ engines cannot be built here (g++ or ../shared/specs/engine-cpp missing): "
                "the ratios below are against the spec's quoted rates, not measured in this run"
            )
    rows, bad = [], 0
    for figure in figures:
        ops = figure.quick_ops if args.quick else max(1, int(figure.ops * args.scale))
        mine, theirs, ours_cpp = measured_in_turns(figure, ops, args.repeat, reference, own)
        print(mine.line(), flush=True)
        want = expected_checksum(figure, ops)
        ok = want is None or mine.checksum == want
        if not ok:
            bad += 1
            print(f"  CHECKSUM MISMATCH: the spec says {want}", flush=True)
        if theirs is not None:
            print("  reference c++ " + theirs.line(), flush=True)
        if ours_cpp is not None:
            print("  own c++ " + ours_cpp.line(), flush=True)
        rows.append((figure, mine, theirs, ours_cpp, ok))
    if not args.no_cpp:
        # ratio: the engine's rate over the reference C++ engine's, measured in this run (the spec's
        # quoted rate when it cannot be built); own C++: the project's bench/cpp, a second opinion.
        print()
        # cpu ratio: the same over CPU seconds (see Measure.cpu_seconds), steadier on a loaded machine.
        print(
            f"{'figure':27} {'rate':>11} {'reference':>11} {'ratio':>6} {'cpu ratio':>9} {'own C++':>11} {'ratio':>6}"
            "  checksum"
        )
        for figure, mine, theirs, ours_cpp, ok in rows:
            reference_rate = theirs.rate if theirs is not None else figure.cpp_rate
            agree = "" if theirs is None else (" = reference" if theirs.checksum == mine.checksum else " != reference")
            own_rate = f"{ours_cpp.rate:11.4g} {mine.rate / ours_cpp.rate:6.2f}" if ours_cpp else f"{'-':>11} {'-':>6}"
            cpu_ratio = cpu_rate_ratio(mine, theirs)
            print(
                f"{figure.name:27} {mine.rate:11.4g} {reference_rate:11.4g} {mine.rate / reference_rate:6.2f} "
                f"{cpu_ratio:>9} {own_rate}  {'ok' if ok else 'WRONG'}{agree}"
                f"{'' if theirs is not None else ' (spec rate)'}"
            )
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if bad:
        print(f"{bad} checksum(s) differ from the spec", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
