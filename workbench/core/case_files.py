"""The cases of a board's folder: ``in/0003.txt``, ``seed_3.txt``, ``packs_12.txt`` and their
neighbours, or any folder of inputs in name order (Qt-free).

Contest tools name their cases by number (``0000.txt`` … ``0099.txt``), testers and contestants
put the number in a name (``seed_3.txt``, ``packs_12.txt``); a contestant going through them
wants the next and the previous one, skipping gaps, and to jump to a number. A name with two
numbers is numbered by the one its neighbours' names differ in. A file that shares its pattern
with fewer than two others (``full_09_center_hole.txt``, ``rand_07_d70.txt``, a lone ``lo1.txt``)
has no case number; it is walked with the other inputs of its folder, in name order, and numbered by
its place among them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: a name's "²" or "٣" is no case number
# Files that share a name but for its number make a series from three on: two (rand_30_d40.txt,
# rand_30_d60.txt) are as likely two settings as two cases, and "case 60" would read as a density.
SERIES = 3


def _patterns(stem: str) -> list[tuple[str, int]]:
    """(the name with one of its numbers taken out, that number), for each number in ``stem``."""
    return [(f"{stem[: m.start()]}\0{stem[m.end() :]}", int(m.group())) for m in DIGITS.finditer(stem)]


def _natural(path: Path) -> list[Any]:
    """Name order with numbers read as numbers (seed_2 before seed_10)."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"([0-9]+)", path.name)]


@dataclass(frozen=True)
class CasePlace:
    """Where a file stands among the cases of its folder."""

    path: Path
    number: int  # its case number (``numbered``), else its place among the folder's inputs, from 1
    files: dict[int, Path]  # the folder's cases by that number
    numbered: bool
    pattern: str = ""  # the series' names, the number as '*' ("packs_*.txt"); "" in name order

    def neighbour(self, step: int, accept: Callable[[Path], bool] = lambda path: True) -> Path | None:
        """The next (``step`` > 0) or previous case, skipping gaps and files ``accept`` refuses; None at
        either end."""
        numbers = sorted(self.files)
        ahead = (
            [n for n in numbers if n > self.number] if step > 0 else [n for n in reversed(numbers) if n < self.number]
        )
        return next((self.files[n] for n in ahead if accept(self.files[n])), None)

    def file(self, number: int) -> Path | None:
        return self.files.get(number)

    def end(self, step: int) -> str:
        """Why there is no case beyond this one, ``step`` being the way asked."""
        end = "last" if step > 0 else "first"
        if not self.numbered:
            return f"{self.path.name} is the {end} file of its folder"
        if self.pattern == f"*{self.path.suffix}":
            return f"{self.path.name} is the {end} case of its folder"
        return f"{self.path.name} is the {end} of the {self.pattern} files of its folder"


def case_place(path: str | Path) -> CasePlace | None:
    """``path``'s place among the cases of its folder; None when the folder cannot be read."""
    path = Path(path)
    try:
        siblings = [p for p in path.parent.iterdir() if p.suffix == path.suffix and p.is_file()]
    except OSError:  # a folder gone or unreadable: no neighbours to offer
        return None
    if path not in siblings:
        siblings.append(path)
    series: dict[str, dict[int, Path]] = {}  # pattern -> {number: file}
    for sibling in siblings:
        for pattern, number in _patterns(sibling.stem):
            found = series.setdefault(pattern, {})
            # 0003.txt wins over 3.txt: the zero-padded name is the tools' own
            if number not in found or len(sibling.stem) > len(found[number].stem):
                found[number] = sibling
    own = _patterns(path.stem)
    # The number the most neighbours share the rest of the name with (the last one of a tie).
    best = max(reversed(own), key=lambda item: len(series[item[0]]), default=None)
    if best is not None and (len(series[best[0]]) >= SERIES or path.stem.isdigit()):
        return CasePlace(path, best[1], series[best[0]], True, best[0].replace("\0", "*") + path.suffix)
    ordered = sorted(siblings, key=_natural)
    return CasePlace(path, ordered.index(path) + 1, dict(enumerate(ordered, start=1)), False)
