"""Running a contest's commands: the generator, a case (run, then score), and the view.

A case runs in a temporary folder of its own: ``in.txt`` holds its input and
``out.txt`` the program's output, so cases running side by side never share a
file, and the score step (the official ``vis``, which writes ``vis.html`` where
it runs) gets an empty folder each time.
"""

from __future__ import annotations

import re
import shlex
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from workbench.batch.processes import ToolOutput, run_tool
from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text, temporary_prefix
from workbench.core.limits import exact_number

from .config import PLACEHOLDER, ContestConfig

GEN_SECONDS = 600.0  # the generator's time at most: 60 s and 0.1 s a seed, up to this
GEN_NOTICE_SECONDS = 5.0  # a generator still running after this is said (the time it has, the seeds)


def fill(template: str, values: dict[str, str], raw: Sequence[str] = ("CMD",)) -> str:
    """``template`` with each {NAME} replaced: paths quoted for the shell, ``raw`` ones (a command) as they are."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            return match.group(0)
        return values[name] if name in raw else shlex.quote(values[name])

    return PLACEHOLDER.sub(value, template)


def seed_values(seed: int | None) -> dict[str, str]:
    if seed is None:
        return {"SEED": "", "SEED04": ""}
    return {"SEED": str(seed), "SEED04": f"{seed:04d}"}


def find_score(pattern: re.Pattern[str], texts: Sequence[str]) -> float | None:
    """The last score ``pattern`` finds in ``texts`` (in order), as pahcer reads it; None when none."""
    found = None
    for text in texts:
        for match in pattern.finditer(text):
            raw = match.group("score") if "score" in pattern.groupindex else match.group(1)
            number = exact_number(raw)  # a whole score exactly, however many digits
            if number is None:  # "nan", "inf", 1e999: read as they are, so the verdict can say so
                try:
                    number = float(raw)
                except (TypeError, ValueError):
                    continue
            found = number
    return found


# ------------------------------------------------------------------ inputs
def gen_seconds(seeds: int) -> float:
    """How long the generator may take for ``seeds`` seeds (AtCoder's makes a thousand in a second or two)."""
    return min(GEN_SECONDS, 60.0 + 0.1 * seeds)


def generate_inputs(
    config: ContestConfig, seeds: Sequence[int], say: Callable[[str], None] | None = None
) -> dict[int, str]:
    """Each seed's input: from ``inputs.file`` when it exists, else made by ``inputs.gen`` (once for all),
    within ``gen_seconds``; ``say`` hears of a generator still running after GEN_NOTICE_SECONDS."""
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
        raise WorkbenchError(
            f"no input for seed {missing[0]}: {first} does not exist, and {config.path} "
            "sets no generator ([inputs] gen)"
        )
    with tempfile.TemporaryDirectory(prefix=temporary_prefix("gen")) as folder:
        work = Path(folder)
        (work / "seeds.txt").write_text("".join(f"{seed}\n" for seed in missing))
        command, limit = fill(config.gen, {"DIR": str(config.folder)}), gen_seconds(len(missing))
        notice = threading.Timer(
            GEN_NOTICE_SECONDS,
            say or (lambda text: None),
            (
                f"the generator is still making {len(missing)} inputs ('{command}'): "
                f"stopped if it runs past {limit:g} s",
            ),
        )
        notice.daemon = True
        notice.start()
        try:
            output = run_tool(command, work, limit)
        finally:
            notice.cancel()
        if output.returncode != 0:
            raise WorkbenchError(f"the generator failed: {output.failure()}")
        for index, seed in enumerate(missing):
            made = work / "in" / f"{index:04d}.txt"
            if not made.is_file():
                raise WorkbenchError(
                    f"the generator ran but wrote no in/{index:04d}.txt (for seed {seed}); "
                    "[inputs] gen must write in/0000.txt, in/0001.txt, ... one per line of "
                    "seeds.txt, as AtCoder's gen does"
                )
            inputs[seed] = read_text(made)
    return inputs


# ------------------------------------------------------------------ the view
def draw_case(
    config: ContestConfig, input_text: str, output_text: str, seed: int | None, folder: Path
) -> tuple[Path | None, ToolOutput | None]:
    """Run the view command on a case in ``folder``; the HTML it wrote (or None) and how it went."""
    if not config.view_step:
        return None, None
    folder.mkdir(parents=True, exist_ok=True)
    work = folder / "work"
    work.mkdir(exist_ok=True)
    (folder / "in.txt").write_text(input_text)
    (folder / "out.txt").write_text(output_text)
    values = {
        "IN": str(folder / "in.txt"),
        "OUT": str(folder / "out.txt"),
        "DIR": str(config.folder),
        **seed_values(seed),
    }
    output = run_tool(fill(config.view_step, values), work)
    for name in config.view_html:
        if (work / name).is_file():
            return work / name, output
    return None, output
