"""Numbered case files: ``in/0003.txt`` and its neighbours (Qt-free).

Contest tools name their cases by number (``0000.txt`` … ``0099.txt``); a contestant
going through them wants the next and the previous one, skipping gaps, and to jump
to a number.
"""

from __future__ import annotations

from pathlib import Path

from .judge_text import plain_natural


def case_number(path: str | Path | None) -> int | None:
    """The number a case file is named by (``0003.txt`` → 3), None for any other name."""
    if path is None:
        return None
    return plain_natural(Path(path).stem)


def numbered_siblings(path: str | Path) -> dict[int, Path]:
    """The numbered files beside ``path`` with its suffix, by number."""
    path = Path(path)
    found = {}
    try:
        entries = list(path.parent.iterdir())
    except OSError:  # a folder gone or unreadable: no neighbours to offer
        return {}
    for entry in entries:
        number = case_number(entry)
        if number is not None and entry.suffix == path.suffix and entry.is_file():
            # 0003.txt wins over 3.txt: the zero-padded name is the tools' own
            if number not in found or len(entry.stem) > len(found[number].stem):
                found[number] = entry
    return found


def neighbour_case(path: str | Path, step: int) -> Path | None:
    """The next (``step`` > 0) or previous numbered file beside ``path``, skipping gaps;
    None at either end."""
    here = case_number(path)
    if here is None:
        return None
    siblings = numbered_siblings(path)
    numbers = sorted(siblings)
    following = [n for n in numbers if n > here] if step > 0 else [n for n in reversed(numbers) if n < here]
    return siblings[following[0]] if following else None


def case_file(path: str | Path, number: int) -> Path | None:
    """The file numbered ``number`` beside ``path``, if there is one."""
    return numbered_siblings(path).get(number)
