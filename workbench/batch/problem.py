"""What a batch runs cases of: a puzzle (``PuzzleProblem``), or a contest from its own tools (``workbench.contest``).

A problem makes the cases of a seed list, names their features, plays one case
(on a worker: a local process or a Dask worker, so it is a small picklable
value) and judges what came back (in the batch's own process). The runner,
the results, the live table and the Runs panel only ever talk to this.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.objective import Objective
from workbench.core.puzzle import Puzzle

from .cases import BatchCase, file_cases, load_instance, seed_cases

if TYPE_CHECKING:
    from workbench.core.answer_split import Splitter

    from .live import LiveRecorder, Scorer
    from .results import CaseResult
    from .runner import CaseRun, Runner


class BatchProblem(Protocol):
    id: str  # the puzzle id or the contest's name: run folders, best-known files
    kind: str  # "puzzle" or "contest", kept in run.json

    @property
    def objective(self) -> Objective: ...

    def seed_cases(self, seeds: Sequence[int], generator_options: dict, instance_options: dict,
                   say: Callable[[str], None] = ...) -> list[BatchCase]: ...  # say: what a slow start waits for

    def file_cases(self, paths: Sequence[str], instance_options: dict) -> list[BatchCase]: ...

    def default_files(self) -> list[str]: ...  # the cases without --seeds or files (an output-only contest's)

    def features(self, case: BatchCase) -> dict: ...  # WorkbenchError or ValueError when the input is bad

    def play(self, runner: "Runner", case: BatchCase, live: "LiveRecorder | None" = None) -> "CaseRun": ...

    def split_answers(self) -> "Splitter | None": ...  # how its outputs split into successive answers

    def snapshot_scorer(self, case: BatchCase) -> "Scorer": ...  # scores a snapshot of a run of the case

    def score_run(self, case: BatchCase, run: "CaseRun") -> "CaseResult": ...

    def meta(self) -> dict: ...  # what run.json needs to find the problem again

    # ------------------------------------------------------------ what a plan needs (workbench.batch.plan)
    def runs_root(self) -> Path: ...  # where its run folders, best-known file and run database live

    def default_seconds(self) -> float: ...  # a case's budget or time limit when none is given

    def default_command(self) -> str | None: ...  # the program a run gets when none is given

    def build_command(self) -> str: ...  # its own build step ("" none)

    def program_is_checkable(self) -> bool: ...  # whether the program's file can be found before a run

    # ``plan``: the workbench.batch.plan.BatchPlan being built (that module imports this one: no import back).
    def check_plan(self, plan: Any) -> None: ...  # UsageError: a choice this problem cannot run

    def make_runner(self, plan: Any, cases: Sequence[BatchCase], say) -> "Runner": ...


@dataclass(frozen=True)
class PuzzleProblem:
    """A registered puzzle: bit-exact generators, and every answer re-scored by its engine."""

    id: str
    kind = "puzzle"

    @property
    def puzzle(self):
        from workbench.core.registry import get_puzzle

        return get_puzzle(self.id)

    @property
    def objective(self) -> Objective:
        return Objective.of(self.puzzle.objective)

    def meta(self) -> dict:
        return {}

    def runs_root(self) -> Path:
        return Path("runs")  # beside the folder the batch starts in

    def default_seconds(self) -> float:
        from solvers.run_setup import DEFAULT_SECONDS

        return DEFAULT_SECONDS

    def default_command(self) -> str | None:
        return None  # without a program, its default solver plays

    def build_command(self) -> str:
        return ""

    def program_is_checkable(self) -> bool:
        return True

    def check_plan(self, plan: Any) -> None:
        if plan.command:
            if plan.params or plan.nodes:
                raise UsageError("--param and --nodes are for built-in solvers, not --cmd")
            return
        if plan.build:
            raise UsageError("--build builds your program: give it with --cmd")
        if plan.time_by:
            raise UsageError("--time-by judges your program's time limit: give it with --cmd")

    def make_runner(self, plan: Any, cases: Sequence[BatchCase], say) -> "Runner":
        """A program's runner, or the chosen solver's with its parameters checked (before any case
        runs, not once per case) and its budget: the plan's, else the default (per turn for a game
        played turn by turn, as 'solve' does)."""
        from solvers.run_setup import checked_params, choose_solver, run_budget

        from .runner import Runner

        if plan.command:
            return Runner(self, plan.seconds or self.default_seconds(), command=plan.command, cwd=plan.cwd,
                          env=dict(plan.env), time_by=plan.time_by or "wall")
        puzzle = self.puzzle
        cls = choose_solver(puzzle, plan.solver)
        params = dict(plan.params)
        checked_params(cls, params)
        seconds = plan.seconds if plan.seconds is not None or plan.nodes is not None else self.default_seconds()
        if plan.seconds is None and plan.nodes is None and puzzle.turn_seconds and cases:
            try:
                chosen = run_budget(puzzle, load_instance(puzzle, cases[0]), cls, params)
                seconds, params = chosen.budget.seconds, chosen.params
                say(chosen.note)
            except (WorkbenchError, ValueError):
                pass  # that case's own verdict will say what is wrong with it
        return Runner(self, seconds, solver=cls.name, params=params, nodes=plan.nodes, solver_seed=plan.solver_seed)

    def seed_cases(self, seeds, generator_options, instance_options, say=None) -> list[BatchCase]:
        return seed_cases(self.puzzle, seeds, generator_options, instance_options)

    def file_cases(self, paths, instance_options) -> list[BatchCase]:
        return file_cases(paths, instance_options, self.puzzle.split_cases)

    def default_files(self) -> list[str]:
        return []  # a puzzle's cases are seeds or files the user names

    def features(self, case: BatchCase) -> dict:
        return self.puzzle.case_features(load_instance(self.puzzle, case))

    def split_answers(self) -> "Splitter | None":
        puzzle = self.puzzle
        if type(puzzle).split_answers is Puzzle.split_answers:
            return None
        return puzzle.split_answers

    def snapshot_scorer(self, case: BatchCase) -> "Scorer":
        """A snapshot's score by the engine, as the final answer's (an incomplete answer has none)."""
        puzzle = self.puzzle
        instance = load_instance(puzzle, case)

        def score(text: str) -> tuple[float | None, str]:
            try:
                report = puzzle.score_solution(instance, text)
            except WorkbenchError as error:
                return None, f"invalid answer: {error}"
            if not math.isfinite(report.score):
                return None, f"the engine's score is not a number: {report.text}"
            if not report.complete:
                return None, f"incomplete: {report.summary()}"
            return float(report.score), ""

        return score

    def play(self, runner: "Runner", case: BatchCase, live: "LiveRecorder | None" = None) -> "CaseRun":
        from .live import run_live
        from .runner import CaseRun, solve_case

        puzzle = self.puzzle
        try:
            instance = load_instance(puzzle, case)
        except (WorkbenchError, ValueError) as error:
            return CaseRun(case.index, None, "FAIL", f"bad input: {error}", 0.0)
        if runner.command:
            split = self.split_answers()
            outcome, trace = run_live(lambda channel: puzzle.judge(instance, channel), runner, split,
                                      lambda: self.snapshot_scorer(case), live)
            return CaseRun(case.index, outcome.answer, outcome.verdict, outcome.message, outcome.seconds,
                           outcome.stderr_tail, data=outcome.data, cpu_seconds=outcome.cpu_seconds, live=trace)
        started = time.perf_counter()
        try:
            answer, seconds, cpu = solve_case(runner, puzzle, instance)
        except WorkbenchError as error:  # e.g. an online game cut short has no complete answer
            return CaseRun(case.index, None, "WA", str(error), time.perf_counter() - started)
        except Exception as error:  # a solver bug is this case's verdict, never the batch's end
            return CaseRun(case.index, None, "RE", f"solver crashed: {type(error).__name__}: {error}",
                           time.perf_counter() - started)
        return CaseRun(case.index, answer, None, "", seconds, cpu_seconds=cpu)

    def score_run(self, case: BatchCase, run: "CaseRun") -> "CaseResult":
        """Re-score the answer with the engine; a verdict the run found first stands."""
        from .results import CaseResult

        try:
            instance = load_instance(self.puzzle, case)
            features = self.puzzle.case_features(instance)
        except (WorkbenchError, ValueError) as error:
            return CaseResult(case, 0, "FAIL", f"bad input: {error}", run.seconds)
        from .live import last_answer

        answer = last_answer(self.split_answers(), run.answer)  # of several answers, the last counts
        result = CaseResult(case, 0, run.verdict or "OK", run.message, run.seconds, features,
                            stderr_tail=run.stderr_tail, answer=answer, data=dict(run.data),
                            cpu_seconds=run.cpu_seconds, live=run.live)
        if run.verdict is None:
            if answer is None:
                result.verdict, result.message = "WA", "no answer"
            else:
                try:
                    report = self.puzzle.score_solution(instance, answer)
                except WorkbenchError as error:
                    result.verdict, result.message = "WA", f"invalid answer: {error}"
                else:
                    result.score, result.facts = report.score, dict(report.facts)
                    if not math.isfinite(report.score):  # a plugin's engine: a score is a finite number
                        result.verdict, result.message = "WA", f"the engine's score is not a number: {report.text}"
                        result.score = 0
                    elif not report.complete:  # valid, but it does not count (a level left unsolved)
                        result.verdict, result.message = "WA", f"incomplete: {report.summary()}"
        return result


def feature_names(problem: BatchProblem, cases: Sequence[BatchCase]) -> list[str]:
    """The problem's feature names, from the first case that reads."""
    for case in cases:
        try:
            return list(problem.features(case))
        except (WorkbenchError, ValueError):
            continue
    return []

