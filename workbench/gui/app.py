"""Starting the app: the window, the default board and the solver warm-up."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from PySide6.QtWidgets import QApplication

from workbench.core.registry import get_puzzle, solvers
from workbench.core.session import Session

DEFAULT_BOARD = Path(__file__).resolve().parents[2] / "assets" / "default_board.txt"
DEFAULT_PUZZLE = "comesolo"


def warm_up_solvers(puzzle_id: str) -> threading.Thread:
    """Compile (or load from the numba cache) the puzzle's solver kernels off the GUI thread."""

    def work():
        for cls in solvers(puzzle_id).values():
            warm = getattr(cls, "warm_up", None)
            if warm is not None:
                warm()

    thread = threading.Thread(target=work, name="warm-up", daemon=True)
    thread.start()
    return thread


def build_window(path: str | None = None, puzzle_id: str | None = None, settings=None):
    from .main_window import MainWindow

    window = MainWindow(settings)
    default = get_puzzle(DEFAULT_PUZZLE)
    window.set_session(Session.open(default, DEFAULT_BOARD))
    if path:
        window.open_path(path, puzzle_id)
    window.watch_warm_up(warm_up_solvers(window.session.puzzle.id))
    return window


def run_app(path: str | None = None, puzzle_id: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Puzzle Workbench")
    app.setOrganizationName("PuzzleWorkbench")
    window = build_window(path, puzzle_id)
    window.show()
    return app.exec()
