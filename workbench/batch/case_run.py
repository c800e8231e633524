"""The plain values a case run takes and gives back, wherever it runs (a local worker, a Dask worker,
the app's live view): picklable, and holding no problem, so no module needs a back-reference.

``Runner``: what the plan chose to play every case with (a built-in solver and its budget, or the
user's command and its limit); it makes the ``program_run.ProgramCall`` that starts a program on a
case (a contest builds its own around it: its run step). ``CaseRun``: how a case's run went, before
it is scored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .program_run import ProgramCall, ProgramOutcome

if TYPE_CHECKING:
    from .live import LiveTrace


@dataclass(frozen=True)
class Runner:
    """How every case of a run is played: a built-in solver or the user's command."""

    seconds: float | None  # per case: the solver's budget, or the program's time limit (None: nodes only)
    solver: str | None = None
    params: dict[str, object] = field(default_factory=dict)
    nodes: int | None = None
    solver_seed: int = 0
    command: str | None = None
    cwd: str | None = None  # where the command runs (the batch's working folder)
    env: dict[str, str] = field(default_factory=dict)  # variables the command gets on top of the batch's (tuning)
    time_by: str = "wall"  # which time judges the command's limit: "wall" (AtCoder's rule) or "cpu"

    def program_call(self) -> ProgramCall:
        """The user's command, run as it is on a case (a built-in puzzle's judge talks to it)."""
        if not self.command:
            raise ValueError("a built-in solver's runner starts no program")
        if self.seconds is None:  # a plan gives a program the problem's default limit at least
            raise ValueError("a program's runner needs a time limit")
        return ProgramCall(self.command, self.seconds, cwd=self.cwd, env=dict(self.env), time_by=self.time_by)

    def describe(self) -> str:
        if self.command:
            given = " ".join(f"{k}={v}" for k, v in self.env.items())
            limit = f"{self.seconds:g} s limit" if self.seconds is not None else "no time limit"
            return f"command '{self.command}'{' with ' + given if given else ''}, {limit}"
        params = " ".join(f"{k}={v}" for k, v in self.params.items())
        budget = ", ".join(
            ([f"{self.seconds:g} s"] if self.seconds is not None else [])
            + ([f"{self.nodes} nodes"] if self.nodes else [])
        )
        return f"solver {self.solver}{' ' + params if params else ''}, {budget}"


@dataclass
class CaseRun:
    index: int
    answer: str | None  # None: nothing to score
    verdict: str | None  # decided before scoring ("TLE", "RE", "WA"), or None
    message: str
    seconds: float
    stderr_tail: str = ""
    score: float | None = None  # set when the score came with the run (a contest's official tools)
    data: dict[str, object] = field(default_factory=dict)  # "[DATA] name = value" lines the program wrote
    cpu_seconds: float | None = None  # the program's (or the built-in solver's) CPU time
    tester_cpu_seconds: float | None = None  # an interactive contest's tester's own CPU time
    live: LiveTrace | None = None  # its [SCORE] lines and scored snapshots (None: it wrote none)
    input_text: str | None = None  # the input the run made and saved (a Topcoder tester), kept with the run

    @classmethod
    def of_program(cls, index: int, outcome: ProgramOutcome, live: LiveTrace | None) -> CaseRun:
        """How case ``index`` went when the user's program played it (``live.run_live``'s two results)."""
        return cls(index, live=live, **{name: getattr(outcome, name) for name in FROM_PROGRAM})


# What a case run takes from the program's ``ProgramOutcome`` as it is (``CaseRun.of_program``).
FROM_PROGRAM = ("answer", "verdict", "message", "seconds", "stderr_tail", "data", "cpu_seconds", "tester_cpu_seconds")
