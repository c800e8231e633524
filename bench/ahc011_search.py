"""ahc011 search speed: seconds per search and slides found, by board size, at the solver's defaults.

    python -m bench.ahc011_search [--seeds 500-519] [--targets 2] [--param NAME=VALUE ...]

For each generated case, anneals its first targets as the solver does (their
total travel, for the targets found, and the seconds per target), then
times one search toward each on one thread: slide by slide, then a window
finish or the placement plan (``slide_by_moves``) up to ``move_side``, the plan alone
(``slide_into``) above it; then the shortcuts cut into each answer
(``cut_shortcuts``, the solver's ``shortcut_cells``): the slides left and the
seconds it took. The searches are seeded, so the slide counts repeat exactly
from run to run and from machine to machine: a change that only makes the
kernels faster must leave them (and the travel) as they are. Compiling is done before timing.

What these figures and the solver's other experiments showed, constant by constant, is recorded
in ahc011_search_notes.md beside this file.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import numpy as np

from solvers.ahc011 import ScreenedBeamSolver
from solvers.ahc011.attempt import cut_shortcuts, make_target, slide_by_moves, slide_into
from solvers.ahc011.target import centre_cell
from solvers.ahc011.task_runner import plan_settings, slide_settings
from solvers.ahc011.tasks import slide_search_width
from solvers.run_setup import parse_params
from workbench.batch.cases import parse_seeds
from workbench.core.errors import UsageError
from workbench.puzzles.ahc011 import PUZZLE

DEFAULTS = {param.name: param.default for param in ScreenedBeamSolver.params}


def search(case, tiles, target, k, stop, settings=DEFAULTS):
    """One search's slide count (-1: none) and seconds; then the count once shortened (-1: no
    answer) and the seconds that took (``settings``: the solver's parameters)."""
    n = case.n
    moves = np.zeros(4 * case.limit + 4 * n**3, dtype=np.int64)
    started = time.perf_counter()
    if n <= settings["move_side"]:
        widened = {**settings, "move_width": slide_search_width(n, settings["move_width"])}
        count = slide_by_moves(n, tiles, target, case.limit, 0, k, *slide_settings(widened), stop, moves)
    else:
        count = slide_into(n, tiles, target, case.limit, 0, k, *plan_settings(settings), stop, moves)
    searched = time.perf_counter()
    if count < 0:
        return count, searched - started, -1, 0.0
    shortened = cut_shortcuts(n, tiles, moves, count, settings["shortcut_cells"], stop)
    return count, searched - started, shortened, time.perf_counter() - searched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="500-519", help="generator seeds, as for batch (default 500-519)")
    parser.add_argument("--targets", type=int, default=2, help="targets searched per case")
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a solver parameter other than its default (repeatable)",
    )
    args = parser.parse_args(argv)
    try:
        settings = {**DEFAULTS, **parse_params(ScreenedBeamSolver, args.param)}
    except UsageError as error:
        parser.error(str(error))
    stop = np.zeros(1, dtype=np.int64)
    by_side: dict[int, list[tuple[int, float, int, float]]] = defaultdict(list)
    annealed: dict[int, list[tuple[int, float]]] = defaultdict(list)  # per side: travel (-1: none), seconds
    warmed: set[bool] = set()
    for seed in parse_seeds(args.seeds):
        case = PUZZLE.generate(seed)
        tiles = np.frombuffer(case.start.tiles, dtype=np.uint8).astype(np.int64)
        steps = settings["tree_steps"] * case.n**2
        hole = centre_cell(case.n) if case.n <= settings["move_side"] else -1  # as the solver's first targets
        if not annealed:  # compiles (or loads) the annealer
            make_target(case.n, tiles, 0, 0, 1, np.zeros(case.n**2, dtype=np.int64), stop)
        for k in range(args.targets):
            target = np.zeros(case.n**2, dtype=np.int64)
            started = time.perf_counter()
            travel = make_target(case.n, tiles, 0, k, steps, target, stop, hole)
            annealed[case.n].append((travel, time.perf_counter() - started))
            if travel < 0:
                continue  # no tree found: the solver skips such a target too
            kind = case.n <= settings["move_side"]
            if kind not in warmed:
                search(case, tiles, target, k, stop, settings)  # compiles (or loads) the kernels
                warmed.add(kind)
            by_side[case.n].append(search(case, tiles, target, k, stop, settings))
    print(
        f"{'N':>3} {'travel':>7} {'s/target':>8} {'searches':>8} {'slides':>7} {'failed':>6} {'s/search':>9} "
        f"{'shortened':>9} {'s/shorten':>9}"
    )
    for n, results in sorted(by_side.items()):
        travel = sum(result[0] for result in annealed[n] if result[0] >= 0)
        annealing = sum(result[1] for result in annealed[n]) / len(annealed[n])
        slides = sum(result[0] for result in results if result[0] >= 0)
        failed = sum(result[0] < 0 for result in results)
        seconds = sum(result[1] for result in results) / len(results)
        shortened = sum(result[2] for result in results if result[2] >= 0)
        shortening = sum(result[3] for result in results) / len(results)
        print(
            f"{n:>3} {travel:>7} {annealing:>8.4f} {len(results):>8} {slides:>7} {failed:>6} {seconds:>9.3f} "
            f"{shortened:>9} {shortening:>9.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
