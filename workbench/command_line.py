"""What every ``puzzle-workbench`` command shares: naming a puzzle first, and its options as flags (argparse)."""

from __future__ import annotations

import argparse
from typing import Sequence

from workbench.core.errors import UsageError
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
        parser.add_argument(f"--{option.name}", type=option.kind, default=option.default,
                            help=f"{option.help} (default {option.default})".replace("%", "%%"))  # argparse formats it
