"""What ``contest init`` writes: a contest file's settings from a tools folder or a pahcer config.

The tools are read (``tools_folder``: which exist, which is the tester, what the score step prints)
or pahcer's config imported (``pahcer``), then the user's own choices applied; the notes say how
each setting was found, and become the file's header.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from workbench.core.errors import WorkbenchError

from .config import ContestConfig
from .pahcer import FILE_NAME as PAHCER_FILE
from .pahcer import import_pahcer
from . import output_only, topcoder
from .psytester import FILE_NAME as PSYTESTER_FILE
from .psytester import import_psytester
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
    return [f"the inputs' first line holds {len(tokens)} value{'s' if len(tokens) > 1 else ''} "
            f"({' '.join(tokens[:MAX_FEATURES])}{' ...' if len(tokens) > MAX_FEATURES else ''}): name them in "
            f"features = [{example}]{more} to see and group cases by them"]


MAX_FEATURES = 26


def _column_name(index: int) -> str:
    return chr(ord("A") + index)


def other_shape(folder: Path, name: str | None, objective: str | None, time_limit: float | None,
                tester: str | None, force: bool) -> tuple[ContestConfig, list[str]] | None:
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
    if tester or jar is not None:
        command = tester or topcoder.tester_command(root, jar)
        config = topcoder.config_for(root, command, title, objective or "max", time_limit)
        notes = [f"a Topcoder tester: {command} makes each case from its seed and runs your program "
                 "(-novis and -saveAll always; -timeLimit is the time limit)"]
        if time_limit is None:
            notes.append(f"time limit {config.time_limit:g} s, Topcoder's usual (--time-limit S to change it)")
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


def make_config(folder: Path, name: str | None = None, objective: str | None = None, time_limit: float | None = None,
                web: str | None = None, force: bool = False,
                tester: str | None = None) -> tuple[ContestConfig, list[str]]:
    """The contest file's settings for ``folder`` (a tools folder, its parent, a pahcer or psytester
    config, a Topcoder tester's folder or an output-only contest's), and notes on how they were found;
    the given values win over what the tools say. WorkbenchError when the tools' own check fails
    (unless ``force``)."""
    pahcer = folder if folder.name == PAHCER_FILE else folder / PAHCER_FILE
    shaped = None if pahcer.is_file() or _has_tools(folder) else other_shape(folder, name, objective, time_limit,
                                                                            tester, force)
    if shaped is not None:
        config, notes = shaped
    elif pahcer.is_file():
        config, notes = import_pahcer(pahcer)
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
        if objective is None:
            notes.append(f"objective {config.objective}, from pahcer's config")
    else:
        found = survey(folder)
        config = config_from_tools(found, safe_name(found.root.name), objective or "max",
                                   time_limit or 2.0, web="")
        notes = [f"found in {found.tools}: " + ", ".join(sorted(found.commands))
                 + (f"; seeds.txt with {len(found.seeds)} seeds" if found.seeds else "")
                 + (f"; in/ with {found.inputs} inputs" if found.inputs else "")]
        notes += found.notes
        try:
            notes += check_vis(config, found)
        except CheckFailed as failed:
            if not force:
                raise WorkbenchError(f"{failed} — contest.toml is not written; fix the tools or score_regex, "
                                     "or --force to write it anyway") from None
            notes += failed.notes + [f"written with --force although {failed}"]
        notes += first_line_note(found.tools / "in" / "0000.txt")
        if objective is None:
            notes.append("objective max: higher scores win (the tools cannot say; --objective min if lower win)")
    changes = {}
    if name:
        changes["name"] = name
    elif config.name != safe_name(config.name):
        changes["name"] = safe_name(config.name)
    if objective:
        changes["objective"] = objective
    if time_limit:
        changes["time_limit"] = time_limit
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
    return config, notes
