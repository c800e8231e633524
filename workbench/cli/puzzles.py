"""``puzzle-workbench gen | score | list``: a puzzle's inputs and answers, and what the workbench knows."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.files import check_destination, read_text, write_or_rescue
from workbench.core.limits import readable_number, seed_value
from workbench.core.registry import plugin_problems, solvers, sources

from .common import add_case_option, add_options, first_puzzle, load_instance, puzzle_named


# ------------------------------------------------------------------ gen
def cmd_gen(argv: Sequence[str]) -> int:
    puzzle = first_puzzle(argv)
    parser = argparse.ArgumentParser(prog="puzzle-workbench gen", description="Write a contest input for a seed.")
    parser.add_argument("puzzle")
    parser.add_argument("seed", type=seed_value)
    parser.add_argument("-o", "--output", help="file to write (default: stdout)")
    add_options(parser, puzzle.generator_options if puzzle else ())
    args = parser.parse_args(argv)
    options = {o.name: getattr(args, o.name) for o in puzzle.generator_options}
    if args.output:
        check_destination(args.output)
    try:
        instance = puzzle.generate(args.seed, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    text = puzzle.format_input(instance)
    if args.output:
        write_or_rescue(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


# ------------------------------------------------------------------ score
def cmd_score(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench score", description="Validate an answer with the engine and print its contest score."
    )
    parser.add_argument("puzzle")
    parser.add_argument("input")
    parser.add_argument("output")
    add_case_option(parser)
    add_options(parser, getattr(first_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    instance = load_instance(puzzle, args.input, args)
    try:
        report = puzzle.score_solution(instance, read_text(args.output))
    except WorkbenchError as error:
        print(f"invalid answer {args.output}: {error}", file=sys.stderr)
        return 1
    for name, value in report.facts:
        print(f"{name}: {value}")
    if not report.complete:  # valid but it does not count (a level left unsolved): WA in a batch
        # The last line stays the score, a number, as for every answer; the line before says why it
        # does not count, and the exit code is an invalid answer's.
        print(f"not solved: {args.output} is a valid answer that does not count (a batch gives it WA)")
        print(readable_number(report.score))
        return 1
    print(report.text)
    return 0


# ------------------------------------------------------------------ list
def cmd_list(argv: Sequence[str]) -> int:
    argparse.ArgumentParser(prog="puzzle-workbench list", description="Puzzles and their solvers.").parse_args(argv)
    broken = 0
    for puzzle_id, source in sources().items():
        puzzle = source.puzzle
        print(f"{puzzle.id}: {puzzle.title}" + ("" if source.origin == "built in" else f"  [{source.origin}]"))
        if puzzle.turn_seconds:
            print(f"  solve's default budget: {puzzle.turn_seconds:g} s per turn")
        try:
            found = solvers(puzzle_id)
        except WorkbenchError as error:
            print(f"  (its solvers did not load: {error})")
            broken += 1
            continue
        if not found:
            print("  (no solver yet)")
        for i, (name, cls) in enumerate(found.items()):
            default = " (default)" if i == 0 else ""
            print(f"  {name}{default}: {cls.description}")
            for p in cls.params:
                print(f"      --param {p.name}={p.default}  {p.help} [{p.low}..{p.high}]")
    return 1 if broken or plugin_problems() else 0
