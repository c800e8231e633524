"""The ahc011 solver: anneal many target trees, beam-search the most promising.

Its work comes in tasks (``tasks``): annealing a target tree, searching toward one or several
targets (the placement plan's beam, or slide by slide), shortening an answer. Which tasks run
next is the scheduler's to say, from finished results alone (``schedule``); ``task_runner`` runs a
task with the kernels; they run two at a time on worker threads (``solvers.task_threads``). Under
a node budget in batches, so same seed + node budget -> same answer however the budget is
sliced; under a time budget a free thread starts the next task at once, searches get the widths
that fit the time left, and a run with no answer yet goes on past the deadline for at most
NO_ANSWER_GRACE seconds. The shortest full-tree answer wins. How a run goes, and why each
constant and default is what it is: bench/ahc011_search_notes.md.
"""

from __future__ import annotations

import math
import time

from workbench.puzzles.ahc011.scoring import contest_score

from ..base import FrontierEntry, Param, Progress, Solver
from ..task_threads import TaskThreads
from .attempt import make_target, slide_into, slide_toward_any
from .schedule import GRACE_SIDE, WORKERS, Schedule
from .target import centre_cell
from .task_runner import TaskRunner
from .tasks import BuildTarget, PooledSearch, Task
from .tiny import best_tiny_answer

MIN_SIDE = 3  # the smallest board the plan's final block fits
# Seconds past a time budget's end allowed to find a first answer (notes: "The grace for a first answer").
NO_ANSWER_GRACE = 5.0


class ScreenedBeamSolver(Solver):
    name = "screened-beam"
    description = (
        "Target trees annealed toward short tile travel; beam search over slides "
        "(the contest's boards) or over which tile fills each cell (larger ones), on the most "
        "promising targets (on 7x7 and 8x8 boards, one search toward many targets at once)"
    )
    # Why each default is what it is: bench/ahc011_search_notes.md, "Parameter defaults" and the sections named.
    params = (
        Param(
            "tree_steps",
            int,
            1000,
            1,
            100_000,
            "annealing steps per target tree, per cell",
            label="Annealing steps per cell",
            turn="Higher: target trees closer to the start board (fewer slides), slower; lower: faster.",
        ),
        Param(
            "screen",
            int,
            3,
            1,
            1000,
            "targets annealed per placement search",
            label="Targets screened",
            turn="Higher: more candidate trees compared before one is placed (slower, often shorter "
            "answers); lower: faster.",
        ),
        Param(
            "width",
            int,
            100,
            1,
            2000,
            "beam width over placement steps",
            label="Placement beam width",
            turn="Higher: better tile placements, slower and more memory; lower: faster, rougher.",
        ),
        Param(
            "branch",
            int,
            3,
            1,
            10,
            "tiles of the wanted type tried per state and step",
            label="Tiles tried per step",
            turn="Higher: a wider choice for each cell (slower); lower: greedier and faster.",
        ),
        Param(
            "noise",
            float,
            3.0,
            0.0,
            100.0,
            "random spread when ranking the tiles of a type",
            label="Tile ranking noise",
            turn="Higher: more varied attempts, which helps escape a bad first choice; lower: greedier "
            "ranking; 0: no randomness.",
        ),
        Param(
            "lookahead",
            float,
            1.0,
            0.0,
            10.0,
            "weight of the coming cells' distance to their tiles",
            label="Look-ahead weight",
            turn="Higher: keeps tiles near the cells still to fill; 0: only the current cell counts.",
        ),
        Param(
            "move_side",
            int,
            10,
            0,
            20,
            "boards up to this side are searched slide by slide",
            label="Slide-search board size",
            turn="Higher: bigger boards also get the slide-by-slide search (fewer slides, much slower); "
            "lower: faster placement-only answers; 0 switches it off.",
        ),
        Param(
            "move_width",
            int,
            4000,
            1,
            100_000,
            "beam width of the slide-by-slide search up to 7x7 (then less)",
            label="Slide-search beam width",
            turn="Higher: fewer slides in the answer, slower and more memory; lower: faster.",
        ),
        Param(
            "move_screen",
            int,
            8,
            1,
            1000,
            "targets annealed per slide-by-slide search (on 9x9 boards it goes toward all of them at once; "
            "10x10 boards anneal half as many)",
            label="Targets screened (slide search)",
            turn="Higher: the slide search starts from trees with less travel (each search waits for "
            "more annealing); lower: more searches in the same time.",
        ),
        Param(
            "pilot_width",
            int,
            200,
            0,
            100_000,  # (notes: "Trial searches")
            "beam width of a quick trial search toward each new target; its slides rank the targets",
            label="Trial search width",
            turn="Higher: the trial predicts the full search better but takes longer; 0: targets are "
            "ranked by travel alone.",
        ),
        Param(
            "pool_targets",
            int,
            48,
            0,
            1000,  # (notes: "Pooled searches")
            "targets searched together by one slide search that keeps the cheapest (7x7 and 8x8 boards)",
            label="Targets pooled in one search",
            turn="Higher: more trees to choose from (more annealing first); 0: every target is searched on its own.",
        ),
        Param(
            "pool_width",
            float,
            12.0,
            1.0,
            100.0,
            "the pooled search's beam width, in slide-search widths (less when the time left is short)",
            label="Pooled search width",
            turn="Higher: fewer slides, slower; it is cut to fit a time budget.",
        ),
        Param(
            "move_noise",
            float,
            0.5,
            0.0,
            100.0,
            "random spread when ranking boards by travel",
            label="Slide ranking noise",
            turn="Higher: more varied slide sequences; lower: greedier; 0: no randomness.",
        ),
        Param(
            "shortcut_cells",
            int,
            12,
            0,
            16,
            "cells of the largest window searched for shortcuts and for the slide search's finishes",
            label="Shortcut window",
            turn="Higher: more slides cut from the answers, much slower past 12; 0 switches both off.",
        ),
        Param(
            "keep",
            int,
            20,
            1,
            200,
            "best answers kept for the frontier",
            label="Answers kept",
            turn="Higher: more rows in the frontier table (a little memory); it does not change the best answer.",
        ),
    )

    def __init__(self, puzzle, view, seed: int = 0, **params):
        super().__init__(puzzle, view, seed, **params)
        case, board = view
        self.n = board.n
        self.limit = case.limit
        self.tile_count = self.n * self.n - 1
        iterations = self.settings["tree_steps"] * self.n * self.n
        self.schedule = Schedule(self.n, self.limit, self.settings, centre_cell(self.n), iterations)
        # Set at the deadline (here, or by the driver's watchdog) or on cancel to end the tasks under way.
        self.stop = self.stop_flag
        # Seeds are 0..2^64-1; the kernels take an int64 with the same bits (notes: "Random streams").
        kernel_seed = self.seed - 2**64 if self.seed >= 2**63 else self.seed
        self.runner = TaskRunner(board, self.limit, self.settings, kernel_seed, iterations, self.stop)
        self.threads = TaskThreads(WORKERS, self.stop)
        self._running: tuple[Task, ...] = ()  # the tasks under way when last looked (read by the watchdog)
        self._ready_at: float | None = None  # when the running tasks' kernels were seen compiled
        # Until a search succeeds, the best answer is the empty one.
        self._start_score = puzzle.evaluate(case, board, 0).score
        # A tiny move limit or a board already solved: the exact answer, and nothing to search.
        self.exact = best_tiny_answer(puzzle, case, board)

    @property
    def deadline(self) -> float | None:
        """The driver's deadline (None: a node budget), which the schedule goes by."""
        return self.schedule.deadline

    @deadline.setter
    def deadline(self, value: float | None) -> None:
        self.schedule.deadline = value

    @property
    def best_score(self) -> int:
        if self.exact is not None:
            return self.exact[0]
        found = self.schedule.found
        return max(self._start_score, self._score(found[0].length)) if found else self._start_score

    def run_slice(self, max_expansions: int) -> Progress:
        if self.exact is not None:
            return Progress(0, float(self.best_score), 0, True)
        schedule = self.schedule
        schedule.grant(max_expansions)
        self.stop[0] = 0
        if schedule.started is None:
            schedule.started = time.perf_counter()
        deadline = self.deadline
        if self.n >= MIN_SIDE and deadline is not None:
            self._run_timed(deadline)
        elif self.n >= MIN_SIDE:
            while schedule.can_spend() and not self.stop[0]:
                self._run_batch()
        return Progress(schedule.allowance, float(self.best_score), len(schedule.found), self.n < MIN_SIDE)

    def _run_batch(self) -> None:
        """Under a node budget: WORKERS tasks at once, chosen from the results before them, so the
        answer never depends on timing."""
        tasks = self.schedule.next_batch()
        self._running = tuple(tasks)
        for task, result in zip(tasks, self.threads.run_all(self.runner.run, tasks)):
            self.schedule.finish(task, result)

    def _run_timed(self, deadline: float) -> None:
        """Under a time budget: a thread starts its next task as soon as it has finished one, so
        which tasks run depends on timing, as a deadline's answer does anyway. A slice returns
        once a task is done; the others run on into the next slice (``end_run`` stops them). Past
        the deadline with an answer, the tasks under way are stopped and their answers dropped;
        until there is one, tasks go on starting (``owes_answer``)."""
        schedule, threads = self.schedule, self.threads
        while True:
            while (
                threads.free()
                and not self.stop[0]
                and (time.perf_counter() < deadline or schedule.owes_answer(time.perf_counter()))
            ):
                task = schedule.next_task(time.perf_counter(), threads.under_way)
                if task is None:
                    break
                threads.start(self.runner.run, task)
            if not threads.under_way:
                return
            self._running = threads.under_way
            for done in threads.wait(deadline if schedule.found else None):
                schedule.finish(*done)
            if not schedule.owes_answer(time.perf_counter()) and (
                time.perf_counter() < deadline or not threads.under_way
            ):
                return

    def end_run(self) -> None:
        """Stop the tasks still under way (a time budget's run ends between slices)."""
        for done in self.threads.stop_all():
            self.schedule.finish(*done)

    def stop_time(self, deadline: float) -> float:
        """The driver stops the tasks under way at the deadline; while there is no answer yet,
        NO_ANSWER_GRACE after the deadline or after the kernels are compiled, whichever is
        later (a huge board may have no answer for minutes: the budget wins)."""
        if self.schedule.found or self.n > GRACE_SIDE:
            return deadline
        if not all(kernel.signatures for kernel in self._kernels_under_way()):  # compiled or loaded on first call
            self._ready_at = None
            return math.inf  # still compiling: the grace starts once the kernels are ready
        if self._ready_at is None:
            self._ready_at = time.perf_counter()
        return max(deadline, self._ready_at) + NO_ANSWER_GRACE

    def _kernels_under_way(self) -> tuple:
        """The kernels whose compiling the grace waits for: a pooled search's; for any other search
        the plan's and (slide by slide) the slide search's; for annealing alone the annealer's and,
        with trials, the slide search's."""
        running = self._running
        if any(isinstance(task, PooledSearch) for task in running):
            return (slide_toward_any,)
        if any(not isinstance(task, BuildTarget) for task in running):
            return (slide_into,) + ((slide_toward_any,) if self.n <= self.settings["move_side"] else ())
        return (make_target, slide_toward_any) if self.schedule.piloted() else (make_target,)

    def _score(self, length: int) -> int:
        """Every kept answer ends on a full tree, so K alone gives its score."""
        return contest_score(self.tile_count, self.tile_count, length, self.limit)

    def best_moves(self) -> tuple:
        if self.exact is not None:
            return self.exact[1]
        return self.schedule.found[0].moves if self.schedule.found else ()

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        """The shortest full-tree answers found so far (``cut``: slides the shortcuts took out)."""
        entries = []
        for length, target, moves, cut in self.schedule.found[:limit]:
            entries.append(
                FrontierEntry(
                    float(self._score(length)),
                    length,
                    moves,
                    (("K", length), ("K/T", round(length / self.limit, 3)), ("target", target), ("cut", cut)),
                )
            )
        return entries

    @classmethod
    def warm_up(cls) -> None:
        from workbench.puzzles.ahc011 import PUZZLE

        case = PUZZLE.generate(0, size=MIN_SIDE)
        for move_side in (0, MIN_SIDE):  # the placement plan, then the slide-by-slide search
            solver = cls(PUZZLE, PUZZLE.public_view(case, case.start), move_side=move_side)
            # a search, then its shortening
            while solver.schedule.searched == 0 or solver.schedule.best_shortened == math.inf:
                solver.run_slice(1)
