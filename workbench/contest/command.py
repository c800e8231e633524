"""``puzzle-workbench contest``: make a contest file from a tools folder or a pahcer config, list, show, forget, open.

    puzzle-workbench contest init DIR [--name NAME] [--objective max|min] [--time-limit S] [--web PAGE] [--force]
    puzzle-workbench contest list | show NAME | forget NAME | open NAME
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from workbench.core.errors import WorkbenchError, escaped
from workbench.core.files import write_atomic

from . import known
from .config import OBJECTIVES, ContestConfig, from_data, render
from .pahcer import FILE_NAME as PAHCER_FILE
from .pahcer import import_pahcer
from .tools_folder import CheckFailed, check_vis, config_from_tools, find_tools, survey


def _say(text: str) -> None:
    print(text, file=sys.stderr)


def _seconds(text: str) -> float:
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value


def _safe_name(text: str) -> str:
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


def make_config(folder: Path, args) -> tuple[ContestConfig, list[str]]:
    """The contest file's settings for ``folder`` (a tools folder, its parent, or a pahcer config)."""
    pahcer = folder if folder.name == PAHCER_FILE else folder / PAHCER_FILE
    if pahcer.is_file():
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
        if args.objective is None:
            notes.append(f"objective {config.objective}, from pahcer's config")
    else:
        found = survey(folder)
        objective = args.objective or "max"
        config = config_from_tools(found, _safe_name(found.root.name), objective,
                                   args.time_limit or 2.0, web="")
        notes = [f"found in {found.tools}: " + ", ".join(sorted(found.commands))
                 + (f"; seeds.txt with {len(found.seeds)} seeds" if found.seeds else "")
                 + (f"; in/ with {found.inputs} inputs" if found.inputs else "")]
        notes += found.notes
        try:
            notes += check_vis(config, found)
        except CheckFailed as failed:
            if not args.force:
                raise WorkbenchError(f"{failed} — contest.toml is not written; fix the tools or score_regex, "
                                     "or --force to write it anyway") from None
            notes += failed.notes + [f"written with --force although {failed}"]
        notes += first_line_note(found.tools / "in" / "0000.txt")
        if args.objective is None:
            notes.append("objective max: higher scores win (the tools cannot say; --objective min if lower win)")
    changes = {}
    if args.name:
        changes["name"] = args.name
    elif config.name != _safe_name(config.name):
        changes["name"] = _safe_name(config.name)
    if args.objective:
        changes["objective"] = args.objective
    if args.time_limit:
        changes["time_limit"] = args.time_limit
    if args.web:
        page = Path(args.web).resolve()
        if not page.is_file():
            raise WorkbenchError(f"--web {args.web}: no such page (give the visualizer's .html file)")
        try:
            changes["web"] = page.relative_to(config.folder).as_posix()
        except ValueError:
            changes["web"] = str(page)
    config = replace(config, **changes)
    if config.web_problem():
        raise WorkbenchError(f"--web {args.web}: {config.web_problem()}")
    return config, notes


def cmd_init(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench contest init",
        description="Write contest.toml for a contest's official tools (an AtCoder-style tools/ folder, or "
                    "a pahcer_config.toml), so that 'puzzle-workbench batch NAME' runs it.")
    parser.add_argument("folder", type=Path, help="the contest folder, its tools/ folder, or a pahcer_config.toml")
    parser.add_argument("--name", help="the contest's name (default: the folder's)")
    parser.add_argument("--objective", choices=OBJECTIVES, help="max: higher scores win (default); min: lower win")
    parser.add_argument("--time-limit", type=_seconds, help="seconds a case may take (default 2)")
    parser.add_argument("--web", help="a downloaded web visualizer's page (.html) to show cases in the app")
    parser.add_argument("--force", action="store_true", help="replace an existing contest.toml, and write it even "
                        "when its own check of the tools fails")
    args = parser.parse_args(argv)
    if not args.folder.exists():
        raise WorkbenchError(f"{args.folder}: no such folder")
    config, notes = make_config(args.folder.resolve(), args)
    from workbench.core.registry import puzzles

    if config.name in puzzles():
        raise WorkbenchError(f"'{config.name}' is a built-in puzzle: give the contest another --name")
    known.check_name(known.known(), config, args.force)  # before anything is written; again as it is remembered
    if config.path.exists() and not args.force:
        raise WorkbenchError(f"{config.path} exists: edit it, or --force to write it again")
    text = render(config, tuple(notes))
    import tomllib

    if from_data(config.path, tomllib.loads(text), text) != config:  # what is written must read back the same
        raise WorkbenchError(f"internal error: {config.path} would not read back as written")
    write_atomic(config.path, text)
    known.remember(config, take_name=args.force)
    for note in notes:
        _say(note)
    _say(f"wrote {config.path}: {config.name}, {config.objective}, "
         f"{'interactive (the tester runs your program)' if config.interactive else 'not interactive'}, "
         f"{config.time_limit:g} s a case")
    _say(f"next: puzzle-workbench batch {config.name} --seeds 0-99 --cmd \"./a.out\"")
    print(config.path)
    return 0


def cmd_list(argv: Sequence[str]) -> int:
    argparse.ArgumentParser(prog="puzzle-workbench contest list",
                            description="The contests 'contest init' made.").parse_args(argv)
    contests = known.known()
    if not contests:
        _say("no contests yet: puzzle-workbench contest init FOLDER")
    for name, where in contests.items():
        state = "" if Path(where).is_file() else "  (gone)"
        print(escaped(f"{name}  {where}{state}"))
    return 0


def _named(argv: Sequence[str], prog: str, what: str) -> ContestConfig:
    parser = argparse.ArgumentParser(prog=prog, description=what)
    parser.add_argument("contest", help="a contest's name, its folder or its contest.toml")
    args = parser.parse_args(argv)
    config = known.find_contest(args.contest)
    if config is None:
        raise WorkbenchError(f"no contest '{args.contest}' (known: {', '.join(known.known()) or 'none'}); "
                             "make one with 'puzzle-workbench contest init FOLDER'")
    return config


def cmd_show(argv: Sequence[str]) -> int:
    config = _named(argv, "puzzle-workbench contest show", "Check a contest file and say what it runs.")
    show = lambda text: print(escaped(text))  # noqa: E731 - a downloaded config's commands are text, never escapes
    show(f"{config.name}: {config.path}")
    show(f"  objective {config.objective}, {'interactive, ' if config.interactive else ''}"
         f"time limit {config.time_limit:g} s")
    show(f"  inputs: {config.input_file or '-'}; gen: {config.gen or '-'}")
    show(f"  run: {config.run}" + (f"  (program: {config.program})" if config.program else ""))
    show(f"  score: {config.score or '(read from the run step)'}")
    show(f"  view: {config.view_step or '-'} -> {', '.join(config.view_html)}"
         + (f"; web visualizer {config.web}" if config.web else ""))
    if config.features:
        show(f"  features: {', '.join(config.features)}")
    if config.web_problem():
        show(f"  the app will not serve the web visualizer: {config.web_problem()}")
    return 0


def cmd_forget(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="puzzle-workbench contest forget", description="Forget a contest's name "
                                     "(its folder and contest.toml stay).")
    parser.add_argument("name")
    args = parser.parse_args(argv)
    if not known.forget(args.name):
        raise WorkbenchError(f"no contest named '{args.name}'")
    _say(f"forgot {args.name}")
    return 0


def cmd_open(argv: Sequence[str]) -> int:
    config = _named(argv, "puzzle-workbench contest open", "Open a contest's runs in the app.")
    from workbench.gui.app import run_app

    return run_app(contest=str(config.path))


SUBCOMMANDS = {"init": cmd_init, "list": cmd_list, "show": cmd_show, "forget": cmd_forget, "open": cmd_open}


def cmd_contest(argv: Sequence[str]) -> int:
    if not argv or argv[0] not in SUBCOMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    return SUBCOMMANDS[argv[0]](argv[1:])

