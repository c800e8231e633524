"""Importing psytester's ``tester.cfg`` (formerly mmtester), as ``contest init --from tester.cfg``.

psytester runs one shell line a case, ``cmd_tester``, with ``%SEED%``, ``%SEED04%``,
``%OUTPUT_DIR%`` and ``%TESTER_ARGS%`` in it, and reads the score with its ``extraction_regex_*``
patterns from the files it names. Two shapes of that line are carried over: a Topcoder tester
(``java -jar tester.jar ... -exec "PROGRAM" -seed %SEED%``) and an AtCoder-style pair
(``PROGRAM < in/%SEED04%.txt > OUT ... && vis in/%SEED04%.txt OUT``). What cannot be carried is
said, one line each.
"""

from __future__ import annotations

import configparser
import re
import shlex
from pathlib import Path

from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective

from . import topcoder
from .config import DEFAULT_SCORE_REGEX, ContestConfig

FILE_NAME = "tester.cfg"
_SCORINGS = {"max": "max", "min": "min", "raw": "max"}


def _placeholders(text: str) -> str:
    return text.replace("%SEED04%", "{SEED04}").replace("%SEED%", "{SEED}")


def _score_regex(config: configparser.RawConfigParser, notes: list[str]) -> str:
    """The extraction pattern with a ``score`` group, made to find the score on its own line."""
    patterns = [value for key, value in config.items("general") if key.startswith("extraction_regex")]
    scored = [p for p in patterns if "(?P<score>" in p]
    if len(patterns) > len(scored):
        notes.append(
            "psytester's other extraction patterns are not carried: [DATA] name = value lines become "
            "columns by themselves"
        )
    if not scored:
        return DEFAULT_SCORE_REGEX
    try:
        re.compile(scored[0])
    except re.error:
        notes.append(f"its score pattern {scored[0]!r} is not a Python regular expression: the default is used")
        return DEFAULT_SCORE_REGEX
    pattern = scored[0]
    return pattern if pattern.startswith("(?m)") else "(?m)" + pattern


def import_psytester(path: Path, name: str) -> tuple[ContestConfig, list[str]]:
    """The contest file's settings for psytester's config at ``path``, and notes on what was carried."""
    parser = configparser.RawConfigParser()  # its values hold % and regexes: no interpolation
    try:
        parser.read_string(path.read_text(errors="replace"), source=str(path))
    except configparser.Error as error:
        raise WorkbenchError(f"{path}: not a psytester config: {str(error).splitlines()[0]}") from None
    if not parser.has_option("general", "cmd_tester"):
        raise WorkbenchError(f"{path}: not a psytester config: it has no cmd_tester in [general]")
    notes = [f"imported from psytester's {path.name}"]
    line = parser.get("general", "cmd_tester").strip()
    scoring = parser.get("default", "scoring", fallback="max").strip().lower() or "max"
    objective = _SCORINGS.get(scoring)
    if objective is None:
        raise WorkbenchError(f"{path}: scoring = {scoring}: expected max, min or raw")
    if scoring == "raw":
        notes.append("scoring = raw (psytester sums the scores): imported as max, higher scores win")
    notes.append(f"objective {objective}, from scoring = {scoring}")
    threads = parser.get("default", "threads_no", fallback="").strip()
    if threads:
        notes.append(f"threads_no = {threads} is not carried: give batch --jobs {threads}")
    if parser.get("default", "tester_arguments", fallback="").strip():
        notes.append("tester_arguments are not carried: add them to [run] command")
    regex = _score_regex(parser, notes)
    root = path.parent
    if "-exec" in line and ".jar" in line:
        config = _topcoder(root, line, name, objective, notes)
    else:
        config = _atcoder(root, line, name, objective, notes)
    from dataclasses import replace

    return replace(config, score_regex=regex), notes


def _topcoder(root: Path, line: str, name: str, objective: str, notes: list[str]) -> ContestConfig:
    words = shlex.split(line.split(">", 1)[0])  # the tester's own words, before its output's redirection
    jar = next((w for w in words if w.endswith(".jar")), "")
    program = words[words.index("-exec") + 1] if words.index("-exec") + 1 < len(words) else ""
    jar_path = (root / jar) if not Path(jar).is_absolute() else Path(jar)
    config = topcoder.config_for(root, topcoder.tester_command(root, jar_path.resolve()), name, objective, None)
    dropped = [
        w
        for w in words
        if w.startswith("-") and w not in ("-jar", "-exec", "-seed", "-novis") and not w.startswith("-save")
    ]
    if dropped:
        notes.append(
            f"the tester's flags {' '.join(dropped)} are not carried (the workbench passes -novis, "
            "-timeLimit and -saveAll itself)"
        )
    notes.append(f"the Topcoder tester {jar}: it makes each case from its seed; program {program}")
    from dataclasses import replace

    return replace(config, program=_placeholders(program))


_INPUT = re.compile(r"<\s*(\S+)")


def _atcoder(root: Path, line: str, name: str, objective: str, notes: list[str]) -> ContestConfig:
    steps = [step.strip() for step in line.split("&&")]
    run = steps[0]
    found = _INPUT.search(run)
    if not found:
        raise WorkbenchError(
            f"cmd_tester '{line}': cannot tell the program's input file (expected "
            "'PROGRAM < in/%SEED04%.txt ...', or a Topcoder tester with -exec)"
        )
    input_file = _placeholders(found.group(1))
    program = run[: found.start()].strip()
    score = ""
    if len(steps) > 1:
        words = shlex.split(steps[1].split(">", 1)[0])
        inputs = [i for i, w in enumerate(words) if _placeholders(w) == input_file]
        if inputs:
            words[inputs[0]] = "{IN}"
            outputs = [i for i, w in enumerate(words) if "%OUTPUT_DIR%" in w]
            for i in outputs[:1]:
                words[i] = "{OUT}"
            score = " ".join("{IN}" if w == "{IN}" else "{OUT}" if w == "{OUT}" else shlex.quote(w) for w in words)
    if not score:
        notes.append("no score step found after && in cmd_tester: the score is read from the program's stderr")
    notes.append(f"program {program}, inputs {input_file}" + (f", scored by {score}" if score else ""))
    return ContestConfig(
        path=root / "contest.toml",
        name=name,
        objective=Objective.of(objective),
        input_file=input_file,
        program=program,
        run="{CMD}",
        score=score,
    )
