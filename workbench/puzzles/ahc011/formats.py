"""AHC011 input and answer files.

Input: ``N T``, then N rows of N hex digits (read in either case, written in
lowercase), exactly one ``0`` (the empty square). The contest has 6 <= N <= 10
and T = 2N^3; for boards people make or edit by hand this reader is lenient
and takes any 2 <= N <= 30 and any T >= 1 (``sniff`` still wants T = 2N^3).

Answer: the official tool trims whitespace from both ends of the whole file
and counts every remaining character as one move, so an answer parses into
characters; a stray one (including a line break inside the answer) is
rejected as an illegal move when it is played, in file order, as the judge does.
"""

from __future__ import annotations

from workbench.core.errors import FormatError
from workbench.core.puzzle import ParsedSolution

from .board import Board, Case, board_problems

MIN_SIDE, MAX_SIDE = 2, 30
HEX_DIGITS = set("0123456789abcdefABCDEF")

# Rust's char::is_whitespace (what str::trim strips). Python's str.strip()
# would also strip U+001C..U+001F, which the judge keeps (and then rejects).
RUST_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, stripped text) of the lines, with trailing blank lines dropped."""
    lines = [(i, raw.strip()) for i, raw in enumerate(text.splitlines(), start=1)]
    while lines and not lines[-1][1]:
        lines.pop()
    return lines


def parse_header(line: str, number: int) -> tuple[int, int]:
    tokens = line.split()
    if len(tokens) != 2 or not all(t.isascii() and t.isdigit() for t in tokens):
        raise FormatError(f"expected 'N T' (board side and move limit), got '{line}'", number)
    n, limit = int(tokens[0]), int(tokens[1])
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise FormatError(f"N must be {MIN_SIDE}..{MAX_SIDE} (the contest uses 6..10), got {n}", number)
    if limit < 1:
        raise FormatError(f"the move limit T must be at least 1, got {limit}", number)
    return n, limit


def parse_row(line: str, number: int, n: int) -> bytes:
    if len(line) != n:
        raise FormatError(f"expected {n} hex digits, got {len(line)}", number)
    for col, digit in enumerate(line, start=1):
        if digit not in HEX_DIGITS:
            raise FormatError(f"column {col}: '{digit}' is not a hex digit 0-9 / a-f", number)
    return bytes(int(digit, 16) for digit in line)


def parse_input(text: str) -> Case:
    lines = _content_lines(text)
    if not lines or not lines[0][1]:
        raise FormatError("expected 'N T' (board side and move limit)", 1)
    header_line, header = lines[0]
    n, limit = parse_header(header, header_line)
    body = lines[1:]
    rows = []
    empty_line = None
    for number, line in body[:n]:
        if not line:
            raise FormatError("blank line inside the board", number)
        row = parse_row(line, number, n)
        if 0 in row:
            if empty_line is not None or row.count(0) > 1:
                raise FormatError(f"a second empty square '0' (the first is on line {empty_line or number})",
                                  number)
            empty_line = number
        rows.append(row)
    if len(body) < n:
        last = body[-1][0] if body else header_line
        raise FormatError(f"the board has {len(body)} rows, the header says {n}", last + 1)
    if len(body) > n:
        raise FormatError(f"unexpected text after the {n} board rows", body[n][0])
    if empty_line is None:
        first, last = body[0][0], body[n - 1][0]
        raise FormatError(f"no empty square '0' on the board (lines {first}-{last})")
    return Case(Board.from_tiles(n, b"".join(rows)), limit)


def format_input(case: Case) -> str:
    """The input file; FormatError when the board breaks the contest's rules (an edited board)."""
    problems = board_problems(case.start)
    if problems:
        raise FormatError("not a valid AHC011 board: " + "; ".join(problems))
    rows = ["".join(f"{tile:x}" for tile in row) for row in case.start.rows()]
    return "\n".join([f"{case.n} {case.limit}", *rows]) + "\n"


def parse_solution(text: str) -> ParsedSolution:
    answer = text.strip(RUST_WHITESPACE)
    line = text.count("\n", 0, len(text) - len(text.lstrip(RUST_WHITESPACE))) + 1
    moves, lines = [], []
    for ch in answer:
        moves.append(ch)
        lines.append(line)
        if ch == "\n":
            line += 1
    return ParsedSolution(tuple(moves), tuple(lines))


def format_solution(moves) -> str:
    return "".join(moves) + "\n"
