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

import numpy as np

from workbench.core.errors import FormatError, IllegalMove, shown
from workbench.core.judge_text import RUST, RUST_WHITESPACE, content_lines
from workbench.core.puzzle import ParsedSolution

from .board import DIRECTIONS, Board, Case, board_problems, slide

MIN_SIDE, MAX_SIDE = 2, 30
HEX_DIGITS = set("0123456789abcdefABCDEF")


def parse_header(line: str, number: int) -> tuple[int, int]:
    tokens = RUST.split(line)
    values = [v for v in (RUST.integer(t, 0) for t in tokens) if v is not None]
    if len(tokens) != 2 or len(values) != 2:
        raise FormatError(f"expected 'N T' (board side and move limit), got {shown(line)}", number)
    n, limit = values
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
            raise FormatError(f"column {col}: {shown(digit)} is not a hex digit 0-9 / a-f", number)
    return bytes(int(digit, 16) for digit in line)


def parse_input(text: str) -> Case:
    lines = content_lines(text, RUST)
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
                raise FormatError(f"a second empty square '0' (the first is on line {empty_line or number})", number)
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


LONG_ANSWER_CHUNK = 1 << 20  # moves walked at a time: about 10 MB of arrays


def check_long_answer(case: Case, text: str) -> None:
    """Raise the judge's error for an answer longer than T, in a few array passes.

    The judge plays every move before it checks K <= T, so the first stray
    character or off-board slide wins over "too many moves". Both depend only on
    the empty square's path, which is a running sum: no board is built, and the
    answer is walked a million moves at a time, so a 200-million-move answer is
    refused in seconds and in tens of MB. Answers of at most T moves return and
    are replayed as usual.
    """
    answer = text.strip(RUST_WHITESPACE)
    if len(answer) <= case.limit:
        return
    first_line = text.count("\n", 0, len(text) - len(text.lstrip(RUST_WHITESPACE))) + 1
    n, (row, col) = case.n, case.start.empty_cell
    for start in range(0, len(answer), LONG_ANSWER_CHUNK):
        codes = np.frombuffer(answer[start : start + LONG_ANSWER_CHUNK].encode("utf-32-le"), dtype="<u4")
        d_row = np.zeros(len(codes), dtype=np.int8)
        d_col = np.zeros(len(codes), dtype=np.int8)
        known = np.zeros(len(codes), dtype=bool)
        for letter, (dr, dc) in DIRECTIONS.items():
            hit = codes == ord(letter)
            d_row[hit], d_col[hit] = dr, dc
            known |= hit
        stray = int(np.argmin(known)) if not known.all() else len(codes)
        rows = np.cumsum(d_row[:stray], dtype=np.int32) + row
        cols = np.cumsum(d_col[:stray], dtype=np.int32) + col
        outside = (rows < 0) | (rows >= n) | (cols < 0) | (cols >= n)
        bad = int(np.argmax(outside)) if outside.any() else stray
        if bad < len(codes):
            # The empty square just before the bad move, on a board whose tiles do not matter to the message.
            if bad > 0:
                row, col = int(rows[bad - 1]), int(cols[bad - 1])
            bad += start
            break
        row, col = int(rows[-1]), int(cols[-1])
    else:
        raise FormatError(
            f"too many moves: {len(answer)}, more than T = {case.limit}", first_line + answer.count("\n", 0, case.limit)
        )
    board = Board(n, case.start.tiles, row * n + col)
    try:
        slide(board, answer[bad])
    except IllegalMove as error:
        raise error.at(bad + 1, first_line + answer.count("\n", 0, bad)) from None
    raise AssertionError("the move found illegal was played")  # pragma: no cover
