"""The command line: ``puzzle-workbench [FILE] | gen | score | solve | agent | list | render``.

Everything here is Qt-free except the GUI launch, which imports Qt lazily.
User mistakes (bad files, illegal moves, unknown names) print one clear line
and exit 1; they never print a traceback.
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import signal
import sys
from pathlib import Path
from typing import Sequence

from workbench.core.errors import DestinationError, UsageError, WorkbenchError, readable
from workbench.core.files import check_destination, check_folder, read_text, save_fallback, write_or_rescue
from workbench.core.limits import full_number, positive_nodes, positive_seconds, seed_value
from workbench.core.registry import PATH_VARIABLE, add_puzzle_path, plugin_problems, sources, solvers
from workbench.version import project_version

from .command_line import add_options, first_puzzle, puzzle_named

COMMANDS = ("gen", "score", "solve", "agent", "list", "render", "batch", "runs", "contest", "new-puzzle",
            "warm-up", "completion", "install-desktop")


def _load_instance(puzzle, path: str, args=None):
    """Parse an input file (its ``--case K`` when it holds several, a level collection), then apply
    the puzzle's instance options given on the command line."""
    instance = puzzle.parse_input(pick_case(puzzle, read_text(path), path, getattr(args, "case", None)))
    options = {o.name: getattr(args, o.name) for o in puzzle.instance_options} if args else {}
    if not options:
        return instance
    try:
        return puzzle.configure(instance, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None


def pick_case(puzzle, text: str, path, number: int | None) -> str:
    """The text of case ``number`` (1-based) of a file; a file of one case needs no number."""
    cases = puzzle.split_cases(text)
    if number is None:
        if len(cases) > 1:
            raise UsageError(f"{path} holds {len(cases)} cases: choose one with --case K (1..{len(cases)}), "
                             "or run them all with 'puzzle-workbench batch'")
        return cases[0][1]
    if not 1 <= number <= len(cases):
        raise UsageError(f"--case {number}: {path} holds {len(cases)} case{'s' if len(cases) != 1 else ''}")
    return cases[number - 1][1]


def add_case_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--case", type=int, metavar="K", help="which case of a file that holds several "
                        "(a level collection), from 1")


# ------------------------------------------------------------------ gen
def cmd_gen(argv: Sequence[str]) -> int:
    puzzle = first_puzzle(argv)
    parser = argparse.ArgumentParser(prog="puzzle-workbench gen", description="Write a contest input for a seed.")
    parser.add_argument("puzzle")
    parser.add_argument("seed", type=seed_value)
    parser.add_argument("-o", "--output", help="file to write (default: stdout)")
    add_options(parser, puzzle.generator_options if puzzle else ())
    args = parser.parse_args(argv)
    options = {o.name: getattr(args, o.name) for o in puzzle.generator_options}
    if args.output:
        check_destination(args.output)
    try:
        instance = puzzle.generate(args.seed, **options)
    except ValueError as error:
        raise UsageError(str(error)) from None
    text = puzzle.format_input(instance)
    if args.output:
        write_or_rescue(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


# ------------------------------------------------------------------ score
def cmd_score(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="puzzle-workbench score",
                                     description="Validate an answer with the engine and print its contest score.")
    parser.add_argument("puzzle")
    parser.add_argument("input")
    parser.add_argument("output")
    add_case_option(parser)
    add_options(parser, getattr(first_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    instance = _load_instance(puzzle, args.input, args)
    try:
        report = puzzle.score_solution(instance, read_text(args.output))
    except WorkbenchError as error:
        print(f"invalid answer {args.output}: {error}", file=sys.stderr)
        return 1
    for name, value in report.facts:
        print(f"{name}: {value}")
    print(report.text)
    return 0


# ------------------------------------------------------------------ solve
def _solver_parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--solver", help="solver name (see 'puzzle-workbench list'; default: the first)")
    parser.add_argument("--time", type=positive_seconds, default=None,
                        help="time budget in seconds for the whole answer (default 10 "
                             "when no node budget is given; turn-by-turn puzzles (codevs, ahc015) "
                             "default to a share per turn, see 'puzzle-workbench list')")
    parser.add_argument("--nodes", type=positive_nodes, default=None,
                        help="node budget (expansions) for the whole answer; with a seed the answer "
                             "is reproducible. Online puzzles share both budgets out over the turns")
    parser.add_argument("--seed", type=seed_value, default=0, help="random seed, 0..2^64-1 (default 0)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="a solver parameter, e.g. --param width=200")
    return parser


def _compile_before_the_clock(puzzle, cls, label: str = "") -> None:
    """Compile (or load) the solver's kernels before its budget starts; say so when it took a while."""
    from workbench.core.warm_up import ready_solver

    compiled = ready_solver(puzzle.id, cls)
    if compiled >= 1.0:
        print(f"{label}{cls.name} kernels compiled in {compiled:.1f} s (first use; not counted in the "
              f"budget)", file=sys.stderr, flush=True)


def solve_instance(puzzle, instance, args, label: str = "", whole_game: bool = False):
    """Run the chosen solver under the budget; return (moves, report).

    ``whole_game``: the answer is the whole game (``solve``), so a turn-by-turn puzzle's
    default budget is per turn; the agent answers one turn a call and keeps the plain default."""
    from solvers.online import build_run, execute
    from solvers.run_setup import checked_params, choose_solver, parse_params, run_budget

    cls = choose_solver(puzzle, args.solver)
    chosen = run_budget(puzzle, instance, cls, parse_params(cls, args.param), args.time, args.nodes, whole_game)
    checked_params(cls, chosen.params)
    if chosen.note:
        print(f"{label}{chosen.note}", file=sys.stderr, flush=True)
    budget, params = chosen.budget, chosen.params
    _compile_before_the_clock(puzzle, cls, label)
    try:
        target = build_run(puzzle, instance, puzzle.initial_state(instance), cls,
                           seed=args.seed, params=params, budget=budget)
    except ValueError as error:
        raise UsageError(str(error)) from None
    last_print = [0.0]

    def report_progress(sample):
        if sample.elapsed - last_print[0] >= 1.0:
            last_print[0] = sample.elapsed
            p = sample.progress
            best = full_number(p.best_score) if math.isfinite(p.best_score) else "none yet"
            print(f"{label}{sample.elapsed:6.1f}s  {p.expansions} nodes  best {best}  "
                  f"frontier {p.frontier_size}", file=sys.stderr, flush=True)

    result = execute(target, budget, on_progress=report_progress)
    report = puzzle.evaluate(instance, puzzle.final_state(instance, result.moves), len(result.moves))
    p = result.progress
    if not report.complete:  # a line that does not count (a level left unsolved) is no answer
        why = getattr(target, "no_answer", lambda: "")() or "none was found within the budget"
        raise NoAnswer(f"{label}{cls.name} has no answer after {result.elapsed:.1f} s, {p.expansions} nodes: "
                       f"{why}")
    print(f"{label}{result.elapsed:6.1f}s  {p.expansions} nodes  {result.stop_reason}  "
          f"{report.summary()}", file=sys.stderr, flush=True)
    return result.moves, report


class NoAnswer(WorkbenchError):
    """The solver ended without a finished answer; nothing is written."""


def cmd_solve(argv: Sequence[str]) -> int:
    parser = _solver_parser("puzzle-workbench solve")
    parser.description = "Solve one or many inputs and write contest-format answers."
    parser.add_argument("puzzle")
    parser.add_argument("inputs", nargs="+", metavar="INPUT")
    add_case_option(parser)
    parser.add_argument("-o", "--output",
                        help="answer file (one input) or folder (several inputs: NAME.out for each "
                             "input NAME.txt; two inputs with the same NAME are refused); default: stdout")
    add_options(parser, getattr(first_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    many = len(args.inputs) > 1
    if many and not args.output:
        raise UsageError("several inputs need -o FOLDER for the answers")
    # Every destination is checked before any solving: a mistake costs nothing, not a solve.
    if many:
        destinations = _batch_destinations(args.output, args.inputs)
    elif args.output:
        destinations = {args.inputs[0]: check_destination(args.output, args.inputs)}
    total, failed, unwritten = 0, [], []
    for path in args.inputs:
        label = f"{Path(path).name}: " if many else ""
        instance = None
        try:
            instance = _load_instance(puzzle, path, args)
            moves, report = solve_instance(puzzle, instance, args, label, whole_game=True)
        except WorkbenchError as error:
            # One bad file, or one case without an answer, in a batch is reported and skipped;
            # the others are still solved.
            if not many or not (instance is None or isinstance(error, NoAnswer)):
                raise
            print(f"{error}; no answer written" if instance is not None else f"{label}skipped: {error}",
                  file=sys.stderr)
            failed.append(path)
            continue
        text = puzzle.format_solution(instance, moves)
        # Re-validate the exact bytes we are about to write, as the judge would read them.
        checked = puzzle.score_solution(instance, text)
        if checked.score != report.score:
            raise WorkbenchError(f"internal error: the written answer scores {checked.text}, not {report.text}")
        total += report.score
        if many:
            try:
                write_or_rescue(destinations[path], text)
            except WorkbenchError as error:  # kept elsewhere; the other cases go on
                print(f"{label}{error}", file=sys.stderr)
                unwritten.append(path)
        elif args.output:
            write_or_rescue(destinations[path], text)
        else:
            _write_stdout(text, f"{Path(path).stem}.out")
    if not many:
        print(report.text, file=sys.stderr)
        return 0
    solved = len(args.inputs) - len(failed)
    print(f"total {full_number(total)} over {solved} cases, mean {full_number(total / max(solved, 1))}"
          + (f"; {len(failed)} skipped" if failed else "")
          + (f"; {len(unwritten)} not written where asked" if unwritten else ""), file=sys.stderr)
    print(full_number(total), file=sys.stderr)
    return 1 if failed or unwritten else 0


def _batch_destinations(folder: str, inputs: Sequence[str]) -> dict[str, Path]:
    """``FOLDER/NAME.out`` for each input, after checking that none clash, none is an input
    and the folder takes files; nothing is ever silently replaced by a later case."""
    check_folder(folder, create=True)
    destinations: dict[str, Path] = {}
    claimed: dict[str, str] = {}
    for path in inputs:
        name = f"{Path(path).stem}.out"
        if name in claimed:
            clash = (f"{path} is given twice" if claimed[name] == path
                     else f"{claimed[name]} and {path} would both write {Path(folder) / name}")
            raise UsageError(f"{clash}; answers are named after their input, so solve same-named "
                             "inputs into different folders")
        claimed[name] = path
        destinations[path] = check_destination(Path(folder) / name, inputs)
    return destinations


def _write_stdout(text: str, name: str) -> None:
    """Write an answer to stdout; if that fails (a full disk behind ``> file``), keep it in a file."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        try:
            kept = f"the answer is kept in {save_fallback(name, text)}"
        except OSError:
            kept = "keeping a copy failed too"
        raise DestinationError(f"cannot write the answer to standard output: "
                               f"{error.strerror or error}; {kept}") from None


# ------------------------------------------------------------------ agent
def cmd_agent(argv: Sequence[str]) -> int:
    parser = _solver_parser("puzzle-workbench agent")
    parser.description = "Answer the contest's stdin protocol on stdout, as the contest's tester runs a program."
    parser.add_argument("puzzle")
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    if puzzle.online:
        # Online contests reveal the input turn by turn: decide each move from the public view.
        from solvers.driver import Budget
        from solvers.online import TurnDecider
        from solvers.run_setup import DEFAULT_SECONDS

        from solvers.run_setup import checked_params, choose_solver, parse_params

        cls = choose_solver(puzzle, args.solver)
        params = parse_params(cls, args.param)
        checked_params(cls, params)
        budget = Budget(seconds=args.time if args.time is not None or args.nodes is not None else DEFAULT_SECONDS,
                        nodes=args.nodes)
        _compile_before_the_clock(puzzle, cls)  # else the first turn's budget goes to compiling
        solve = TurnDecider(puzzle, cls, budget=budget, seed=args.seed, params=params)
    else:
        def solve(instance):
            moves, _ = solve_instance(puzzle, instance, args)
            return moves

    puzzle.agent(sys.stdin, sys.stdout, solve)
    return 0


# ------------------------------------------------------------------ list
def cmd_list(argv: Sequence[str]) -> int:
    argparse.ArgumentParser(prog="puzzle-workbench list", description="Puzzles and their solvers.").parse_args(argv)
    broken = 0
    for puzzle_id, source in sources().items():
        puzzle = source.puzzle
        print(f"{puzzle.id}: {puzzle.title}" + ("" if source.origin == "built in" else f"  [{source.origin}]"))
        if puzzle.turn_seconds:
            print(f"  solve's default budget: {puzzle.turn_seconds:g} s per turn")
        try:
            found = solvers(puzzle_id)
        except WorkbenchError as error:
            print(f"  (its solvers did not load: {error})")
            broken += 1
            continue
        if not found:
            print("  (no solver yet)")
        for i, (name, cls) in enumerate(found.items()):
            default = " (default)" if i == 0 else ""
            print(f"  {name}{default}: {cls.description}")
            for p in cls.params:
                print(f"      --param {p.name}={p.default}  {p.help} [{p.low}..{p.high}]")
    return 1 if broken or plugin_problems() else 0


# ------------------------------------------------------------------ render
MIN_FPS, MAX_FPS = 0.1, 60.0
MIN_SIZE, MAX_SIZE = 64, 4096


def _fps(text: str) -> float:
    value = float(text)
    if not MIN_FPS <= value <= MAX_FPS:  # also refuses nan
        raise argparse.ArgumentTypeError(f"frames per second must be {MIN_FPS:g}..{MAX_FPS:g}, got {text}")
    return value


def _size(text: str) -> int:
    value = int(text)
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"the size must be {MIN_SIZE}..{MAX_SIZE} pixels, got {text}")
    return value


def cmd_render(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench render", description="Draw a board headless with the app's painters: OUTPUT .png is "
        "one position (the end of ANSWER, or the start without it), .gif or .mp4 the replay of ANSWER.")
    parser.add_argument("puzzle")
    parser.add_argument("input")
    parser.add_argument("answer", nargs="?", help="an answer file to replay (default: none, the start)")
    add_case_option(parser)
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="FILE.png, FILE.gif or FILE.mp4")
    parser.add_argument("--step", type=int, metavar="K",
                        help="for .png: the position after K moves (default: the end)")
    parser.add_argument("--fps", type=_fps, default=4.0, help="replay frames per second, 0.1..60 (default 4)")
    parser.add_argument("--size", type=_size, default=480,
                        help=f"pixels along the board's longer side, {MIN_SIZE}..{MAX_SIZE} (default 480)")
    parser.add_argument("--max-frames", type=int, default=400,
                        help="a longer replay is sampled down to this many evenly spaced frames (default 400)")
    parser.add_argument("--no-stages", action="store_true",
                        help="one frame per move, without a move's stages (chains, tilt then drop)")
    add_options(parser, getattr(first_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    # Checked first, as solve -o is: a device, a folder or an input is never replaced by the picture.
    check_destination(args.output, [args.input] + ([args.answer] if args.answer else []))
    instance = _load_instance(puzzle, args.input, args)
    moves = ()
    if args.answer:
        text = read_text(args.answer)
        puzzle.score_solution(instance, text)  # a bad answer is refused naming its line, as by `score`
        moves = puzzle.parse_solution(instance, text).moves
    from workbench.gui.replay_export import render_file

    render_file(puzzle, instance, moves, args.output, step=args.step, fps=args.fps, size=args.size,
                stages=not args.no_stages, max_frames=args.max_frames,
                say=lambda words: print(words, file=sys.stderr))
    return 0


# ------------------------------------------------------------------ gui
def cmd_gui(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench", description="Puzzle Workbench. Commands: " + ", ".join(COMMANDS) +
        " (puzzle-workbench COMMAND --help); without a command, the app. Any command takes --puzzle-path DIR "
        f"(repeatable; or {PATH_VARIABLE}) to load puzzle plugins from a folder.")
    parser.add_argument("file", nargs="?", help="an input or answer file to open, or a contest's folder "
                        "or contest.toml (see 'puzzle-workbench contest')")
    parser.add_argument("--puzzle", help="the puzzle of FILE when it cannot be detected")
    parser.add_argument("--version", action="version", version=f"puzzle-workbench {project_version()}")
    parser.add_argument("--quit-after", type=positive_seconds, metavar="SECONDS",
                        help="close the window after SECONDS and print its title (checks that an install "
                             "opens the app)")
    args = parser.parse_args(argv)
    if args.puzzle:
        puzzle_named(args.puzzle)
    from workbench.contest.known import contest_file

    found = contest_file(args.file) if args.file and not args.puzzle else None
    if found is not None:
        from workbench.contest.config import load

        load(found)  # a broken contest file is one line here, before any window opens
        from workbench.gui.app import run_app

        return run_app(contest=str(found), quit_after=args.quit_after)
    from workbench.gui.app import run_app

    return run_app(args.file, args.puzzle, quit_after=args.quit_after)


# ------------------------------------------------------------------ batch
def cmd_batch(argv: Sequence[str]) -> int:
    from workbench.batch.command import cmd_batch as run

    return run(argv)


def cmd_contest(argv: Sequence[str]) -> int:
    from workbench.contest.command import cmd_contest as run

    return run(argv)


def cmd_runs(argv: Sequence[str]) -> int:
    from workbench.batch.runs_command import cmd_runs as run

    return run(argv)


def cmd_new_puzzle(argv: Sequence[str]) -> int:
    from workbench.scaffold import cmd_new_puzzle as run

    return run(argv)


# ------------------------------------------------------------------ set-up: warm-up, completion, desktop entry
def cmd_warm_up(argv: Sequence[str]) -> int:
    from workbench.core.warm_up import main as run

    return run(list(argv), prog="puzzle-workbench warm-up")


def cmd_completion(argv: Sequence[str]) -> int:
    from workbench.completion import cmd_completion as run

    return run(argv)


def cmd_install_desktop(argv: Sequence[str]) -> int:
    from workbench.desktop_entry import cmd_install_desktop as run

    return run(argv)


HANDLERS = {"runs": cmd_runs, "new-puzzle": cmd_new_puzzle, "gen": cmd_gen, "score": cmd_score, "solve": cmd_solve, "agent": cmd_agent,
            "list": cmd_list,
            "render": cmd_render, "batch": cmd_batch, "contest": cmd_contest,
            "warm-up": cmd_warm_up, "completion": cmd_completion, "install-desktop": cmd_install_desktop}


def _puzzle_paths(argv: list[str]) -> list[str]:
    """Take every ``--puzzle-path DIR`` out of ``argv`` (it may stand anywhere) and look for puzzles there."""
    rest, paths = [], []
    words = iter(argv)
    for word in words:
        if word == "--puzzle-path":
            paths.append(next(words, ""))
        elif word.startswith("--puzzle-path="):
            paths.append(word.split("=", 1)[1])
        else:
            rest.append(word)
    for path in paths:
        if not path or not Path(path).is_dir():
            raise UsageError(f"--puzzle-path {path}: no such folder")
        add_puzzle_path(path)
    return rest


def _warn_plugin_problems() -> None:
    """Every command says which puzzle packages did not load (a mistake in one is never silent)."""
    for problem in plugin_problems():
        print(f"warning: {readable(str(problem))}", file=sys.stderr)


def _terminate_as_interrupt():
    """SIGTERM ends a command the way Ctrl+C does, through its finally blocks (so a contest's gen or
    vis it started is killed with it), instead of at once. Returns the handler it replaced."""
    def terminate(signum, frame):
        raise SystemExit(128 + signum)

    try:
        return signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread (a test driving main() from a thread)
        return None


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None and "_ARGCOMPLETE" in os.environ:  # a Tab pressed in bash or zsh
        from workbench.completion import complete

        return complete(main, COMMANDS)
    argv = list(sys.argv[1:] if argv is None else argv)
    before = _terminate_as_interrupt() if argv[:1] and argv[0] in HANDLERS else None
    try:
        return _run(argv)
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


def _run(argv: list[str]) -> int:
    try:
        argv = _puzzle_paths(argv)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    handler = HANDLERS.get(argv[0]) if argv else None
    try:
        _warn_plugin_problems()
        if handler is None:
            return cmd_gui(argv)
        status = handler(argv[1:])
        _flush_real_stdout()  # a full disk behind '> file' must fail here, not exit 0
        return status
    except BrokenPipeError:
        # The reader closed our stdout (`list | head`): stop quietly, as other tools do.
        _detach_stdout()
        return 141
    except (UsageError, WorkbenchError) as error:
        print(f"error: {readable(str(error))}", file=sys.stderr)
        return 1
    except OSError as error:
        if error.filename is None and error.errno in _OUTPUT_ERRNOS:  # stdout behind '> file'
            _detach_stdout()
            print(f"error: cannot write to standard output: {error.strerror or error}", file=sys.stderr)
        else:
            where = f" ({error.filename})" if error.filename else ""
            print(f"error: {readable(error.strerror or str(error))}{where}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def _flush_real_stdout() -> None:
    """Flush stdout when it is a real file or pipe (a stand-in a test or host installed is left alone)."""
    try:
        sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    sys.stdout.flush()


def _detach_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
