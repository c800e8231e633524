"""``puzzle-workbench contest``: make a contest file from a tools folder or a pahcer config, list, show, forget, open.

puzzle-workbench contest init (DIR | --from CONFIG) [--name NAME] [--objective max|min] [--time-limit S]
                             [--build COMMAND] [--cmd COMMAND] [--tester COMMAND] [--web PAGE] [--force]
puzzle-workbench contest list | show NAME | forget NAME | open NAME
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from workbench.contest import known
from workbench.contest.config import MAX_TIME_LIMIT, NAME, NAME_RULE, OBJECTIVES, ContestConfig
from workbench.contest.init import Question, draft_config, next_step, refusal, settle, write_contest
from workbench.core.errors import UsageError, WorkbenchError, escaped, shown


def _say(text: str) -> None:
    print(escaped(text), file=sys.stderr)  # a downloaded config's commands are text, never escapes


def _seconds(text: str) -> float:
    value = float(text)
    if not (value > 0 and math.isfinite(value)) or value > MAX_TIME_LIMIT:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, at most a day, got {text}")
    return value


def _ask(question: Question) -> str:
    """The question on the terminal (on stderr: stdout is the file's path, for scripts), asked again
    until the answer reads; Enter takes the suggestion."""
    from rich.console import Console
    from rich.prompt import InvalidResponse, Prompt
    from rich.text import Text

    class Answer(Prompt):
        def process_response(self, value: str) -> str:
            try:
                return question.read(value)
            except ValueError as error:
                raise InvalidResponse(Text(str(error))) from None

    console = Console(file=sys.stderr, highlight=False, soft_wrap=True)  # a long command is not cut in two
    return Answer.ask(
        Text(question.text), console=console, default=question.suggestion, show_default=bool(question.suggestion)
    )


def cmd_init(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench contest init",
        description="Write contest.toml for a contest's official tools (an AtCoder-style tools/ folder, or "
        "a pahcer_config.toml), so that 'puzzle-workbench batch NAME' runs it. On a terminal it asks "
        "what the tools cannot say (which scores win, the time limit, how to build and run your "
        "program), suggesting answers from the folder (solve.cpp, Cargo.toml, main.py at its top); "
        "without one it takes the flags, else the suggestions, and says which.",
    )
    parser.add_argument(
        "folder",
        type=Path,
        nargs="?",
        help="the contest folder: an AtCoder tools/ folder or the "
        "folder holding it, a Topcoder tester's folder (tester.jar or its Java sources), an "
        "output-only contest's (inputs/ and a scorer), or a pahcer_config.toml or tester.cfg",
    )
    parser.add_argument(
        "--from",
        dest="source",
        type=Path,
        metavar="CONFIG",
        help="another tester's config to import: pahcer_config.toml or psytester's tester.cfg",
    )
    parser.add_argument(
        "--tester",
        metavar="COMMAND",
        help="a Topcoder-style tester run as COMMAND (it takes "
        "-exec, -seed, -novis, -timeLimit and -saveAll), when it is not a tester.jar here",
    )
    parser.add_argument("--name", help="the contest's name (default: the folder's)")
    parser.add_argument("--objective", choices=OBJECTIVES, help="max: higher scores win (default); min: lower win")
    parser.add_argument(
        "--time-limit",
        type=_seconds,
        help="seconds a case may take (default 2, a Topcoder tester 10, an output-only contest 60)",
    )
    parser.add_argument(
        "--build",
        metavar="COMMAND",
        help="builds your program before each batch, e.g. "
        "'g++ -O2 -o a.out main.cpp' ('-' or '': none; default: from the folder's sources)",
    )
    parser.add_argument(
        "--cmd",
        metavar="COMMAND",
        help="your program, run when batch gets no --cmd ('-' or '': none; default: from the folder's sources)",
    )
    parser.add_argument("--web", help="a downloaded web visualizer's page (.html) to show cases in the app")
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace an existing contest.toml, and write it even when its own check of the tools fails",
    )
    args = parser.parse_args(argv)
    folder = args.source or args.folder
    if folder is None:
        parser.error("give the contest's folder, or --from CONFIG")
    if not folder.exists():
        raise WorkbenchError(f"{folder}: no such folder or file")
    if args.name is not None and not NAME.fullmatch(args.name):
        raise UsageError(f"--name {shown(args.name)} {NAME_RULE}")  # before it is written anywhere
    draft = draft_config(folder.resolve(), name=args.name, web=args.web, force=args.force, tester=args.tester)
    refused = refusal(draft, args.force)  # before a question is asked (the name is checked again as it is kept)
    if refused:
        raise WorkbenchError(refused)
    given = {
        "objective": args.objective,
        "time_limit": None if args.time_limit is None else repr(args.time_limit),
        "build": args.build,
        "program": args.cmd,
    }
    asking = sys.stdin.isatty() and any(given.get(q.key) is None for q in draft.questions)
    if asking:
        for note in draft.notes:
            _say(note)
        _say(f"What the tools cannot say (Enter takes the suggestion; {{DIR}} is {draft.config.folder}):")
        try:
            config, notes = settle(draft, given, _ask)
        except EOFError:
            raise WorkbenchError("no answer: contest.toml is not written") from None
        notes_said = len(draft.notes)
    else:
        config, notes = settle(draft, given)
        notes_said = 0
    write_contest(config, notes, args.force)
    for note in notes[notes_said:]:
        _say(note)
    _say(
        f"wrote {config.path}: {config.name}, {config.objective}, "
        f"{'interactive (the tester runs your program)' if config.interactive else 'not interactive'}, "
        f"{config.time_limit:g} s a case"
    )
    _say(f"next: {next_step(config)}")
    print(config.path)
    return 0


def cmd_list(argv: Sequence[str]) -> int:
    argparse.ArgumentParser(
        prog="puzzle-workbench contest list", description="The contests 'contest init' made."
    ).parse_args(argv)
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
        raise WorkbenchError(
            f"no contest '{args.contest}' (known: {', '.join(known.known()) or 'none'}); "
            "make one with 'puzzle-workbench contest init FOLDER'"
        )
    return config


def cmd_show(argv: Sequence[str]) -> int:
    config = _named(argv, "puzzle-workbench contest show", "Check a contest file and say what it runs.")
    show = lambda text: print(escaped(text))  # noqa: E731 - a downloaded config's commands are text, never escapes
    show(f"{config.name}: {config.path}")
    show(
        f"  objective {config.objective}, {'interactive, ' if config.interactive else ''}"
        f"time limit {config.time_limit:g} s"
    )
    if config.by_run:
        show(
            "  inputs: made by the run step from each seed"
            + (f", kept from {config.run_input}" if config.run_input else "")
        )
    elif config.input_files:
        show(f"  inputs: the files {config.input_files} (output-only: a case each, named by its file)")
    else:
        show(f"  inputs: {config.input_file or '-'}; gen: {config.gen or '-'}")
    show(f"  build: {config.build or '-'}")
    show(f"  run: {config.run}" + (f"  (program: {config.program})" if config.program else ""))
    show(f"  score: {config.score or '(read from the run step)'}")
    show(
        f"  view: {config.view_step or '-'} -> {', '.join(config.view_html)}"
        + (f"; web visualizer {config.web}" if config.web else "")
    )
    if config.features:
        show(f"  features: {', '.join(config.features)}")
    if config.web_problem():
        show(f"  the app will not serve the web visualizer: {config.web_problem()}")
    return 0


def cmd_forget(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench contest forget",
        description="Forget a contest's name (its folder and contest.toml stay).",
    )
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
