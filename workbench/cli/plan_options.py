"""The command-line options that describe a batch plan, added in one place, and the plan built from them.

``batch`` and ``batch tune`` share the budget options and the puzzle's own; ``batch``, ``show``,
``rerun`` and ``noise`` the flag thresholds. Each option's value lands in one ``BatchPlan`` field
(``PLAN_FIELDS``); the plan checks the values and holds the defaults.
"""

from __future__ import annotations

import argparse

from solvers.run_setup import DEFAULT_SECONDS, puzzle_options
from workbench.batch.anomalies import BELOW, NEAR_LIMIT, NEAR_RULE, check_fraction
from workbench.batch.cases import parse_seeds
from workbench.batch.plan import BatchPlan
from workbench.core.cores import usable_cores
from workbench.core.errors import UsageError

from .common import add_options

# An option's dest -> the BatchPlan field it sets (the options batch and batch tune share, and batch's own)
PLAN_FIELDS = {
    "solver": "solver",
    "cmd": "command",
    "time": "seconds",
    "nodes": "nodes",
    "jobs": "workers",
    "seed": "solver_seed",
    "time_by": "time_by",
    "build": "build",
    "dask": "dask",
    "repeat": "repeat",
    "out": "out",
    "label": "label",
    "comment": "comment",
    "best": "best",
    "freeze_best": "freeze_best",
    "database": "database",
    "group_by": "group_by",
    "flag_below": "flag_below",
    "flag_near_limit": "flag_near_limit",
}


def add_budget_options(parser: argparse.ArgumentParser) -> None:
    """A case's time and node budget, and the cases at a time."""
    parser.add_argument(
        "--time",
        type=float,
        default=None,
        help=f"seconds per case: the solver's budget, or your program's limit "
        f"(past it, plus a small grace, the program is killed: TLE). Default {DEFAULT_SECONDS:g} "
        "(a contest: its time_limit); a solver of a game played turn by turn gets its "
        "per-turn default, as in 'solve'",
    )
    parser.add_argument("--nodes", type=int, default=None, help="a solver's node budget per case (reproducible)")
    parser.add_argument(
        "--jobs", type=int, default=usable_cores(), help="cases at a time on this machine (default: the cores)"
    )


def add_puzzle_options(parser: argparse.ArgumentParser, puzzle) -> None:
    """The puzzle's generator and instance options, each once (none for a contest: ``puzzle`` None)."""
    add_options(parser, puzzle_options(puzzle))


def _fraction(name: str):
    def parse(text: str) -> float:
        try:
            return check_fraction(name, float(text))
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error).removeprefix(name + " ")) from None

    return parse


def add_flag_options(parser: argparse.ArgumentParser) -> None:
    """Which cases are flagged: the thresholds of ``FlagRule`` (their defaults are its)."""
    parser.add_argument(
        "--flag-below",
        type=_fraction("--flag-below"),
        default=BELOW,
        metavar="RELATIVE",
        help=f"flag an OK case whose relative score is under this (default {BELOW:g}); every failure is flagged",
    )
    parser.add_argument(
        "--flag-near-limit",
        type=_fraction("--flag-near-limit"),
        default=NEAR_LIMIT,
        metavar="FRACTION",
        help=f"flag a program's case near its time limit for this program: "
        f"{NEAR_RULE.replace('--flag-near-limit', f'this (default {NEAR_LIMIT:g})').replace('%', '%%')}",
    )


def seeds_of(text: str, flag: str) -> list[int]:
    """The seeds ``flag`` gives (0-99, or 0-9,20-29,50); UsageError naming the flag otherwise."""
    try:
        return parse_seeds(text)
    except ValueError as error:
        raise UsageError(f"{flag}: {error}") from None


def build_plan(problem, puzzle, args: argparse.Namespace, **fields) -> BatchPlan:
    """The plan the parsed options describe (each in its ``PLAN_FIELDS`` field, the puzzle's own as
    its generator and instance options), with ``fields`` besides; checked."""
    chosen = {field: getattr(args, dest) for dest, field in PLAN_FIELDS.items() if hasattr(args, dest)}
    if puzzle is not None:
        chosen["generator_options"] = {o.name: getattr(args, o.name) for o in puzzle.generator_options}
        chosen["instance_options"] = {o.name: getattr(args, o.name) for o in puzzle.instance_options}
    plan = BatchPlan(problem, **chosen, **fields)
    plan.check()
    return plan
