"""``puzzle-workbench solve | agent``: a built-in solver's answers, as files or over the contest's protocol."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from workbench.core.errors import DestinationError, UsageError, WorkbenchError
from workbench.core.files import check_destination, check_folder, save_fallback, write_or_rescue
from workbench.core.limits import positive_nodes, positive_seconds, readable_number, seed_value

from .common import add_case_option, add_options, first_puzzle, load_instance, puzzle_named


# ------------------------------------------------------------------ solve
def _solver_parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--solver", help="solver name (see 'puzzle-workbench list'; default: the first)")
    parser.add_argument(
        "--time",
        type=positive_seconds,
        default=None,
        help="time budget in seconds for the whole answer (default 10 "
        "when no node budget is given; turn-by-turn puzzles (codevs, ahc015) "
        "default to a share per turn, see 'puzzle-workbench list')",
    )
    parser.add_argument(
        "--nodes",
        type=positive_nodes,
        default=None,
        help="node budget (expansions) for the whole answer; with a seed the answer "
        "is reproducible. Online puzzles share both budgets out over the turns",
    )
    parser.add_argument("--seed", type=seed_value, default=0, help="random seed, 0..2^64-1 (default 0)")
    parser.add_argument(
        "--param", action="append", default=[], metavar="NAME=VALUE", help="a solver parameter, e.g. --param width=200"
    )
    return parser


def _compile_before_the_clock(puzzle, cls, label: str = "") -> None:
    """Compile (or load) the solver's kernels before its budget starts; say so when it took a while."""
    from solvers.warm_up import ready_solver

    compiled = ready_solver(puzzle.id, cls)
    if compiled >= 1.0:
        print(
            f"{label}{cls.name} kernels compiled in {compiled:.1f} s (first use; not counted in the budget)",
            file=sys.stderr,
            flush=True,
        )


def solve_instance(puzzle, instance, args, label: str = "", whole_game: bool = False):
    """Run the chosen solver under the budget; return (moves, report).

    ``whole_game``: the answer is the whole game (``solve``), so a turn-by-turn puzzle's
    default budget is per turn; the agent answers one turn a call and keeps the plain default."""
    from solvers.online import build_run, execute
    from solvers.run_setup import checked_params, choose_solver, parse_params, run_budget

    cls = choose_solver(puzzle, args.solver)
    chosen = run_budget(puzzle, instance, cls, parse_params(cls, args.param), args.time, args.nodes, whole_game)
    checked_params(cls, chosen.params)
    if chosen.note:
        print(f"{label}{chosen.note}", file=sys.stderr, flush=True)
    budget, params = chosen.budget, chosen.params
    _compile_before_the_clock(puzzle, cls, label)
    try:
        target = build_run(
            puzzle, instance, puzzle.initial_state(instance), cls, seed=args.seed, params=params, budget=budget
        )
    except ValueError as error:
        raise UsageError(str(error)) from None
    last_print = [0.0]

    def report_progress(sample):
        if sample.elapsed - last_print[0] >= 1.0:
            last_print[0] = sample.elapsed
            p = sample.progress
            best = readable_number(p.best_score) if math.isfinite(p.best_score) else "none yet"
            print(
                f"{label}{sample.elapsed:6.1f}s  {p.expansions} nodes  best {best}  frontier {p.frontier_size}",
                file=sys.stderr,
                flush=True,
            )

    result = execute(target, budget, on_progress=report_progress)
    report = puzzle.evaluate(instance, puzzle.final_state(instance, result.moves), len(result.moves))
    p = result.progress
    if not report.complete:  # a line that does not count (a level left unsolved) is no answer
        why = getattr(target, "no_answer", lambda: "")() or "none was found within the budget"
        raise NoAnswer(f"{label}{cls.name} has no answer after {result.elapsed:.1f} s, {p.expansions} nodes: {why}")
    print(
        f"{label}{result.elapsed:6.1f}s  {p.expansions} nodes  {result.stop_reason}  {report.summary()}",
        file=sys.stderr,
        flush=True,
    )
    return result.moves, report


class NoAnswer(WorkbenchError):
    """The solver ended without a finished answer; nothing is written."""


def cmd_solve(argv: Sequence[str]) -> int:
    parser = _solver_parser("puzzle-workbench solve")
    parser.description = "Solve one or many inputs and write contest-format answers."
    parser.add_argument("puzzle")
    parser.add_argument("inputs", nargs="+", metavar="INPUT")
    add_case_option(parser)
    parser.add_argument(
        "-o",
        "--output",
        help="answer file (one input) or folder (several inputs: NAME.out for each "
        "input NAME.txt; two inputs with the same NAME are refused); default: stdout",
    )
    add_options(parser, getattr(first_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    many = len(args.inputs) > 1
    if many and not args.output:
        raise UsageError("several inputs need -o FOLDER for the answers")
    # Every destination is checked before any solving: a mistake costs nothing, not a solve.
    if many:
        destinations = _batch_destinations(args.output, args.inputs)
    elif args.output:
        destinations = {args.inputs[0]: check_destination(args.output, args.inputs)}
    total, failed, unwritten = 0, [], []
    for path in args.inputs:
        label = f"{Path(path).name}: " if many else ""
        instance = None
        try:
            instance = load_instance(puzzle, path, args)
            moves, report = solve_instance(puzzle, instance, args, label, whole_game=True)
        except WorkbenchError as error:
            # One bad file, or one case without an answer, in a batch is reported and skipped;
            # the others are still solved.
            if not many or not (instance is None or isinstance(error, NoAnswer)):
                raise
            print(
                f"{error}; no answer written" if instance is not None else f"{label}skipped: {error}", file=sys.stderr
            )
            failed.append(path)
            continue
        text = puzzle.format_solution(instance, moves)
        # Re-validate the exact bytes we are about to write, as the judge would read them.
        checked = puzzle.score_solution(instance, text)
        if checked.score != report.score:
            raise WorkbenchError(f"internal error: the written answer scores {checked.text}, not {report.text}")
        total += report.score
        if many:
            try:
                write_or_rescue(destinations[path], text)
            except WorkbenchError as error:  # kept elsewhere; the other cases go on
                print(f"{label}{error}", file=sys.stderr)
                unwritten.append(path)
        elif args.output:
            write_or_rescue(destinations[path], text)
        else:
            _write_stdout(text, f"{Path(path).stem}.out")
    if not many:
        print(report.text, file=sys.stderr)
        return 0
    solved = len(args.inputs) - len(failed)
    print(
        f"total {readable_number(total)} over {solved} cases, mean {readable_number(total / max(solved, 1))}"
        + (f"; {len(failed)} skipped" if failed else "")
        + (f"; {len(unwritten)} not written where asked" if unwritten else ""),
        file=sys.stderr,
    )
    print(readable_number(total), file=sys.stderr)
    return 1 if failed or unwritten else 0


def _batch_destinations(folder: str, inputs: Sequence[str]) -> dict[str, Path]:
    """``FOLDER/NAME.out`` for each input, after checking that none clash, none is an input
    and the folder takes files; nothing is ever silently replaced by a later case."""
    check_folder(folder, create=True)
    destinations: dict[str, Path] = {}
    claimed: dict[str, str] = {}
    for path in inputs:
        name = f"{Path(path).stem}.out"
        if name in claimed:
            clash = (
                f"{path} is given twice"
                if claimed[name] == path
                else f"{claimed[name]} and {path} would both write {Path(folder) / name}"
            )
            raise UsageError(
                f"{clash}; answers are named after their input, so solve same-named inputs into different folders"
            )
        claimed[name] = path
        destinations[path] = check_destination(Path(folder) / name, inputs)
    return destinations


def _write_stdout(text: str, name: str) -> None:
    """Write an answer to stdout; if that fails (a full disk behind ``> file``), keep it in a file."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        try:
            kept = f"the answer is kept in {save_fallback(name, text)}"
        except OSError:
            kept = "keeping a copy failed too"
        raise DestinationError(
            f"cannot write the answer to standard output: {error.strerror or error}; {kept}"
        ) from None


# ------------------------------------------------------------------ agent
def cmd_agent(argv: Sequence[str]) -> int:
    parser = _solver_parser("puzzle-workbench agent")
    parser.description = "Answer the contest's stdin protocol on stdout, as the contest's tester runs a program."
    parser.add_argument("puzzle")
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    solve: Callable[..., Any]  # the puzzle's agent calls it: per turn (online) or once (the whole answer)
    if puzzle.online:
        # Online contests reveal the input turn by turn: decide each move from the public view.
        from solvers.driver import Budget
        from solvers.online import TurnDecider
        from solvers.run_setup import DEFAULT_SECONDS, checked_params, choose_solver, parse_params

        cls = choose_solver(puzzle, args.solver)
        params = parse_params(cls, args.param)
        checked_params(cls, params)
        budget = Budget(
            seconds=args.time if args.time is not None or args.nodes is not None else DEFAULT_SECONDS, nodes=args.nodes
        )
        _compile_before_the_clock(puzzle, cls)  # else the first turn's budget goes to compiling
        solve = TurnDecider(puzzle, cls, budget=budget, seed=args.seed, params=params)
    else:

        def solve_whole(instance: Any) -> list[Any]:
            moves, _ = solve_instance(puzzle, instance, args)
            return moves

        solve = solve_whole

    puzzle.agent(sys.stdin, sys.stdout, solve)
    return 0
