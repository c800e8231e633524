"""Finding the GUI's visible strings that do not go through Qt's translation (used by
tests/test_translations.py and by the one-off marking script).

A string is visible when it is a literal (or an f-string) handed straight to a Qt call that shows
text: a widget's or action's constructor, a setter such as ``setText`` or ``setToolTip``, a menu's
``addAction``, a message box, a status message... It is marked when it is inside ``self.tr(...)``
or ``translate("Context", ...)`` (``QCoreApplication.translate``), which ``pyside6-lupdate`` reads.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

# Calls whose every string argument is shown to the user (positions are not told apart: a string
# argument of these calls is text, never a key).
SHOWN_BY_ANY_ARGUMENT = {
    "setText",
    "setToolTip",
    "setStatusTip",
    "setWhatsThis",
    "setWindowTitle",
    "setPlaceholderText",
    "setTitle",
    "setLabelText",
    "setPrefix",
    "setSuffix",
    "setSpecialValueText",
    "addAction",
    "addMenu",
    "setTabText",
    "showMessage",
    "setItemText",
    "setButtonText",
    "setCancelButtonText",
    "addRow",
    "QAction",
    "QLabel",
    "QPushButton",
    "QCheckBox",
    "QRadioButton",
    "QGroupBox",
    "QMenu",
    "QDockWidget",
    "QMessageBox",
    "QProgressDialog",
    "QToolButton",
    "information",
    "warning",
    "critical",
    "question",
    "getOpenFileName",
    "getSaveFileName",
    "getExistingDirectory",
    "getText",
    "getInt",
    "getItem",
    "addTab",
    "insertTab",
    "setHorizontalHeaderLabels",
    "setVerticalHeaderLabels",
    "addItems",
    "setInformativeText",
    "setDetailedText",
    "QCommandLinkButton",
    "setLabel",
}
# Calls where only the first string argument is text (the others are shortcuts, icons' names...).
FIRST_STRING_ONLY = {"addAction", "_action"}
# Calls whose first positional argument is a key, not text (pyqtgraph's setLabel("bottom", "seconds")).
TEXT_AFTER_FIRST = {"setLabel"}
# A key sequence ("Ctrl+Shift+O", "F5") is not words to translate.
KEY_SEQUENCE = re.compile(
    r"^((Ctrl|Alt|Shift|Meta)\+)*([A-Za-z0-9]|F\d{1,2}|Left|Right|Up|Down|Space|Return|Esc|Delete|Home|End|PgUp|PgDown)$"
)


@dataclass(frozen=True)
class Unmarked:
    path: Path
    line: int
    call: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.call}({self.text!r}) is not marked for translation"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _words(node: ast.expr) -> str | None:
    """The text of a literal that reads as words (a letter in it), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return None
    return text if any(ch.isalpha() for ch in text) and not KEY_SEQUENCE.match(text) else None


def _shown_literals(node: ast.expr):
    """The word literals of an argument: itself, or a list/tuple's items, or a conditional's arms."""
    if isinstance(node, (ast.List, ast.Tuple)):
        for item in node.elts:
            yield from _shown_literals(item)
    elif isinstance(node, ast.IfExp):
        yield from _shown_literals(node.body)
        yield from _shown_literals(node.orelse)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _shown_literals(node.left)
        yield from _shown_literals(node.right)
    else:
        text = _words(node)
        if text is not None:
            yield node, text


def unmarked_in(path: Path) -> list[Unmarked]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name not in SHOWN_BY_ANY_ARGUMENT | FIRST_STRING_ONLY:
            continue
        positional = node.args[1:] if name in TEXT_AFTER_FIRST else node.args
        arguments = list(positional) + [k.value for k in node.keywords if k.arg in {"text", "title", "label"}]
        if name in FIRST_STRING_ONLY:
            strings = [a for a in node.args if _words(a) is not None]
            arguments = strings[:1]
        for argument in arguments:
            for literal, text in _shown_literals(argument):
                found.append(Unmarked(path, literal.lineno, _name(node.func), text))
    return found


def unmarked(root: Path) -> list[Unmarked]:
    return [u for path in sorted(root.rglob("*.py")) for u in unmarked_in(path)]


def foreign_tr(root: Path) -> list[str]:
    """Calls ``something.tr("...")`` other than ``self.tr``: lupdate files them under the enclosing
    class (or none) while Qt looks them up under ``something``'s class, so they are never translated."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "tr"
                and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "self")
            ):
                found.append(
                    f"{path}:{node.lineno}: {ast.unparse(node.func)}(...): use self.tr or "
                    "QCoreApplication.translate(context, text)"
                )
    return found
