"""Sokoban answers in LURD: one letter a step (l, u, r, d), upper case when the step pushes a box.

Whitespace and line breaks between letters are allowed (long answers get wrapped); the letter's
case is not checked on reading, so an answer in lower case only is read as well.
"""

from __future__ import annotations

from workbench.core.errors import FormatError
from workbench.core.puzzle import ParsedSolution

LINE_WIDTH = 70


def parse_answer(text: str) -> ParsedSolution:
    moves, lines = [], []
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        for column, char in enumerate(line, start=1):
            if char in " \t":
                continue
            if char.lower() not in "lurd":
                raise FormatError(f"column {column}: '{char}' is not a step (l, u, r, d; upper case pushes)", number)
            moves.append(char.lower())
            lines.append(number)
    return ParsedSolution(tuple(moves), tuple(lines))


def format_answer(letters: str) -> str:
    """``letters`` (pushes already upper case) wrapped at LINE_WIDTH, with a final line end."""
    if not letters:
        return "\n"
    return "\n".join(letters[i : i + LINE_WIDTH] for i in range(0, len(letters), LINE_WIDTH)) + "\n"
