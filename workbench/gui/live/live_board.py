"""Where the live view draws a snapshot: a built-in puzzle's board, or a contest's case view (its vis).

Both are made in the live case's child (``batch.snapshot_drawing``: the position an answer
reaches, the answer written into the view's folder), so nothing here parses or plays an answer.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from workbench.batch.cases import BatchCase
from workbench.batch.live import Snapshot
from workbench.batch.snapshot_drawing import Drawing

translate = QCoreApplication.translate  # pyside6-lupdate reads translate("Context", "text")


class SnapshotBoard:
    """``widget`` is the board (``BoardView``) or the vis (``CaseView``) of ``case``."""

    def __init__(self, problem, case: BatchCase):
        self.problem, self.case = problem, case
        self.contest = getattr(problem, "config", None)
        self.instance = None  # a puzzle's instance, as the case configures it
        self.widget = self._make_case_view() if self.contest is not None else self._make_board()

    def _make_case_view(self) -> QWidget:
        from workbench.gui.contest.case_view import CaseView

        view = CaseView()
        view.set_contest(self.contest)
        view.clear(translate("LiveRunView", "No snapshot yet: the vis shows the one the slider picks"))
        return view

    def _make_board(self) -> QWidget:
        from workbench.gui.board.board_view import BoardView
        from workbench.gui.board.painters import adapter_class

        puzzle = self.problem.puzzle
        self.instance = puzzle.parse_input(self.case.input_text)
        if self.case.options:
            self.instance = puzzle.configure(self.instance, **self.case.options)
        view = BoardView()
        view.mode = "preview"
        view.set_adapter(adapter_class(puzzle.id)(puzzle, view.scene()))
        view.display(self.instance, puzzle.initial_state(self.instance))
        return view

    def show(self, snapshot: Snapshot, index: int, drawing: Drawing, answers_dir: Path | None, score: str) -> None:
        """Snapshot ``index`` (0-based) drawn: the position its answer reaches, or its answer in the vis."""
        if self.contest is None:
            state = drawing.position
            puzzle = self.problem.puzzle
            self.widget.display(self.instance, state if state is not None else puzzle.initial_state(self.instance))
            return
        if not drawing.answer_file:
            self.widget.clear(
                translate("LiveRunView", "Snapshot {0} is not drawn: {1}").format(
                    index + 1, drawing.refused or translate("LiveRunView", "no answer")
                )
            )
            return
        case = self.case
        self.widget.show_case(
            answers_dir,
            {
                "case": translate("LiveRunView", "{0}, snapshot {1}").format(case.label, index + 1),
                "name": case.name,
                "seed": "" if case.seed is None else case.seed,
                "input": "in.txt",
                "answer": drawing.answer_file,
                "score": score,
                "verdict": "OK" if snapshot.score is not None else "WA",
            },
        )

    def shutdown(self) -> None:
        if self.contest is not None:
            self.widget.shutdown()
