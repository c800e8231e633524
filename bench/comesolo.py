"""Benchmark the comesolo solvers on generated random boards.

    python -m bench.comesolo [--seconds 30] [--solver best-first] [--sizes 30]
                             [--densities 0.3 0.5 0.7] [--seeds 1 2 3]

Each board gets a wall-clock budget through solvers.driver.run; the table shows
moves against the (pieces - 1) upper bound. Numba compiles before timing.
"""

from __future__ import annotations

import argparse

from solvers.comesolo import SOLVERS
from solvers.driver import Budget, run
from workbench.puzzles.comesolo import PUZZLE
from workbench.puzzles.comesolo.generator import generate

BY_NAME = {cls.name: cls for cls in SOLVERS}


def bench_board(cls, board, seconds: float, seed: int) -> tuple[int, int, float]:
    solver = cls(PUZZLE, PUZZLE.public_view(board, board), seed=seed)
    result = run(solver, Budget(seconds=seconds))
    PUZZLE.replay(board, result.moves)  # an illegal answer must fail loudly
    return len(result.moves), result.progress.expansions, result.elapsed


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.comesolo", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="budget per board")
    parser.add_argument("--solver", choices=sorted(BY_NAME), action="append",
                        help="solver to run (repeatable; default: all)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[30])
    parser.add_argument("--densities", type=float, nargs="+", default=[0.3, 0.5, 0.7])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--solver-seed", type=int, default=0)
    args = parser.parse_args(argv)
    for name in args.solver or [cls.name for cls in SOLVERS]:
        cls = BY_NAME[name]
        cls.warm_up()
        print(f"\n{name}: {args.seconds:g} s per board")
        print(f"{'board':<18}{'pieces':>7}{'moves':>7}{'ratio':>8}{'expansions':>12}{'exp/s':>10}")
        ratios = []
        for size in args.sizes:
            for density in args.densities:
                for seed in args.seeds:
                    board = generate(seed, size=size, density=density)
                    moves, expansions, elapsed = bench_board(cls, board, args.seconds,
                                                             args.solver_seed)
                    ratio = moves / max(board.pieces - 1, 1)
                    ratios.append(ratio)
                    label = f"{size}x{size} d{density:g} s{seed}"
                    print(f"{label:<18}{board.pieces:>7}{moves:>7}{ratio:>8.4f}{expansions:>12}"
                          f"{expansions / max(elapsed, 1e-9):>10.0f}", flush=True)
        print(f"{name}: average moves/(pieces-1) = {sum(ratios) / len(ratios):.4f}")


if __name__ == "__main__":
    main()
