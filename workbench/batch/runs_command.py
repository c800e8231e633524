"""``main.py runs``: the run database on the command line.

    main.py runs list [PUZZLE-OR-CONTEST] [--root DIR]
    main.py runs standings PUZZLE-OR-CONTEST [--runs ID,ID... | --last N] [--filter EXPR]... [--root DIR]
    main.py runs comment ID TEXT [--root DIR]
    main.py runs import FOLDER... [--root DIR]

``--root`` is the folder holding the run folders and ``runs.sqlite`` (default ``runs``; a contest's
own ``runs`` folder for a contest).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.table import Table

from workbench.core.errors import UsageError, WorkbenchError

from .database import RunDatabase, database_path
from .results import plain_number, read_run
from .standings import standings


def _console() -> Console:
    return Console(file=sys.stdout, highlight=False, markup=False, width=None if sys.stdout.isatty() else 200)


def _root(name: str | None, root: Path | None) -> Path:
    """The runs folder: --root, else a contest's own, else ./runs."""
    if root is not None:
        return root
    if name:
        from workbench.contest.known import find_contest
        from workbench.core.registry import puzzles

        if name not in puzzles():
            contest = find_contest(name)
            if contest is not None:
                return contest.folder / "runs"
    return Path("runs")


def _puzzle_id(name: str) -> str:
    """A contest named by its folder or file is stored under its name."""
    from workbench.contest.known import find_contest
    from workbench.core.registry import puzzles

    if name in puzzles():
        return name
    contest = find_contest(name)
    return contest.name if contest is not None else name


def _database(args) -> RunDatabase:
    path = database_path(_root(getattr(args, "puzzle", None), args.root))
    if not path.is_file():
        raise WorkbenchError(f"no run database at {path}: runs made with 'main.py batch' are kept there "
                             "(--root names another runs folder)")
    return RunDatabase(path)


def cmd_list(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py runs list", description="The runs of the database.")
    parser.add_argument("puzzle", nargs="?", metavar="PUZZLE-OR-CONTEST")
    parser.add_argument("--root", type=Path)
    args = parser.parse_args(argv)
    runs = _database(args).runs(_puzzle_id(args.puzzle) if args.puzzle else None)
    table = Table(show_edge=False)
    for column in ("id", "started", "puzzle", "label", "what", "cases", "OK", "mean score", "status", "git",
                   "comment"):
        table.add_column(column, justify="right" if column in ("id", "cases", "OK", "mean score") else "left")
    for run in runs:
        what = run["command"] or f"{run['solver']} {' '.join(f'{k}={v}' for k, v in json.loads(run['params']).items())}"
        mean = run["mean_score"]
        table.add_row(str(run["id"]), (run["started"] or "")[:19], run["puzzle"], run["label"] or "",
                      what.strip()[:50], f"{run['finished']}/{run['cases']}", str(run["ok"] or 0),
                      plain_number(round(mean, 3)) if mean is not None else "-", run["status"] or "",
                      (run["git_commit"] or "")[:8], run["comment"] or "")
    _console().print(table)
    print(f"{len(runs)} run{'s' if len(runs) != 1 else ''} in {_database(args).path}", file=sys.stderr)
    return 0


def cmd_standings(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py runs standings",
                                     description="Standings across runs: relative scores against the best of all "
                                                 "runs on the cases they share, #Best, #Unique, Gain.")
    parser.add_argument("puzzle", metavar="PUZZLE-OR-CONTEST")
    parser.add_argument("--runs", help="run ids, comma separated (default: every run of the puzzle)")
    parser.add_argument("--last", type=int, help="the last N runs only")
    parser.add_argument("--filter", action="append", default=[], metavar="EXPR",
                        help="only cases where EXPR holds, e.g. N>=8 (repeatable)")
    parser.add_argument("--root", type=Path)
    args = parser.parse_args(argv)
    database = _database(args)
    runs = database.runs(_puzzle_id(args.puzzle))
    if args.runs:
        wanted = [int(x) for x in args.runs.split(",") if x.strip().isdigit()]
        runs = [r for r in runs if r["id"] in wanted]
    if args.last:
        runs = runs[-args.last:]
    runs = [r for r in runs if r["finished"]]
    if not runs:
        raise WorkbenchError(f"no finished run of {args.puzzle} in {database.path}")
    objective = runs[-1]["objective"] or "max"
    try:
        result = standings(runs, {r["id"]: database.cases(r["id"]) for r in runs}, objective, args.filter)
    except ValueError as error:
        raise UsageError(f"--filter {error}") from None
    table = Table(title=f"{len(runs)} run{'s' if len(runs) != 1 else ''} on the {result.cases} cases they share"
                        + (f" (filtered: {' and '.join(args.filter)})" if args.filter else "")
                        + (" — lower scores win" if objective == "min" else ""), show_edge=False)
    for column in ("#", "run", "label", "relative", "rank", "#Best", "#Unique", "Gain", "mean ± SD", "OK"):
        table.add_column(column, justify="left" if column in ("run", "label") else "right")
    for place, row in enumerate(result.rows, start=1):
        run = row.run
        table.add_row(str(place), f"{run['id']} {(run['started'] or '')[:16]}", (run["label"] or run["comment"] or "")[:30],
                      f"{row.relative:.4f}", f"{row.rank:.3f}", str(row.best), str(row.unique), f"{row.gain:.4f}",
                      f"{plain_number(round(row.mean, 3))} ± {plain_number(round(row.sd, 3))}",
                      f"{row.ok}/{row.cases}")
    _console().print(table)
    return 0


def cmd_comment(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py runs comment", description="Set a run's comment.")
    parser.add_argument("id", type=int)
    parser.add_argument("text")
    parser.add_argument("--root", type=Path)
    args = parser.parse_args(argv)
    _database(args).comment(args.id, args.text)
    return 0


def cmd_import(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py runs import", description="Put run folders (made before the "
                                     "database, or copied from elsewhere) into the run database.")
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--root", type=Path, default=Path("runs"))
    args = parser.parse_args(argv)
    database = RunDatabase(database_path(args.root))
    for folder in args.folders:
        meta, rows = read_run(folder)
        if not meta.get("puzzle"):
            raise WorkbenchError(f"{folder}/run.json does not say which puzzle the run is of")
        run_id = database.start_run(folder, {**meta, "command": None})
        for row in rows:
            database.add_case(run_id, row)
        database.finish_run(run_id, meta)
        print(f"{folder}: run {run_id}, {len(rows)} cases", file=sys.stderr)
    return 0


SUBCOMMANDS = {"list": cmd_list, "standings": cmd_standings, "comment": cmd_comment, "import": cmd_import}


def cmd_runs(argv: Sequence[str]) -> int:
    if not argv or argv[0] not in SUBCOMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    return SUBCOMMANDS[argv[0]](argv[1:])
