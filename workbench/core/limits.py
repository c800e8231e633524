"""Checked command-line values (budgets, seeds), numbers read exactly and printed in full.

The argparse ``type=`` functions raise ``ArgumentTypeError``, so a bad value
is refused with one line naming the option before any work starts.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import Any

SEED_MAX = 2**64 - 1  # the generators and solvers draw from 64-bit seeds


def positive_seconds(text: str) -> float:
    """A time budget: a finite number of seconds above zero (``nan``, ``inf``, ``-1`` refused)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"the time budget must be a positive number of seconds, got {text}")
    return value


def positive_nodes(text: str) -> int:
    """A node budget: a whole number of expansions, at least 1."""
    value = _whole(text, "the node budget")
    if value < 1:
        raise argparse.ArgumentTypeError(f"the node budget must be at least 1, got {text}")
    return value


def seed_value(text: str) -> int:
    """A seed 0..2^64-1; a larger one is refused, never silently reduced."""
    value = _whole(text, "the seed")
    if not 0 <= value <= SEED_MAX:
        shown = text if len(text) <= 40 else f"a {len(text)}-digit number"
        raise argparse.ArgumentTypeError(f"the seed must be 0..2^64-1 ({SEED_MAX}), got {shown}")
    return value


def _whole(text: str, what: str) -> int:
    digits = text.strip().lstrip("+-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 40:
        shown = text if len(text) <= 40 else f"a {len(text)}-character value"
        raise argparse.ArgumentTypeError(f"{what} must be a whole number, got {shown}")
    return int(text)


def readable_number(value: int | float) -> str:
    """A score as people read it: every digit of an integer (of any size), never ``2.51476e+06``, a
    fraction to 7 places (0.1 + 0.2 is 0.3). Files keep the exact value: ``batch.results.exact_text``."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        value = int(value)
    if isinstance(value, int):
        return str(value)
    return f"{value:.7f}".rstrip("0").rstrip(".") if abs(value) < 1e15 else repr(value)


# A whole number as programs print one: a score or a "[DATA]" figure of any size is read as an int,
# exactly; through float, 9007199254740993 (2^53 + 1) would become ...992 and 2^64 - 1 would be 2^64.
_WHOLE = re.compile(r"\s*[+-]?[0-9]+\s*")
WHOLE_DIGITS = 4000  # Python reads at most 4300 digits into an int; no score or figure has more


def exact_number(value: Any) -> int | float | None:
    """A number as exactly as it was written: a whole number (digits, a sign) as an int, anything else
    that reads as a finite number as a float; None for what is no finite number ('abc', 'nan', '1e999',
    more than WHOLE_DIGITS digits)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and _WHOLE.fullmatch(value):
        return int(value) if len(value.strip().lstrip("+-")) <= WHOLE_DIGITS else None
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return number if math.isfinite(number) else None


def is_finite(value: int | float) -> bool:
    """Whether a score is a number the workbench can compare, average and plot: a float that is finite,
    an int of any digits within a float's range (1.8e308; past it, means and relative scores overflow)."""
    if isinstance(value, int):
        return abs(value) <= FLOAT_MAX
    return math.isfinite(value)


FLOAT_MAX = int(sys.float_info.max)
