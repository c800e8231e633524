"""Write tests/slow_tests.txt from a run's durations: the tests `make check` leaves out.

    QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -n 2 --dist loadfile --durations=0 > durations.log
    .venv/bin/python tests/mark_slow.py durations.log [SECONDS]

A test is slow when its setup, call and teardown took more than SECONDS (default 0.7) in that run;
tests/conftest.py marks every test listed as `slow`. Measured on the project's 2-core machine, so
`make check` (lint, types, every test neither gui, slow nor wheel) stays within a few minutes.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

LIST = Path(__file__).with_name("slow_tests.txt")
LINE = re.compile(r"^([0-9.]+)s (?:call|setup|teardown)\s+(\S.*)$")


def slow_tests(log: str, seconds: float) -> list[str]:
    spent: Counter[str] = Counter()
    for line in log.splitlines():
        found = LINE.match(line.strip())
        if found:
            spent[found.group(2)] += float(found.group(1))
    return sorted(test for test, total in spent.items() if total > seconds)


def main(argv: list[str]) -> int:
    seconds = float(argv[2]) if len(argv) > 2 else 0.7
    listed = slow_tests(Path(argv[1]).read_text(), seconds)
    header = f"# Tests over {seconds:g} s in a full run (tests/mark_slow.py): marked slow, left out of make check.\n"
    LIST.write_text(header + "".join(f"{test}\n" for test in listed))
    print(f"{len(listed)} tests over {seconds:g} s -> {LIST}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
