"""What a puzzle's judge talks to: a running contestant program (``Puzzle.judge``), Qt-free.

``workbench.batch.program_run.ProgramChannel`` is the real one (a process with a time limit); a test
may hand a judge anything with these methods.
"""

from __future__ import annotations

from typing import Protocol


class JudgeChannel(Protocol):
    def seconds_left(self) -> float:
        """What remains of the program's time limit (a judge may tell the program)."""

    def send(self, text: str) -> None:
        """Write to the program's stdin; ProtocolError when it stopped reading."""

    def close_input(self) -> None:
        """Close the program's stdin (the whole input has been sent)."""

    def read_line(self, what: str) -> str:
        """The program's next line without its line end; ProtocolError naming ``what`` when output ends."""

    def read_rest(self) -> str:
        """Everything the program writes until it closes its output."""
