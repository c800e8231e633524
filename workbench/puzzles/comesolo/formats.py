"""Comesolo input and answer files (the spec's documented reconstruction).

Input: ``N`` or ``R C``, then R rows of C symbols (``1``/``0``; the importer
also takes ``* X # @`` as a piece, ``. - _`` as empty, and space-separated
symbols). Answer: the count K, then K lines ``r1 c1 r2 c2`` (1-based); the
importer also takes ``r c DIR`` with a compass name, U/D/L/R combinations or
the editorial's digit 0..7. Numbers and whitespace are read as a C judge's
scanf reads them: ASCII digits only (never ``٤٦``, ``４６`` or ``4_6``) and
C whitespace (space, tab, CR, VT, FF); only LF ends a line.
"""

from __future__ import annotations

from workbench.core.errors import FormatError, shown
from workbench.core.judge_text import C, content_lines, iter_lines
from workbench.core.puzzle import ParsedSolution

from .board import DIRECTION_NAMES, DIRECTIONS, MAX_SIDE, Board, Jump

PIECE = set("1*X#@")
EMPTY = set("0.-_")

_DIRECTION_WORDS = {name: d for name, d in zip(DIRECTION_NAMES, DIRECTIONS)}
_DIRECTION_WORDS.update(
    {
        "U": (-1, 0),
        "D": (1, 0),
        "L": (0, -1),
        "R": (0, 1),
        "UL": (-1, -1),
        "UR": (-1, 1),
        "DL": (1, -1),
        "DR": (1, 1),
    }
)
_DIRECTION_WORDS.update({str(i): d for i, d in enumerate(DIRECTIONS)})


def _int(token: str, line: int, what: str) -> int:
    value = C.integer(token)
    if value is None:
        problem = "is out of range" if C.is_integer(token) else "must be a whole number"
        raise FormatError(f"{what} {problem}, got {shown(token)}", line)
    return value


def _content_lines(text: str) -> list[tuple[int, str]]:
    return content_lines(text, C)


def parse_header(line: str, number: int) -> tuple[int, int]:
    tokens = C.split(line)
    if len(tokens) not in (1, 2):
        raise FormatError(f"expected 'N' or 'R C' for the board size, got {shown(line)}", number)
    sizes = [_int(t, number, "the board size") for t in tokens]
    rows, cols = (sizes[0], sizes[0]) if len(sizes) == 1 else sizes
    for side in (rows, cols):
        if not 1 <= side <= MAX_SIDE:
            raise FormatError(f"board sides must be 1..{MAX_SIDE}, got {side}", number)
    return rows, cols


def parse_row(line: str, number: int, cols: int) -> list[int]:
    symbols = C.split(line) if any(ch in C.whitespace for ch in line) else list(line)
    if len(symbols) != cols:
        raise FormatError(f"expected {cols} cells, got {len(symbols)}", number)
    row = []
    for col, symbol in enumerate(symbols, start=1):
        if symbol in PIECE:
            row.append(1)
        elif symbol in EMPTY:
            row.append(0)
        else:
            raise FormatError(f"column {col}: {shown(symbol)} is neither a piece (1) nor empty (0)", number)
    return row


def parse_input(text: str) -> Board:
    lines = _content_lines(text)
    if not lines or not lines[0][1]:
        raise FormatError("expected the board size 'N' or 'R C'", 1)
    rows, cols = parse_header(lines[0][1], lines[0][0])
    body = lines[1:]
    grid = []
    for number, line in body[:rows]:
        if not line:
            raise FormatError("blank line inside the board", number)
        grid.append(parse_row(line, number, cols))
    if len(body) < rows:
        last = body[-1][0] if body else lines[0][0]
        raise FormatError(f"the board has {len(body)} rows, the header says {rows}", last + 1)
    if len(body) > rows:
        raise FormatError(f"unexpected text after the {rows} board rows", body[rows][0])
    return Board(rows, cols, bytes(cell for row in grid for cell in row))


def format_input(board: Board) -> str:
    header = f"{board.rows}" if board.rows == board.cols else f"{board.rows} {board.cols}"
    grid = board.array()
    rows = ["".join("1" if cell else "0" for cell in row) for row in grid]
    return "\n".join([header, *rows]) + "\n"


def parse_move(line: str, number: int) -> Jump:
    tokens = C.split(line)
    if len(tokens) == 4:
        r1, c1, r2, c2 = (_int(t, number, "a coordinate") for t in tokens)
        dr, dc = r2 - r1, c2 - c1
        if (dr, dc) == (0, 0) or abs(dr) not in (0, 2) or abs(dc) not in (0, 2):
            raise FormatError(
                f"({r1},{c1}) to ({r2},{c2}) is not a jump: the landing cell must be two cells away "
                "in a straight or diagonal line",
                number,
            )
        return Jump(r1 - 1, c1 - 1, dr // 2, dc // 2)
    if len(tokens) == 3:
        r, c = (_int(t, number, "a coordinate") for t in tokens[:2])
        word = tokens[2].upper()
        if word not in _DIRECTION_WORDS:
            raise FormatError(f"unknown direction {shown(tokens[2])}", number)
        return Jump(r - 1, c - 1, *_DIRECTION_WORDS[word])
    raise FormatError(f"expected 'r1 c1 r2 c2', got {shown(line)}", number)


def parse_solution(text: str, limit: int | None = None) -> ParsedSolution:
    """The answer's moves; ``limit`` (the board's pieces - 1) refuses a larger count K at
    once, so a 10-million-line answer is not read line by line."""
    lines = iter_lines(text, C)
    number, first = next(lines, (1, ""))
    if not first:
        raise FormatError("expected the move count K", 1)
    if len(C.split(first)) != 1:
        raise FormatError(f"expected the move count K alone, got {shown(first)}", number)
    count = _int(first, number, "the move count K")
    if count < 0:
        raise FormatError(f"the move count must not be negative, got {count}", number)
    if limit is not None and count > limit:
        raise FormatError(
            f"the count line says {count} moves, more than the {limit} jumps this board "
            "allows (one per piece but the last)",
            number,
        )
    # One pass over the rest, keeping at most K lines: blank lines first, then the count.
    body: list[tuple[int, str]] = []
    found, extra, last, blank = 0, None, number, 0
    for line_number, line in lines:
        if not line:
            blank = blank or line_number
            continue
        if blank:
            raise FormatError("blank line among the moves", blank)
        found += 1
        last = line_number
        if found <= count:
            body.append((line_number, line))
        elif extra is None:
            extra = line_number
    if found != count:
        where = extra if found > count else last + 1
        raise FormatError(f"the count line says {count} moves but there are {found}", where)
    moves = tuple(parse_move(line, n) for n, line in body)
    return ParsedSolution(moves, tuple(n for n, _ in body))


def format_solution(moves) -> str:
    out = [str(len(moves))]
    for jump in moves:
        tr, tc = jump.to
        out.append(f"{jump.r + 1} {jump.c + 1} {tr + 1} {tc + 1}")
    return "\n".join(out) + "\n"
