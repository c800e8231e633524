"""``puzzle-workbench runs``: the run database on the command line.

    puzzle-workbench runs list [PUZZLE-OR-CONTEST] [--root DIR]
    puzzle-workbench runs standings PUZZLE-OR-CONTEST [--runs ID,ID... | --last N] [--filter EXPR]... [--root DIR]
    puzzle-workbench runs comment ID TEXT [--root DIR]
    puzzle-workbench runs import FOLDER... [--root DIR]

``--root`` is the folder holding the run folders and ``runs.sqlite`` (default ``runs``; a contest's
own ``runs`` folder for a contest).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from workbench.batch.database import COMMENT_FILE, RunDatabase, database_path, describe_run, loaded, storable
from workbench.batch.noise import LOADED, MIN_SHARED, loaded_text, ratio_loaded
from workbench.batch.report import compare, noise_lines
from workbench.batch.results import read_run, significant
from workbench.batch.run_listing import COLUMNS as LISTING_COLUMNS
from workbench.batch.run_listing import figure_cells, no_shared_cases, program_cells, shortened
from workbench.batch.standings import COLUMNS, EXPLAINED, case_keys, choose_runs, standings
from workbench.core.errors import UsageError, WorkbenchError, escaped, readable
from workbench.core.judge_text import plain_natural
from workbench.core.objective import Objective


def _text(value) -> str:
    """A cell of user text (a comment, a label, a command) as text: no terminal control sequence
    (an ESC that would clear the screen or retitle the window) reaches the terminal."""
    return escaped(str(value or ""))


def _console() -> Console:
    return Console(file=sys.stdout, highlight=False, markup=False, width=None if sys.stdout.isatty() else 260)


def _root(name: str | None, root: Path | None) -> Path:
    """The runs folder: --root, else the puzzle's or contest's own (a contest's: in its folder)."""
    if root is not None:
        return root
    return _problem(name).runs_root() if name else Path("runs")


def _problem(name: str):
    from workbench.contest.known import problem_named

    return problem_named(name)


def _puzzle_id(name: str) -> str:
    """A contest named by its folder or file is stored under its name; a name that names nothing is
    looked up as it is (runs of a puzzle no longer installed)."""
    from workbench.core.errors import UsageError

    try:
        return _problem(name).id
    except UsageError:
        return name


def _database(args) -> RunDatabase:
    path = database_path(_root(getattr(args, "puzzle", None), args.root))
    if not path.is_file():
        raise WorkbenchError(
            f"no run database at {path}: runs made with 'puzzle-workbench batch' are kept there "
            "(--root names another runs folder)"
        )
    return RunDatabase(path)


def cmd_list(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench runs list",
        description="The runs of the database: the mean score is over OK cases, "
        "beside the failed ones by verdict; relative is the mean relative score (a failed case 0).",
        epilog="program: a hash of the file your command starts (the binary or script); * marks one that "
        f"changed while the git commit stayed the same. cpu: 'loaded 1.7x' marks a run whose programs took "
        f"{LOADED:g}x or more as long on the clock as on the CPU: they waited for a core, so its time-based "
        "scores are not comparable with an unloaded run's.",
    )
    parser.add_argument("puzzle", nargs="?", metavar="PUZZLE-OR-CONTEST")
    parser.add_argument("--root", type=Path)
    args = parser.parse_args(argv)
    database = _database(args)
    runs = database.runs(_puzzle_id(args.puzzle) if args.puzzle else None)
    programs = program_cells(runs)
    table = Table(show_edge=False)
    numeric = ("id", "cases", "OK", "mean score", "relative", "CPU")
    for column in LISTING_COLUMNS:
        table.add_column(column, justify="right" if column in numeric else "left")
    for run in runs:
        table.add_row(
            str(run["id"]),
            _text(run["started"])[:19],
            _text(run["puzzle"]),
            _text(run["label"]),
            shortened(_text(describe_run(run)), 50),
            *figure_cells(run),
            _cpu_cell(run),
            _text(run["status"]),
            _text(run["git_commit"])[:8],
            programs[run["id"]],
            _text(run["comment"]),
        )
    _console().print(table)
    print(f"{len(runs)} run{'s' if len(runs) != 1 else ''} in {database.path}", file=sys.stderr)
    return 0


def _cpu_cell(run: dict) -> str:
    """A run's mean CPU seconds a case, and "loaded 1.7x" when its programs waited for a core."""
    if run["mean_cpu"] is None:
        return "-"
    ratio = ratio_loaded(run.get("timed_seconds"), run.get("cpu_seconds"))
    return f"{run['mean_cpu']:.2f} s" + (f", loaded {ratio:.1f}x" if ratio else "")


def _chosen(args, runs: list[dict]) -> list[dict]:
    """The runs --runs or --last names (a message for ids or counts that name none)."""
    if args.runs:
        try:
            wanted = [int(x) for x in args.runs.split(",") if x.strip()]
        except ValueError:
            raise UsageError(f"--runs takes run ids separated by commas (see 'runs list'), got '{args.runs}'") from None
        known = {r["id"] for r in runs}
        missing = [i for i in wanted if i not in known]
        if missing:
            raise UsageError(
                f"--runs: no finished run {', '.join(map(str, missing))} of {args.puzzle} (see 'runs list')"
            )
        return [r for r in runs if r["id"] in wanted]
    return runs[-args.last :]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number of runs, got '{text}'") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (the last N runs), got {value}")
    return value


def cmd_standings(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench runs standings",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Standings across runs, as AtCoder ranks submissions: each case's best score over the "
        "runs shown sets its scale. Without --runs or --last: the largest group of runs that "
        "share cases (a tune's trials and its held-out runs ran different seeds).",
        epilog="columns:\n" + EXPLAINED,
    )
    parser.add_argument("puzzle", metavar="PUZZLE-OR-CONTEST")
    parser.add_argument("--runs", help="run ids, comma separated")
    parser.add_argument("--last", type=_positive, help="the last N finished runs")
    parser.add_argument(
        "--filter",
        action="append",
        default=[],
        metavar="EXPR",
        help="only cases where EXPR holds, e.g. N>=8 (repeatable)",
    )
    parser.add_argument("--root", type=Path)
    args = parser.parse_args(argv)
    if args.runs and args.last:
        raise UsageError("give --runs or --last, not both")
    database = _database(args)
    runs = [r for r in database.runs(_puzzle_id(args.puzzle)) if r["finished"]]
    if not runs:
        raise WorkbenchError(f"no finished run of {args.puzzle} in {database.path}")
    cases = {r["id"]: database.cases(r["id"]) for r in runs}
    try:
        keys = {rid: case_keys(rows, args.filter) for rid, rows in cases.items()}
    except ValueError as error:
        raise UsageError(f"--filter {error}") from None
    left_out: list[dict] = []
    if args.runs or args.last:
        runs = _chosen(args, runs)
    else:
        runs, left_out = choose_runs(runs, keys)
    objective = Objective.of(runs[-1]["objective"])
    result = standings(runs, cases, objective, args.filter)
    if result.cases == 0:
        raise WorkbenchError(no_shared_cases(runs, keys, args.filter))
    console = _console()
    plural = "s" if len(runs) != 1 else ""
    table = Table(
        title=f"{len(runs)} run{plural} on the {result.cases} cases they share"
        + (f" (filtered: {' and '.join(args.filter)})" if args.filter else "")
        + f" — {objective.words}",
        show_edge=False,
    )
    programs = program_cells(runs)
    for column in COLUMNS:
        table.add_column(column, justify="left" if column in ("run", "label", "comment", "program") else "right")
    for place, row in enumerate(result.rows, start=1):
        run = row.run
        mean = "-" if row.mean is None else f"{significant(row.mean)} ± {significant(row.sd, 4)}"
        table.add_row(
            str(place),
            f"{run['id']} {_text(run['started'])[:16]}",
            _text(run["label"])[:30],
            _text(run["comment"])[:30],
            *row.figures(),
            mean,
            f"{row.ok}/{row.cases}",
            programs[run["id"]],
        )
    console.print(table)
    for line in _conclusions(result, cases, objective):
        console.print(line, soft_wrap=True)
    if left_out:
        ids = ",".join(str(r["id"]) for r in left_out)
        console.print(
            f"{len(left_out)} run{'s' if len(left_out) != 1 else ''} on other cases left out "
            f"(ids {ids}): --runs ID,ID... ranks the runs you name"
        )
    return 0


def _conclusions(result, cases: dict[int, list[dict]], objective: Objective) -> list[str]:
    """Which runs ran on a loaded machine, and whether the first run's lead over the second is larger
    than the noise (as 'batch compare' says it, on the cases they share)."""
    lines = [
        f"{loaded_text('run ' + str(row.run['id']), row.load)}: its time-based scores are not comparable "
        "with the others'"
        for row in result.rows
        if row.load is not None
    ]
    if len(result.rows) >= 2:
        first, second = result.rows[0], result.rows[1]
        rows_first, rows_second = cases[first.run["id"]], cases[second.run["id"]]
        keys = set(r["key"] for r in rows_first) & set(r["key"] for r in rows_second)
        pair = compare(
            [r for r in rows_second if r["key"] in keys],
            [r for r in rows_first if r["key"] in keys],
            objective,
            "",
            loaded(second.run.get("meta")),
            loaded(first.run.get("meta")),
        )
        if pair.diffs:
            a, b = f"run {second.run['id']}", f"run {first.run['id']}"
            test = (
                f"paired t-test p = {pair.t_pvalue:.4g}"
                if pair.tested
                else f"no test on {len(pair.diffs)} cases (it needs {MIN_SHARED} or more)"
            )
            lines.append(
                f"#1 against #2 ({b} against {a}): relative {b} - {a} {significant(pair.mean_diff, 4)}, {test}"
            )
            lines.extend(
                noise_lines(pair, a, b, f"puzzle-workbench batch noise {first.run['folder']} --repeat 5", loads=False)
            )  # said above, for every run
    return lines


def cmd_comment(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench runs comment",
        usage="puzzle-workbench runs comment [PUZZLE-OR-CONTEST] ID TEXT [--root DIR]",
        description="Set a run's comment (a contest's run: name the contest, from any folder).",
    )
    parser.add_argument("words", nargs="+", metavar="[PUZZLE-OR-CONTEST] ID TEXT")
    parser.add_argument("--root", type=Path)
    args = parser.parse_args(argv)
    run_id = plain_natural(args.words[-2]) if len(args.words) in (2, 3) else None
    if run_id is None:
        parser.error("give the run's id and the comment, after the contest's name for a contest's run")
    args.puzzle = args.words[0] if len(args.words) == 3 else None
    text = args.words[-1]
    database = _database(args)
    folder = database.comment(run_id, text)
    run = f"run {run_id}" + (f" ({_text(folder.name)})" if folder else "")
    where = f"{database.path}" + (f" and the run folder's {COMMENT_FILE}" if folder else "")
    if storable(text) != text:
        said = f"the comment is not all UTF-8 text; kept as {_text(storable(text))} in {where}"
    else:
        said = f"comment {_text(text)!r} kept in {where}" if text else f"comment cleared in {where}"
    print(f"{run}: {said}", file=sys.stderr)
    return 0


def cmd_import(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench runs import",
        description="Put run folders (made before the database, or copied from elsewhere) into the run database.",
    )
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--root", type=Path, default=Path("runs"))
    args = parser.parse_args(argv)
    database = RunDatabase(database_path(args.root))
    failed = 0
    for folder in args.folders:
        try:
            meta, rows = read_run(folder)
            run_id, added = database.import_run(folder, meta, rows)
        except WorkbenchError as error:  # this folder is not imported; the others still are
            print(f"error: {readable(str(error))}", file=sys.stderr)
            failed += 1
            continue
        if added:
            print(f"{folder}: run {run_id}, {len(rows)} cases", file=sys.stderr)
        else:
            print(f"{folder}: already in the database as run {run_id}, kept as it is", file=sys.stderr)
    return 1 if failed else 0


SUBCOMMANDS = {"list": cmd_list, "standings": cmd_standings, "comment": cmd_comment, "import": cmd_import}


def cmd_runs(argv: Sequence[str]) -> int:
    if not argv or argv[0] not in SUBCOMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    return SUBCOMMANDS[argv[0]](argv[1:])
