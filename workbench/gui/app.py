"""Starting the app: the window on the bundled default board, or on a file."""

from __future__ import annotations

import signal
import socket
import sys
from contextlib import contextmanager

from PySide6.QtCore import QSettings, QSocketNotifier, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from workbench.assets import asset
from workbench.core.version import APP_ID
from workbench.gui.board.sample_board import DEFAULT_BOARD, DEFAULT_PUZZLE  # noqa: F401  (also known by the app's name)
from workbench.gui.contest.web_view import prepare_application
from workbench.gui.window.interpreter import favour_the_gui_thread, freeze_long_lived
from workbench.gui.window.language import chosen, install
from workbench.gui.window.platform_check import first_run_problem


def build_window(path: str | None = None, puzzle_id: str | None = None, settings=None, reopen: bool = False):
    """The window on ``path``, else (``reopen``) on the board open when the app last closed,
    else on the bundled sample board (which also stays when either cannot be opened)."""
    from workbench.gui.window.main_window import MainWindow

    window = MainWindow(settings)
    if path:
        window.files.open_path(path, puzzle_id)
    elif reopen:
        window.sources.reopen_last_board()
    if window.session is None:
        # Only now: opened first, the sample board's kernels were warmed in a worker process
        # beside those of the board opened next, two compilations on a two-core machine.
        window.sources.open_sample_board()
    window.files.report_plugin_problems()
    favour_the_gui_thread()
    freeze_long_lived()  # Qt's, pyqtgraph's and numba's objects stay for the session
    return window


def build_contest_window(contest: str, settings=None):
    """The window of the contest whose file (or folder) is ``contest``; WorkbenchError when it is broken."""
    from workbench.contest.config import load
    from workbench.gui.contest.contest_window import ContestWindow

    window = ContestWindow(load(contest), settings)
    favour_the_gui_thread()
    return window


def name_application(app: QApplication) -> None:
    """The names and icon the desktop knows the app by: settings live under the names, and the
    desktop file name ties the windows to the menu entry ``install-desktop`` writes (Wayland's app id)."""
    app.setApplicationName("Puzzle Workbench")
    app.setOrganizationName("PuzzleWorkbench")
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(QIcon(str(asset("puzzle-workbench.svg"))))


def speak_the_users_language(app: QApplication, settings: QSettings | None = None) -> str:
    """Install the translations of the language the user reads (``language.chosen``), before any
    window is built; the language's code."""
    code = chosen(settings or QSettings("PuzzleWorkbench", "workbench"))
    if not install(app, code):
        print(f"the {code} translations could not be loaded: the app shows English", file=sys.stderr)
        code = "en"
    return code


@contextmanager
def ended_by_signals(app: QApplication):
    """SIGINT (Ctrl+C) and SIGTERM end the app's loop, with exit code 128 + the signal, its windows
    closed and the processes this process started killed. Qt's loop runs no Python between events,
    so a Python handler alone would wait for ever: the signal's number is written to a socket
    (``signal.set_wakeup_fd``) that a notifier in the loop reads."""
    from workbench.batch.processes import kill_running

    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read)

    def woke() -> None:
        try:
            numbers = reader.recv(64)
        except OSError:
            return
        if numbers:
            kill_running()
            app.closeAllWindows()
            app.exit(128 + numbers[-1])

    notifier.activated.connect(woke)
    try:
        before_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread (a test driving the view from another): no signals to take
        yield
        notifier.setEnabled(False)
        reader.close()
        writer.close()
        return
    # The Python handlers do nothing: the wakeup socket carries the signal into the loop.
    before = {number: signal.signal(number, lambda *_: None) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
        signal.set_wakeup_fd(before_fd)
        notifier.setEnabled(False)
        reader.close()
        writer.close()


def run_app(
    path: str | None = None, puzzle_id: str | None = None, contest: str | None = None, quit_after: float | None = None
) -> int:
    """The window until it is closed; ``quit_after`` seconds: closed then, its title printed (the
    check that an install opens the app, and on what)."""
    if QApplication.instance() is None:
        problem = first_run_problem()  # say what to install instead of Qt's plugin error
        if problem:
            print(problem, file=sys.stderr)
            return 1
        prepare_application()  # before the application: Qt WebEngine shows contest visualizers
    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    speak_the_users_language(app)
    window = build_contest_window(contest) if contest else build_window(path, puzzle_id, reopen=True)
    window.show()
    if not contest:
        window.guide.welcome()  # the first start opens the start page over the board
    if quit_after is not None:

        def close():
            print(window.windowTitle(), flush=True)
            window.close()
            app.quit()

        QTimer.singleShot(round(quit_after * 1000), close)
    with ended_by_signals(app):
        return app.exec()


def run_side_by_side(pair, quit_after: float | None = None) -> int:
    """One case of two runs side by side (``batch compare A B --open CASE``), until it is closed."""
    if QApplication.instance() is None:
        problem = first_run_problem()
        if problem:
            print(problem, file=sys.stderr)
            return 1
        prepare_application()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    speak_the_users_language(app)
    from workbench.gui.runs.side_by_side import SideBySideView

    window = SideBySideView(pair)
    window.show()
    if quit_after is not None:
        QTimer.singleShot(round(quit_after * 1000), window.close)
    with ended_by_signals(app):
        return app.exec()
