"""``puzzle-workbench contest``: make a contest file from a tools folder or a pahcer config, list, show, forget, open.

    puzzle-workbench contest init DIR [--name NAME] [--objective max|min] [--time-limit S] [--web PAGE] [--force]
    puzzle-workbench contest list | show NAME | forget NAME | open NAME
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Sequence

from workbench.core.errors import UsageError, WorkbenchError, escaped, shown
from workbench.core.files import write_atomic

from workbench.contest import known
from workbench.contest.config import NAME, NAME_RULE, OBJECTIVES, ContestConfig, from_data, render
from workbench.contest.init import make_config


def _say(text: str) -> None:
    print(text, file=sys.stderr)


def _seconds(text: str) -> float:
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value


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
    if args.name is not None and not NAME.fullmatch(args.name):
        raise UsageError(f"--name {shown(args.name)} {NAME_RULE}")  # before it is written anywhere
    config, notes = make_config(args.folder.resolve(), name=args.name, objective=args.objective,
                                time_limit=args.time_limit, web=args.web, force=args.force)
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

