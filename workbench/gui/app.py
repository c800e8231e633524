"""Starting the app: the window on the bundled default board, or on a file."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from .interpreter import favour_the_gui_thread, freeze_long_lived
from .platform_check import first_run_problem
from .web_view import prepare_application

DEFAULT_BOARD = Path(__file__).resolve().parents[2] / "assets" / "default_board.txt"
DEFAULT_PUZZLE = "comesolo"


def build_window(path: str | None = None, puzzle_id: str | None = None, settings=None,
                 reopen: bool = False):
    """The window on ``path``, else (``reopen``) on the board open when the app last closed,
    else on the bundled sample board (which also stays when either cannot be opened)."""
    from .main_window import MainWindow

    window = MainWindow(settings)
    if path:
        window.open_path(path, puzzle_id)
    elif reopen:
        window.reopen_last_board()
    if window.session is None:
        # Only now: opened first, the sample board's kernels were warmed in a worker process
        # beside those of the board opened next, two compilations on a two-core machine.
        window.open_sample_board()
    window.report_plugin_problems()
    favour_the_gui_thread()
    freeze_long_lived()  # Qt's, pyqtgraph's and numba's objects stay for the session
    return window


def build_contest_window(contest: str, settings=None):
    """The window of the contest whose file (or folder) is ``contest``; WorkbenchError when it is broken."""
    from workbench.contest.config import load

    from .contest_window import ContestWindow

    window = ContestWindow(load(contest), settings)
    favour_the_gui_thread()
    return window


def run_app(path: str | None = None, puzzle_id: str | None = None, contest: str | None = None) -> int:
    if QApplication.instance() is None:
        problem = first_run_problem()  # say what to install instead of Qt's plugin error
        if problem:
            print(problem, file=sys.stderr)
            return 1
        prepare_application()  # before the application: Qt WebEngine shows contest visualizers
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Puzzle Workbench")
    app.setOrganizationName("PuzzleWorkbench")
    window = build_contest_window(contest) if contest else build_window(path, puzzle_id, reopen=True)
    window.show()
    return app.exec()
