"""Errors that carry a user-facing message naming the line or the move at fault.

Every bad input the workbench meets (a malformed file, an illegal move, an
impossible edit) becomes one of these, so the CLI and the GUI can show a clear
sentence instead of a traceback.
"""


class WorkbenchError(Exception):
    """Base class: ``str(error)`` is the message shown to the user."""


class FormatError(WorkbenchError):
    """A file (input or solution) does not follow its format.

    ``line`` is 1-based, or None when the problem is not tied to a line
    (an empty file, a missing section at the end).
    """

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class IllegalMove(WorkbenchError):
    """A move breaks the rules in the current state.

    ``index`` is the 1-based number of the move within a solution, and ``line``
    the line of the file it came from, when known.
    """

    def __init__(self, message: str, index: int | None = None, line: int | None = None):
        self.reason = message
        self.index = index
        self.line = line
        where = []
        if line is not None:
            where.append(f"line {line}")
        if index is not None:
            where.append(f"move {index}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)

    def at(self, index: int, line: int | None) -> "IllegalMove":
        """The same error, located at move ``index`` / ``line`` of a solution."""
        return IllegalMove(self.reason, index=index, line=line)


class EditError(WorkbenchError):
    """An edit that would leave the board invalid (the board is kept as it was)."""
