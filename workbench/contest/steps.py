"""Running a contest's commands: the generator, a case (run, then score), and the view.

A case runs in a temporary folder of its own: ``in.txt`` holds its input and
``out.txt`` the program's output, so cases running side by side never share a
file, and the score step (the official ``vis``, which writes ``vis.html`` where
it runs) gets an empty folder each time.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text

from .config import PLACEHOLDER, ContestConfig

# A score or view step that runs longer than this is stuck (an official vis takes milliseconds).
TOOL_SECONDS = 60.0
GEN_SECONDS = 600.0
TOOL_OUTPUT_CHARS = 4 * 1024 * 1024


def fill(template: str, values: dict[str, str], raw: Sequence[str] = ("CMD",)) -> str:
    """``template`` with each {NAME} replaced: paths quoted for the shell, ``raw`` ones (a command) as they are."""
    def value(match: re.Match) -> str:
        name = match.group(1)
        if name not in values:
            return match.group(0)
        return values[name] if name in raw else shlex.quote(values[name])

    return PLACEHOLDER.sub(value, template)


def seed_values(seed: int | None) -> dict[str, str]:
    if seed is None:
        return {"SEED": "", "SEED04": ""}
    return {"SEED": str(seed), "SEED04": f"{seed:04d}"}


@dataclass
class ToolOutput:
    stdout: str
    stderr: str
    returncode: int | None  # None: killed at the timeout
    command: str

    def lines(self) -> list[str]:
        return [line for line in (self.stdout + "\n" + self.stderr).splitlines() if line.strip()]

    def failure(self) -> str:
        """Why the tool failed, in one line: its exit and the last thing it said."""
        said = self.lines()
        tail = f": {said[-1].strip()[:200]}" if said else ""
        if self.returncode is None:
            return f"'{self.command}' ran past its time and was stopped{tail}"
        return f"'{self.command}' exited with code {self.returncode}{tail}"


def run_tool(command: str, cwd: Path, timeout: float = TOOL_SECONDS, stdin: str = "") -> ToolOutput:
    """Run one of the contest's tools through the shell; the whole process group is stopped at ``timeout``."""
    try:
        process = subprocess.Popen(["/bin/sh", "-c", command], cwd=cwd, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    except OSError as error:
        raise WorkbenchError(f"cannot run '{command}': {error.strerror or error}") from None
    try:
        out, err = process.communicate(stdin.encode(), timeout=timeout)
        code: int | None = process.returncode
    except subprocess.TimeoutExpired:
        _kill_group(process)
        out, err = process.communicate()
        code = None
    finally:
        _kill_group(process)  # whatever it left running
    decode = lambda data: data[-TOOL_OUTPUT_CHARS:].decode("utf-8", errors="replace")  # noqa: E731
    return ToolOutput(decode(out), decode(err), code, command)


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def find_score(pattern: re.Pattern, texts: Sequence[str]) -> float | None:
    """The last score ``pattern`` finds in ``texts`` (in order), as pahcer reads it; None when none."""
    found = None
    for text in texts:
        for match in pattern.finditer(text):
            raw = match.group("score") if "score" in pattern.groupindex else match.group(1)
            try:
                found = float(raw)
            except (TypeError, ValueError):
                continue
    return found


# ------------------------------------------------------------------ inputs
def generate_inputs(config: ContestConfig, seeds: Sequence[int]) -> dict[int, str]:
    """Each seed's input: from ``inputs.file`` when it exists, else made by ``inputs.gen`` (once for all)."""
    inputs: dict[int, str] = {}
    missing = []
    for seed in seeds:
        path = config.input_path(seed)
        if path is not None and path.is_file():
            inputs[seed] = read_text(path)
        else:
            missing.append(seed)
    if not missing:
        return inputs
    if not config.gen:
        first = config.input_path(missing[0])
        raise WorkbenchError(f"no input for seed {missing[0]}: {first} does not exist, and {config.path} "
                             "sets no generator ([inputs] gen)")
    with tempfile.TemporaryDirectory(prefix="wb-gen-") as folder:
        work = Path(folder)
        (work / "seeds.txt").write_text("".join(f"{seed}\n" for seed in missing))
        output = run_tool(fill(config.gen, {"DIR": str(config.folder)}), work, GEN_SECONDS)
        if output.returncode != 0:
            raise WorkbenchError(f"the generator failed: {output.failure()}")
        for index, seed in enumerate(missing):
            made = work / "in" / f"{index:04d}.txt"
            if not made.is_file():
                raise WorkbenchError(f"the generator ran but wrote no in/{index:04d}.txt (for seed {seed}); "
                                     "[inputs] gen must write in/0000.txt, in/0001.txt, ... one per line of "
                                     "seeds.txt, as AtCoder's gen does")
            inputs[seed] = read_text(made)
    return inputs


# ------------------------------------------------------------------ the view
def draw_case(config: ContestConfig, input_text: str, output_text: str, seed: int | None,
              folder: Path) -> tuple[Path | None, ToolOutput | None]:
    """Run the view command on a case in ``folder``; the HTML it wrote (or None) and how it went."""
    if not config.view_step:
        return None, None
    folder.mkdir(parents=True, exist_ok=True)
    work = folder / "work"
    work.mkdir(exist_ok=True)
    (folder / "in.txt").write_text(input_text)
    (folder / "out.txt").write_text(output_text)
    values = {"IN": str(folder / "in.txt"), "OUT": str(folder / "out.txt"), "DIR": str(config.folder),
              **seed_values(seed)}
    output = run_tool(fill(config.view_step, values), work)
    for name in config.view_html:
        if (work / name).is_file():
            return work / name, output
    return None, output
