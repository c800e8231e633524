"""Contests remembered by name (``puzzle-workbench batch ahc050 ...`` from any folder).

``contest init`` remembers where each contest file is, in ``contests.json`` under
the user's config folder ($PUZZLE_WORKBENCH_HOME, else $XDG_CONFIG_HOME or
~/.config, then ``puzzle-workbench``). The file is small, rewritten atomically, and changed under
a lock (``contests.json.lock``), so contests made at once are all remembered.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.core.errors import WorkbenchError
from workbench.core.files import locked, read_text, write_atomic

from .config import FILE_NAME, ContestConfig, ContestFileError, load

if TYPE_CHECKING:
    from workbench.batch.problem import BatchProblem


def home() -> Path:
    if os.environ.get("PUZZLE_WORKBENCH_HOME"):
        return Path(os.environ["PUZZLE_WORKBENCH_HOME"])
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "puzzle-workbench"


def _registry() -> Path:
    return home() / "contests.json"


def known() -> dict[str, str]:
    """Contest name -> its contest file, as remembered (none before the first ``contest init``).

    A registry that is there but unreadable (edited by hand: a stray comma) is a WorkbenchError
    naming the file and the line, never an empty registry: read as empty, every contest would be
    forgotten, and the next ``contest init`` would write over the file with its own alone."""
    path = _registry()
    if not path.exists():
        return {}
    unreadable = f"the contest registry {path} is unreadable"
    advice = "fix it (or move it away to start a new one); until then it is neither used nor changed"
    try:
        text = read_text(path)
        data = json.loads(text) if text.strip() else {}  # an empty file holds nothing to lose
    except WorkbenchError as error:
        raise WorkbenchError(f"{unreadable} ({error}): {advice}") from None
    except json.JSONDecodeError as error:
        raise WorkbenchError(f"{unreadable}: line {error.lineno} column {error.colno}: {error.msg}: {advice}") from None
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise WorkbenchError(f"{unreadable}: it is not an object of contest names and their files: {advice}")
    return dict(data)


def _write(contests: dict[str, str]) -> None:
    _registry().parent.mkdir(parents=True, exist_ok=True)
    write_atomic(_registry(), json.dumps(dict(sorted(contests.items())), indent=2) + "\n")


def check_name(contests: dict[str, str], config: ContestConfig, take_name: bool = False) -> None:
    """WorkbenchError when another contest file (not one that is gone) holds ``config``'s name,
    unless ``take_name``."""
    where = contests.get(config.name)
    if where and Path(where) != config.path and Path(where).is_file() and not take_name:
        raise WorkbenchError(
            f"a contest named '{config.name}' is already at {where}: choose --name, "
            "or --force to give the name to this one"
        )


def remember(config: ContestConfig, take_name: bool = False) -> None:
    """Remember ``config`` under its name; WorkbenchError when another contest has the name, unless
    ``take_name``. Checked and written under the lock: of two inits of one name at once, one wins."""
    with locked(_registry()):  # read, changed and written by one init at a time: none is lost
        contests = known()
        check_name(contests, config, take_name)
        contests[config.name] = str(config.path)
        _write(contests)


def forget(name: str) -> bool:
    with locked(_registry()):
        contests = known()
        if contests.pop(name, None) is None:
            return False
        _write(contests)
        return True


def contest_file(text: str) -> Path | None:
    """The contest file a path names: a contest.toml (or any .toml file), a folder holding one, or the
    tools folder (or a folder inside the contest folder, such as tools/) whose contest folder holds one."""
    path = Path(text)
    if path.is_file():
        return path if path.suffix == ".toml" else None
    if not path.is_dir():
        return None
    if (path / FILE_NAME).is_file():
        return path / FILE_NAME
    if (path.resolve().parent / FILE_NAME).is_file() and path.resolve().name == "tools":
        return path.resolve().parent / FILE_NAME
    return None


def looks_like_contest(text: str) -> bool:
    return contest_file(text) is not None


def find_contest(name_or_path: str) -> ContestConfig | None:
    """The contest a command line names: a contest file, a folder holding one, its tools folder, or a
    remembered name; None when it names none of these (ContestFileError when it names one that is
    broken)."""
    found = contest_file(name_or_path)
    if found is not None:
        return load(found)
    where = known().get(name_or_path)
    if where is None:
        return None
    if not Path(where).is_file():
        raise ContestFileError(
            f"contest '{name_or_path}' was at {where}, which is gone; run "
            "'puzzle-workbench contest init' on its folder again, or "
            f"'puzzle-workbench contest forget {name_or_path}'"
        )
    return load(where)


def problem_named(name: str) -> BatchProblem:
    """The batch problem a command line names first: a built-in puzzle (or a plugin's), else a contest by
    its name, folder, tools folder or file; UsageError listing both when it names neither."""
    from workbench.batch.puzzle_problem import PuzzleProblem
    from workbench.core.errors import UsageError
    from workbench.core.registry import id_problem, puzzles

    from .problem import ContestProblem

    # A name that cannot be a puzzle id (a path: ../contest, tools/) is looked for as a contest
    # first, so that a contest's batch never imports the puzzles to find it is not one of them.
    if not id_problem(name) and name in puzzles():
        return PuzzleProblem(name)
    contest = find_contest(name)
    if contest is None:
        raise UsageError(
            f"unknown puzzle or contest '{name}' (puzzles: {', '.join(puzzles())}; contests: "
            f"{', '.join(known()) or 'none yet, see puzzle-workbench contest init'})"
        )
    return ContestProblem(contest)
