"""The solver's answers on the board: F5, applying the best answer as a branch from the node the
run started from (the AppState's ``solver_start``), previewing a frontier state, finishing an
online game cut short with its fast policy. The run itself (kernels, job thread, plots) is the
SolverPanel's."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QTabWidget

from solvers.finish import finish_moves, finisher
from workbench.core.errors import IllegalMove
from workbench.gui.app_state import AppState
from workbench.gui.board.board_screen import BoardScreen
from workbench.gui.window.messages import Messages


class SolverAnswers(QObject):
    """The solver panel's answers on ``board``; ``show_step_through()`` brings the line's tab to
    the front, ``tabs`` holds the solver panel."""

    def __init__(
        self,
        state: AppState,
        board: BoardScreen,
        solver_panel,
        tabs: QTabWidget,
        messages: Messages,
        show_step_through: Callable[[], None],
        parent=None,
    ):
        super().__init__(parent)
        self.state, self.board, self.solver_panel, self.tabs = state, board, solver_panel, tabs
        self.messages, self.show_step_through = messages, show_step_through
        self._solver_said = ""  # the run's line the status bar shows, followed as the run goes

    @property
    def session(self):
        return self.state.session

    def start_solver(self) -> None:
        """F5: start (or queue) a run and show it, whichever tab was in front."""
        self.tabs.setCurrentWidget(self.solver_panel)
        self.solver_panel.start()

    def solver_started(self) -> None:
        self.tabs.setCurrentWidget(self.solver_panel)  # the run is visible, whichever tab was in front
        # The run's start replaces a warning still shown (an illegal move's): it no longer applies.
        self.show_solver_line(self.solver_panel.status.text(), force=True)

    def show_solver_line(self, text: str, force: bool = False) -> None:
        """The run's progress in the status bar as it goes ("starting…" stayed there for the whole
        run), unless another message took the bar since (an error is never written over)."""
        if force or self.messages.current() in ("", self._solver_said):
            self._solver_said = text
            self.messages.say(text, 5000)

    def apply_solver_answer(self, moves) -> bool:
        """Add the solver's answer to the history as a branch and step to its end."""
        if self.session is None or not moves:
            return False
        origin = self.state.solver_start or self.session.history.root
        if not self._owns(origin):
            self.messages.error(self.tr("The board changed since the solver started; its answer no longer applies"))
            return False
        self.board.end_preview()
        try:
            # The rescoring played the best answer already: its transitions are added, not replayed.
            played = self.solver_panel.run.played(moves, origin)
            self.session.add_line(moves, start=origin, played=played)  # the session's events redraw the window
        except IllegalMove as error:
            self.messages.error(self.tr("The solver's answer is illegal: {0}").format(error))
            return False
        self.show_step_through()
        return True

    # -------------------------------------------------- finishing a game cut short
    def fast_policy(self):
        """The fast policy that finishes the puzzle's games, or None."""
        return finisher(self.session.puzzle.id) if self.session is not None else None

    def can_finish_game(self) -> bool:
        """An online game that stopped before its end, with a fast policy to finish it."""
        s = self.session
        return (
            s is not None
            and s.puzzle.online
            and finisher(s.puzzle.id) is not None
            and bool(s.puzzle.legal_moves(s.instance, s.state))
        )

    def finish_game(self) -> int:
        """Play the rest of the game from the current position with the fast policy; the
        whole game joins the history as a line and the board steps to its end."""
        if not self.can_finish_game():
            return 0
        s = self.session
        fast = finisher(s.puzzle.id)
        self.board.end_preview()
        moves = finish_moves(s.puzzle, s.instance, s.state, s.depth, fast)
        try:
            s.add_line(moves, from_root=False)
        except IllegalMove as error:
            self.messages.error(self.tr("Cannot finish the game: {0}").format(error))
            return 0
        self.show_step_through()
        self.messages.say(
            self.tr("Finished the game with {0}: {1} more moves, {2}").format(
                fast.name, len(moves), s.report().summary()
            ),
            10000,
        )
        return len(moves)

    def finish_solver_game(self, moves) -> None:
        """The solver panel's "Finish the game": its cut-short game, then the fast policy."""
        if moves:
            self.apply_solver_answer(moves)
        self.finish_game()

    def _owns(self, node) -> bool:
        while node.parent is not None:
            node = node.parent
        return node is self.session.history.root

    def preview(self, moves) -> None:
        """Show a frontier state (read-only) until the user goes back to the game."""
        s = self.session
        if s is None:
            return
        start = self.state.solver_start
        origin = start if start and self._owns(start) else s.history.root
        # The scoring thread has replayed the row already (thousands of moves for rolling-balls).
        state = self.solver_panel.frontier_state(origin.state, moves)
        try:
            if state is None:
                state = origin.state
                for move in moves:
                    state = s.puzzle.apply(s.instance, state, move).state
        except IllegalMove as error:
            self.messages.error(self.tr("Cannot preview that state: {0}").format(error))
            return
        report = s.puzzle.evaluate(s.instance, state, origin.depth + len(moves))
        self.board.preview(state, moves[-1] if moves else None, report.summary())
