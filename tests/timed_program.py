"""A time-based program for the tiny contest (``tiny_contest.py``, higher wins: 1000 - |X - T|): it
counts loop iterations for a time budget and answers so that its score is 1 + the iterations / PER_POINT
(at most 1000). Its score on a seed moves from run to run with the machine's speed: noise."""

from __future__ import annotations

from pathlib import Path

import tiny_contest

PROGRAM = """\
import sys, time
n, target = map(int, sys.stdin.read().split())
budget, check_every = {BUDGET}, {CHECK_EVERY}
count, start = 0, time.perf_counter()
while True:
    for _ in range(check_every):  # the work between two looks at the clock
        count += 1
    if time.perf_counter() - start >= budget:
        break
points = min(999, count // {PER_POINT})
print(target + 999 - points)  # the score is 1 + points
"""


def program(folder: Path, name: str, budget: float = 0.1, check_every: int = 1, per_point: int = 500) -> str:
    """The command of a program that counts for ``budget`` seconds, looking at the clock every
    ``check_every`` iterations (more: faster, so a higher score)."""
    path = folder / f"{name}.py"
    path.write_text(
        PROGRAM.replace("{BUDGET}", repr(budget))
        .replace("{CHECK_EVERY}", str(check_every))
        .replace("{PER_POINT}", str(per_point))
    )
    return f"{tiny_contest.PYTHON} {path}"
