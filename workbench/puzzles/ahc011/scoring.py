"""The AHC011 score, with the judge's own f64 arithmetic and rounding.

The official tool computes ``(500000.0 * (1.0 + (T - K) as f64 / T as f64)).round()``
for a full tree and ``(500000.0 * S as f64 / M as f64).round()`` otherwise.
Python floats are the same IEEE doubles with the same operation order, so the
value before rounding is bit-identical; Rust's ``round`` (halves away from
zero) is then done exactly on that value's integer ratio, never with Python's
``round`` (halves to even, which would give 507812 instead of 507813 for N = 8,
K = T - 16).
"""

from __future__ import annotations


def round_half_away(value: float) -> int:
    """Round a finite double to the nearest integer, halves away from zero."""
    numerator, denominator = value.as_integer_ratio()  # exact
    sign = -1 if numerator < 0 else 1
    return sign * ((2 * abs(numerator) + denominator) // (2 * denominator))


def contest_score(tree: int, tiles: int, moves: int, limit: int) -> int:
    """The score of a valid answer (moves <= limit) whose largest tree has ``tree`` of ``tiles`` tiles."""
    if tree == tiles:
        return round_half_away(500000.0 * (1.0 + (limit - moves) / limit))
    return round_half_away(500000.0 * tree / tiles)
