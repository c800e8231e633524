"""Benchmark the ahc011 solvers on the official cases (seeds 0-99).

    python -m bench.ahc011 [--seconds 3] [--seeds 0-99] [--solver.targets]

Each case gets a wall-clock budget through solvers.driver.run; every answer is
re-scored by the judge's rules. Prints one line per case (with the wall time it
really took: the run stops after the batch of jobs under way), then mean score,
mean K/T and the share of full trees by N. Numba compiles before timing.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from bench import seed_range
from solvers.ahc011 import SOLVERS
from solvers.driver import Budget, run
from workbench.puzzles.ahc011 import PUZZLE

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases" / "ahc011"
BY_NAME = {cls.name: cls for cls in SOLVERS}



def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ahc011", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="budget per case")
    parser.add_argument("--seeds", type=seed_range, default=seed_range("0-99"), help="e.g. 0-99 or 0-4,50")
    parser.add_argument("--solver", choices=sorted(BY_NAME), default=SOLVERS[0].name)
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a solver parameter (repeatable)")
    parser.add_argument("--cases", type=Path, default=CASES, help="folder of NNNN.txt inputs")
    args = parser.parse_args(argv)
    cls = BY_NAME[args.solver]
    params = dict(item.split("=", 1) for item in args.param)
    cls.warm_up()
    print(f"{args.solver}: {args.seconds:g} s per case {' '.join(args.param)}")
    print(f"{'case':>6}{'N':>4}{'K':>6}{'T':>6}{'K/T':>7}{'S':>5}{'score':>9}{'targets':>10}{'seconds':>9}")
    by_side = defaultdict(list)
    elapsed = []
    for seed in args.seeds:
        case = PUZZLE.parse_input((args.cases / f"{seed:04d}.txt").read_text())
        solver = cls(PUZZLE, PUZZLE.public_view(case, case.start), seed=0, **params)
        result = run(solver, Budget(seconds=args.seconds))
        report = PUZZLE.score_solution(case, PUZZLE.format_solution(case, result.moves))
        k, size = len(result.moves), report.fact("S")
        full = size == case.tile_count
        by_side[case.n].append((report.score, k / case.limit, full))
        elapsed.append(result.elapsed)
        print(f"{seed:>6}{case.n:>4}{k:>6}{case.limit:>6}{k / case.limit:>7.3f}{size:>5}{report.score:>9}"
              f"{solver.targets:>10}{result.elapsed:>9.2f}", flush=True)
    print(f"\n{'N':>4}{'cases':>7}{'mean score':>12}{'mean K/T':>10}{'full trees':>12}")
    rows = sorted(by_side.items()) + [("all", [r for runs in by_side.values() for r in runs])]
    for side, runs in rows:
        scores, ratios, fulls = zip(*runs)
        print(f"{side:>4}{len(runs):>7}{sum(scores) / len(runs):>12,.0f}{sum(ratios) / len(runs):>10.3f}"
              f"{sum(fulls) / len(runs):>12.0%}")
    print(f"\nwall time per case: mean {sum(elapsed) / len(elapsed):.2f} s, max {max(elapsed):.2f} s")


if __name__ == "__main__":
    main()
