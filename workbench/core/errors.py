"""Errors that carry a user-facing message naming the line or the move at fault.

Every bad input the workbench meets (a malformed file, an illegal move, an
impossible edit) becomes one of these, so the CLI and the GUI can show a clear
sentence instead of a traceback.
"""


class WorkbenchError(Exception):
    """Base class: ``str(error)`` is the message shown to the user.

    It is always printable: whatever input a message quotes, control characters
    come out escaped and an overlong message is cut (see ``readable``).
    """

    def __str__(self) -> str:
        return readable(super().__str__())


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


class ProtocolError(WorkbenchError):
    """A contestant program broke the contest's stdin/stdout protocol (``batch --cmd``)."""


def escaped(text: str, keep: str = "") -> str:
    """``text`` with every invisible character (controls, format marks such as a BOM,
    line and paragraph separators, odd spaces) written as a Python escape, e.g. ``\\r``,
    ``\\x1f``, ``\\ufeff``; printable characters of any script are kept as they are."""
    return "".join(ch if ch.isprintable() or ch in keep else ch.encode("unicode_escape").decode("ascii") for ch in text)


def utf8_text(text: str) -> str:
    """``text`` as UTF-8 can hold it: bytes that were not UTF-8 (a Latin-1 file name or comment reaches
    Python as lone surrogates, which no UTF-8 file or database takes) are written as \\xNN."""
    if text.isascii():
        return text
    return "".join(
        f"\\x{ord(c) - 0xDC00:02x}"
        if 0xDC80 <= ord(c) <= 0xDCFF
        else f"\\u{ord(c):04x}"
        if 0xD800 <= ord(c) <= 0xDFFF
        else c
        for c in text
    )


def shown(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message: invisible characters escaped, cut after ``limit`` characters."""
    return f"'{escaped(text[:limit])}'" + (f" (+{len(text) - limit} more characters)" if len(text) > limit else "")


MESSAGE_LIMIT = 2000


def readable(message: str) -> str:
    """A message safe to print: invisible characters escaped, and at most about
    MESSAGE_LIMIT characters (the middle of a longer one is cut, the end that
    says what is wrong is kept)."""
    message = escaped(message, keep="\n")
    if len(message) > MESSAGE_LIMIT:
        cut = len(message) - MESSAGE_LIMIT
        message = f"{message[: MESSAGE_LIMIT // 2]} [... {cut} characters cut ...] {message[-MESSAGE_LIMIT // 2 :]}"
    return message


class DestinationError(WorkbenchError):
    """An answer or board cannot be written where the user asked (checked before any work)."""


class UsageError(WorkbenchError):
    """A command line that cannot be carried out: an unknown name, a wrong option or value."""
