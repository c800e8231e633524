"""``contest.toml``: one contest's tools as shell commands, read strictly and written with comments.

The file is meant to be read and edited by people, so ``render`` writes every
key with a comment saying what it does, and ``load`` names the file, the key
and the line of any mistake (an unknown key is a typo, not something to ignore).
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.batch.program_run import TIME_MEASURES
from workbench.core.answer_split import SPLITTERS
from workbench.core.errors import WorkbenchError, escaped, shown
from workbench.core.files import read_text
from workbench.core.objective import Objective

FILE_NAME = "contest.toml"
# A line "Score = N", as the official vis and tester print it: pahcer's default, taking the real
# numbers Topcoder's testers print too (52.0, -1.0, 1.5e-3).
DEFAULT_SCORE_REGEX = r"(?m)^\s*Score\s*=\s*(?P<score>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*$"
DEFAULT_TIME_LIMIT = 2.0
MAX_TIME_LIMIT = 24 * 3600.0
OBJECTIVES = ("max", "min")
# {NAME} in a command; a shell's own ${NAME} is left alone.
PLACEHOLDER = re.compile(r"(?<!\$)\{([A-Z][A-Z0-9_]*)\}")
PLACEHOLDERS = {
    "SEED": "the seed, e.g. 42",
    "SEED04": "the seed with four digits at least, e.g. 0042",
    "IN": "the case's input file",
    "OUT": "the file the program's output goes to",
    "CMD": "your program: batch --cmd, or `program` below",
    "DIR": "the folder holding this file",
    "NAME": "the case's name: its seed with four digits, or its input file's name without .txt",
    "WORK": "the case's own empty folder, for files the run step saves (a tester's -saveAll)",
    "LIMIT_MS": "the time limit in milliseconds, for a tester that enforces it (-timeLimit)",
}
# Which placeholders each command may use (a seed means nothing to a file-based case's run).
ALLOWED = {
    "inputs.file": {"SEED", "SEED04"},
    "inputs.gen": {"DIR"},
    "inputs.files": set(),
    "run.command": {"SEED", "SEED04", "IN", "OUT", "CMD", "DIR", "NAME", "WORK", "LIMIT_MS"},
    "run.input_file": {"SEED", "SEED04", "NAME"},
    "run.answer_file": {"SEED", "SEED04", "NAME"},
    "score.command": {"SEED", "SEED04", "IN", "OUT", "DIR", "NAME"},
    "view.command": {"SEED", "SEED04", "IN", "OUT", "DIR", "NAME"},
    "program": {"DIR", "NAME", "SEED", "SEED04"},
    "build.command": {"DIR"},
}


class ContestFileError(WorkbenchError):
    """A contest file that cannot be used; the message names the file and the key or line."""


@dataclass(frozen=True)
class ContestConfig:
    path: Path  # the contest.toml file; relative paths in it are from its folder
    name: str
    objective: Objective = Objective.MAX
    interactive: bool = False
    time_limit: float = DEFAULT_TIME_LIMIT
    time_by: str = "wall"  # which time judges time_limit: "wall" (AtCoder, pahcer) or "cpu"
    build: str = ""  # [build] command: run once before a batch (make, cargo build --release)
    score_regex: str = DEFAULT_SCORE_REGEX
    program: str = ""  # the default command when batch gets no --cmd
    features: tuple[str, ...] = ()  # names of the numbers on the input's first line
    error_score: float | None = None  # the score a tester gives a failed case (Topcoder: -1); None: pahcer's rule
    input_file: str = ""  # [inputs] file: a seed's input, when the file exists
    gen: str = ""  # [inputs] gen: makes inputs from a seeds.txt
    input_files: str = ""  # [inputs] files: the named cases of an output-only contest (a glob)
    by_run: bool = False  # [inputs] by_run: the run step makes each case from its seed (a Topcoder tester)
    run: str = "{CMD}"  # [run] command
    run_input: str = ""  # [run] input_file: the case's input as the run step saved it in {WORK}
    run_answer: str = ""  # [run] answer_file: the answer as the run step saved it in {WORK} (else stdout)
    answers: str = "one"  # [run] answers: how stdout splits into answers, the last counting (answer_split)
    score: str = ""  # [score] command ("" : the score is in the run's output)
    view_command: str = ""  # [view] command ("" : the score command)
    view_html: tuple[str, ...] = ("vis.html",)  # [view] html: files the view command writes
    web: str = ""  # [view] web: a web visualizer's page
    web_input: str = "input"  # the ids of the page's input and output text boxes
    web_output: str = "output"

    @property
    def folder(self) -> Path:
        return self.path.parent

    @property
    def runs_own_program(self) -> bool:
        """Whether the run step names the program itself (an imported pahcer step without {CMD})."""
        return "{CMD}" not in self.run

    @property
    def score_pattern(self) -> re.Pattern[str]:
        return re.compile(self.score_regex)

    @property
    def view_step(self) -> str:
        return self.view_command or self.score

    def web_page(self) -> Path | None:
        return (self.folder / self.web) if self.web else None

    def web_problem(self) -> str:
        """Why the web visualizer's folder must not be served ("" when it may be). The app serves the
        page's whole folder: the contest folder (or one holding it) would serve the contestant's
        sources and runs.sqlite to the page and to anything that reaches the server."""
        page = self.web_page()
        if page is None:
            return ""
        served, contest = page.resolve().parent, self.folder.resolve()
        if served == contest:
            where = "the contest folder"
        elif contest.is_relative_to(served):
            where = f"{served}, which holds the contest folder"
        elif served in (Path.home().resolve(), Path("/")):
            where = f"{served}"
        else:
            return ""
        return (
            f"the web visualizer {self.web} is in {where}: the app serves the page's whole folder, your "
            "sources and runs with it; put the visualizer's files in a folder of their own (e.g. "
            "tools/web/) and name its page there"
        )

    def input_path(self, seed: int) -> Path | None:
        if not self.input_file:
            return None
        return self.folder / self.input_file.replace("{SEED}", str(seed)).replace("{SEED04}", f"{seed:04d}")


# ------------------------------------------------------------------ reading
_TOP = {
    "name",
    "objective",
    "interactive",
    "time_limit",
    "time_by",
    "score_regex",
    "error_score",
    "program",
    "features",
    "build",
    "inputs",
    "run",
    "score",
    "view",
}
_TABLES = {
    "build": {"command"},
    "inputs": {"file", "gen", "files", "by_run"},
    "run": {"command", "answers", "input_file", "answer_file"},
    "score": {"command"},
    "view": {"command", "html", "web", "input_id", "output_id"},
}


def _line_of(text: str, key: str) -> str:
    """' (line N)' for the first line that sets ``key``, so a message can point at it."""
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=", re.M)
    match = pattern.search(text)
    return f" (line {text.count(chr(10), 0, match.start()) + 1})" if match else ""


def load(path: str | Path) -> ContestConfig:
    """The contest file at ``path`` (a contest.toml, or a folder holding one); ContestFileError says why not."""
    path = Path(path)
    if path.is_dir():
        path = path / FILE_NAME
    if not path.is_file():
        raise ContestFileError(f"{path}: no contest file here; make one with 'puzzle-workbench contest init FOLDER'")
    text = read_text(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContestFileError(f"{path}: not valid TOML: {error}") from None
    return from_data(path.resolve(), data, text)


def from_data(path: Path, data: dict[str, Any], text: str = "") -> ContestConfig:
    def fail(key: str, message: str) -> ContestFileError:
        return ContestFileError(f"{path}: {key}{_line_of(text, key.rsplit('.', 1)[-1])}: {message}")

    for key in data:
        if key not in _TOP:
            raise fail(key, f"unknown key (known: {', '.join(sorted(_TOP))})")
    for table, keys in _TABLES.items():
        value = data.get(table, {})
        if not isinstance(value, dict):
            raise fail(table, "must be a table: [" + table + "]")
        for key in value:
            if key not in keys:
                raise fail(f"{table}.{key}", f"unknown key (known in [{table}]: {', '.join(sorted(keys))})")

    def text_value(where: dict[str, Any], key: str, label: str, default: str = "") -> str:
        value = where.get(key, default)
        if not isinstance(value, str):
            raise fail(label, f"must be text in quotes, got {value!r}")
        return value.strip()

    name = text_value(data, "name", "name")
    if not name:
        raise fail("name", "the contest needs a name (used for its runs and best scores)")
    if not NAME.fullmatch(name):
        raise fail("name", f"{shown(name)} {NAME_RULE}")
    objective = text_value(data, "objective", "objective", "max").lower()
    if objective not in OBJECTIVES:
        raise fail("objective", f'must be "max" (higher scores win) or "min" (lower win), got \'{objective}\'')
    interactive = data.get("interactive", False)
    if not isinstance(interactive, bool):
        raise fail("interactive", f"must be true or false, got {interactive!r}")
    limit = data.get("time_limit", DEFAULT_TIME_LIMIT)
    if (
        isinstance(limit, bool)
        or not isinstance(limit, (int, float))
        or not (limit > 0 and math.isfinite(limit))
        or limit > MAX_TIME_LIMIT
    ):
        raise fail("time_limit", f"must be a number of seconds above 0 and at most a day, got {limit!r}")
    time_by = text_value(data, "time_by", "time_by", "wall").lower()
    if time_by not in TIME_MEASURES:
        raise fail("time_by", f'must be "wall" (the clock, as AtCoder judges) or "cpu", got \'{time_by}\'')
    regex = text_value(data, "score_regex", "score_regex", DEFAULT_SCORE_REGEX)
    try:
        compiled = re.compile(regex)
    except re.error as error:
        raise fail("score_regex", f"not a regular expression: {error}") from None
    if "score" not in compiled.groupindex and compiled.groups != 1:
        raise fail("score_regex", "must capture the score: a group named score, (?P<score>...), or one group")
    features = data.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        raise fail("features", f'must be a list of names in quotes, e.g. ["N", "M"], got {features!r}')
    inputs, view = data.get("inputs", {}), data.get("view", {})
    html = view.get("html", ["vis.html"])
    if isinstance(html, str):
        html = [html]
    if not isinstance(html, list) or not all(isinstance(h, str) for h in html):
        raise fail("view.html", f"must be a file name or a list of them, got {html!r}")
    answers = text_value(data.get("run", {}), "answers", "run.answers", "one").lower()
    if answers not in SPLITTERS:
        raise fail(
            "run.answers",
            f'must be "one" (stdout is one answer), "lines" (each line a whole answer, '
            f"the last counting) or \"blocks\" (answers between blank lines), got '{answers}'",
        )
    error_score = data.get("error_score")
    if error_score is not None and (
        isinstance(error_score, bool) or not isinstance(error_score, (int, float)) or not math.isfinite(error_score)
    ):
        raise fail("error_score", f"must be a number (the score the tester gives a failed case), got {error_score!r}")
    by_run = inputs.get("by_run", False)
    if not isinstance(by_run, bool):
        raise fail("inputs.by_run", f"must be true or false, got {by_run!r}")
    run_table = data.get("run", {})
    config = ContestConfig(
        path=path,
        name=name,
        objective=Objective.of(objective),
        interactive=interactive,
        time_limit=float(limit),
        time_by=time_by,
        build=text_value(data.get("build", {}), "command", "build.command"),
        score_regex=regex,
        program=text_value(data, "program", "program"),
        features=tuple(f.strip() for f in features),
        error_score=None if error_score is None else float(error_score),
        input_file=text_value(inputs, "file", "inputs.file"),
        gen=text_value(inputs, "gen", "inputs.gen"),
        input_files=text_value(inputs, "files", "inputs.files"),
        by_run=by_run,
        run=text_value(run_table, "command", "run.command", "{CMD}"),
        answers=answers,
        run_input=text_value(run_table, "input_file", "run.input_file"),
        run_answer=text_value(run_table, "answer_file", "run.answer_file"),
        score=text_value(data.get("score", {}), "command", "score.command"),
        view_command=text_value(view, "command", "view.command"),
        view_html=tuple(html),
        web=text_value(view, "web", "view.web"),
        web_input=text_value(view, "input_id", "view.input_id", "input"),
        web_output=text_value(view, "output_id", "view.output_id", "output"),
    )
    if not config.run:
        raise fail("run.command", 'is empty: it runs a case, e.g. "{CMD}"')
    if not config.input_file and not config.gen and not config.input_files and not config.by_run:
        raise fail(
            "inputs",
            "needs file (a seed's input file) or gen (the generator), or both; files (the "
            "inputs of an output-only contest), or by_run = true (the tester makes each case)",
        )
    if config.by_run and "{SEED" not in config.run:
        raise fail("run.command", "makes each case from its seed (inputs.by_run), so it needs {SEED}")
    if config.input_file and "{SEED" not in config.input_file:
        raise fail(
            "inputs.file",
            f"'{config.input_file}' names one file for every seed: put {{SEED04}} "
            "or {SEED} in it, e.g. tools/in/{SEED04}.txt",
        )
    for label, template in (
        ("inputs.file", config.input_file),
        ("inputs.gen", config.gen),
        ("inputs.files", config.input_files),
        ("run.command", config.run),
        ("run.input_file", config.run_input),
        ("run.answer_file", config.run_answer),
        ("score.command", config.score),
        ("view.command", config.view_command),
        ("program", config.program),
        ("build.command", config.build),
    ):
        problem = placeholder_problem(label, template)
        if problem:
            raise fail(label, problem)
    return config


def placeholder_problem(label: str, template: str) -> str:
    """Why ``template`` cannot be the command ``label`` ("" when it can): a {NAME} not known there."""
    for placeholder in PLACEHOLDER.findall(template):
        if placeholder not in ALLOWED[label]:
            known = ", ".join("{" + p + "}" for p in sorted(ALLOWED[label])) or "none"
            return f"{{{placeholder}}} is not a placeholder here (known: {known})"
    return ""


# ------------------------------------------------------------------ writing
def toml_string(value: str) -> str:
    """``value`` as a TOML string: a literal '...' when it can be (regexes read as written), else "..."."""
    if "'" not in value and "\n" not in value and not any(ord(c) < 32 or ord(c) == 127 for c in value):
        return f"'{value}'"
    out = []
    for c in value:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 32 or ord(c) == 127:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def toml_list(values: Iterable[str]) -> str:
    return "[" + ", ".join(toml_string(v) for v in values) + "]"


def _error_score_line(value: float | None) -> str:
    """error_score's line: commented out when unset (TOML has no null)."""
    note = "# The score a tester gives a failed case (Topcoder's -1): WA, other scores count as they are."
    return f"{note}\n" + (f"error_score = {value!r}" if value is not None else "# error_score = -1")


NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")  # a contest's name: it names files (best-known, runs)
NAME_RULE = "must be letters, digits, '-', '_' or '.' (it names files)"


def render(config: ContestConfig, notes: tuple[str, ...] = ()) -> str:
    """The contest file for ``config``, every key commented; ``notes`` go in the header (how it was made)."""
    places = "\n".join(f"#   {{{name}}}  {meaning}" for name, meaning in PLACEHOLDERS.items())
    # A note names files, folders and commands: a newline (or another control) in one would end its line.
    header = "\n".join(f"# {escaped(note)}" for note in notes)
    program = "" if config.program or config.runs_own_program else ' --cmd "./a.out"'
    return f"""\
# A contest for Puzzle Workbench: `puzzle-workbench batch {escaped(config.name)} --seeds 0-99{program}`.
{header + chr(10) if header else ""}#
# Commands run through /bin/sh. Placeholders (paths come quoted for the shell):
{places}
# Relative paths outside commands are from this file's folder.

name = {toml_string(config.name)}
# "max": higher scores are better; "min": lower scores are better (relative score = best / score).
objective = {toml_string(config.objective)}
# true: the official tester runs your program and talks to it turn by turn.
interactive = {str(config.interactive).lower()}
# Seconds a case may take; past it (+0.5 s grace) the program is killed: TLE.
time_limit = {config.time_limit:g}
# Which time judges the limit: "wall" (the clock, as AtCoder and pahcer judge) or "cpu" (the
# program's own CPU time, so a loaded machine does not make it TLE). Both are recorded.
time_by = {toml_string(config.time_by)}
# How the score is found in the score step's output (without a score step: in the run's
# stderr, or its stdout too when the answer is a file); the last match wins, its group named
# "score" is the score. No score is WA; so is a score of 0 or below, unless error_score is set.
score_regex = {toml_string(config.score_regex)}
{_error_score_line(config.error_score)}
# Your program when `batch` gets no --cmd (optional).
program = {toml_string(config.program)}
# Names for the numbers on the input's first line: columns of the results, and groups in
# summaries and comparisons. Lines "[DATA] name = value" your program writes to stderr
# become columns too.
features = {toml_list(config.features)}

[build]
# Builds your program once before a batch, in the folder `batch` starts in (optional), e.g.
# "cargo build --release" or "g++ -O2 -o a.out main.cpp". A failed build runs no case.
command = {toml_string(config.build)}

[inputs]
# A seed's input, when this file exists.
file = {toml_string(config.input_file)}
# Otherwise the generator makes it: run in an empty folder holding seeds.txt (the seeds, one
# a line), it writes in/0000.txt, in/0001.txt, ... one per line, as AtCoder's gen does.
gen = {toml_string(config.gen)}
# An output-only contest's inputs, a case each, named by its file (a pattern: "inputs/*.txt");
# `batch {config.name}` with no seeds runs them all.
files = {toml_string(config.input_files)}
# true: the run step makes each case from its seed itself (a Topcoder tester: -seed {{SEED}}).
by_run = {str(config.by_run).lower()}

[run]
# Runs a case: the input on stdin; stdout is the output. Runs in the folder `batch` starts in.
command = {toml_string(config.run)}
# How stdout splits into answers, for a contest whose vis takes several and scores the last:
# "one" (stdout is one answer), "lines" (each line a whole answer) or "blocks" (answers between
# blank lines). Each answer is a snapshot of the run, scored and plotted against its time.
answers = {toml_string(config.answers)}
# Files the run step saves in {{WORK}} (a tester's -saveAll): the case's input, kept with the
# run for the app and the features, and the answer (instead of stdout). Optional.
input_file = {toml_string(config.run_input)}
answer_file = {toml_string(config.run_answer)}

[score]
# Scores a case once it has run, in an empty folder of its own. Empty: the score is in the
# run's output (an interactive contest's tester prints it).
command = {toml_string(config.score)}

[view]
# Draws a case for the app, in an empty folder of its own (default: the score command) ...
command = {toml_string(config.view_command)}
# ... which writes this file (the first that exists is shown).
html = {toml_list(config.view_html)}
# A web visualizer's page (a downloaded folder; optional). The app serves its folder on
# localhost and fills the case's input and output into the text boxes with these ids.
web = {toml_string(config.web)}
input_id = {toml_string(config.web_input)}
output_id = {toml_string(config.web_output)}
"""
