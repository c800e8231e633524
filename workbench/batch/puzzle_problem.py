"""A registered puzzle as a batch problem (``problem.PlanProblem`` and ``problem.CaseProblem``): bit-exact
generators, a built-in solver or the user's program judged by the puzzle's own ``judge``, and every
answer scored by its engine where the case ran."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.objective import Objective
from workbench.core.puzzle import Puzzle

from .case_run import CaseRun, Runner
from .cases import BatchCase, file_cases, load_instance, seed_cases
from .live import LiveRecorder, Scorer, last_answer, run_live
from .problem import PlanChoices
from .results import CaseResult

if TYPE_CHECKING:
    from workbench.core.answer_split import Splitter

_warmed: set[tuple[str, str]] = set()


def _solver_class(puzzle_id: str, solver: str) -> type:
    from solvers.warm_up import ready_solver
    from workbench.core.registry import solvers

    cls = solvers(puzzle_id)[solver]
    if (puzzle_id, solver) not in _warmed:
        # compile or load the kernels before the first case's clock starts (one worker compiles,
        # the others wait for it and load)
        ready_solver(puzzle_id, cls)
        _warmed.add((puzzle_id, solver))
    return cls


def solve_case(runner: Runner, puzzle: Puzzle, instance: object) -> tuple[str, float, float]:
    """A built-in solver's answer for the case, the seconds it took and the CPU seconds it used."""
    from solvers.driver import Budget
    from solvers.online import build_run, execute

    assert runner.solver is not None  # a runner without a command names its solver (make_runner)
    cls = _solver_class(puzzle.id, runner.solver)
    budget = Budget(seconds=runner.seconds, nodes=runner.nodes)
    started, cpu = time.perf_counter(), time.process_time()
    target = build_run(
        puzzle,
        instance,
        puzzle.initial_state(instance),
        cls,
        seed=runner.solver_seed,
        params=dict(runner.params),
        budget=budget,
    )
    result = execute(target, budget)
    return (puzzle.format_solution(instance, result.moves), time.perf_counter() - started, time.process_time() - cpu)


@dataclass(frozen=True)
class PuzzleProblem:
    """A registered puzzle: bit-exact generators, and every answer re-scored by its engine."""

    id: str
    kind = "puzzle"

    @property
    def puzzle(self) -> Puzzle:
        from workbench.core.registry import get_puzzle

        return get_puzzle(self.id)

    # ------------------------------------------------------------ what a plan needs
    @property
    def objective(self) -> Objective:
        return Objective.of(self.puzzle.objective)

    def meta(self) -> dict[str, object]:
        return {}

    def runs_root(self) -> Path:
        return Path("runs")  # beside the folder the batch starts in

    def default_seconds(self) -> float:
        from solvers.run_setup import DEFAULT_SECONDS

        return float(DEFAULT_SECONDS)

    def default_command(self) -> str | None:
        return None  # without a program, its default solver plays

    def build_command(self) -> str:
        return ""

    def program_is_checkable(self) -> bool:
        return True

    def check_plan(self, plan: PlanChoices) -> None:
        if plan.command:
            if plan.params or plan.nodes:
                raise UsageError("--param and --nodes are for built-in solvers, not --cmd")
            return
        if plan.build:
            raise UsageError("--build builds your program: give it with --cmd")
        if plan.time_by:
            raise UsageError("--time-by judges your program's time limit: give it with --cmd")

    def make_runner(self, plan: PlanChoices, cases: Sequence[BatchCase], say: Callable[[str], None]) -> Runner:
        """A program's runner, or the chosen solver's with its parameters checked (before any case
        runs, not once per case) and its budget: the plan's, else the default (per turn for a game
        played turn by turn, as 'solve' does)."""
        from solvers.run_setup import checked_params, choose_solver, run_budget

        if plan.command:
            return Runner(
                plan.seconds or self.default_seconds(),
                command=plan.command,
                cwd=plan.cwd,
                env=dict(plan.env),
                time_by=plan.time_by or "wall",
            )
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
        return Runner(seconds, solver=cls.name, params=params, nodes=plan.nodes, solver_seed=plan.solver_seed)

    # ------------------------------------------------------------ what a case needs
    def seed_cases(
        self,
        seeds: Sequence[int],
        generator_options: dict[str, object],
        instance_options: dict[str, object],
        say: Callable[[str], None] | None = None,
    ) -> list[BatchCase]:
        return seed_cases(self.puzzle, seeds, generator_options, instance_options)

    def file_cases(self, paths: Sequence[str], instance_options: dict[str, object]) -> list[BatchCase]:
        return file_cases(paths, instance_options, self.puzzle.split_cases)

    def default_files(self) -> list[str]:
        return []  # a puzzle's cases are seeds or files the user names

    def features(self, case: BatchCase) -> dict[str, object]:
        return dict(self.puzzle.case_features(load_instance(self.puzzle, case)))

    def split_answers(self) -> Splitter | None:
        puzzle = self.puzzle
        if type(puzzle).split_answers is Puzzle.split_answers:
            return None
        return puzzle.split_answers

    def snapshot_scorer(self, case: BatchCase) -> Scorer:
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

    def play(self, runner: Runner, case: BatchCase, live: LiveRecorder | None = None) -> CaseRun:
        puzzle = self.puzzle
        try:
            instance = load_instance(puzzle, case)
        except (WorkbenchError, ValueError) as error:
            return CaseRun(case.index, None, "FAIL", f"bad input: {error}", 0.0)
        if runner.command:
            outcome, trace = run_live(
                lambda channel: puzzle.judge(instance, channel),
                runner.program_call(),
                self.split_answers(),
                lambda: self.snapshot_scorer(case),
                live,
            )
            return CaseRun.of_program(case.index, outcome, trace)
        started = time.perf_counter()
        try:
            answer, seconds, cpu = solve_case(runner, puzzle, instance)
        except WorkbenchError as error:  # e.g. an online game cut short has no complete answer
            return CaseRun(case.index, None, "WA", str(error), time.perf_counter() - started)
        except Exception as error:  # a solver bug is this case's verdict, never the batch's end
            return CaseRun(
                case.index,
                None,
                "RE",
                f"solver crashed: {type(error).__name__}: {error}",
                time.perf_counter() - started,
            )
        return CaseRun(case.index, answer, None, "", seconds, cpu_seconds=cpu)

    def score_run(self, case: BatchCase, run: CaseRun) -> CaseResult:
        """Re-score the answer with the engine; a verdict the run found first stands."""
        try:
            instance = load_instance(self.puzzle, case)
            features = self.puzzle.case_features(instance)
        except (WorkbenchError, ValueError) as error:
            return CaseResult(case, 0, "FAIL", f"bad input: {error}", run.seconds)
        answer = last_answer(self.split_answers(), run.answer)  # of several answers, the last counts
        result = CaseResult(
            case,
            0,
            run.verdict or "OK",
            run.message,
            run.seconds,
            features,
            stderr_tail=run.stderr_tail,
            answer=answer,
            data=dict(run.data),
            cpu_seconds=run.cpu_seconds,
            live=run.live,
        )
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
