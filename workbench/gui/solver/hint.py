"""Solver ▸ Hint (key H): the default solver's next move from the position shown, marked on the board.

The search (``solvers.hint.find_hint``) runs on a thread of its own, so the window never waits for it;
a timer looks for its answer. The hint belongs to the position it was asked for: a move, an undo,
another board or Esc takes its marks away, and an answer that comes back for a position no longer
shown is dropped. While it thinks a second H is ignored (the status says so).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from solvers.driver import RunControl
from solvers.hint import HINT_SECONDS, MOVE, Hint, find_hint, hint_solver, no_solver_reason
from solvers.warm_up import ready_solver

POLL_MS = 50  # how often the timer looks for the answer; nothing is repainted until it comes
TIP = "Run {solver} for a moment from the position shown and mark its next move on the board (H; Esc clears it)"


def _loaded_and_found(puzzle, *args, **options) -> Hint:
    """``find_hint``, its solver's kernels loaded first: the window's process loads none until a
    hint needs them (its runs search in a child), and their loading must not eat the hint's seconds."""
    cls = hint_solver(puzzle)
    if cls is not None:
        ready_solver(puzzle.id, cls)
    return find_hint(puzzle, *args, **options)


class HintControl(QObject):
    def __init__(self, window, menu, clear_action: QAction):
        super().__init__(window)
        self.window = window
        self.action = QAction(self.tr("&Hint"), window)
        self.action.setShortcut(QKeySequence("H"))
        self.action.triggered.connect(self.ask)
        menu.addAction(self.action)
        clear_action.triggered.connect(self.clear)  # Esc: back to the game, without the hint
        self.hint: Hint | None = None  # the last hint shown
        # The search's time cap (None: the node budget alone ends it, so a seed gives one hint however
        # loaded the machine is; the tests use that).
        self.seconds: float | None = HINT_SECONDS
        self._thinking: Future | None = None
        self._control: RunControl | None = None
        self._asked = None  # (session, history node) the hint under way is for
        self._loaded: set[str] = set()  # puzzle ids whose hint solver's kernels this process has loaded
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def thinking(self) -> bool:
        return self._thinking is not None

    def set_puzzle(self, puzzle) -> None:
        """Enable the action for a puzzle with a solver; otherwise disable it and say why."""
        self.clear()
        reason = no_solver_reason(puzzle)
        self.action.setEnabled(not reason)
        tip = reason or TIP.format(solver=hint_solver(puzzle).name)
        self.action.setToolTip(tip)
        self.action.setStatusTip(tip)

    def _say(self, text: str, timeout: int = 0) -> None:
        self.window.statusBar().showMessage(text, timeout)

    def ask(self) -> None:
        window, session = self.window, self.window.session
        if session is None or not self.action.isEnabled():
            return
        if self.thinking:
            self._say(f"Still thinking about the last hint ({self.hint_name()})…")
            return
        if window.view.mode != "play" or window.previewing:
            self._say("⚠ A hint is for play: leave the editor or the preview first (Esc)", 8000)
            return
        node = session.history.current
        self._asked = (session, node)
        self._control = RunControl()
        self._thinking = self._pool.submit(
            _loaded_and_found,
            session.puzzle,
            session.instance,
            node.state,
            node.depth,
            seconds=self.seconds,
            control=self._control,
        )
        text = f"Thinking… ({self.hint_name()} from move {node.depth})"
        if session.puzzle.id not in self._loaded:  # the window loads no kernels before the first hint
            self._loaded.add(session.puzzle.id)
            text += self.tr("; loading its kernels first (first use)")
        self._say(text)
        self._timer.start()

    def hint_name(self) -> str:
        session = self.window.session
        cls = hint_solver(session.puzzle) if session is not None else None
        return cls.name if cls is not None else "no solver"

    def _poll(self) -> None:
        future = self._thinking
        if future is None or not future.done():
            return
        session, node = self._asked
        window = self.window
        here = (
            window.session is session
            and session.history.current is node
            and window.view.mode == "play"
            and not window.previewing
        )
        if here and window.view.state is not node.state:
            return  # the board still plays the last move's frames: the hint waits for their end
        self._timer.stop()
        self._thinking = self._control = self._asked = None
        try:
            hint = future.result()
        except Exception as error:  # reported, the app keeps running
            self._say(f"⚠ The hint failed: {type(error).__name__}: {error}", 15000)
            return
        if not here:
            self._say("The hint was for a position no longer shown; press H again for this one", 8000)
            return
        self.hint = hint
        if hint.kind == MOVE:
            window.view.show_hint(hint.move)
        self._say(hint.text)

    def clear(self) -> None:
        """Take the hint off the board; a hint still thinking is cancelled."""
        if self._control is not None:
            self._control.cancel()
        self.window.view.clear_hint()

    def shutdown(self) -> None:
        if self._control is not None:
            self._control.cancel()
        self._timer.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)
