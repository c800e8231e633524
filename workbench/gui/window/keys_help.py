"""Help ▸ Keyboard and mouse, made from the window itself so that it cannot drift: every action of
the menus (and the window's own) that has a shortcut, under its menu, then the puzzle's controls
(its painter's ``help_text``) and what the mouse does beyond the actions."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from workbench.core.words import QT_TRANSLATE_NOOP

# What no action says: gestures and keys of a panel's own (not window-wide shortcuts).
MOUSE_AND_PANELS = (
    QT_TRANSLATE_NOOP(
        "KeysHelp", "<b>History tab:</b> click any move to jump there; a move after an undo starts a branch."
    ),
    QT_TRANSLATE_NOOP(
        "KeysHelp",
        "<b>Step-through tab:</b> once the tab is in front, ← and → step; a click on "
        "the board gives the arrow keys back to play. Click the score-by-step plot to go to a step.",
    ),
    QT_TRANSLATE_NOOP("KeysHelp", "<b>Zoom:</b> Ctrl+wheel over the board."),
    QT_TRANSLATE_NOOP(
        "KeysHelp", "<b>Cases and seeds:</b> type a number in the toolbar's box to go to that case or seed."
    ),
    QT_TRANSLATE_NOOP(
        "KeysHelp", "<b>Answer files:</b> an answer opened from a file is loaded again when the file changes on disk."
    ),
    QT_TRANSLATE_NOOP(
        "KeysHelp",
        "<b>Frontier:</b> click a row of the Solver tab's table to preview that state on the board; Esc goes back.",
    ),
)


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, action, shortcuts) for every action with a shortcut, in the menus' order, then the
    window's own actions that no menu holds."""
    rows, seen = [], set()

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu(), f"{path} ▸ {_plain(action.text())}")
            elif action.shortcuts() and id(action) not in seen:
                seen.add(id(action))
                keys = " / ".join(k.toString(QKeySequence.NativeText) for k in action.shortcuts())
                rows.append((path, _plain(action.text()), keys))

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), _plain(top.text()))
    for action in window.findChildren(QAction):
        if action.shortcuts() and id(action) not in seen and action.isVisible():
            seen.add(id(action))
            keys = " / ".join(k.toString(QKeySequence.NativeText) for k in action.shortcuts())
            rows.append(("", _plain(action.text()), keys))
    return rows


def keys_and_mouse_html(window: QMainWindow, title: str, controls: str) -> str:
    """The whole help: the puzzle's controls, the keys of every action, the mouse."""
    translate = QCoreApplication.translate
    parts = [f"<h3>{html.escape(title)}</h3>"]
    for block in controls.split("\n\n"):
        text = html.escape(" ".join(line.strip() for line in block.splitlines() if line.strip()))
        head, colon, rest = text.partition(":")
        if colon and len(head) <= 12 and " " not in head:
            text = f"<b>{head}:</b>{rest}"
        if text:
            parts.append(f"<p>{text}</p>")
    parts.append(f"<h4>{translate('KeysHelp', 'Keys')}</h4><table cellspacing='4'>")
    for menu, action, keys in shortcut_rows(window):
        where = html.escape(f"{menu} ▸ {action}" if menu else action)
        parts.append(f"<tr><td><b>{html.escape(keys)}</b></td><td>{where}</td></tr>")
    parts.append("</table>")
    parts.append(f"<h4>{translate('KeysHelp', 'Mouse and panels')}</h4>")
    parts += [f"<p>{translate('KeysHelp', text)}</p>" for text in MOUSE_AND_PANELS]
    return "".join(parts)
