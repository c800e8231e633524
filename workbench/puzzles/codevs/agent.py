"""``puzzle-workbench agent codevs``: the CODE VS Reborn client protocol (spec §3.1).

The program prints its name; the server sends the 500 packs, then before every
turn both players' situations (turn, time, ojama stock, gauge, score, field of
16 rows top first + END). Each turn the agent rebuilds its own position from
what the server sent (ojama from a real opponent included), solves from there,
and answers ``X R`` or ``S``. The budget given on the command line is spent
again on each turn: ``--time`` is seconds per turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO

from workbench.core.errors import FormatError, shown
from workbench.core.judge_text import C, read_line

from . import formats
from .field import BLOCK_VALUES, VISIBLE, Field
from .rules import Case, Drop, Skill

NAME = "PuzzleWorkbench"
# Far more ojama than 500 turns can drop; a larger stock is not a game the server plays.
MAX_STOCK = 10**9


class _Reader:
    """Reads the server's lines one at a time, counting them for error messages."""

    def __init__(self, stdin: IO[str]):
        self.stdin = stdin
        self.number = 0

    def line(self, what: str) -> str | None:
        """The next non-blank line (recorded inputs end with blank lines), or None at the end."""
        while True:
            text = read_line(self.stdin, self.number + 1)
            if not text:
                return None
            self.number += 1
            text = C.trim(text)
            if text:
                return text

    def required(self, what: str) -> str:
        text = self.line(what)
        if text is None:
            raise FormatError(f"the server's input ended before {what}", self.number + 1)
        return text

    def integer(self, what: str, low: int = -(2**63), high: int = 2**63 - 1) -> int:
        text = self.required(what)
        if not C.is_integer(text):
            raise FormatError(f"expected {what} as a whole number, got {shown(text)}", self.number)
        value = C.integer(text, low, high)
        if value is None:
            allowed = f"{low}..{high}" if high < 2**63 - 1 else f"at least {low}"
            raise FormatError(f"{what} must be {allowed}, got {shown(text)}", self.number)
        return value

    def field(self, who: str) -> Field:
        rows: list[list[int]] = []
        for _ in range(VISIBLE):
            text = self.required(f"{who} field")
            values = [C.integer(v) for v in C.split(text)]
            if len(values) != 10 or any(v not in BLOCK_VALUES for v in values):
                raise FormatError(f"a field row is 10 values 0..9 or 11 (ojama), got {shown(text)}", self.number)
            rows.append([v for v in values if v is not None])  # none is None: each is a block value
        end = self.required(f"END after {who} field")
        if end != "END":
            raise FormatError(f"expected END after {who} field, got {shown(end)}", self.number)
        try:
            return Field.from_rows(rows)
        except ValueError as error:
            raise FormatError(f"{who} field: {error}", self.number) from None


def run_agent(stdin: IO[str], stdout: IO[str], solve: Callable[[Case], Sequence]) -> int:
    """Play until the server closes the input; return the number of turns answered."""
    stdout.write(NAME + "\n")
    stdout.flush()
    reader = _Reader(stdin)
    pack_lines = [reader.required(f"pack {i // 3 + 1}") for i in range(3 * formats.PACKS)]
    packs = formats.parse_input("\n".join(pack_lines)).packs
    answered = 0
    while (text := reader.line("the turn number")) is not None:
        turn = C.integer(text)
        if turn is None:
            raise FormatError(f"expected the turn number, got {shown(text)}", reader.number)
        reader.integer("your remaining time")
        stock = reader.integer("your ojama stock", 0, MAX_STOCK)
        gauge = reader.integer("your skill gauge", 0)
        reader.integer("your score")
        field = reader.field("your")
        field_line = reader.number
        for what in ("the opponent's time", "the opponent's stock", "the opponent's gauge", "the opponent's score"):
            reader.integer(what)
        reader.field("the opponent's")
        if not 0 <= turn < len(packs):
            raise FormatError(f"turn {turn} is outside the {len(packs)} packs", reader.number)
        # The position as the server sees it, as a case that starts at this turn's pack.
        rest = packs[turn:]
        try:
            case = Case(rest, turns=len(rest), start_field=field, start_gauge=min(gauge, 100), start_stock=stock)
        except ValueError as error:  # a field no finished turn can leave (blocks summing to 10, ...)
            raise FormatError(f"your field: {error}", field_line) from None
        moves = solve(case)
        stdout.write(_command(moves[0] if moves else Drop(0, 0)) + "\n")
        stdout.flush()  # the server waits for this line before the next turn
        answered += 1
    return answered


def _command(move) -> str:
    return "S" if isinstance(move, Skill) else f"{move.x} {move.r}"
