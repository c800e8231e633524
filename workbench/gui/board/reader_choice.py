"""Which puzzle a file is when the readers of several accept it: the user says.

Lights Out's ``#`` and ``.`` rows are a Comesolo board too; neither the current board nor the
order the puzzles were found in can tell which the user meant, so the app asks, with the answer
the user gave last time for the same puzzles first.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QInputDialog

from workbench.core.errors import FormatError
from workbench.core.files import read_text


def reads_as(path: str | Path, puzzle) -> bool:
    """Whether ``puzzle``'s reader accepts the file at ``path``."""
    try:
        return puzzle.sniff(read_text(path))
    except FormatError:  # gone, unreadable, too big
        return False


def writes_alike(puzzle, text: str) -> bool:
    """Whether ``text`` is ``puzzle``'s own writing of the board it reads (Lights Out writes its
    "#." rows back as they are; Comesolo, which reads them too, writes "1" and "0")."""
    try:
        return puzzle.format_input(puzzle.parse_input(text)).split() == text.split()
    except Exception:
        return False


def ask_reader(parent, settings, name: str, matches: list, current=None, text: str = ""):
    """The puzzle the user opens ``name`` as, of ``matches`` (None: they chose none). First in the
    list: the user's last answer for these puzzles, then the puzzle whose own format it is."""
    key = "reader_choice/" + "+".join(sorted(p.id for p in matches))
    last = str(settings.value(key, ""))
    ordered = sorted(matches, key=lambda p: (p.id != last, not writes_alike(p, text), p is not current))
    labels = [f"{p.title} ({p.id})" for p in ordered]
    chosen, ok = QInputDialog.getItem(
        parent,
        QCoreApplication.translate("ReaderChoice", "Which puzzle?"),
        QCoreApplication.translate("ReaderChoice", "{0} reads as a board of {1} puzzles. Open it as:").format(
            name, len(matches)
        ),
        labels,
        0,
        False,
    )
    if not ok:
        return None
    puzzle = ordered[labels.index(chosen)]
    settings.setValue(key, puzzle.id)
    return puzzle
