"""CODE VS Reborn pack files and answer files (spec §3).

Input: 500 packs, each two lines of two values 0..9 (top row first, 0 = empty)
and a line ``END``. Recorded contest stdin goes on with the turn-0 input after
the 500th ``END``; that is ignored. The recipe counts are not enforced (spec §5).

Answer: one command per turn, ``X R`` or ``S``; the first line may be the AI's
name instead. A name holds a letter, no invisible character and does not
start like a command: a first line such as ``<BOM>0 0`` (an editor's
byte-order mark), ``0 0,`` or ``0 0 x`` is a damaged command, and reading it as a name would
silently drop the first move, so it is rejected. Numbers and whitespace are read as the judge's scanf reads them
(ASCII digits, C whitespace). The turn budget K is not in the file:
a parsed case has K = 500 and no incoming ojama.

A case set up in the editor with its own start field, gauge or stock is written
as its packs only: a contest input always starts from an empty field (spec
§2.8), and its loader ignores what follows the packs, so there is nowhere to
keep them. The GUI says so while such a board is open.
"""

from __future__ import annotations

import unicodedata

from workbench.core.errors import FormatError, shown
from workbench.core.judge_text import C, iter_lines
from workbench.core.puzzle import ParsedSolution

from .field import pack_problem
from .rules import SKILL, Case, Drop, Skill, move_text

PACKS = 500


def _line(lines: list[str], number: int, pack: int) -> str:
    if number > len(lines):
        raise FormatError(f"the file ends inside pack {pack}; a case holds {PACKS} packs", number)
    return C.trim(lines[number - 1])


def _pack_row(line: str, number: int) -> tuple[int, int]:
    tokens = C.split(line)
    values = [v for t in tokens if t.isascii() and len(t) == 1 and (v := C.integer(t, 0, 9)) is not None]
    if len(tokens) != 2 or len(values) != 2:
        got = shown(line) if line else "a blank line"
        raise FormatError(f"a pack row is two values 0..9 (0 = empty), got {got}", number)
    return values[0], values[1]


def parse_input(text: str) -> Case:
    lines = C.lines(text)
    packs = []
    for pack in range(1, PACKS + 1):
        first = 3 * pack - 2
        top = _pack_row(_line(lines, first, pack), first)
        bottom = _pack_row(_line(lines, first + 1, pack), first + 1)
        end = _line(lines, first + 2, pack)
        if end != "END":
            raise FormatError(f"expected END after pack {pack}, got {shown(end)}", first + 2)
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
    tokens = C.split(line)
    values = [v for v in (C.integer(t) for t in tokens) if v is not None]
    if len(tokens) == 2 and len(values) == 2:
        return Drop(*values)
    return None


def _is_name(line: str) -> bool:
    """Whether a first line that is no command reads as the AI's name, not as a damaged command."""
    invisible = any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in line)
    tokens = C.split(line)
    # "4 1 x" or "S 2": a command with something stuck to it, not a name.
    like_command = tokens[:1] == ["S"] or (len(tokens) >= 2 and all(C.is_integer(t) for t in tokens[:2]))
    return not invisible and not like_command and any(ch.isalpha() for ch in line)


def parse_solution(case: Case, text: str) -> ParsedSolution:
    moves: list[Drop | Skill] = []
    numbers: list[int] = []
    blank = 0
    # One line at a time: a huge answer stops at the first command past the budget K.
    for number, line in iter_lines(text, C):
        if not line:
            blank = blank or number  # an error only if a command follows (trailing blank lines are fine)
            continue
        if blank:
            raise FormatError("expected a command 'X R' or 'S', got a blank line", blank)
        move = _command(line)
        if move is None:
            if number == 1 and _is_name(line):
                continue  # the AI's name
            got = shown(line) if line else "a blank line"
            raise FormatError(f"expected a command 'X R' or 'S', got {got}", number)
        if len(moves) == case.turns:
            raise FormatError(f"more commands than the turn budget of {case.turns}", number)
        moves.append(move)
        numbers.append(number)
    return ParsedSolution(tuple(moves), tuple(numbers))


def format_solution(moves) -> str:
    return "".join(move_text(move) + "\n" for move in moves)
