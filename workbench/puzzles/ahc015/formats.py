"""AHC015 case files and answer files (spec §3).

Case file: line 1 holds f_1..f_100 separated by spaces, lines 2..101 hold
p_1..p_100. Answer file: one tilt letter per line, parsed exactly as the
official visualiser does; the exporter writes the 99 tilts the judge applies
(the 100th tilt is a no-op on a full box and is left out).
"""

from __future__ import annotations

import re

from workbench.core.errors import FormatError, shown
from workbench.core.judge_text import RUST, RUST_WHITESPACE, iter_lines
from workbench.core.puzzle import ParsedSolution

from .box import CANDIES, CELLS, TILTS, Candies

APPLIED_TILTS = CANDIES - 1  # the judge applies tilts 1..99 only
# The largest case file is about 600 bytes; anything far bigger is not one (keeps sniff cheap).
MAX_INPUT_CHARS = 8192


def parse_flavours(line: str, number: int) -> bytes:
    tokens = RUST.split(line)
    if len(tokens) != CANDIES:
        raise FormatError(f"expected the {CANDIES} flavours f_1..f_{CANDIES}, got {len(tokens)} values", number)
    flavours = bytearray()
    for t, token in enumerate(tokens, start=1):
        if token not in ("1", "2", "3"):
            raise FormatError(f"flavour f_{t} must be 1, 2 or 3, got {shown(token)}", number)
        flavours.append(int(token))
    return bytes(flavours)


def parse_placement(line: str, number: int, t: int) -> int:
    """p_t from its line; 1 <= p_t <= 101 - t (the number of empty cells then)."""
    tokens = RUST.split(line)
    if len(tokens) != 1:
        raise FormatError(f"expected p_{t} alone on its line, got {shown(RUST.trim(line))}", number)
    empties = CELLS + 1 - t
    value = RUST.integer(tokens[0])
    if value is None:
        raise FormatError(f"p_{t} must be a whole number, got {shown(tokens[0])}", number)
    if not 1 <= value <= empties:
        raise FormatError(f"p_{t} must be between 1 and {empties} (the empty cells left), got {value}", number)
    return value


def parse_input(text: str) -> Candies:
    lines = text.split("\n")
    while lines and not RUST.trim(lines[-1]):
        lines.pop()  # the final newline and trailing blank lines
    if not lines:
        raise FormatError("the file is empty: expected the 100 flavours on line 1", 1)
    flavours = parse_flavours(lines[0], 1)
    placements = bytearray()
    for t in range(1, CANDIES + 1):
        if t >= len(lines):
            raise FormatError(f"the file ends before p_{t} (expected {CANDIES + 1} lines)", t + 1)
        placements.append(parse_placement(lines[t], t + 1, t))
    if len(lines) > CANDIES + 1:
        raise FormatError(f"unexpected text after p_{CANDIES}", CANDIES + 2)
    return Candies(flavours, bytes(placements))


def format_input(candies: Candies) -> str:
    head = " ".join(str(f) for f in candies.flavours)
    return head + "\n" + "".join(f"{p}\n" for p in candies.placements)


def sniff(text: str) -> bool:
    if len(text) > MAX_INPUT_CHARS:
        return False
    try:
        parse_input(text)
    except FormatError:
        return False
    return True


def parse_solution(text: str) -> ParsedSolution:
    """The visualiser's reading: trim lines, skip blank ones, one character per line,
    at least 99 of them, the first 99 in FBLR; later lines are not read for content.
    A 100th line in FBLR is kept as the 100th tilt (it changes nothing, but it is a move of
    the game: a 100-line answer is the 100 moves the app shows)."""
    letters: list[tuple[int, str]] = []
    # Rust's trim keeps U+001C..U+001F, which Python's strip drops.
    for number, line in iter_lines(text, RUST):
        if not line:
            continue
        if len(letters) == APPLIED_TILTS:
            if line in TILTS:
                letters.append((number, line))
            break
        if len(line) != 1:
            raise FormatError(f"{shown(line)} is not one direction letter (one tilt per line)", number)
        letters.append((number, line))
        if len(letters) == APPLIED_TILTS:
            _check_rest(text, number)
    if len(letters) < APPLIED_TILTS:
        after_last = letters[-1][0] + 1 if letters else 1  # where the next direction was due
        raise FormatError(f"too short: {len(letters)} directions, the judge needs {APPLIED_TILTS}", after_last)
    for number, letter in letters[:APPLIED_TILTS]:
        if letter not in TILTS:
            raise FormatError(f"{shown(letter)} is not a direction (F, B, L or R)", number)
    return ParsedSolution(tuple(letter for _, letter in letters), tuple(number for number, _ in letters))


# A line holding two characters that are not whitespace, once trimmed: not one letter.
_NOT_ONE_LETTER = re.compile(f"[^\n{re.escape(RUST_WHITESPACE)}][^\n]*[^\n{re.escape(RUST_WHITESPACE)}]")


def _check_rest(text: str, last_applied_line: int) -> None:
    """The lines after the 99th direction must still be one character each; checked with one
    regular-expression scan, so a 10-million-line answer is neither split nor kept."""
    start = 0
    for _ in range(last_applied_line):
        start = text.find("\n", start) + 1
        if start == 0:
            return  # the 99th direction was on the last line
    bad = _NOT_ONE_LETTER.search(text, start)
    if bad is not None:
        line_start = text.rfind("\n", 0, bad.start()) + 1
        line_end = text.find("\n", bad.start())
        line = RUST.trim(text[line_start : line_end if line_end >= 0 else len(text)])
        number = text.count("\n", 0, bad.start()) + 1
        raise FormatError(f"{shown(line)} is not one direction letter (one tilt per line)", number)


def format_solution(moves) -> str:
    if len(moves) < APPLIED_TILTS:
        raise FormatError(f"only {len(moves)} tilts: an answer needs the {APPLIED_TILTS} tilts after candies 1..99")
    return "".join(f"{move}\n" for move in moves[:CANDIES])  # the 100th tilt too, when it was played
