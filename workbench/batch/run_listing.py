"""What a listing of runs shows beside each run (runs list, standings, the app's Past runs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .results import plain_number

# A runs list's columns (the app's Past runs, of one puzzle, leave out "puzzle").
COLUMNS = (
    "id",
    "started",
    "puzzle",
    "label",
    "what",
    "cases",
    "OK",
    "failed",
    "mean score",
    "relative",
    "CPU",
    "status",
    "git",
    "program",
    "comment",
)


def figure_cells(run: dict[str, Any]) -> tuple[str, ...]:
    """A run's cells from ``cases`` to ``relative`` (COLUMNS), as every runs list shows them."""
    mean, relative = run["mean_score"], run["mean_relative"]
    return (
        f"{run['finished']}/{run['cases']}",
        str(run["ok"] or 0),
        failed_cell(run["failed"]),
        plain_number(round(mean, 3)) if mean is not None else "-",
        f"{relative:.4f}" if relative is not None else "-",
    )


def failed_cell(failed: dict[str, Any]) -> str:
    """ "TLE 21, WA 1" (the cases that are not OK, by verdict), or "-"."""
    return ", ".join(f"{v} {n}" for v, n in sorted(failed.items())) or "-"


def program_cells(runs: Sequence[dict[str, Any]]) -> dict[int, str]:
    """Each run's program as a short hash of its file; "*" marks a program that changed while the
    git commit stayed the same (a binary rebuilt from uncommitted sources)."""
    cells: dict[int, str] = {}
    last: dict[Any, tuple[str, str]] = {}  # a program's file -> (git commit, hash) as last seen
    for run in runs:
        digest = run.get("program_hash") or ""
        mark = ""
        before = last.get(run.get("program_file"))
        if digest and before and before[1] != digest and before[0] == (run.get("git_commit") or ""):
            mark = "*"
        cells[run["id"]] = (digest[:8] + mark) if digest else ""
        if digest:
            last[run.get("program_file")] = (run.get("git_commit") or "", digest)
    return cells


def shortened(text: str, width: int) -> str:
    """``text`` in ``width`` characters, its end kept (a command's script name is at its end)."""
    return text if len(text) <= width else "…" + text[-(width - 1) :]


def no_shared_cases(runs: Sequence[dict[str, Any]], keys: dict[int, set[Any]], filters: Sequence[str]) -> str:
    """Why the standings have no case, and what to pass."""
    if filters and all(not keys[r["id"]] for r in runs):
        return f"--filter {' and '.join(filters)} keeps no case of these runs"
    counts = ", ".join(f"run {r['id']}: {len(keys[r['id']])}" for r in runs[:8])
    return (
        f"these {len(runs)} runs share no case (cases each: {counts}{', ...' if len(runs) > 8 else ''}); "
        "runs on different seeds cannot be ranked together: --runs ID,ID... names runs on the same cases"
    )
