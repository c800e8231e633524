"""Which earlier run a batch is compared with at its end.

A rerun is compared with the run it reruns. Otherwise the baseline is the run of the same puzzle
or contest that shares the most cases with this one (the latest of those), as the run database
knows them; without a database, the latest run beside this one's folder (``previous_run``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from workbench.core.errors import WorkbenchError

from .database import reading
from .results import previous_run


def baseline_run(
    folder: Path, puzzle_id: str, keys: Iterable[str], database: Path | None, rerun_of: Path | None = None
) -> tuple[Path | None, int | None]:
    """The run to compare the run in ``folder`` with, and how many of its cases (``keys``) it shares
    (None when the database could not say: a run found beside the folder); (None, None) for none."""
    if rerun_of is not None and (Path(rerun_of) / "results.csv").is_file():
        return Path(rerun_of), None
    found = _most_shared(Path(folder), puzzle_id, set(keys), database) if database is not None else None
    if found is not None:
        return found
    earlier = previous_run(folder, puzzle_id)
    return earlier, None


def _most_shared(folder: Path, puzzle_id: str, keys: set[str], database: Path) -> tuple[Path | None, int] | None:
    """From the run database: the finished run of ``puzzle_id`` sharing the most of ``keys`` (the
    latest on a tie) whose folder is still there; None when the database cannot say."""
    if not Path(database).is_file():
        return None
    try:
        with reading(Path(database)) as db:
            if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'cases'").fetchone() is None:
                return None
            found = db.execute(
                "SELECT runs.folder, runs.started, runs.id, COUNT(DISTINCT cases.key) AS shared FROM cases "
                "JOIN runs ON runs.id = cases.run_id WHERE runs.puzzle = ? AND runs.folder != ? "
                "AND runs.status != 'running' AND cases.key IN (SELECT value FROM json_each(?)) "
                "GROUP BY runs.id",
                (puzzle_id, str(folder.resolve()), json.dumps(sorted(keys))),
            ).fetchall()
    except WorkbenchError:
        return None
    ranked = sorted(((r["shared"], r["started"] or "", r["id"], r["folder"]) for r in found), reverse=True)
    for shared, _, _, path in ranked:
        if (Path(path) / "results.csv").is_file():
            return Path(path), shared
    return None, 0
