"""The main window's File, Edit and View menus, each action calling the part of the window that
does it (the parts are given, nothing is looked up on the window). The Solver menu is wired with
the solver panel, in ``main_window``."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from workbench.gui.window.theme import CHOICES as THEMES

translate = QCoreApplication.translate  # pyside6-lupdate reads translate("Context", "text")


def add_action(owner: QWidget, menu: QMenu, text: str, slot, shortcut=None, checkable=False) -> QAction:
    """An action of ``owner`` (its shortcut works anywhere in it), in ``menu``, calling ``slot``."""
    action = QAction(text, owner)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.setCheckable(checkable)
    action.triggered.connect(slot)
    menu.addAction(action)
    return action


def fill_file_menu(owner, menu: QMenu, files, sources, exports, navigator, recent_menu: QMenu, contests) -> None:
    add_action(owner, menu, translate("MainWindow", "&Generate board…"), files.generate_dialog, "Ctrl+N")
    add_action(owner, menu, translate("MainWindow", "&Open input…"), files.open_input_dialog, QKeySequence.Open)
    add_action(owner, menu, translate("MainWindow", "Open &solution…"), files.open_solution_dialog, "Ctrl+Shift+O")
    menu.addAction(sources.reload_action)
    menu.addMenu(recent_menu)
    add_action(owner, menu, translate("MainWindow", "Open the sa&mple board"), sources.open_sample_board)
    add_action(owner, menu, translate("MainWindow", "Ne&xt case or seed"), lambda: navigator.step(1), "Alt+Right")
    add_action(owner, menu, translate("MainWindow", "Previous case or see&d"), lambda: navigator.step(-1), "Alt+Left")
    add_action(owner, menu, translate("MainWindow", "Open &contest…"), contests.open_dialog)
    menu.addSeparator()
    add_action(owner, menu, translate("MainWindow", "Sa&ve input as…"), files.save_input_dialog, QKeySequence.Save)
    add_action(owner, menu, translate("MainWindow", "&Export solution…"), exports.export_solution_dialog, "Ctrl+E")
    add_action(owner, menu, translate("MainWindow", "Export board as &PNG…"), exports.export_png_dialog, "Ctrl+Shift+P")
    add_action(owner, menu, translate("MainWindow", "Export re&play (GIF/MP4)…"), exports.export_replay_dialog)
    menu.addSeparator()
    add_action(owner, menu, translate("MainWindow", "&Quit"), owner.close, QKeySequence.Quit)


def fill_edit_menu(owner, menu: QMenu, playing, editing, sources) -> None:
    menu.addActions([playing.undo_action, playing.redo_action])
    menu.addSeparator()
    add_action(
        owner, menu, translate("MainWindow", "&Copy the board as an image"), sources.copy_board_image, QKeySequence.Copy
    )
    add_action(owner, menu, translate("MainWindow", "Copy the &answer"), sources.copy_answer, "Ctrl+Shift+C")
    add_action(owner, menu, translate("MainWindow", "&Paste an answer or a board"), sources.paste, QKeySequence.Paste)
    menu.addSeparator()
    menu.addAction(editing.edit_action)


def fill_view_menu(owner, menu: QMenu, view, board, step_panel, theme) -> QAction:
    """The View menu; returns its Back to the game action (Esc), which also takes a hint away."""
    add_action(owner, menu, translate("MainWindow", "Zoom &in"), lambda: view.zoom(1.25), QKeySequence.ZoomIn)
    add_action(owner, menu, translate("MainWindow", "Zoom &out"), lambda: view.zoom(0.8), QKeySequence.ZoomOut)
    add_action(owner, menu, translate("MainWindow", "&Fit board"), view.fit_board, "Ctrl+0")
    back = add_action(owner, menu, translate("MainWindow", "&Back to the game"), board.end_preview, "Esc")
    menu.addMenu(board.options_menu)
    menu.addSeparator()
    add_action(
        owner,
        menu,
        translate("MainWindow", "Step-through: &start of the line"),
        lambda: step_panel.first.click(),
        "Home",
    )
    add_action(
        owner, menu, translate("MainWindow", "Step-through: &end of the line"), lambda: step_panel.last.click(), "End"
    )
    theme_menu = menu.addMenu(translate("MainWindow", "&Theme"))
    themes = QActionGroup(owner)
    for choice, label in THEMES:
        action = add_action(owner, theme_menu, label, lambda _=False, c=choice: theme.choose(c), checkable=True)
        action.setChecked(choice == theme.choice)
        themes.addAction(action)
    return back
