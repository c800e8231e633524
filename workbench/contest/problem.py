"""A contest as a batch problem: cases from its inputs or gen, each run by its own commands and scored by its vis.

The workbench is not the judge here: the contest's official tools are. A case
runs the run command (your program, or the official tester that runs it) with
the input on stdin, then the score command (``vis IN OUT``) in a folder of its own;
the score is the last match of the contest's score regex. Verdicts follow
pahcer: no score or a score of 0 is WA.
"""

from __future__ import annotations

import re
import shlex
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from workbench.batch.case_run import CaseRun, Runner
from workbench.batch.cases import BatchCase, file_cases
from workbench.batch.live import LiveRecorder, Scorer, last_answer, run_live
from workbench.batch.problem import PlanChoices
from workbench.batch.processes import SHELL_SYNTAX, run_tool
from workbench.batch.program_run import GRACE_SECONDS, DataLines, ProgramCall, ProgramChannel, exit_reason
from workbench.batch.results import CaseResult
from workbench.batch.scratch import case_folder, fresh_folder
from workbench.core.answer_split import SPLITTERS, Splitter
from workbench.core.errors import UsageError
from workbench.core.files import temporary_prefix
from workbench.core.limits import is_finite
from workbench.core.objective import Objective

from .config import PLACEHOLDER, ContestConfig
from .program_script import TESTER_START_SECONDS, ProgramRecord, read_record, write_script
from .steps import fill, find_score, generate_inputs, seed_values

# A snapshot costs a run of the score step: in a batch at most this many of a case's snapshots are
# scored (evenly spread, the last among them); the others keep their times.
SCORED_SNAPSHOTS = 50


def first_line_numbers(text: str, names: Sequence[str]) -> dict[str, object]:
    """The input's first-line values under ``names`` (numbers where they read as numbers); "" or "-" skip one."""
    for line in text.splitlines():
        if line.strip():
            tokens = line.split()
            break
    else:
        return {}
    features: dict[str, object] = {}
    for name, token in zip(names, tokens):
        if name and name != "-":
            try:
                number = float(token)
                features[name] = int(number) if number.is_integer() and token.lstrip("-").isdigit() else number
            except ValueError:
                features[name] = token
    return features


def _saved(folder: Path, template: str, names: dict[str, str]) -> str | None:
    """A file the run step saved in its {WORK} folder (None when it saved none)."""
    path = folder / template.replace("{SEED04}", names["SEED04"]).replace("{SEED}", names["SEED"]).replace(
        "{NAME}", names["NAME"]
    )
    try:
        return path.read_text(errors="replace")
    except OSError:
        return None


def _feed(input_text: str) -> Callable[[ProgramChannel], str]:
    """The run step's protocol: the whole input on stdin, the whole output from stdout (a tester
    between them speaks the interactive protocol itself)."""

    def talk(channel: ProgramChannel) -> str:
        channel.send(input_text)
        channel.close_input()
        return channel.read_rest()

    return talk


def program_timed(run: CaseRun, record: ProgramRecord | None, limit: float, time_by: str) -> None:
    """The program's own times under the tester replace the tester's (a JVM's start is not the
    program's), and judge the limit."""
    if record is None:
        return  # never run: the tester's verdict (or the workbench's kill) stands
    running = record.running_since(time.time())
    if running is not None:  # the tester stopped it: past the limit, that is a TLE whatever it printed
        if running > limit and run.verdict != "TLE":
            tester = f" ({run.message})" if run.message else ""
            run.verdict = "TLE"
            run.message = f"your program was still running after {limit:g} s: the tester stopped it{tester}"
        return
    if record.seconds is not None:
        run.seconds = record.seconds
    if run.cpu_seconds is None:  # else the whole tree's (process_tree): `times` misses what was not waited for
        run.cpu_seconds = record.cpu_seconds
    used = run.seconds if time_by == "wall" else run.cpu_seconds
    if used is not None and used > limit + GRACE_SECONDS and run.verdict != "TLE":
        run.verdict = "TLE"
        what = "on the clock" if time_by == "wall" else "of CPU time"
        run.message = (
            f"your program took {used:.2f} s {what} under the tester, past {limit:g} s (+{GRACE_SECONDS:g} s grace)"
        )


def tester_command(template: str, values: dict[str, str]) -> str:
    """The run step of an interactive contest, filled; when it is one plain command (the tester and
    its arguments) that needs a shell only for its quoting, the shell becomes the tester (``exec``),
    so the process the batch starts is the tester itself and its own CPU time is told apart from
    the program's."""
    command = fill(template, values)
    if SHELL_SYNTAX.isdisjoint(PLACEHOLDER.sub("", template)) and not SHELL_SYNTAX.isdisjoint(command):
        return f"exec {command}"  # a shell only for its quotes: it becomes the tester
    return command  # run without a shell (the tester itself), or shell syntax of the user's own


def program_failed(run: CaseRun, record: ProgramRecord | None, score_pattern: re.Pattern[str]) -> None:
    """A program that exited non-zero under the tester is RE with its exit code, whatever the tester
    made of it ("Your program has terminated unexpectedly", and a score of 0)."""
    if record is None or record.exit_code is None:
        return  # the tester never ran it to its end: the tester's verdict stands
    code = record.exit_code
    if code == 0:
        return
    said = [line.strip() for line in run.stderr_tail.splitlines() if line.strip() and not score_pattern.search(line)]
    tester = f"; {run.message}" if run.message else ""
    run.verdict = "RE"
    run.message = f"your program ended with {exit_reason(code)}{tester}" + (
        f"; stderr: {said[-1][:200]}" if said else ""
    )


@dataclass(frozen=True)
class ContestProblem:
    """A contest from its own tools: a ``workbench.batch.problem.PlanProblem`` and ``CaseProblem``."""

    config: ContestConfig
    kind = "contest"

    @property
    def id(self) -> str:
        return self.config.name

    @property
    def objective(self) -> Objective:
        return Objective.of(self.config.objective)

    def meta(self) -> dict[str, object]:
        return {"contest_file": str(self.config.path)}

    def seed_cases(
        self,
        seeds: Sequence[int],
        generator_options: dict[str, object] | None = None,
        instance_options: dict[str, object] | None = None,
        say: Callable[[str], None] | None = None,
    ) -> list[BatchCase]:
        width = max(4, len(str(max(seeds, default=0))))
        if self.config.by_run:  # the tester makes each input from its seed: the seed is the case
            return [
                BatchCase(index, f"{seed:0{width}d}", f"seed {seed}", seed, "", identity=f"seed {seed}\n")
                for index, seed in enumerate(seeds)
            ]
        inputs = generate_inputs(self.config, seeds, say)
        return [
            BatchCase(index, f"{seed:0{width}d}", f"seed {seed}", seed, inputs[seed])
            for index, seed in enumerate(seeds)
        ]

    def file_cases(self, paths: Sequence[str], instance_options: dict[str, object] | None = None) -> list[BatchCase]:
        return file_cases(paths, {})

    def default_files(self) -> list[str]:
        """An output-only contest's inputs (``[inputs] files``), in name order."""
        if not self.config.input_files:
            return []
        return [str(p) for p in sorted(self.config.folder.glob(self.config.input_files)) if p.is_file()]

    def features(self, case: BatchCase) -> dict[str, object]:
        return first_line_numbers(case.input_text, self.config.features)

    def runs_root(self) -> Path:
        return self.config.folder / "runs"  # in its own folder, wherever batch starts (the app finds them)

    def default_seconds(self) -> float:
        return self.config.time_limit

    def build_command(self) -> str:
        return fill(self.config.build, {"DIR": str(self.config.folder)}) if self.config.build else ""

    def program_is_checkable(self) -> bool:
        return not self.config.runs_own_program  # a run step that names its program: the tester comes first

    def check_plan(self, plan: PlanChoices) -> None:
        """A contest runs the contestant's program; there is no built-in solver for it."""
        config = self.config
        if plan.solver or plan.params or plan.nodes:
            raise UsageError(f"{config.name} is a contest: it runs your program (--cmd), not a built-in solver")
        if config.runs_own_program and plan.command:
            raise UsageError(
                f"{config.path}: [run] command names its program itself; put {{CMD}} where your "
                "program goes to run it with --cmd"
            )
        if not plan.command and not config.program and not config.runs_own_program:
            raise UsageError(f'give your program with --cmd "./a.out" (or set program in {config.path})')

    def make_runner(self, plan: PlanChoices, cases: Sequence[BatchCase], say: Callable[[str], None]) -> Runner:
        return Runner(
            plan.seconds or self.config.time_limit,
            command=plan.command or self.default_command(),
            cwd=plan.cwd,
            env=dict(plan.env),
            time_by=plan.time_by or self.config.time_by,
        )

    def default_command(self) -> str:
        """The program a run gets without --cmd: the file's ``program``, or the run command itself
        when it names its program (an imported pahcer step)."""
        if self.config.runs_own_program:
            return fill(self.config.run, {"DIR": str(self.config.folder)})
        return fill(self.config.program, {"DIR": str(self.config.folder)})

    def split_answers(self) -> Splitter | None:
        return SPLITTERS[self.config.answers]

    def snapshot_scorer(self, case: BatchCase) -> Scorer:
        """A snapshot's score by the contest's score step (its vis), run on it as on a final answer."""
        config = self.config

        def score(text: str) -> tuple[float | None, str]:
            if not config.score:
                return None, f"not scored: {config.path} sets no [score] command to score a snapshot with"
            with tempfile.TemporaryDirectory(prefix=temporary_prefix("snapshot")) as folder:
                work = Path(folder)
                (work / "in.txt").write_text(case.input_text)
                (work / "out.txt").write_text(text)
                values = {
                    "IN": str(work / "in.txt"),
                    "OUT": str(work / "out.txt"),
                    "DIR": str(config.folder),
                    **seed_values(case.seed),
                }
                run = self._scored(CaseRun(case.index, text, None, "", 0.0), values, work, "")
            if run.verdict is not None:
                return None, run.message
            return run.score, ""

        return score

    def play(self, runner: Runner, case: BatchCase, live: LiveRecorder | None = None) -> CaseRun:
        config = self.config
        if case.problem:
            return CaseRun(case.index, None, "FAIL", f"bad input: {case.problem}", 0.0)
        work = case_folder()  # this worker's, reused: its files are rewritten, never deleted
        (work / "in.txt").write_text(case.input_text)
        saved = fresh_folder(work / "saved")  # what the run step saves ({WORK}): this case's only
        program = runner.command or self.default_command()
        limit = runner.seconds or config.time_limit
        values = {
            "IN": str(work / "in.txt"),
            "OUT": str(work / "out.txt"),
            "DIR": str(config.folder),
            "NAME": case.name,
            "WORK": str(saved),
            "LIMIT_MS": str(max(1, round(limit * 1000))),
            **seed_values(case.seed),
        }
        names = {k: v for k, v in values.items() if k in ("NAME", "SEED", "SEED04")}
        program = fill(program, names)  # --cmd "cat answers/{NAME}.out": an output-only contest's files
        if config.interactive:
            # Under a tester the program's exit code and times are the tester's to tell: a script
            # runs it and writes them down; the tester's own start is allowed on top of the limit.
            values["CMD"] = shlex.quote(str(write_script(work, program)))
            # In CPU time the tester's own is not the program's (process_tree): no allowance for it.
            call = ProgramCall(
                tester_command(config.run, values),
                limit + (TESTER_START_SECONDS if runner.time_by == "wall" else 0.0),
                cwd=runner.cwd,
                env=dict(runner.env),
                time_by=runner.time_by,
                tester=True,
            )
        else:
            values["CMD"] = program
            call = ProgramCall(
                fill(config.run, values), limit, cwd=runner.cwd, env=dict(runner.env), time_by=runner.time_by
            )
        outcome, trace = run_live(
            _feed(case.input_text),
            call,
            self.split_answers(),
            lambda: self.snapshot_scorer(case),
            live,
            SCORED_SNAPSHOTS,
        )
        run = CaseRun.of_program(case.index, outcome, trace)
        if config.run_input:
            run.input_text = _saved(saved, config.run_input, names)
        if config.interactive:
            record = read_record(work)
            program_timed(run, record, limit, runner.time_by)
            if run.verdict != "TLE":
                program_failed(run, record, config.score_pattern)
        if run.verdict is not None:  # TLE, a crash, or more output than any answer needs
            return run
        log = ""
        if config.run_answer:  # stdout was the tester's log; the answer is the file it saved
            log, run.answer = outcome.answer or "", _saved(saved, config.run_answer, names)
            data = DataLines()  # the program's stderr, which a Topcoder tester echoes into its log
            for line in log.encode().splitlines():
                data(line)
            run.data = {**data.data, **run.data}
        else:
            run.answer = last_answer(self.split_answers(), outcome.answer)  # of several answers, the last
        (work / "out.txt").write_text(run.answer or "")
        return self._scored(run, values, work, outcome.stderr_tail, log)

    def _scored(self, run: CaseRun, values: dict[str, str], work: Path, stderr_tail: str, log: str = "") -> CaseRun:
        """The score step's verdict on a case that ran: its score, or WA saying why there is none."""
        config = self.config
        # Without a score step the tester wrote the score: on stderr (AtCoder's), or in its log on
        # stdout when the answer is a file it saved (Topcoder's).
        texts = [log, stderr_tail] if log else [stderr_tail]
        if config.score:
            (work / "score").mkdir(exist_ok=True)  # the vis's own files (vis.html), rewritten by each case
            tool = run_tool(fill(config.score, values), work / "score")
            if tool.returncode != 0:
                run.verdict, run.message = "WA", f"the score step failed: {tool.failure()}"
                return run
            texts = [tool.stdout, tool.stderr]
        run.score = find_score(config.score_pattern, texts)
        said = [line.strip() for text in texts for line in text.splitlines() if line.strip()]
        if run.score is None:
            run.verdict = "WA"
            run.message = "no score: nothing matched score_regex" + (f"; last line: {said[-1][:200]}" if said else "")
        elif not is_finite(run.score):  # "Score = nan", 1e999, or a whole number of 310 digits
            shown = next((line for line in reversed(said) if config.score_pattern.search(line)), "")
            run.verdict, run.message = (
                "WA",
                f"the score is not a finite number: {shown[:80]!r}"
                + (
                    ""
                    if isinstance(run.score, float)
                    else f" ({len(str(abs(run.score)))} digits: past 1.8e308, the "
                    "largest a score can be compared and averaged as)"
                ),
            )
            run.score = None
        elif config.error_score is not None:  # the tester's own score for a failed case, and why
            if run.score == config.error_score:
                reasons = [line for line in said if not config.score_pattern.search(line)]
                run.verdict = "WA"
                run.message = f"the tester's error score {run.score:g}" + (f": {reasons[-1][:200]}" if reasons else "")
                run.score = None
        elif run.score <= 0:  # pahcer's rule: the official vis scores a wrong answer 0 and says why
            reasons = [line for line in said if not config.score_pattern.search(line)]
            run.verdict, run.message = "WA", "score 0" + (f": {reasons[0][:200]}" if reasons else "")
        return run

    def score_run(self, case: BatchCase, run: CaseRun) -> CaseResult:
        """The official tools already judged: keep their score and verdict, add the case's features."""
        try:
            features = self.features(case)
        except ValueError:
            features = {}
        if run.input_text is not None:  # the input the tester made: kept with the run, same case
            case = replace(case, input_text=run.input_text, identity=case.identity or case.input_text)
        verdict = run.verdict or "OK"
        score = run.score if verdict == "OK" and run.score is not None else 0
        return CaseResult(
            case,
            score,
            verdict,
            run.message,
            run.seconds,
            features,
            stderr_tail=run.stderr_tail,
            answer=run.answer,
            data=dict(run.data),
            cpu_seconds=run.cpu_seconds,
            live=run.live,
            tester_cpu_seconds=run.tester_cpu_seconds,
        )
