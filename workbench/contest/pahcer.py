"""Importing a ``pahcer_config.toml`` (terry-u16/pahcer) into a contest file.

pahcer describes a case as steps: a program with arguments, a working folder,
and stdin/stdout files named with {SEED04}. The step marked ``measure_time`` runs
the contestant's program (directly, or through the interactive tester); the
steps after it score. Here the measured step's stdin file becomes the inputs'
file pattern, the paths of the input and output become {IN} and {OUT}, the
program becomes {CMD} (its command kept as ``program``), and ``cargo run --bin X``
becomes the built binary when there is one.
"""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path, PurePosixPath
from typing import Any

from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text
from workbench.core.objective import Objective

from .config import DEFAULT_SCORE_REGEX, DEFAULT_TIME_LIMIT, ContestConfig

FILE_NAME = "pahcer_config.toml"
CARGO_FLAGS_WITH_VALUE = {"--bin", "-p", "--package", "--manifest-path", "--features", "--target", "--profile"}


def _typed(table: dict[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
    """``table[key]`` when it is a ``kind`` (``default`` when absent); WorkbenchError names the key."""
    if key not in table:
        return default
    value = table[key]
    if not isinstance(value, kind):
        what = {str: "text in quotes", bool: "true or false", list: "a list"}[kind]
        raise WorkbenchError(f"{where}: {key} must be {what}, got {value!r}")
    return value


class _Step:
    def __init__(self, raw: dict[str, Any], base: Path, where: str):
        if not isinstance(raw, dict) or not isinstance(raw.get("program"), str):
            raise WorkbenchError(f'{where}: a test step needs program = "..."')
        self.program: str = raw["program"]
        args = _typed(raw, "args", list, where, [])
        if not all(isinstance(a, str) for a in args):
            raise WorkbenchError(f"{where}: args must be a list of words in quotes, got {args!r}")
        self.args: list[str] = args
        current_dir = _typed(raw, "current_dir", str, where)
        self.cwd = base / current_dir if current_dir else base
        self.stdin: str | None = _typed(raw, "stdin", str, where)
        self.stdout: str | None = _typed(raw, "stdout", str, where)
        self.measured = _typed(raw, "measure_time", bool, where, False)


def _build_step(raw: dict[str, Any], base: Path, where: str) -> str:
    """A compile step as a shell command run from the contest folder: cd to its folder, then run it."""
    step = _Step(raw, base, where)
    try:
        folder = step.cwd.relative_to(base).as_posix()
    except ValueError:
        folder = None
    place = (
        "{DIR}" + ("" if folder in (None, ".") else "/" + shlex.quote(folder))
        if folder is not None
        else shlex.quote(str(step.cwd))
    )
    return f"(cd {place} && " + " ".join(shlex.quote(word) for word in [step.program, *step.args]) + ")"


def _normal(path: Path) -> str:
    """A path with '..' and '.' folded away, as text (the {SEED04} in it kept)."""
    parts: list[str] = []
    for part in PurePosixPath(path.as_posix()).parts:
        if part == "..":
            if parts and parts[-1] != "/":
                parts.pop()
        elif part != ".":
            parts.append(part)
    return str(PurePosixPath(*parts)) if parts else "."


class _Converter:
    def __init__(self, base: Path, in_pattern: str | None, out_pattern: str | None):
        self.base = base
        self.in_path = _normal(base / in_pattern) if in_pattern else None
        self.out_path = _normal(base / out_pattern) if out_pattern else None

    def file(self, full: Path | str) -> str:
        """A file for a command: {DIR}/relative inside the contest folder, else its absolute path."""
        try:
            return "{DIR}/" + shlex.quote(str(PurePosixPath(_normal(Path(full))).relative_to(_normal(self.base))))
        except ValueError:
            return shlex.quote(_normal(Path(full)))

    def path(self, text: str, cwd: Path) -> str:
        """An argument: {IN} / {OUT} when it names the case's files, {DIR}/... for a relative path."""
        if text.startswith(("./", "../")) or "{SEED" in text:
            full = _normal(cwd / text)
            if full == self.in_path:
                return "{IN}"
            if full == self.out_path:
                return "{OUT}"
            return self.file(full)
        return shlex.quote(text)

    def words(self, step: _Step) -> tuple[list[str], str | None, list[str]]:
        """(command words, the cargo binary's name or None, the binary's own arguments)."""
        if PurePosixPath(step.program).name == "cargo" and step.args[:1] == ["run"]:
            binary, rest, i = None, [], 1
            while i < len(step.args):
                arg = step.args[i]
                if arg == "--":
                    rest.extend(step.args[i + 1 :])
                    break
                if arg in CARGO_FLAGS_WITH_VALUE:
                    if arg == "--bin" and i + 1 < len(step.args):
                        binary = step.args[i + 1]
                    i += 2
                    continue
                if arg.startswith("-"):
                    i += 1
                    continue
                rest.append(arg)
                i += 1
            built = step.cwd / "target" / "release" / (binary or "")
            if binary and built.is_file():
                return [self.file(built)], binary, rest
            manifest = self.file(step.cwd / "Cargo.toml")
            head = ["cargo", "run", "--quiet", "--release", "--manifest-path", manifest]
            return head + (["--bin", shlex.quote(binary)] if binary else []) + ["--"], binary, rest
        program = shlex.quote(step.program) if "/" not in step.program else self.path(step.program, step.cwd)
        return [program], PurePosixPath(step.program).name, step.args

    def command(self, step: _Step) -> str:
        head, _, rest = self.words(step)
        words = head + [self.path(arg, step.cwd) for arg in rest]
        if step.stdin and _normal(self.base / step.stdin) == self.in_path:
            words.append("< {IN}")
        return " ".join(words)


def import_pahcer(path: Path) -> tuple[ContestConfig, list[str]]:
    """The contest file's settings from a pahcer config, and notes on what was not carried over."""
    path = path.resolve()
    try:
        data = tomllib.loads(read_text(path))
    except tomllib.TOMLDecodeError as error:
        raise WorkbenchError(f"{path}: not valid TOML: {error}") from None
    base = path.parent
    problem, test = data.get("problem", {}), data.get("test", {})
    if not isinstance(problem, dict) or not isinstance(test, dict):
        raise WorkbenchError(f"{path}: not a pahcer config ([problem] and [test] are tables)")
    raw_steps = _typed(test, "test_steps", list, f"{path}: [test]", [])
    steps = [_Step(raw, base, f"{path}: test.test_steps[{i}]") for i, raw in enumerate(raw_steps)]
    for key in ("problem_name", "objective", "score_regex"):
        _typed(problem, key, str, f"{path}: [problem]")
    measured = [s for s in steps if s.measured] or steps[:1]
    if not measured:
        raise WorkbenchError(f"{path}: no [[test.test_steps]]: nothing runs a case")
    run = measured[0]
    if not run.stdin:
        raise WorkbenchError(f"{path}: the measured step has no stdin file: the inputs cannot be found")
    convert = _Converter(base, run.stdin, run.stdout)
    head, binary, rest = convert.words(run)
    notes = [f"imported from {path.name}"]
    if binary and "tester" in binary:
        # The tester runs the program: its own arguments are the program.
        program = " ".join(convert.path(a, run.cwd) for a in rest)
        run_command = " ".join(head) + " {CMD}"
        interactive = True
    else:
        program = " ".join(head + [convert.path(a, run.cwd) for a in rest])
        run_command = "{CMD}"
        interactive = False
    after = [s for s in steps if s is not run]
    objective = str(problem.get("objective", "Max")).lower()
    build = " && ".join(
        _build_step(raw, base, f"{path}: test.compile_steps[{i}]")
        for i, raw in enumerate(_typed(test, "compile_steps", list, f"{path}: [test]", []))
    )
    if build:
        notes.append("pahcer's compile steps are the build step: run once before each batch")
    name = str(problem.get("problem_name") or base.name)
    config = ContestConfig(
        path=base / "contest.toml",
        name=name,
        objective=Objective.of(objective if objective in ("max", "min") else "max"),
        interactive=interactive,
        time_limit=DEFAULT_TIME_LIMIT,
        score_regex=str(problem.get("score_regex") or DEFAULT_SCORE_REGEX),
        program=program,
        input_file=_normal(Path(run.stdin)),
        run=run_command,
        build=build,
        score=" && ".join(convert.command(s) for s in after),
        view_html=("vis.html", "out.svg"),
    )
    if not config.score and not interactive:
        notes.append("no step after the program's scores it: the score is read from the program's stderr")
    return config, notes
