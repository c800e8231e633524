"""Benchmark the codevs chain builder: the largest chain fired within the first 40 turns.

    python -m bench.codevs [--files N] [--generated M] [--seconds-per-turn S]
                           [--width W] [--depth D] [--turns 40]

Plays the first ``--turns`` turns of N shared pack files (``../shared/cases/codevs``,
in name order) and M generated cases (seeds 1..M) from an empty field, one search
of at most S seconds per turn, and prints per file the largest chain and the most
ojama of one turn, then the medians. Numba compiles before timing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from solvers.codevs import ChainBuilder
from solvers.driver import Budget, run
from workbench.puzzles.codevs import PUZZLE

CASES = Path(__file__).resolve().parents[2] / "shared" / "cases" / "codevs"


def play(case, args) -> tuple[int, int, int, float]:
    """(max chain, best ojama, the turn of the best ojama, seconds) over the first turns."""
    solver = ChainBuilder(PUZZLE, (case, PUZZLE.initial_state(case)), turns=args.turns,
                          width=args.width, depth=args.depth, turn_seconds=args.seconds_per_turn)
    result = run(solver, Budget(seconds=args.turns * args.seconds_per_turn + 60))
    final = PUZZLE.replay(case, result.moves[:args.turns])[-1]  # an illegal answer fails loudly
    return final.max_chain, final.best_ojama, final.best_ojama_turn, result.elapsed


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.codevs", description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=5, help="shared pack files to play")
    parser.add_argument("--generated", type=int, default=2, help="generated cases (seeds 1..M)")
    parser.add_argument("--seconds-per-turn", type=float, default=10.0, help="search cap per turn")
    parser.add_argument("--width", type=int, default=ChainBuilder.param("width").default)
    parser.add_argument("--depth", type=int, default=ChainBuilder.param("depth").default)
    parser.add_argument("--turns", type=int, default=40)
    args = parser.parse_args(argv)
    ChainBuilder.warm_up()
    cases = [(path.name, PUZZLE.parse_input(path.read_text()))
             for path in sorted(CASES.glob("*.txt"))[:args.files]]
    cases += [(f"generated seed {seed}", PUZZLE.generate(seed)) for seed in range(1, args.generated + 1)]
    print(f"width {args.width}, depth {args.depth}, at most {args.seconds_per_turn:g} s per turn, "
          f"first {args.turns} turns")
    print(f"{'case':<22}{'max chain':>10}{'ojama':>7}{'at turn':>9}{'seconds':>9}{'s/turn':>8}")
    chains, ojamas = [], []
    start = time.perf_counter()
    for name, case in cases:
        chain, ojama, turn, elapsed = play(case, args)
        chains.append(chain)
        ojamas.append(ojama)
        print(f"{name:<22}{chain:>10}{ojama:>7}{turn:>9}{elapsed:>9.1f}{elapsed / args.turns:>8.2f}",
              flush=True)
    print(f"median over {len(cases)} cases: max chain {statistics.median(chains):g}, "
          f"ojama {statistics.median(ojamas):g} ({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
