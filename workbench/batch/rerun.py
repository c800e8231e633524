"""Running again just some cases of a recorded run, as a new run made the same way.

The new run's plan is the stored one (run.json: the solver and its parameters, or the program and
its time limit, the budget, the generator and instance options, the best-known file), its cases
the recorded run's cases that a filter picks (``anomalies.matching``): by seed again for a run of
seeds, else the very inputs the run kept in its folder. The cases keep their keys, so ``batch
compare OLD NEW`` compares them case by case.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.judge_text import plain_natural

from .anomalies import FlagRule, matching
from .plan import BatchPlan
from .problem import BatchProblem
from .results import run_file


def chosen_rows(rows: Sequence[dict[str, Any]], filters: Sequence[str], rule: FlagRule) -> list[dict[str, Any]]:
    """The recorded cases the filters pick; UsageError names a filter that is wrong, or says none matched."""
    try:
        picked = matching(rows, filters, rule)
    except ValueError as error:
        raise UsageError(f"--filter {error}") from None
    if not picked:
        raise UsageError(f"no case of the run matches {' and '.join(filters) or 'the filter'}: nothing to rerun")
    return picked


# What a run.json makes a rerun run or write: a program and where, a contest file (its tools and build
# step), the best-known file. A run.json anyone can edit or send must not choose them unseen.
TRUSTED_KEYS = ("command", "cwd", "contest_file", "best_known")


def what_it_runs(meta: dict[str, Any]) -> list[str]:
    """What a rerun of the run ``meta`` describes will run and write, a line each, for the user to read."""
    lines = [f"runs: {meta['command']}" if meta.get("command") else f"runs: the built-in solver {meta.get('solver')}"]
    lines.append(f"in: {meta.get('cwd') or Path.cwd()}")
    if meta.get("contest_file"):
        lines.append(f"with the contest file {meta['contest_file']} (its tools and build step run too)")
    if meta.get("best_known"):
        lines.append(f"writing best-known scores to {meta['best_known']}")
    return lines


def not_recorded_here(folder: Path, meta: dict[str, Any]) -> str:
    """Why the run.json of ``folder`` is not known to be a run made here ("" when the run database beside
    it records this folder's run, made on this machine, with the same command, folder, contest file and
    best-known file)."""
    from .database import RunDatabase, database_path, loaded

    folder = Path(folder).resolve()
    database = RunDatabase(database_path(folder.parent))
    try:
        run_id = database.run_id(folder)
        stored = (
            next((loaded(r["meta"]) for r in database.runs() if r["id"] == run_id), None)
            if run_id is not None
            else None
        )
    except WorkbenchError as error:
        return f"its run database cannot be read ({error})"
    if stored is None:
        return f"no run database beside it ({database.path}) records it: it may come from someone else"
    if stored.get("host") != socket.gethostname():  # a runs folder sent whole carries its database
        return f"it was made on another machine ({stored.get('host') or 'not recorded'})"
    changed = [key for key in TRUSTED_KEYS if stored.get(key) != meta.get(key)]
    if changed:
        return (
            f"its {' and '.join(changed)} differ{'s' if len(changed) == 1 else ''} from what the run database recorded"
        )
    return ""


def rerun_plan(
    problem: BatchProblem,
    folder: Path,
    meta: dict[str, Any],
    picked: Sequence[dict[str, Any]],
    *,
    workers: int | None = None,
    out: Path | None = None,
    label: str | None = None,
    command_line: Sequence[str] = (),
    repeat: int = 1,
) -> BatchPlan:
    """The plan that runs ``picked`` (rows of the run in ``folder``) again as the run was made, each
    case ``repeat`` times (a case the run itself repeated is picked once)."""
    folder = Path(folder)
    picked = list({row["key"]: row for row in picked}.values())  # each case once, in order
    if meta.get("puzzle") != problem.id:
        raise WorkbenchError(f"{folder} is a run of {meta.get('puzzle')!r}, not of {problem.id}")
    numbers = [plain_natural(str(row.get("seed", ""))) for row in picked]
    seeds: list[int] | None = [n for n in numbers if n is not None]
    files: list[str] = []
    if None in numbers:  # a case without a seed: every case is replayed from its input file
        seeds = None
        for row in picked:
            path = run_file(folder, str(row.get("input") or ""), "input")
            if not row.get("input") or not path.is_file():
                raise WorkbenchError(
                    f"{folder}: the input of case {row.get('case')} is not in the run folder "
                    f"({row.get('input') or 'no input column'})"
                )
            files.append(str(path))
    command = meta.get("command") or None
    params = meta.get("params")
    if not isinstance(params, dict):
        params = {}
    cwd = Path(str(meta.get("cwd") or Path.cwd()))
    best = Path(str(meta["best_known"])) if meta.get("best_known") else None
    if best is not None and not best.is_absolute():  # as the run saw it, from where it ran
        best = cwd / best
    # The run's own build (a --build, or the contest's at the time), not today's default; a run
    # recorded before builds were kept falls back to the problem's.
    recorded_build = meta.get("build")
    build = recorded_build.get("command") if isinstance(recorded_build, dict) else ("" if "build" in meta else None)
    plan = BatchPlan(
        problem,
        seeds=seeds,
        files=files,
        generator_options=dict(meta.get("generator_options") or {}) if seeds is not None else {},
        instance_options=dict(meta.get("instance_options") or {}),
        solver=None if command else meta.get("solver"),
        params={} if command else dict(params),
        nodes=None if command else meta.get("nodes"),
        solver_seed=int(meta.get("solver_seed") or 0),
        command=command,
        seconds=meta.get("seconds"),
        time_by=meta.get("time_by") if command else None,
        workers=workers or int(meta.get("jobs") or 1),
        dask=meta.get("dask"),
        out=out,
        runs_folder=None if out else folder.parent,
        label=label if label is not None else (f"{meta.get('label')}-rerun" if meta.get("label") else "rerun"),
        comment=f"{'noise' if repeat > 1 else 'rerun'} of {folder.name}: {len(picked)} "
        f"case{'s' if len(picked) != 1 else ''}" + (f", {repeat} runs each" if repeat > 1 else ""),
        best=best,
        freeze_best=bool(meta.get("best_frozen")),
        command_line=list(command_line),
        cwd=str(cwd),
        build=build,
        recorded=dict(meta),
        repeat=repeat,
        rerun_of=folder,
    )
    plan.check()
    return plan
