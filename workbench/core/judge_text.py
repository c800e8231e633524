"""How each contest's judge reads text: its whitespace, its lines and its integers.

Python's own ``str.strip``, ``str.split``, ``str.splitlines``, ``str.isdigit``
and ``int`` are far more lenient than the judges: they take ``٤٦`` and ``４６``
as 46, ``4_6`` as 46, and treat U+001C..U+001F and U+0085 as whitespace. A
parser that uses them scores answers the judge rejects. Every puzzle's parser
and agent reads numbers and whitespace through this module instead, choosing
the dialect of its own judge:

``RUST``  the AtCoder tools (ahc011, ahc015): ``char::is_whitespace``,
          ``str::lines`` and ``str::parse`` of an ASCII integer.
``C``     scanf-style judges (codevs, comesolo): ``isspace`` in the C locale
          (space, \\t \\n \\v \\f \\r) and ASCII decimal digits.
``JAVA``  the TopCoder tester (rolling-balls): ``BufferedReader.readLine``,
          ``String.split(" ")`` and ``Integer.parseInt`` restricted to ASCII.

Integers never go through Python's unbounded ``int`` on raw text: a token
longer than any machine integer is out of range (and never hits Python's
4,300-digit conversion limit).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

# Rust's char::is_whitespace (what str::trim and split_whitespace use).
RUST_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
# isspace() in the C locale.
C_WHITESPACE = " \t\n\x0b\x0c\r"
# Java's String.trim() removes every character up to U+0020.
JAVA_TRIM = "".join(chr(c) for c in range(0x21))

_ASCII_INT = re.compile(r"([+-]?)0*([0-9]+)", re.ASCII)
_INT64 = (-(2**63), 2**63 - 1)
# Longer digit strings are out of any range a judge reads (checked before int()).
_MAX_DIGITS = 20


@dataclass(frozen=True)
class Dialect:
    name: str
    whitespace: str

    def trim(self, text: str) -> str:
        return text.strip(self.whitespace)

    def split(self, text: str) -> list[str]:
        """Tokens separated by runs of this judge's whitespace (and only that)."""
        return [t for t in re.split(f"[{re.escape(self.whitespace)}]+", text) if t]

    def lines(self, text: str) -> list[str]:
        """The file's lines as this judge splits them (no line ends kept).

        Only LF ends a line (a CR before it is whitespace to trim); Python's
        ``splitlines`` would also split at \\v, \\f, U+001C..U+001E, U+0085,
        U+2028 and U+2029, which these judges read as ordinary characters.
        """
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # a final line end does not start another line
        return lines

    def is_integer(self, token: str) -> bool:
        """Whether ``token`` is spelled as an integer (ASCII digits, optional sign), whatever its size."""
        return _ASCII_INT.fullmatch(token) is not None

    def integer(self, token: str, low: int = _INT64[0], high: int = _INT64[1]) -> int | None:
        """The integer ``token`` spells in ASCII digits (with an optional sign), or None.

        None also when the value lies outside ``low..high``: a judge reading a
        fixed-width integer fails there too.
        """
        match = _ASCII_INT.fullmatch(token)
        if match is None:
            return None
        sign, digits = match.groups()
        if len(digits) > _MAX_DIGITS:
            return None
        value = -int(digits) if sign == "-" else int(digits)
        return value if low <= value <= high else None


RUST = Dialect("rust", RUST_WHITESPACE)
C = Dialect("c", C_WHITESPACE)


class _Java(Dialect):
    _LINE_END = re.compile(r"\r\n|\r|\n")

    def lines(self, text: str) -> list[str]:
        """The lines ``BufferedReader.readLine`` returns: LF, CRLF or CR end a line."""
        lines = self._LINE_END.split(text)
        if lines[-1] == "":
            lines.pop()
        return lines

    def split_space(self, line: str) -> list[str]:
        """``line.split(" ")``: trailing empty fields are dropped, leading ones are kept."""
        fields = line.split(" ")
        while fields and fields[-1] == "":
            fields.pop()
        return fields


JAVA = _Java("java", JAVA_TRIM)
JAVA_INT = (-(2**31), 2**31 - 1)


def content_lines(text: str, dialect: Dialect) -> list[tuple[int, str]]:
    """(1-based line number, trimmed text) of every line, trailing blank lines dropped."""
    lines = [(i, dialect.trim(raw)) for i, raw in enumerate(dialect.lines(text), start=1)]
    while lines and not lines[-1][1]:
        lines.pop()
    return lines


# No line of any contest's protocol comes near this; /dev/zero as stdin must not fill memory.
MAX_LINE_CHARS = 1 << 20
MAX_STREAM_CHARS = 256 << 20


def read_line(stream: IO[str], number: int) -> str:
    """One line from a protocol stream ("" at its end), refused past MAX_LINE_CHARS.

    ``number`` is the line's 1-based number, for the message.
    """
    from .errors import FormatError

    try:
        line = stream.readline(MAX_LINE_CHARS + 1)
    except TypeError:  # a stand-in stream (a test's scripted judge) without the size argument
        line = stream.readline()
    if len(line) > MAX_LINE_CHARS:
        raise FormatError(f"the line is longer than {MAX_LINE_CHARS:,} characters; no contest sends that", number)
    return line


def read_all(stream: IO[str]) -> str:
    """A whole protocol stream, refused past MAX_STREAM_CHARS."""
    from .errors import FormatError

    text = stream.read(MAX_STREAM_CHARS + 1)
    if len(text) > MAX_STREAM_CHARS:
        raise FormatError(f"the input is longer than {MAX_STREAM_CHARS:,} characters; no contest sends that")
    return text


def iter_lines(text: str, dialect: Dialect = C) -> Iterator[tuple[int, str]]:
    """(1-based line number, trimmed text) of each LF-ended line, one at a time.

    Unlike ``content_lines`` nothing is built for the whole file, so a reader
    can stop early on a huge answer; trailing blank lines are yielded too.
    """
    start, number, end_of_text = 0, 0, len(text)
    while start < end_of_text:
        end = text.find("\n", start)
        if end < 0:
            end = end_of_text
        number += 1
        yield number, dialect.trim(text[start:end])
        start = end + 1


def plain_natural(text: str) -> int | None:
    """The whole number ``text`` spells in ASCII digits alone (no sign, no space), or None.

    For the numbers the workbench itself writes (seeds, case numbers, run ids): ``str.isdigit``
    also takes '²' and '٣', which ``int`` then refuses or reads as 3."""
    if not (text.isascii() and text.isdigit()) or len(text) > _MAX_DIGITS:
        return None
    return int(text)
