"""Output-only contests: a fixed set of named inputs, an answer file per input, an official scorer.

Cases have names, not seeds: ``[inputs] files`` is a pattern of the input files, and
``batch NAME`` with no seeds runs every one of them (the case named by its file). The scorer runs
as ``SCORER IN OUT``, as AtCoder's vis does; a program runs once per input, or the answers
are files already (``--cmd "cat answers/{NAME}.out"``).
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective

from .config import DEFAULT_SCORE_REGEX, ContestConfig

INPUT_FOLDERS = ("inputs", "input", "in", "data")
SCORER_NAMES = ("scorer", "score", "judge", "checker", "vis")


def _inputs(folder: Path) -> tuple[Path, str] | None:
    """The folder of inputs and the pattern of their files."""
    for name in INPUT_FOLDERS:
        place = folder / name
        if not place.is_dir():
            continue
        files = [p for p in place.iterdir() if p.is_file() and not p.name.startswith(".")]
        if not files:
            continue
        suffixes = {p.suffix for p in files}
        pattern = f"{name}/*{suffixes.pop()}" if len(suffixes) == 1 and "" not in suffixes else f"{name}/*"
        return place, pattern
    return None


def _scorer(folder: Path) -> str | None:
    """The command that runs the scorer found at the top of ``folder`` (or in tools/)."""
    for place in (folder, folder / "tools"):
        for stem in SCORER_NAMES:
            for path in sorted(place.glob(f"{stem}*")):
                if not path.is_file() or path.stem != stem:
                    continue
                where = "{DIR}/" + shlex.quote(path.relative_to(folder).as_posix())
                if path.suffix == ".py":
                    return f"python3 {where}"
                if os.access(path, os.X_OK) and path.suffix in ("", ".sh", ".exe", ".bin"):
                    return where
    return None


def looks_output_only(folder: Path) -> bool:
    return _inputs(folder) is not None and _scorer(folder) is not None


def config_for(folder: Path, name: str, objective: str, time_limit: float | None) -> tuple[ContestConfig, list[str]]:
    found = _inputs(folder)
    scorer = _scorer(folder)
    if found is None or scorer is None:
        raise WorkbenchError(
            f"{folder} is not an output-only contest: expected a folder of inputs "
            f"({', '.join(INPUT_FOLDERS)}) and a scorer ({', '.join(SCORER_NAMES)}, run as "
            "SCORER IN OUT)"
        )
    place, pattern = found
    count = len(list(folder.glob(pattern)))
    config = ContestConfig(
        path=folder / "contest.toml",
        name=name,
        objective=Objective.of(objective),
        time_limit=time_limit or 60.0,
        score_regex=DEFAULT_SCORE_REGEX,
        input_files=pattern,
        run="{CMD}",
        score=f"{scorer} {{IN}} {{OUT}}",
    )
    notes = [
        f"an output-only contest: {count} inputs in {place.name}/ ({pattern}), each a case named by its file; "
        f"scored by {scorer} IN OUT",
        'answers kept as files? run them as they are: --cmd "cat answers/{{NAME}}.out"',
    ]
    return config, notes
