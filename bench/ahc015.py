"""Benchmark the AHC015 players on the official cases, played online as the judge would.

    python -m bench.ahc015 [--seconds 2] [--seeds 0-99] [--solver monte-carlo] [--cases DIR]

Each case is one ``solvers.online.OnlineGame``: the engine holds the case and
reveals each drop only after the tilt before it, and the solver gets
``--seconds`` for the whole game (shared out over the turns). Rule 1 and rule 2
are played on the same cases for reference. Numba compiles before timing.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench import seed_range
from solvers.ahc015 import POLICIES, SOLVERS
from solvers.driver import Budget
from solvers.online import OnlineGame
from workbench.puzzles.ahc015 import PUZZLE, play_game

BY_NAME = {cls.name: cls for cls in SOLVERS}
SHARED_CASES = Path(__file__).resolve().parents[2] / "shared" / "cases" / "ahc015"



def load_case(cases: Path, seed: int):
    path = cases / f"{seed:04d}.txt"
    return PUZZLE.parse_input(path.read_text()) if path.is_file() else PUZZLE.generate(seed)


def judged_score(instance, moves) -> int:
    """The score of the answer file the moves make, as the judge reads it."""
    return PUZZLE.score_solution(instance, PUZZLE.format_solution(instance, moves)).score


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ahc015", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="budget per case (whole game)")
    parser.add_argument("--seeds", type=seed_range, default=seed_range("0-99"), help="e.g. 0-99 or 0,5,7-9")
    parser.add_argument("--solver", choices=sorted(BY_NAME), default=SOLVERS[0].name)
    parser.add_argument("--solver-seed", type=int, default=0)
    parser.add_argument("--cases", type=Path, default=SHARED_CASES,
                        help="folder of NNNN.txt cases (missing ones are generated)")
    args = parser.parse_args(argv)
    cls = BY_NAME[args.solver]
    cls.warm_up()
    print(f"{args.solver}: {args.seconds:g} s per case, online (one solver per turn)")
    print(f"{'case':>5}{'score':>10}{'rule1':>10}{'rule2':>10}{'playouts':>10}{'seconds':>9}")
    totals = {"solver": 0, "rule1": 0, "rule2": 0}
    for seed in args.seeds:
        instance = load_case(args.cases, seed)
        game = OnlineGame(PUZZLE, instance, PUZZLE.initial_state(instance), cls,
                          budget=Budget(seconds=args.seconds), seed=args.solver_seed)
        start = time.perf_counter()
        result = game.run()
        elapsed = time.perf_counter() - start
        scores = {"solver": judged_score(instance, result.moves)}
        for name in ("rule1", "rule2"):
            scores[name] = judged_score(instance, play_game(PUZZLE, instance, POLICIES[name]))
        for name, score in scores.items():
            totals[name] += score
        print(f"{seed:>5}{scores['solver']:>10}{scores['rule1']:>10}{scores['rule2']:>10}"
              f"{result.progress.expansions:>10}{elapsed:>9.2f}", flush=True)
    n = len(args.seeds)
    print(f"mean over {n} cases: {args.solver} {totals['solver'] / n:,.1f}, "
          f"rule1 {totals['rule1'] / n:,.1f}, rule2 {totals['rule2'] / n:,.1f}")


if __name__ == "__main__":
    main()
