"""What ``contest init`` writes: a contest file's settings from a contest's tools or another tester's config.

The tools are read (``tools_folder``: which exist, which is the tester, what the score step prints)
or another shape's (pahcer's or psytester's config, a Topcoder tester, an output-only contest): a
``Draft``. What the tools cannot say (which scores win, the time limit, how to build and run the
contestant's program) are its ``Question``s, each with a suggestion (the program's from the files
at the top of the folder: ``suggest``); ``settle`` takes each from a flag, an answer on a
terminal, or else the suggestion. The notes say how each setting was found, and become the
file's header.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from workbench.core.errors import WorkbenchError
from workbench.core.words import translate

from . import output_only, topcoder
from .config import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, OBJECTIVES, ContestConfig, placeholder_problem
from .pahcer import FILE_NAME as PAHCER_FILE
from .pahcer import import_pahcer
from .psytester import FILE_NAME as PSYTESTER_FILE
from .psytester import import_psytester
from .suggest import guess_program
from .tools_folder import CheckFailed, check_vis, config_from_tools, find_tools, survey


def _has_tools(folder: Path) -> bool:
    """Whether ``folder`` is (or holds) an AtCoder-style tools folder."""
    if folder.is_file():
        return False
    try:
        find_tools(folder)
    except WorkbenchError:
        return False
    return True


def safe_name(text: str) -> str:
    name = "".join(c if c.isalnum() or c in "-_." else "-" for c in text).strip("-.") or "contest"
    return name if name[0].isalnum() else "c" + name


def first_line_note(path: Path) -> list[str]:
    """A hint for ``features``: how many numbers the first input's first line holds."""
    try:
        tokens = path.read_text().split("\n", 1)[0].split()
    except (OSError, UnicodeDecodeError):
        return []
    if not tokens:
        return []
    names = [_column_name(i) for i in range(min(len(tokens), MAX_FEATURES))]
    example = ", ".join(f'"{name}"' for name in names)
    more = f' (and {len(tokens) - MAX_FEATURES} more: "-" skips one)' if len(tokens) > MAX_FEATURES else ""
    return [
        f"the inputs' first line holds {len(tokens)} value{'s' if len(tokens) > 1 else ''} "
        f"({' '.join(tokens[:MAX_FEATURES])}{' ...' if len(tokens) > MAX_FEATURES else ''}): name them in "
        f"features = [{example}]{more} to see and group cases by them"
    ]


MAX_FEATURES = 26


def _column_name(index: int) -> str:
    return chr(ord("A") + index)


def other_shape(
    folder: Path, name: str | None, objective: str | None, time_limit: float | None, tester: str | None, force: bool
) -> tuple[ContestConfig, list[str]] | None:
    """A contest that is not an AtCoder tools folder nor pahcer's: psytester's config, a Topcoder
    tester (a jar, its Java sources, or ``tester``, a command with its command line), or an
    output-only contest. None when ``folder`` is none of these."""
    root = folder.parent if folder.is_file() else folder
    title = name or safe_name(root.name)
    psy = folder if folder.name == PSYTESTER_FILE else folder / PSYTESTER_FILE
    if psy.is_file() and not tester:
        config, notes = import_psytester(psy, title)
        if config.by_run:
            notes += _checked(config, force)
        return config, notes
    jar = None if tester else topcoder.find_tester(root)
    command = tester or (topcoder.tester_command(root, jar) if jar is not None else None)
    if command:
        config = topcoder.config_for(root, command, title, objective or "max", time_limit)
        notes = [
            f"a Topcoder tester: {command} makes each case from its seed and runs your program "
            "(-novis and -saveAll always; -timeLimit is the time limit)"
        ]
        return config, notes + _checked(config, force)
    if output_only.looks_output_only(root):
        return output_only.config_for(root, title, objective or "max", time_limit)
    return None


def _checked(config: ContestConfig, force: bool) -> list[str]:
    """The Topcoder tester's check by a short run; with ``force`` a failed check is a note."""
    try:
        return topcoder.check_tester(config)
    except WorkbenchError as failed:
        if not force:
            raise WorkbenchError(f"{failed} — contest.toml is not written; --force to write it anyway") from None
        return [f"written with --force although {failed}"]


NONE = "-"  # the answer that means "no build step" or "no program"
FROM_PAHCER = "from pahcer's config"


@dataclass(frozen=True)
class Question:
    """A setting the tools cannot say: asked on a terminal, else its suggestion is taken (and said)."""

    key: str  # objective, time_limit, build, program
    text: str
    suggestion: str  # what an empty answer takes
    source: str  # where the suggestion comes from
    flag: str  # the flag that gives it without a question

    def read(self, answer: str) -> str:
        """The answer as the contest file keeps it; ValueError says what is wrong with it."""
        answer = answer.strip()
        if self.key == "objective":
            if answer.lower() not in OBJECTIVES:
                raise ValueError(f"answer max (higher scores win) or min (lower win), not {answer!r}")
            return answer.lower()
        if self.key == "time_limit":
            try:
                seconds = float(answer)
            except ValueError:
                raise ValueError(f"answer a number of seconds, e.g. 2, not {answer!r}") from None
            if not 0 < seconds <= MAX_TIME_LIMIT:  # NaN fails too
                raise ValueError(f"a time limit is above 0 and at most a day, not {answer}")
            return answer
        if answer == NONE:
            return ""
        problem = placeholder_problem(FILE_KEYS[self.key], answer)
        if problem:
            raise ValueError(problem)
        return answer


FILE_KEYS = {"build": "build.command", "program": "program"}


def shown(key: str, value: str) -> str:
    """A setting as the notes say it."""
    if key == "objective":
        return f"objective {value} ({'higher' if value == 'max' else 'lower'} scores win)"
    if key == "time_limit":
        return f"time limit {float(value):g} s"
    if key == "build":
        return f"build: {value}" if value else "no build step"
    return f"program: {value}" if value else "no program (batch needs --cmd)"


@dataclass
class Draft:
    """The contest file's settings as the tools say them, and what they cannot say still to settle."""

    config: ContestConfig
    notes: list[str]
    questions: list[Question] = field(default_factory=list)


def draft_config(
    folder: Path, name: str | None = None, web: str | None = None, force: bool = False, tester: str | None = None
) -> Draft:
    """The contest file's settings for ``folder`` (a tools folder, its parent, a pahcer or psytester
    config, a Topcoder tester's folder or an output-only contest's), notes on how they were found,
    and the questions the tools leave. WorkbenchError when the tools' own check fails (unless ``force``)."""
    pahcer = folder if folder.name == PAHCER_FILE else folder / PAHCER_FILE
    psy = folder if folder.name == PSYTESTER_FILE else folder / PSYTESTER_FILE
    shaped = None if pahcer.is_file() or _has_tools(folder) else other_shape(folder, name, None, None, tester, force)
    tools, said_by, usual = None, "", "AtCoder's usual"  # said_by: the config that says the objective and program
    if shaped is not None:
        config, notes = shaped
        if psy.is_file() and not tester:
            said_by = f"from {PSYTESTER_FILE}"
        if config.by_run:
            usual = "Topcoder's usual"
        elif config.input_files:
            usual = "an output-only contest's usual"
    elif pahcer.is_file():
        config, notes = import_pahcer(pahcer)
        said_by = FROM_PAHCER
        try:  # a tools folder beside the pahcer config gives the generator pahcer has no step for
            root, tools = find_tools(pahcer.parent)
            found = survey(pahcer.parent) if root == pahcer.parent else None
        except WorkbenchError:
            found = None
        if found and "gen" in found.commands:
            config = replace(config, gen=f"{found.commands['gen']} seeds.txt")
        if found and "vis" in found.commands and not config.view_step:
            # The tester scores an interactive case; the official vis still draws it for the app.
            config = replace(config, view_command=f"{found.commands['vis']} {{IN}} {{OUT}}")
            notes.append(f"view: {found.commands['vis']} draws the cases")
    else:
        found = survey(folder)
        tools = found.tools
        config = config_from_tools(found, safe_name(found.root.name), "max", DEFAULT_TIME_LIMIT, web="")
        notes = [
            f"found in {found.tools}: "
            + ", ".join(sorted(found.commands))
            + (f"; seeds.txt with {len(found.seeds)} seeds" if found.seeds else "")
            + (f"; in/ with {found.inputs} inputs" if found.inputs else "")
        ]
        notes += found.notes
        try:
            notes += check_vis(config, found)
        except CheckFailed as failed:
            if not force:
                raise WorkbenchError(
                    f"{failed} — contest.toml is not written; fix the tools or score_regex, "
                    "or --force to write it anyway"
                ) from None
            notes += failed.notes + [f"written with --force although {failed}"]
        notes += first_line_note(found.tools / "in" / "0000.txt")
    changes: dict[str, Any] = {}
    if name:
        changes["name"] = name
    elif config.name != safe_name(config.name):
        changes["name"] = safe_name(config.name)
    if web:
        page = Path(web).resolve()
        if not page.is_file():
            raise WorkbenchError(f"--web {web}: no such page (give the visualizer's .html file)")
        try:
            changes["web"] = page.relative_to(config.folder).as_posix()
        except ValueError:
            changes["web"] = str(page)
    config = replace(config, **changes)
    if config.web_problem():
        raise WorkbenchError(f"--web {web}: {config.web_problem()}")
    return Draft(config, notes, questions_for(config, said_by, usual, tools))


def questions_for(config: ContestConfig, said_by: str, usual: str, tools: Path | None) -> list[Question]:
    """What the tools cannot say, each with its suggestion: the imported config's where it says
    (``said_by``), else the usual (higher wins, the shape's ``usual`` time limit), and the program
    from the files at the top of the contest folder."""
    cannot = "the tools cannot say"
    questions = [
        Question(
            "objective",
            translate("ContestInit", "Which scores win: max (higher) or min (lower)?"),
            config.objective,
            said_by or cannot,
            "--objective",
        ),
        Question(
            "time_limit",
            translate("ContestInit", "Time limit, seconds a case"),
            f"{config.time_limit:g}",
            f"{cannot}; {usual}",
            "--time-limit",
        ),
    ]
    if said_by and (config.build or config.program or config.runs_own_program):
        build, program, source = config.build, config.program, said_by
    else:
        guess = guess_program(config.folder, tools)
        build, program = guess.build, guess.program
        source = (
            (
                f"from {guess.source} at the top of the folder"
                + (f" (also there: {', '.join(guess.others)})" if guess.others else "")
            )
            if guess.source
            else "no solve.cpp, Cargo.toml or main.py at the top of the folder"
        )
    questions.append(
        Question(
            "build",
            translate("ContestInit", "Build command, run before each batch ('{0}': none)").format(NONE),
            build,
            source,
            "--build",
        )
    )
    if not config.runs_own_program:  # an imported pahcer step that names its program: no {CMD} to fill
        questions.append(
            Question(
                "program",
                translate("ContestInit", "Run command, your program ('{0}': none; batch then needs --cmd)").format(
                    NONE
                ),
                program,
                source,
                "--cmd",
            )
        )
    return questions


def settle(
    draft: Draft, given: dict[str, str | None], ask: Callable[[Question], str] | None = None
) -> tuple[ContestConfig, list[str]]:
    """The contest file's settings: each question's value from ``given`` (the flags; None: not given),
    else ``ask`` (a terminal's answer, already read), else its suggestion; a note says which."""
    values, notes = {}, list(draft.notes)
    for question in draft.questions:
        flagged = given.get(question.key)
        if flagged is not None:
            try:
                value = question.read(flagged)
            except ValueError as error:
                raise WorkbenchError(f"{question.flag} {flagged}: {error}") from None
            how = f"given with {question.flag}"
        elif ask is not None:
            value = ask(question)
            how = "your answer at contest init" + (
                f", as suggested {question.source}"
                if value == question.suggestion and question.source.startswith("from ")
                else ""
            )
        else:
            value, how = question.suggestion, f"{question.source}; {question.flag} to choose another"
        values[question.key] = value
        notes.append(f"{shown(question.key, value)} — {how}")
    changes: dict[str, Any] = {key: values[key] for key in ("objective", "build", "program") if key in values}
    if "time_limit" in values:
        changes["time_limit"] = float(values["time_limit"])
    return replace(draft.config, **changes), notes


def make_config(
    folder: Path,
    name: str | None = None,
    objective: str | None = None,
    time_limit: float | None = None,
    web: str | None = None,
    force: bool = False,
    tester: str | None = None,
    build: str | None = None,
    program: str | None = None,
) -> tuple[ContestConfig, list[str]]:
    """The contest file's settings for ``folder`` without a question: the given values, else the
    suggestions (said in the notes)."""
    given = {
        "objective": objective,
        "time_limit": None if time_limit is None else repr(time_limit),
        "build": build,
        "program": program,
    }
    return settle(draft_config(folder, name=name, web=web, force=force, tester=tester), given)


def refusal(draft: Draft, force: bool = False) -> str:
    """Why the contest of ``draft`` cannot be written (before any question is asked), or ""."""
    from workbench.core.registry import puzzles

    from . import known

    if draft.config.name in puzzles():
        return f"'{draft.config.name}' is a built-in puzzle: give the contest another --name"
    try:
        known.check_name(known.known(), draft.config, force)
    except WorkbenchError as error:
        return str(error)
    if draft.config.path.exists() and not force:
        return f"{draft.config.path} exists: edit it, or --force to write it again"
    return ""


def write_contest(config: ContestConfig, notes: list[str], force: bool = False) -> ContestConfig:
    """Write ``config`` as its contest.toml (the notes atop it, atomically; it must read back the same)
    and remember its name, as ``contest init`` and the app's New contest dialog do."""
    import tomllib

    from workbench.core.files import write_atomic

    from . import known
    from .config import from_data, render

    text = render(config, tuple(notes))
    if from_data(config.path, tomllib.loads(text), text) != config:
        raise WorkbenchError(f"internal error: {config.path} would not read back as written")
    write_atomic(config.path, text)
    known.remember(config, take_name=force)
    return config


def next_step(config: ContestConfig) -> str:
    """The batch command that runs the contest just written."""
    program = "" if config.program or config.runs_own_program else ' --cmd "./a.out"'
    if config.input_files:
        return f"puzzle-workbench batch {config.name}{program}   (every input of {config.input_files})"
    return f"puzzle-workbench batch {config.name} --seeds {'1-100' if config.by_run else '0-99'}{program}"
