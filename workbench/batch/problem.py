"""What a batch runs cases of, declared: a puzzle (``puzzle_problem.PuzzleProblem``) or a contest from its
own tools (``workbench.contest.problem.ContestProblem``), both of which implement every member below.

Two sides, each used alone where only it is needed:

- ``PlanProblem``: what a plan needs (``workbench.batch.plan.BatchPlan``, in the batch's own process):
  its name and objective, its defaults, its build step, where its runs live, the runner it plays with.
- ``CaseProblem``: what a case needs: its cases made, played and scored. ``play`` and ``score_run`` run
  where the case runs (a local worker, a Dask worker, the app's live view): the problem is a small
  picklable value sent there with the ``Runner``.

Where scoring happens, one rule: **a case is scored where it ran**, by ``score_run`` right after
``play`` (``runner.run_case``), so scoring scales with ``--jobs`` and with a cluster. The batch's
own process only adds what needs the whole run (the relative score from the best-known file), and
judges a case whose worker never answered (FAIL, nothing to score) through the same ``score_run``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective

from .cases import BatchCase

if TYPE_CHECKING:
    from workbench.core.answer_split import Splitter

    from .case_run import CaseRun, Runner
    from .live import LiveRecorder, Scorer
    from .results import CaseResult


class PlanChoices(Protocol):
    """What a problem reads of the plan being built (a ``workbench.batch.plan.BatchPlan``; that module
    imports this one, so the plan is seen through this protocol)."""

    solver: str | None  # a built-in solver by name (None: the puzzle's first, or a program)
    params: dict[str, object]  # the solver's parameters
    nodes: int | None  # the solver's node budget
    solver_seed: int
    command: str | None  # the user's program (None: the problem's default, or a built-in solver)
    env: dict[str, str]  # variables the program gets
    seconds: float | None  # a case's budget or time limit (None: the problem's default)
    time_by: str | None  # which time judges a program's limit (None: the problem's default)
    build: str | None  # the build step (None: the problem's own)
    cwd: str  # where the program and its build run


class PlanProblem(Protocol):
    """What a batch plan needs of its problem. Each member is cheap and runs in the batch's process."""

    @property
    def id(self) -> str:
        """The puzzle id or the contest's name: it names run folders and the best-known file."""
        ...

    @property
    def kind(self) -> str:
        """``"puzzle"`` or ``"contest"``, kept in run.json."""
        ...

    @property
    def objective(self) -> Objective:
        """Which way a score is better."""
        ...

    def meta(self) -> dict[str, object]:
        """What run.json needs to find the problem again (a contest: its file), merged into it."""
        ...

    def runs_root(self) -> Path:
        """Where its run folders, best-known file and run database live when the user names none."""
        ...

    def default_seconds(self) -> float:
        """A case's budget or time limit when none is given; positive."""
        ...

    def default_command(self) -> str | None:
        """The program a run gets when none is given (None: a built-in solver plays)."""
        ...

    def build_command(self) -> str:
        """Its own build step, run before any case ("": none)."""
        ...

    def program_is_checkable(self) -> bool:
        """Whether the program's file can be found before a run (not when a tester names it itself)."""
        ...

    def check_plan(self, plan: PlanChoices) -> None:
        """Raise UsageError naming a choice of ``plan`` this problem cannot run; return otherwise."""
        ...

    def make_runner(self, plan: PlanChoices, cases: Sequence[BatchCase], say: Callable[[str], None]) -> Runner:
        """The plain value every case of the run is played with: the plan's solver (its parameters checked
        once, here) or program, and its budget or limit (the plan's, else the default). ``say`` tells the
        user a choice made for them (a per-turn budget). UsageError: a choice that cannot run."""
        ...


class CaseProblem(Protocol):
    """What a case needs: made (in the batch's process), then played and scored where it runs."""

    def seed_cases(
        self,
        seeds: Sequence[int],
        generator_options: dict[str, object],
        instance_options: dict[str, object],
        say: Callable[[str], None] | None = None,
    ) -> list[BatchCase]:
        """One case per seed, in order, indexed from 0. ``say``: what a slow start waits for (a
        contest's gen). WorkbenchError: a generator that cannot make them."""
        ...

    def file_cases(self, paths: Sequence[str], instance_options: dict[str, object]) -> list[BatchCase]:
        """The cases in the files (a file of several cases is split); a file that cannot be read is a
        case whose ``problem`` says why (its verdict is FAIL), never an exception."""
        ...

    def default_files(self) -> list[str]:
        """The cases without seeds or files (an output-only contest's inputs); [] when there are none."""
        ...

    def features(self, case: BatchCase) -> dict[str, object]:
        """The case's features (its size, ...), the columns of its row. WorkbenchError or ValueError when
        the input is bad."""
        ...

    def play(self, runner: Runner, case: BatchCase, live: LiveRecorder | None = None) -> CaseRun:
        """Run the case with ``runner``; never raises for the case's own sake: a bad input, a crash, a
        timeout are the run's verdict. ``live``: a recorder a view watches (its snapshots left for its
        owner to score); without one, what the program said live is scored here."""
        ...

    def split_answers(self) -> Splitter | None:
        """How its outputs split into successive answers (None: an output is one answer)."""
        ...

    def snapshot_scorer(self, case: BatchCase) -> Scorer:
        """A function scoring a snapshot of a run of ``case``: (score, "") or (None, why it has none)."""
        ...

    def score_run(self, case: BatchCase, run: CaseRun) -> CaseResult:
        """The case's result: ``run``'s answer scored, or the verdict the run found first kept, with the
        case's features. Called where the case ran (see the module's rule); never raises for a bad case."""
        ...


class BatchProblem(PlanProblem, CaseProblem, Protocol):
    """Both sides: what a plan holds, to make its cases and its runner."""


def feature_names(problem: CaseProblem, cases: Sequence[BatchCase]) -> list[str]:
    """The problem's feature names, from the first case that reads."""
    for case in cases:
        try:
            return list(problem.features(case))
        except (WorkbenchError, ValueError):
            continue
    return []
