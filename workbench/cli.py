"""The command line: ``python main.py [FILE] | gen | score | solve | agent | list``.

Everything here is Qt-free except the GUI launch, which imports Qt lazily.
User mistakes (bad files, illegal moves, unknown names) print one clear line
and exit 1; they never print a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text, write_atomic
from workbench.core.registry import get_puzzle, puzzles, solvers

COMMANDS = ("gen", "score", "solve", "agent", "list")
DEFAULT_SECONDS = 10.0


class UsageError(Exception):
    pass


def _puzzle(puzzle_id: str):
    try:
        return get_puzzle(puzzle_id)
    except KeyError as error:
        raise UsageError(error.args[0]) from None


def _named_puzzle(argv: Sequence[str]):
    """The puzzle named first on the command line (its options join the parser), or None."""
    head = argparse.ArgumentParser(add_help=False)
    head.add_argument("puzzle", nargs="?")
    known, _ = head.parse_known_args(argv[:1])
    return _puzzle(known.puzzle) if known.puzzle and not known.puzzle.startswith("-") else None


def _add_options(parser: argparse.ArgumentParser, options) -> None:
    for option in options:
        parser.add_argument(f"--{option.name}", type=option.kind, default=option.default,
                            help=f"{option.help} (default {option.default})")


def _load_instance(puzzle, path: str, args=None):
    """Parse an input file, then apply the puzzle's instance options given on the command line."""
    instance = puzzle.parse_input(read_text(path))
    options = {o.name: getattr(args, o.name) for o in puzzle.instance_options} if args else {}
    if not options:
        return instance
    try:
        return puzzle.configure(instance, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None


# ------------------------------------------------------------------ gen
def cmd_gen(argv: Sequence[str]) -> int:
    puzzle = _named_puzzle(argv)
    parser = argparse.ArgumentParser(prog="main.py gen", description="Write a contest input for a seed.")
    parser.add_argument("puzzle")
    parser.add_argument("seed", type=int)
    parser.add_argument("-o", "--output", help="file to write (default: stdout)")
    _add_options(parser, puzzle.generator_options if puzzle else ())
    args = parser.parse_args(argv)
    options = {o.name: getattr(args, o.name) for o in puzzle.generator_options}
    try:
        instance = puzzle.generate(args.seed, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    text = puzzle.format_input(instance)
    if args.output:
        write_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


# ------------------------------------------------------------------ score
def cmd_score(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py score",
                                     description="Validate an answer with the engine and print its contest score.")
    parser.add_argument("puzzle")
    parser.add_argument("input")
    parser.add_argument("output")
    _add_options(parser, getattr(_named_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = _puzzle(args.puzzle)
    instance = _load_instance(puzzle, args.input, args)
    try:
        report = puzzle.score_solution(instance, read_text(args.output))
    except WorkbenchError as error:
        print(f"invalid answer {args.output}: {error}", file=sys.stderr)
        return 1
    for name, value in report.facts:
        print(f"{name}: {value}")
    print(report.text)
    return 0


# ------------------------------------------------------------------ solve
def _solver_parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--solver", help="solver name (see 'main.py list'; default: the first)")
    parser.add_argument("--time", type=float, default=None,
                        help=f"time budget in seconds for the whole answer (default {DEFAULT_SECONDS:g} "
                             "when no node budget is given)")
    parser.add_argument("--nodes", type=int, default=None,
                        help="node budget (expansions) for the whole answer; with a seed the answer "
                             "is reproducible. Online puzzles share both budgets out over the turns")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a solver parameter, e.g. --param width=200")
    return parser


def solver_choice(puzzle, name: str | None, raw_params: Sequence[str]) -> tuple[type, dict]:
    """The solver class named on the command line (default: the first) and its parameters."""
    available = solvers(puzzle.id)
    if not available:
        raise UsageError(f"{puzzle.id} has no solver yet")
    name = name or next(iter(available))
    if name not in available:
        raise UsageError(f"unknown solver '{name}' for {puzzle.id} (known: {', '.join(available)})")
    cls = available[name]
    params = {}
    for item in raw_params:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--param takes NAME=VALUE, got '{item}'")
        try:
            params[key] = cls.param(key).kind(value)
        except StopIteration:
            known = ", ".join(p.name for p in cls.params) or "none"
            raise UsageError(f"{name} has no parameter '{key}' (known: {known})") from None
        except ValueError:
            raise UsageError(f"parameter {key}: '{value}' is not a number") from None
    return cls, params


def budget_of(args):
    from solvers.driver import Budget

    seconds = args.time if args.time is not None or args.nodes is not None else DEFAULT_SECONDS
    return Budget(seconds=seconds, nodes=args.nodes)


def solve_instance(puzzle, instance, args, label: str = ""):
    """Run the chosen solver under the budget; return (moves, report)."""
    from solvers.online import build_run, execute

    cls, params = solver_choice(puzzle, args.solver, args.param)
    budget = budget_of(args)
    try:
        target = build_run(puzzle, instance, puzzle.initial_state(instance), cls,
                           seed=args.seed, params=params, budget=budget)
    except ValueError as error:
        raise UsageError(str(error)) from None
    last_print = [0.0]

    def report_progress(sample):
        if sample.elapsed - last_print[0] >= 1.0:
            last_print[0] = sample.elapsed
            p = sample.progress
            print(f"{label}{sample.elapsed:6.1f}s  {p.expansions} nodes  best {p.best_score:g}  "
                  f"frontier {p.frontier_size}", file=sys.stderr, flush=True)

    result = execute(target, budget, on_progress=report_progress)
    report = puzzle.evaluate(instance, puzzle.replay(instance, result.moves)[-1], len(result.moves))
    p = result.progress
    print(f"{label}{result.elapsed:6.1f}s  {p.expansions} nodes  stopped by {result.stopped_by}  "
          f"{report.summary()}", file=sys.stderr, flush=True)
    return result.moves, report


def cmd_solve(argv: Sequence[str]) -> int:
    parser = _solver_parser("main.py solve")
    parser.description = "Solve one or many inputs and write contest-format answers."
    parser.add_argument("puzzle")
    parser.add_argument("inputs", nargs="+", metavar="INPUT")
    parser.add_argument("-o", "--output",
                        help="answer file (one input) or folder (several inputs); default: stdout")
    _add_options(parser, getattr(_named_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = _puzzle(args.puzzle)
    many = len(args.inputs) > 1
    if many and not args.output:
        raise UsageError("several inputs need -o FOLDER for the answers")
    if many:
        Path(args.output).mkdir(parents=True, exist_ok=True)
    total, failed = 0.0, []
    for path in args.inputs:
        label = f"{Path(path).name}: " if many else ""
        try:
            instance = _load_instance(puzzle, path, args)
        except WorkbenchError as error:
            if not many:
                raise
            # One bad file in a batch is reported and skipped; the others are still solved.
            print(f"{label}skipped: {error}", file=sys.stderr)
            failed.append(path)
            continue
        moves, report = solve_instance(puzzle, instance, args, label)
        text = puzzle.format_solution(instance, moves)
        # Re-validate the exact bytes we are about to write, as the judge would read them.
        checked = puzzle.score_solution(instance, text)
        if checked.score != report.score:
            raise WorkbenchError(f"internal error: the written answer scores {checked.text}, not {report.text}")
        total += report.score
        if many:
            write_atomic(Path(args.output) / f"{Path(path).stem}.out", text)
        elif args.output:
            write_atomic(args.output, text)
        else:
            sys.stdout.write(text)
    if not many:
        print(report.text, file=sys.stderr)
        return 0
    solved = len(args.inputs) - len(failed)
    print(f"total {total:g} over {solved} cases, mean {total / max(solved, 1):g}"
          + (f"; {len(failed)} skipped" if failed else ""), file=sys.stderr)
    print(f"{total:g}", file=sys.stderr)
    return 1 if failed else 0


# ------------------------------------------------------------------ agent
def cmd_agent(argv: Sequence[str]) -> int:
    parser = _solver_parser("main.py agent")
    parser.description = "Answer the contest's stdin protocol on stdout, as the contest's tester runs a program."
    parser.add_argument("puzzle")
    args = parser.parse_args(argv)
    puzzle = _puzzle(args.puzzle)
    if puzzle.online:
        # Online contests reveal the input turn by turn: decide each move from the public view.
        from solvers.online import TurnDecider

        cls, params = solver_choice(puzzle, args.solver, args.param)
        solve = TurnDecider(puzzle, cls, budget=budget_of(args), seed=args.seed, params=params)
    else:
        def solve(instance):
            moves, _ = solve_instance(puzzle, instance, args)
            return moves

    puzzle.agent(sys.stdin, sys.stdout, solve)
    return 0


# ------------------------------------------------------------------ list
def cmd_list(argv: Sequence[str]) -> int:
    argparse.ArgumentParser(prog="main.py list", description="Puzzles and their solvers.").parse_args(argv)
    for puzzle in puzzles().values():
        print(f"{puzzle.id}: {puzzle.title}")
        found = solvers(puzzle.id)
        if not found:
            print("  (no solver yet)")
        for i, (name, cls) in enumerate(found.items()):
            default = " (default)" if i == 0 else ""
            print(f"  {name}{default}: {cls.description}")
            for p in cls.params:
                print(f"      --param {p.name}={p.default}  {p.help} [{p.low}..{p.high}]")
    return 0


# ------------------------------------------------------------------ gui
def cmd_gui(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="main.py", description="Puzzle Workbench. Commands: " + ", ".join(COMMANDS) +
        " (main.py COMMAND --help); without a command, the app.")
    parser.add_argument("file", nargs="?", help="an input or answer file to open")
    parser.add_argument("--puzzle", help="the puzzle of FILE when it cannot be detected")
    args = parser.parse_args(argv)
    if args.puzzle:
        _puzzle(args.puzzle)
    from workbench.gui.app import run_app

    return run_app(args.file, args.puzzle)


HANDLERS = {"gen": cmd_gen, "score": cmd_score, "solve": cmd_solve, "agent": cmd_agent, "list": cmd_list}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    handler = HANDLERS.get(argv[0]) if argv else None
    try:
        if handler is None:
            return cmd_gui(argv)
        return handler(argv[1:])
    except (UsageError, WorkbenchError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
