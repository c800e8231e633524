"""A run's lines on the contest's scale (Qt-free): its best answer and its frontier rows, rescored
from the game's start on the run's scoring thread (``run_text.rescore``) and collected by the
poll without waiting for it (a long line's rescoring held the GUI thread 50 ms at a run's end)."""

from __future__ import annotations

from concurrent.futures import Executor, Future

from workbench.core.line_scores import LineScorer
from workbench.gui.solver.frontier_rows import Row, answer_row, best_answers, ranked
from workbench.gui.solver.run_text import rescore, score_text


class RunScores:
    """One run's scores (a new run, or another board, starts afresh: a rescoring under way is dropped)."""

    def __init__(self, puzzle=None, instance=None, start_node=None):
        self.puzzle, self.instance, self.start_node = puzzle, instance, start_node
        self.scorer = LineScorer(puzzle, instance, start_node.state, start_node.depth) if start_node else None
        self.best_moves: tuple = ()
        self.best_played: tuple = ()  # the best moves' transitions from the start node
        self.best_score: float | None = None  # the contest score from the game's start
        self.game_score: float | None = None  # an online game's score now
        self.answers: list[Row] = []  # the best answers found, kept when the run ends
        self._weighed: list[Row] = []  # the rows of the last frontier snapshot
        self.rows: list[Row] = []  # the table's rows, ranked
        self._future: Future | None = None
        self._waiting: tuple | None = None  # (best moves or None, frontier or None) to score next

    @property
    def origin_depth(self) -> int:
        """Moves played before the run's start (the table and the file count from the game's start)."""
        return self.scorer.origin_depth if self.scorer else 0

    def idle(self) -> bool:
        return self._future is None and self._waiting is None

    def offer(self, best: tuple | None, frontier: list | None) -> None:
        """A new best line or frontier to score; the newest of each replaces one still waiting."""
        old_best, old_frontier = self._waiting or (None, None)
        self._waiting = (best if best is not None else old_best, frontier if frontier is not None else old_frontier)

    def collect(self, executor: Executor) -> tuple[bool, bool, list[str]]:
        """Take a finished rescoring and start the next: (the best changed, the rows changed, errors)."""
        best_changed = rows_changed = False
        errors = []
        while True:
            if self._future is not None:
                if not self._future.done():
                    break
                future, self._future = self._future, None
                try:
                    best, rows = self._take(future.result())
                    best_changed, rows_changed = best_changed or best, rows_changed or rows
                except Exception as error:  # a line the engine rejects: say so, keep running
                    errors.append(str(error))
            if self._waiting is None or self.scorer is None:
                break
            best, frontier = self._waiting
            self._waiting = None
            self._future = executor.submit(rescore, self.scorer, best, frontier)
        return best_changed, rows_changed, errors

    def _take(self, scored) -> tuple[bool, bool]:
        best, report, played, entries, reports, states = scored
        online = self.puzzle.online
        if report is not None and not report.complete and not online:
            best = None  # a line that does not count (a level left unsolved) is never offered as best
        best_changed = False
        if best is not None and report is not None:
            state = played[-1].state if played else self.start_node.state
            if not online or not self.puzzle.legal_moves(self.instance, state):  # an answer
                self.answers = best_answers(
                    [answer_row(tuple(best), report, state), *self.answers], self.puzzle.objective
                )
            better = self.best_score is None or not self.puzzle.objective.better(self.best_score, report.score)
            if online:  # the game so far: the line to apply, whatever its score
                self.game_score = report.score
            if better:
                self.best_score = report.score
            if online or better:
                self.best_moves, self.best_played, best_changed = tuple(best), played, True
        if entries is not None:
            self._weighed = [Row(e, r, s) for e, r, s in zip(entries, reports, states) if r is not None]
        rows_changed = entries is not None or best is not None
        if rows_changed:
            self.rows = ranked([*self.answers, *self._weighed], self.puzzle.objective, online)
        return best_changed, rows_changed

    def best_text(self) -> str:
        """The best answer's score as the contest prints it (as its row and the status bar do)."""
        for row in self.answers:
            if row.entry.moves == self.best_moves:
                return row.report.text
        return score_text(self.best_score)

    def best_length(self) -> int:
        """Moves of the best answer from the game's start (as the exported file counts them)."""
        return self.origin_depth + len(self.best_moves)
