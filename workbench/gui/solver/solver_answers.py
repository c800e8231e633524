"""The solver's answers on the board: F5, applying the best answer as a branch, previewing a
frontier state, finishing an online game cut short with its fast policy. A part of ``MainWindow``;
the run itself (kernels, job thread, plots) is the SolverPanel's."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from solvers.finish import finish_moves, finisher
from workbench.core.errors import IllegalMove


class SolverAnswers:
    """MainWindow's side of a run (it supplies ``session``, ``solver_panel``, ``view``, ``tabs``,
    ``show_step_through``, ``export_solution`` and the status bar)."""

    def start_solver(self) -> None:
        """F5: start (or queue) a run and show it, whichever tab was in front."""
        self.tabs.setCurrentWidget(self.solver_panel)
        self.solver_panel.start()

    def _solver_started(self) -> None:
        self.tabs.setCurrentWidget(self.solver_panel)  # the run is visible, whichever tab was in front
        # The run's start replaces a warning still shown (an illegal move's): it no longer applies.
        self._show_solver_line(self.solver_panel.status.text(), force=True)

    def _show_solver_line(self, text: str, force: bool = False) -> None:
        """The run's progress in the status bar as it goes ("starting…" stayed there for the whole
        run), unless another message took the bar since (an error is never written over)."""
        bar = self.statusBar()
        if force or bar.currentMessage() in ("", self._solver_said):
            self._solver_said = text
            bar.showMessage(text, 5000)

    def apply_solver_answer(self, moves) -> bool:
        """Add the solver's answer to the history as a branch and step to its end."""
        if self.session is None or not moves:
            return False
        origin = self.state.solver_start or self.session.history.root
        if not self._owns(origin):
            self.show_error("The board changed since the solver started; its answer no longer applies")
            return False
        self.end_preview()
        try:
            # The rescoring played the best answer already: its transitions are added, not replayed.
            played = self.solver_panel.run.played(moves, origin)
            self.session.add_line(moves, start=origin, played=played)  # the session's events redraw the window
        except IllegalMove as error:
            self.show_error(f"The solver's answer is illegal: {error}")
            return False
        self.show_step_through()
        return True

    # -------------------------------------------------- finishing a game cut short
    def can_finish_game(self) -> bool:
        """An online game that stopped before its end, with a fast policy to finish it."""
        s = self.session
        return (s is not None and s.puzzle.online and finisher(s.puzzle.id) is not None
                and bool(s.puzzle.legal_moves(s.instance, s.state)))

    def finish_game(self) -> int:
        """Play the rest of the game from the current position with the fast policy; the
        whole game joins the history as a line and the board steps to its end."""
        if not self.can_finish_game():
            return 0
        s = self.session
        fast = finisher(s.puzzle.id)
        self.end_preview()
        moves = finish_moves(s.puzzle, s.instance, s.state, s.depth, fast)
        try:
            s.add_line(moves, from_root=False)
        except IllegalMove as error:
            self.show_error(f"Cannot finish the game: {error}")
            return 0
        self.show_step_through()
        self.statusBar().showMessage(f"Finished the game with {fast.name}: {len(moves)} more moves, "
                                     f"{s.report().summary()}", 10000)
        return len(moves)

    def finish_solver_game(self, moves) -> None:
        """The solver panel's "Finish the game": its cut-short game, then the fast policy."""
        if moves:
            self.apply_solver_answer(moves)
        self.finish_game()

    def _offer_finish_and_export(self, path) -> None:
        """After an export refused for an unfinished online game: offer to finish, then export."""
        if not self.can_finish_game():
            return
        fast = finisher(self.session.puzzle.id)
        s = self.session
        self.finish_dialog = QMessageBox(
            QMessageBox.Question, "Finish the game?",
            f"The game stops after {s.depth} moves, so the judge would not accept it.\n\n"
            f"Finish the remaining turns with the fast policy {fast.name} and export the whole game "
            f"to {Path(path).name}?", QMessageBox.Yes | QMessageBox.No, self)
        self.finish_dialog.button(QMessageBox.Yes).setText(f"Finish with {fast.name} and export")
        self.finish_dialog.accepted.connect(lambda: self.finish_game() and self.export_solution(path))
        self.finish_dialog.open()

    def export_solver_answer(self, moves) -> None:
        """The solver's answer, and nothing else: exported only once it is on the board."""
        if self.apply_solver_answer(moves):
            self.export_solution_dialog()

    def _owns(self, node) -> bool:
        while node.parent is not None:
            node = node.parent
        return node is self.session.history.root

    def preview(self, moves) -> None:
        """Show a frontier state (read-only) until the user goes back to the game."""
        if self.session is None:
            return
        start = self.state.solver_start
        origin = start if start is not None and self._owns(start) else self.session.history.root
        # The scoring thread has replayed the row already (thousands of moves for rolling-balls).
        state = self.solver_panel.frontier_state(origin.state, moves)
        try:
            if state is None:
                state = origin.state
                for move in moves:
                    state = self.session.puzzle.apply(self.session.instance, state, move).state
        except IllegalMove as error:
            self.show_error(f"Cannot preview that state: {error}")
            return
        self.previewing = True
        self.view.mode = "preview"
        self.view.display(self.session.instance, state, moves[-1] if moves else None)
        report = self.session.puzzle.evaluate(self.session.instance, state, origin.depth + len(moves))
        self.statusBar().showMessage(f"Preview of a frontier state: {report.summary()} — Esc to go back")

    def end_preview(self) -> None:
        if self.previewing:
            self.previewing = False
            self.view.mode = "edit" if self.edit_action.isChecked() else "play"
            self.statusBar().clearMessage()
            self.refresh()

