"""What every ``puzzle-workbench`` command shares: naming a puzzle first, and its options as flags (argparse)."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from workbench.core.errors import UsageError
from workbench.core.files import read_text
from workbench.core.registry import get_puzzle


def puzzle_named(puzzle_id: str):
    try:
        return get_puzzle(puzzle_id)
    except KeyError as error:
        raise UsageError(error.args[0]) from None


def first_puzzle(argv: Sequence[str]):
    """The puzzle named first on the command line (its options join the parser), or None."""
    head = argparse.ArgumentParser(add_help=False)
    head.add_argument("puzzle", nargs="?")
    known, _ = head.parse_known_args(argv[:1])
    return puzzle_named(known.puzzle) if known.puzzle and not known.puzzle.startswith("-") else None


def add_options(parser: argparse.ArgumentParser, options) -> None:
    """A flag per puzzle option: ``--size 7``."""
    for option in options:
        parser.add_argument(
            f"--{option.name}",
            type=option.kind,
            default=option.default,
            help=f"{option.help} (default {option.default})".replace("%", "%%"),
        )  # argparse formats it


def load_instance(puzzle, path: str, args=None):
    """Parse an input file (its ``--case K`` when it holds several, a level collection), then apply
    the puzzle's instance options given on the command line."""
    instance = puzzle.parse_input(pick_case(puzzle, read_text(path), path, getattr(args, "case", None)))
    options = {o.name: getattr(args, o.name) for o in puzzle.instance_options} if args else {}
    if not options:
        return instance
    try:
        return puzzle.configure(instance, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None


def pick_case(puzzle, text: str, path, number: int | None) -> str:
    """The text of case ``number`` (1-based) of a file; a file of one case needs no number."""
    cases = puzzle.split_cases(text)
    if number is None:
        if len(cases) > 1:
            raise UsageError(
                f"{path} holds {len(cases)} cases: choose one with --case K (1..{len(cases)}), "
                "or run them all with 'puzzle-workbench batch'"
            )
        return cases[0][1]
    if not 1 <= number <= len(cases):
        raise UsageError(f"--case {number}: {path} holds {len(cases)} case{'s' if len(cases) != 1 else ''}")
    return cases[number - 1][1]


def add_case_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--case", type=int, metavar="K", help="which case of a file that holds several (a level collection), from 1"
    )


def named_problem(argv: Sequence[str]):
    """The puzzle or contest named first on the command line: (problem, puzzle or None)."""
    from workbench.contest.known import problem_named

    name = argv[0] if argv and not argv[0].startswith("-") else None
    if name is None:
        return None, None
    problem = problem_named(name)
    return problem, getattr(problem, "puzzle", None) if problem.kind == "puzzle" else None


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class Signalled(TypedDict):
    by: int  # the signal that came (0: none yet)
    previous: dict[int, Any]  # the handlers replaced, by signal (as signal.signal gives them back)


def stop_on_signals(stop_run: Callable[[], None]) -> Signalled:
    """Ctrl+C or SIGTERM calls ``stop_run`` (a run stops between cases: running programs killed,
    finished cases kept) instead of raising wherever the interpreter happens to be; a second Ctrl+C
    raises at once. ``state["by"]`` is the signal that came; ``restore_signals(state)`` undoes this."""
    state: Signalled = {"by": 0, "previous": {}}

    def stop(signum, frame):
        if state["by"] and signum == signal.SIGINT:
            raise KeyboardInterrupt
        state["by"] = state["by"] or signum
        stop_run()

    for number in (signal.SIGINT, signal.SIGTERM):
        try:
            state["previous"][number] = signal.signal(number, stop)
        except ValueError:  # not the main thread (a test driving main() from a thread): keep Python's
            pass
    return state


def restore_signals(state: Signalled) -> None:
    for number, previous in state["previous"].items():
        signal.signal(number, previous)
