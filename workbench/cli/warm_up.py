"""``puzzle-workbench warm-up``: compile puzzles' solver kernels into numba's cache (``solvers.warm_up``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from solvers import warm_up
from workbench.core.cores import usable_cores
from workbench.core.registry import puzzles


def cmd_warm_up(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench warm-up",
        description="Compile puzzles' solver kernels into numba's cache, so that first solves start at once.",
    )
    parser.add_argument("puzzles", nargs="*", help="puzzle ids, compiled one after another in this process")
    parser.add_argument(
        "--all",
        action="store_true",
        help="every puzzle with solvers not compiled yet, in worker processes side by side",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=max(1, usable_cores() - 1),
        help="puzzles compiled at once with --all (default: one core left free)",
    )
    parser.add_argument("--background", action="store_true", help="return at once; lines go to a log")
    args = parser.parse_args(argv)
    if args.all and args.puzzles:
        parser.error("name puzzles or give --all, not both")
    unknown = [p for p in args.puzzles if p not in puzzles()]
    if unknown:
        parser.error(f"unknown puzzle {unknown[0]!r} (known: {', '.join(puzzles())})")
    wanted = warm_up.with_solvers() if args.all else args.puzzles
    if args.background:
        if all(warm_up.is_warm(p) for p in wanted):
            return 0  # the usual start: nothing to do, and no process to start
        rest = [a for a in argv if a != "--background"]
        print(f"compiling the solver kernels in the background (log: {warm_up.start_in_background(rest)})")
        return 0
    if args.all:
        return warm_up.warm_all(wanted, args.jobs, lambda line: print(line, flush=True))
    for puzzle_id in wanted:
        warm_up.warm_puzzle(puzzle_id, lambda line: print(line, flush=True))
    return 0
