"""The window's size, position and dock layout, kept between sessions in QSettings.

The first start (nothing saved yet) sizes the window to most of the screen it
opens on, with the panels at a working width, so the board gets the room.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QWidget

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
LAYOUT_VERSION = 1  # bump when docks or toolbars change, so an old saved layout is not applied
SCREEN_SHARE = 0.85  # of the available screen, on the first start
PANELS = "panels"  # the object name of the History / Step-through / Solver dock
PANEL_SHARE, PANEL_MIN, PANEL_MAX = 0.3, 300, 440  # its first width: a share of the window, bounded


def restore_layout(window: QMainWindow, settings: QSettings) -> bool:
    """Apply the saved geometry and dock layout; False (and a first-start size) when none."""
    geometry = settings.value(GEOMETRY_KEY)
    state = settings.value(STATE_KEY)
    if geometry is not None and window.restoreGeometry(geometry):
        if state is not None:
            window.restoreState(state, LAYOUT_VERSION)
        return True
    first_start_size(window)
    return False


def first_start_size(window: QMainWindow) -> None:
    screen = window.screen()
    if screen is None:
        return
    room = screen.availableGeometry()
    width, height = int(room.width() * SCREEN_SHARE), int(room.height() * SCREEN_SHARE)
    window.resize(width, height)
    window.move(room.x() + (room.width() - width) // 2, room.y() + (room.height() - height) // 2)
    panels = window.findChild(QDockWidget, PANELS)
    if panels is not None:  # a working width for the panels, the rest for the board
        window.resizeDocks([panels], [max(PANEL_MIN, min(PANEL_MAX, int(width * PANEL_SHARE)))], Qt.Horizontal)


def save_layout(window: QMainWindow, settings: QSettings) -> None:
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(STATE_KEY, window.saveState(LAYOUT_VERSION))
    settings.sync()


def add_dock(window: QMainWindow, title: str, name: str, widget: QWidget, area) -> QDockWidget:
    dock = QDockWidget(title, window)
    dock.setObjectName(name)  # the name its place is saved under
    dock.setWidget(widget)
    window.addDockWidget(area, dock)
    return dock


def dock_panels(window: QMainWindow, panels: QWidget, editor: QWidget, runs: QWidget) -> tuple[QDockWidget, ...]:
    """The side panels (right), the editor (left, hidden) and the runs (under the board, hidden)."""
    panels_dock = add_dock(
        window, QCoreApplication.translate("MainWindow", "Panels"), PANELS, panels, Qt.RightDockWidgetArea
    )
    editor_dock = add_dock(
        window, QCoreApplication.translate("MainWindow", "Editor"), "editor", editor, Qt.LeftDockWidgetArea
    )
    editor_dock.hide()
    # The runs' two rows of controls want ~800 px: in a scroll area they scroll instead of forcing
    # the window wider than a small screen.
    runs_scroll = QScrollArea()
    runs_scroll.setWidget(runs)
    runs_scroll.setWidgetResizable(True)
    runs_scroll.setFrameShape(QFrame.NoFrame)
    runs_dock = add_dock(
        window, QCoreApplication.translate("MainWindow", "Runs"), "runs", runs_scroll, Qt.BottomDockWidgetArea
    )
    runs_dock.hide()
    # The side panels keep the full height; the runs table goes under the board.
    window.setCorner(Qt.BottomRightCorner, Qt.RightDockWidgetArea)
    window.setCorner(Qt.BottomLeftCorner, Qt.LeftDockWidgetArea)
    # The board gets the room; panels keep a working width.
    window.resizeDocks([panels_dock, editor_dock], [400, 260], Qt.Horizontal)
    return panels_dock, editor_dock, runs_dock
