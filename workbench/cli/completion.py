"""Tab completion in bash and zsh, with argcomplete.

``puzzle-workbench completion bash`` (or ``zsh``) prints the shell code; on each Tab the shell
runs the command with the line typed so far in its environment (``_ARGCOMPLETE``, ``COMP_LINE``).
The commands build their argparse parsers one by one as they are dispatched (a puzzle's own
options join once it is named), so no parser of the whole command line exists to generate a
static script from. Instead :func:`complete` dispatches the words typed so far as a real call
would, and the first parser that comes to parse them answers the Tab through argcomplete (which
then ends the process): every command, sub-command, option and puzzle option completes from
the very parser that would read it, and puzzles, contests and solvers by name.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import argcomplete
from argcomplete.completers import FilesCompleter

PROGRAMS = ("puzzle-workbench", "pwb")
SHELLS = ("bash", "zsh")


def cmd_completion(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench completion",
        description="Print the shell code that completes puzzle-workbench and pwb on Tab. bash: add "
        "'eval \"$(puzzle-workbench completion bash)\"' to ~/.bashrc; zsh: add "
        "'eval \"$(puzzle-workbench completion zsh)\"' to ~/.zshrc, after compinit.",
    )
    parser.add_argument("shell", choices=SHELLS)
    args = parser.parse_args(argv)
    sys.stdout.write(argcomplete.shellcode(PROGRAMS, shell=args.shell))
    return 0


def subcommands(command: str) -> Sequence[str]:
    """The words a command dispatches on before it builds a parser."""
    if command == "runs":
        from workbench.cli.runs import SUBCOMMANDS
    elif command == "contest":
        from workbench.cli.contest import SUBCOMMANDS
    elif command == "batch":
        from workbench.cli.batch import SUBCOMMANDS
    else:
        return ()
    return tuple(SUBCOMMANDS)


def complete(main: Callable[[list[str]], int], commands: Iterable[str]) -> int:
    """Answer the Tab press the environment describes; argcomplete ends the process."""
    words = argcomplete.split_line(os.environ.get("COMP_LINE", ""), int(os.environ.get("COMP_POINT", 0)))[3]
    typed = words[int(os.environ["_ARGCOMPLETE"]) :]  # the words before the cursor, after the program's
    original = argparse.ArgumentParser.parse_args

    def answer(parser, args=None, namespace=None):
        _set_parse_args(original)
        args = list(sys.argv[1:] if args is None else args)
        # argcomplete reads COMP_LINE itself: start it where the parser's words start
        os.environ["_ARGCOMPLETE"] = str(len(words) - len(args))
        _name_completers(parser, commands, at_first_word=not args)
        argcomplete.autocomplete(parser, always_complete_options=False)  # options once '-' is typed

    _set_parse_args(answer)
    try:
        main(typed)
    except BaseException:
        pass
    finally:
        _set_parse_args(original)
    # The command parsed nothing: it wants a sub-command first (runs, contest).
    command = next((word for word in typed if word in commands), "")
    choices = argparse.ArgumentParser(prog=f"{PROGRAMS[0]} {command}", add_help=False)
    choices.add_argument("subcommand", choices=subcommands(command))
    answer(choices, [])
    return 0


def _set_parse_args(function: Callable[..., Any]) -> None:
    # Completion runs the command's own parsers, built as it runs: parse_args is swapped for one that
    # completes the parser it is called on, then put back.
    argparse.ArgumentParser.parse_args = function  # type: ignore[method-assign]


def _complete_with(action: argparse.Action, completer: Callable[..., Iterable[str]]) -> None:
    # argcomplete's API: a completer set as an attribute of the action (argparse's types have none)
    action.completer = completer  # type: ignore[attr-defined]


def _name_completers(parser: argparse.ArgumentParser, commands: Sequence[str], at_first_word: bool) -> None:
    """Completers for the arguments that take a name: puzzles (and contests where a contest may
    stand), solvers, contests; and the commands where the top level's FILE stands."""
    path = parser.prog.split()[1:]  # "puzzle-workbench batch compare" -> batch, compare
    for action in parser._actions:
        positional = not action.option_strings
        if action.dest == "puzzle":
            extra = subcommands(path[0]) if positional and at_first_word and len(path) == 1 else ()
            _complete_with(action, _puzzle_names(contests="CONTEST" in (action.metavar or ""), extra=extra))
        elif action.dest == "solver":
            _complete_with(action, _solver_names)
        elif positional and path[:1] == ["contest"] and action.dest in ("contest", "name"):
            _complete_with(action, lambda **_: _contest_names())
        elif positional and not path and action.dest == "file" and at_first_word:
            _complete_with(action, lambda prefix, **rest: [*commands, *FilesCompleter()(prefix, **rest)])


def _puzzle_names(contests: bool, extra: Sequence[str]):
    def names(**_):
        from workbench.core.registry import puzzles

        return [*extra, *puzzles(), *(_contest_names() if contests else ())]

    return names


def _contest_names() -> list[str]:
    from workbench.contest.known import known
    from workbench.core.errors import WorkbenchError

    try:
        return list(known())
    except WorkbenchError:  # an unreadable registry: said by the command itself, not by completion
        return []


def _solver_names(parsed_args=None, **_) -> list[str]:
    from workbench.core.registry import puzzles, solvers

    puzzle = getattr(parsed_args, "puzzle", None)
    return list(solvers(puzzle)) if puzzle in puzzles() else []
