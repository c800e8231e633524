"""A batch as the command line, a tuning study or the Runs panel describes it, made in one place.

``BatchPlan`` holds what the user chose (the problem, the seeds or files, a solver or a program,
the time, how many cases at a time, where the run goes, which cases are flagged); ``prepare``
builds the program and finds its file,
``spec`` makes the cases and the runner and claims the run folder. The problem says what only it
knows (``BatchProblem``): where its runs live, its default time, its build step, how its cases
run (a puzzle: a built-in solver or a program; a contest: a program only).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from workbench.core.errors import UsageError

from .anomalies import BELOW, NEAR_LIMIT, FlagRule, check_fraction
from .batch_run import BatchSpec, best_known_path, claim_folder, default_out
from .cases import MAX_REPEAT, BatchCase, repeated_cases
from .database import RunDatabase, database_path
from .problem import BatchProblem
from .program import ProgramFile, build, build_sources, changed_sources, check_program
from .results import BestKnown

MAX_WORKERS = 256
MAX_SECONDS = 24 * 3600.0


def _ignore(text: str) -> None:
    pass


@dataclass
class BatchPlan:
    problem: BatchProblem
    seeds: Sequence[int] | None = None  # or files
    files: Sequence[str] = ()
    generator_options: dict[str, object] = field(default_factory=dict)
    instance_options: dict[str, object] = field(default_factory=dict)
    solver: str | None = None  # a built-in solver (a puzzle's; its first when neither this nor command)
    params: dict[str, object] = field(default_factory=dict)
    nodes: int | None = None
    solver_seed: int = 0
    command: str | None = None  # the user's program (a contest: its `program` when None)
    env: dict[str, str] = field(default_factory=dict)  # variables the program gets (a tuning trial's values)
    seconds: float | None = None  # a case's budget or time limit; None: the problem's default
    time_by: str | None = None  # which time judges a program's limit; None: the problem's default
    build: str | None = None  # the build step; None: the problem's own ("" none)
    workers: int = 1  # cases at a time on this machine (the user's --jobs)
    dask: str | None = None
    out: Path | None = None  # the run folder; None: a new one under the runs folder
    runs_folder: Path | None = None  # where new run folders go; None: the problem's own (runs_root)
    label: str = ""
    comment: str = ""
    best: Path | None = None
    freeze_best: bool = False
    database: Path | None = None
    group_by: str | None = None
    command_line: list[str] = field(default_factory=list)
    cwd: str = field(default_factory=os.getcwd)  # where the program and its build run
    program: ProgramFile | None = None  # the program's file, found by prepare()
    # the build prepare() ran: its command and its sources' hashes (run.json's "build")
    built: dict[str, Any] | None = None
    recorded: dict[str, Any] | None = None  # a rerun: its run.json, whose build and program prepare() checks against
    repeat: int = 1  # runs of each case (batch --repeat): their spread is the run's noise
    rerun_of: Path | None = None  # the run this one reruns (compared with at the end)
    flag_below: float = BELOW  # an OK case under this relative score is flagged (--flag-below)
    flag_near_limit: float = NEAR_LIMIT  # a program's case past this of its limit may be (--flag-near-limit)

    # ------------------------------------------------------------ checked before anything runs
    def check(self) -> None:
        """The numbers and choices that need no case; UsageError says what is wrong."""
        if (self.seeds is None) == (not self.files):
            raise UsageError("give either --seeds A-B or input files")
        if self.seconds is not None and not (0 < self.seconds <= MAX_SECONDS):  # also refuses nan
            raise UsageError(
                f"--time must be a positive number of seconds, at most a day ({MAX_SECONDS:g}), got {self.seconds}"
            )
        if not 1 <= self.workers <= MAX_WORKERS:
            raise UsageError(f"--jobs must be 1..{MAX_WORKERS}, got {self.workers}")
        if not 1 <= self.repeat <= MAX_REPEAT:
            raise UsageError(f"--repeat must be 1..{MAX_REPEAT}, got {self.repeat}")
        if self.nodes is not None and self.nodes < 1:
            raise UsageError(f"--nodes must be at least 1, got {self.nodes}")
        if self.command is not None and not self.command.strip():
            raise UsageError("--cmd is empty: give the command that runs your program")
        for name, value in (("--flag-below", self.flag_below), ("--flag-near-limit", self.flag_near_limit)):
            try:
                check_fraction(name, value)
            except ValueError as error:
                raise UsageError(str(error)) from None
        self.problem.check_plan(self)

    def flag_rule(self, meta: dict[str, Any]) -> FlagRule:
        """Which cases of the run (``meta``: its run.json) are flagged: this plan's thresholds, the
        run's time limit and objective."""
        return FlagRule.of_run(meta, self.flag_below, self.flag_near_limit)

    @property
    def runs_root(self) -> Path:
        return self.runs_folder or self.problem.runs_root()

    @property
    def program_command(self) -> str:
        """The command that starts the user's program ("" when a built-in solver plays)."""
        if self.command:
            return self.command
        if self.solver is not None:
            return ""
        return self.problem.default_command() or ""

    def prepare(self, say: Callable[[str], None] = _ignore) -> ProgramFile | None:
        """Build the program (this plan's build step, else the problem's), then find the file its command
        starts: hashed for the run's record; UsageError naming it when it is missing."""
        step = self.problem.build_command() if self.build is None else self.build
        if step:
            build(step, self.cwd, say=say)
        program = self.program_command
        self.program = check_program(program, self.cwd) if program and self.problem.program_is_checkable() else None
        if step:
            sources = build_sources(step, self.cwd)
            if self.program is not None:  # what the build wrote is the program, not a source
                sources = {
                    name: sha for name, sha in sources.items() if (Path(self.cwd) / name).resolve() != self.program.path
                }
            self.built = {"command": step, "cwd": str(self.cwd), "sources": sources}
        if self.recorded is not None:
            for line in against_record(self.recorded, self.built, self.program):
                say(line)
        return self.program

    def cases(self, say: Callable[[str], None] = _ignore) -> list[BatchCase]:
        if self.seeds is not None:
            cases = self.problem.seed_cases(self.seeds, self.generator_options, self.instance_options, say=say)
        else:
            cases = self.problem.file_cases(list(self.files), self.instance_options)
        return repeated_cases(cases, self.repeat)

    def spec(self, cases: list[BatchCase] | None = None, say: Callable[[str], None] = _ignore) -> BatchSpec:
        """The run: its cases (made now unless given), its runner, its best-known file and database
        checked, its folder claimed (last: a mistake before leaves nothing behind)."""
        cases = self.cases(say) if cases is None else cases
        runner = self.problem.make_runner(self, cases, say)
        root = self.runs_root
        best = self.best or best_known_path(self.problem.id, root)
        check_best(best, [case.source for case in cases if case.seed is None])
        skipped = BestKnown(best, self.problem.objective).skipped  # a file that is not one is refused here
        if skipped:
            say(
                f"best-known: line{'s' if len(skipped) > 1 else ''} {', '.join(map(str, skipped[:10]))} of {best} "
                "hold no score and are left out"
            )
        # The database beside the run folder (or the one named) is checked before the folder is made: a
        # device, a folder or a file that is no database is one message, and leaves nothing behind.
        database = self.database or database_path(self.out.parent if self.out else root)
        if self.out:
            check_database_outside(database, self.out)
        RunDatabase(database).check(say)
        out = claim_folder(self.out) if self.out else default_out(self.problem.id, self.label, root)
        return BatchSpec(
            self.problem,
            runner,
            cases,
            out,
            workers=self.workers,
            dask=self.dask,
            label=self.label,
            best=best,
            freeze_best=self.freeze_best,
            comment=self.comment,
            database=database,
            command_line=list(self.command_line),
            generator_options=dict(self.generator_options) if self.seeds is not None else {},
            instance_options=dict(self.instance_options),
            group_by=self.group_by,
            program=self.program,
            build=self.built,
            repeat=self.repeat,
            rerun_of=self.rerun_of,
        )

    def with_values(self, values: Mapping[str, object]) -> BatchPlan:
        """The plan with tuned values: a solver's own parameters, or a program's variables (and in
        place of ``{NAME}`` in its command)."""
        if self.command is None and self.solver is not None:
            return replace(self, params={**self.params, **values})
        command = self.program_command
        for name, value in values.items():
            command = command.replace("{" + name + "}", str(value))
        return replace(self, command=command, env={**self.env, **{k: str(v) for k, v in values.items()}})


def against_record(meta: dict[str, Any], built: dict[str, Any] | None, program: ProgramFile | None) -> list[str]:
    """What a rerun says of its build and program against the run's (``meta``, its run.json): sources
    changed since, a program that is not the run's."""
    lines = []
    recorded = meta.get("build") if isinstance(meta.get("build"), dict) else None
    if built is not None and recorded is not None and isinstance(recorded.get("sources"), dict):
        changed = changed_sources(recorded["sources"], built["sources"])
        if changed:
            lines.append(
                f"built again from a changed {', '.join(changed[:5])}"
                + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
                + f" (since the run {meta.get('started') or 'was made'})"
            )
        else:
            lines.append(
                f"built again from the run's sources ({', '.join(list(built['sources'])[:5]) or 'none named'})"
            )
    was = meta.get("program") if isinstance(meta.get("program"), dict) else None
    if program is not None and was and was.get("sha256"):
        if program.sha256 != was["sha256"]:
            lines.append(
                f"the program {program.path.name} is not the run's: sha256 {program.sha256[:12]}, the run's "
                f"{str(was['sha256'])[:12]}"
            )
        else:
            lines.append(f"the program {program.path.name} is the run's (sha256 {program.sha256[:12]})")
    return lines


def check_database_outside(database: Path, out: Path) -> None:
    """--database is not --out nor in it: made first, it would be the file that makes the run refuse
    its own folder ("already holds files"), on every retry."""
    inside = Path(database).resolve().is_relative_to(Path(out).resolve())
    if inside:
        raise UsageError(
            f"--database {database} is inside --out {out}: a run folder holds only the run's own "
            f"files; name a database beside it (e.g. {Path(out).parent / 'runs.sqlite'})"
        )


def check_best(best: Path, inputs: list[str]) -> None:
    """--best names a file the scores can be written to: not a folder, a device, or an input."""
    from workbench.core.files import same_file

    best = Path(best)
    if best.is_dir():
        raise UsageError(f"--best {best} is a folder: it names the best-known scores file (a CSV)")
    if best.exists() and not best.is_file():
        raise UsageError(f"--best {best} is not a regular file (a device?): it would be replaced by a CSV")
    for source in inputs:
        if same_file(best, source):
            raise UsageError(f"--best {best} is one of the inputs: it would be replaced by a CSV")
