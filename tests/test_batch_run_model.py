"""The Runs panel's Qt-free BatchRunModel: a real batch run on its thread, drained as the panel's timer
drains it, and stored runs shown; its events say what a widget must show. No qtbot, no Qt."""

from __future__ import annotations

import csv
import time
from pathlib import Path

from qt_free import qt_loaded_by

from workbench.batch.plan import BatchPlan
from workbench.batch.puzzle_problem import PuzzleProblem
from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective
from workbench.gui.runs.batch_model import LISTED_FLAGS, BatchRunModel


class Heard:
    """Every event of a model, in order, with its arguments."""

    def __init__(self, model: BatchRunModel):
        self.events: list[tuple] = []
        for name in ("started", "rows_added", "shown", "flags_cleared", "flagged", "ended"):
            getattr(model, name).connect(lambda *args, name=name: self.events.append((name, *args)))

    def names(self) -> list[str]:
        return [event[0] for event in self.events]

    def of(self, name: str) -> list[tuple]:
        return [event[1:] for event in self.events if event[0] == name]


def drain_until_ended(model: BatchRunModel, timeout: float = 120.0) -> int:
    """Drain as the panel's 10 Hz timer does; how many drains it took."""
    deadline = time.monotonic() + timeout
    drains = 1
    while not model.drain():
        assert time.monotonic() < deadline, "the run did not end"
        time.sleep(0.1)
        drains += 1
    return drains


def beam_plan(tmp_path: Path, seeds: list[int], out: str = "run", **options) -> BatchPlan:
    """comesolo's beam solver at 30 nodes on ``seeds`` into tmp_path/OUT, its runs folder tmp_path."""
    return BatchPlan(
        PuzzleProblem("comesolo"),
        seeds=seeds,
        solver="beam",
        nodes=30,
        **options,
        out=tmp_path / out,
        best=tmp_path / "best.csv",
        runs_folder=tmp_path,
    )


def listened(plan: BatchPlan) -> tuple[BatchRunModel, Heard]:
    """``plan`` checked, and a new model with its events heard."""
    plan.check()
    model = BatchRunModel()
    return model, Heard(model)


def test_the_model_imports_no_qt():
    assert qt_loaded_by("workbench.gui.runs.batch_model") == []


def test_a_run_made_here_says_it_started_then_its_rows_then_that_it_ended(tmp_path):
    plan = beam_plan(tmp_path, [1, 2, 3], workers=1)
    model, heard = listened(plan)
    assert model.state == "idle"
    assert model.start(plan, "comesolo")
    assert model.state == "making" and model.plan is plan  # nothing drained yet: the run is not known
    assert not model.start(plan, "comesolo")  # one run at a time
    drain_until_ended(model)
    assert not model.running and model.state == "idle"
    names = heard.names()
    assert names[:2] == ["flags_cleared", "started"] and names[-1] == "ended"
    assert heard.of("ended") == [(None,)]
    ((run,),) = heard.of("started")
    assert run is model.run and run.status == "complete" and model.folder == tmp_path / "run"
    assert model.puzzle == "comesolo" and model.meta == {}
    added = [row for (rows,) in heard.of("rows_added") for row in rows]
    with open(tmp_path / "run" / "results.csv", newline="") as handle:
        written = list(csv.DictReader(handle))
    assert sorted((r["case"], str(r["score"])) for r in added) == sorted((r["case"], r["score"]) for r in written)
    assert model.rows == added and len(added) == 3
    assert all("flags" in row for row in added)  # filled before a widget sees the row
    assert model.failure is None


def test_a_run_whose_folder_cannot_be_made_ends_with_the_reason(tmp_path):
    (tmp_path / "taken").write_text("not a folder")
    plan = beam_plan(tmp_path, [1], out="taken")
    model, heard = listened(plan)
    assert model.start(plan, "comesolo")
    drain_until_ended(model, timeout=60)
    assert heard.names() == ["ended"]  # no start, no rows
    ((failure,),) = heard.of("ended")
    assert isinstance(failure, WorkbenchError)
    assert str(failure) == f"{tmp_path / 'taken'} is a file: --out names the folder a run is written to"
    assert model.run is None and model.rows == [] and model.state == "idle"


def test_a_stop_asked_while_the_cases_are_made_stops_the_run(tmp_path):
    plan = beam_plan(tmp_path, list(range(1, 41)), workers=1)
    model = BatchRunModel()
    assert model.start(plan, "comesolo")
    model.stop()  # before the first drain: the run is not known yet, the thread stops it when it is
    assert model.state == "stopping"
    drain_until_ended(model)
    assert model.run.status == "stopped" and len(model.rows) < 40


def rows_of(verdicts: list[str], relative: float = 1.0) -> list[dict]:
    return [
        {
            "case": str(i),
            "seed": i,
            "score": 0 if v != "OK" else 10,
            "relative": relative,
            "time_s": 0.1,
            "verdict": v,
            "message": "",
        }
        for i, v in enumerate(verdicts)
    ]


def test_a_stored_run_shown_lists_its_flagged_cases():
    model = BatchRunModel()
    heard = Heard(model)
    rows = rows_of(["OK", "WA", "OK", "TLE"])
    rows[2]["relative"] = 0.5
    meta = {"puzzle": "ahc011", "objective": "max"}
    model.show(Path("/runs/a"), meta, rows, "ahc011", ["N"], Objective.MAX)
    assert heard.names() == ["flags_cleared", "flagged", "shown"]
    ((listed,),) = heard.of("flagged")
    assert [row["case"] for row in listed] == ["1", "2", "3"]
    assert [row["flags"] for row in model.rows] == [
        "",
        "failed (WA)",
        "far below best-known (relative 0.5000 < 0.8)",
        "failed (TLE)",
    ]
    assert model.flagged_count == 3 and model.flagged_rows == listed
    assert (model.folder, model.meta, model.features, model.puzzle) == (Path("/runs/a"), meta, ["N"], "ahc011")
    assert model.other_puzzle("comesolo") == "ahc011"
    assert model.other_puzzle("ahc011") is None and model.other_puzzle(None) is None


def test_only_the_first_flagged_cases_are_listed_and_all_are_counted():
    model = BatchRunModel()
    heard = Heard(model)
    model.show(Path("/runs/bad"), {}, rows_of(["RE"] * (LISTED_FLAGS + 50)), None, [], Objective.MAX)
    ((listed,),) = heard.of("flagged")
    assert len(listed) == LISTED_FLAGS and model.flagged_count == LISTED_FLAGS + 50
    model.show(Path("/runs/good"), {}, rows_of(["OK"] * 3), None, [], Objective.MAX)  # a new run starts afresh
    assert model.flagged_count == 0 and model.flagged_rows == []
    assert heard.names()[-3:] == ["flags_cleared", "flagged", "shown"] and heard.of("flagged")[-1] == ([],)
