"""CODE VS Reborn pack files and answer files (spec §3).

Input: 500 packs, each two lines of two values 0..9 (top row first, 0 = empty)
and a line ``END``. Recorded contest stdin goes on with the turn-0 input after
the 500th ``END``; that is ignored. The recipe counts are not enforced (spec §5).

Answer: one command per turn, ``X R`` or ``S``; the first line may be the AI's
name instead (anything that is neither). The turn budget K is not in the file:
a parsed case has K = 500 and no incoming ojama.

A case set up in the editor with its own start field, gauge or stock is written
as its packs only: a contest input always starts from an empty field (spec
§2.8), and its loader ignores what follows the packs, so there is nowhere to
keep them. The GUI says so while such a board is open.
"""

from __future__ import annotations

import re

from workbench.core.errors import FormatError
from workbench.core.puzzle import ParsedSolution

from .field import pack_problem
from .rules import SKILL, Case, Drop, Skill, move_text

PACKS = 500
_PACK_VALUE = re.compile(r"[0-9]")
_INTEGER = re.compile(r"[+-]?[0-9]+")


def _line(lines: list[str], number: int, pack: int) -> str:
    if number > len(lines):
        raise FormatError(f"the file ends inside pack {pack}; a case holds {PACKS} packs", number)
    return lines[number - 1].strip()


def _pack_row(line: str, number: int) -> tuple[int, int]:
    tokens = line.split()
    if len(tokens) != 2 or not all(_PACK_VALUE.fullmatch(t) for t in tokens):
        got = f"'{line}'" if line else "a blank line"
        raise FormatError(f"a pack row is two values 0..9 (0 = empty), got {got}", number)
    return int(tokens[0]), int(tokens[1])


def parse_input(text: str) -> Case:
    lines = text.splitlines()
    packs = []
    for pack in range(1, PACKS + 1):
        first = 3 * pack - 2
        top = _pack_row(_line(lines, first, pack), first)
        bottom = _pack_row(_line(lines, first + 1, pack), first + 1)
        end = _line(lines, first + 2, pack)
        if end != "END":
            raise FormatError(f"expected END after pack {pack}, got '{end}'", first + 2)
        problem = pack_problem(top + bottom)
        if problem:
            raise FormatError(f"pack {pack}: {problem}", first)
        packs.append(top + bottom)
    return Case(tuple(packs))


def format_input(case: Case) -> str:
    return "".join(f"{a} {b}\n{c} {d}\nEND\n" for a, b, c, d in case.packs)


def _command(line: str) -> Drop | Skill | None:
    if line == "S":
        return SKILL
    tokens = line.split()
    if len(tokens) == 2 and all(_INTEGER.fullmatch(t) for t in tokens):
        return Drop(int(tokens[0]), int(tokens[1]))
    return None


def parse_solution(case: Case, text: str) -> ParsedSolution:
    lines = [line.strip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    moves, numbers = [], []
    for number, line in enumerate(lines, start=1):
        move = _command(line)
        if move is None:
            if number == 1:
                continue  # the AI's name
            got = f"'{line}'" if line else "a blank line"
            raise FormatError(f"expected a command 'X R' or 'S', got {got}", number)
        if len(moves) == case.turns:
            raise FormatError(f"more commands than the turn budget of {case.turns}", number)
        moves.append(move)
        numbers.append(number)
    return ParsedSolution(tuple(moves), tuple(numbers))


def format_solution(moves) -> str:
    return "".join(move_text(move) + "\n" for move in moves)
