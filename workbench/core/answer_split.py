"""How a program's output splits into successive answers, where the last of several counts.

A program may print a better answer each time it finds one (many AHC problems accept several
answers in one output and score the last); each is a *snapshot* of its run. A splitter gives the
complete answers in the output so far (``final``: the output has ended, so its last answer is
complete too). Puzzles name theirs (``Puzzle.split_answers``), contests in ``contest.toml``
(``[run] answers``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

Splitter = Callable[[str, bool], "list[str] | None"]


def split_lines(text: str, final: bool) -> list[str]:
    """Each non-empty line is a whole answer (complete once its line ends, or at the end)."""
    if not final:
        text = text[: text.rfind("\n") + 1]
    return [line.rstrip("\r") for line in text.split("\n") if line.strip()]


def split_blocks(text: str, final: bool) -> list[str]:
    """Answers separated by blank lines (one is complete once a blank line follows it, or at the end)."""
    blocks = re.split(r"\n[ \t\r]*\n", text)
    if not final:
        blocks = blocks[:-1]
    return [block.strip("\n") + "\n" for block in blocks if block.strip()]


# A contest's [run] answers: "one" (the whole output is one answer), "lines" or "blocks".
SPLITTERS: dict[str, Splitter | None] = {"one": None, "lines": split_lines, "blocks": split_blocks}
