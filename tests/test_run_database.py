"""Runs that last: the run database (SQLite, shared by batches running at once), standings across runs
as AtCoder ranks submissions, the app's past runs, and tuning with Optuna."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from batch_cli import batch_command, batch_main

from workbench.batch.database import RunDatabase, database_path
from workbench.batch.standings import standings
from workbench.cli import main

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def batch(tmp_path: Path, *args: str, label: str) -> int:
    return main(["batch", "comesolo", "--seeds", "1-5", "--size", "7", "--label", label, "--jobs", "1", *args])


@pytest.fixture
def runs(tmp_path, monkeypatch, capsys) -> Path:
    """Three solver runs of comesolo in tmp_path/runs, weakest first."""
    monkeypatch.chdir(tmp_path)
    for nodes, comment in (("30", "tiny"), ("300", "small"), ("3000", "large")):
        assert batch(tmp_path, "--solver", "beam", "--nodes", nodes, "--comment", comment, label=f"n{nodes}") == 0
    capsys.readouterr()
    return tmp_path / "runs"


def test_every_run_and_case_is_in_the_database(runs, capsys):
    database = RunDatabase(database_path(runs))
    found = database.runs("comesolo")
    assert [(r["label"], r["comment"], r["status"], r["finished"], r["solver"]) for r in found] == [
        ("n30", "tiny", "complete", 5, "beam"),
        ("n300", "small", "complete", 5, "beam"),
        ("n3000", "large", "complete", 5, "beam"),
    ]
    for run in found:
        folder = Path(run["folder"])
        with open(folder / "results.csv", newline="") as handle:
            exported = {r["name"]: r for r in csv.DictReader(handle)}
        stored = database.cases(run["id"])
        assert {r["name"]: float(r["score"]) for r in stored} == {n: float(r["score"]) for n, r in exported.items()}
        assert all(r["pieces"] == int(exported[r["name"]]["pieces"]) for r in stored)  # features kept
        assert json.loads(run["meta"])["status"] == "complete"
    assert main(["runs", "list", "comesolo"]) == 0
    listed = capsys.readouterr()
    assert "n3000" in listed.out and "large" in listed.out and "3 runs in runs/runs.sqlite" in listed.err
    assert main(["runs", "comment", str(found[0]["id"]), "first try"]) == 0
    folder = Path(found[0]["folder"])
    assert capsys.readouterr().err == (
        f"run {found[0]['id']} ({folder.name}): comment 'first try' kept in "
        "runs/runs.sqlite and the run folder's comment.txt\n"
    )
    assert RunDatabase(database_path(runs)).runs("comesolo")[0]["comment"] == "first try"
    assert (folder / "comment.txt").read_text() == "first try"
    assert main(["runs", "comment", str(found[0]["id"]), ""]) == 0
    assert capsys.readouterr().err == (
        f"run {found[0]['id']} ({folder.name}): comment cleared in runs/runs.sqlite and the run folder's comment.txt\n"
    )


def test_an_import_into_another_database_keeps_the_comments(runs, tmp_path, capsys):
    database = RunDatabase(database_path(runs))
    first, second, third = database.runs("comesolo")
    assert main(["runs", "comment", str(first["id"]), "first try"]) == 0
    folders = [Path(r["folder"]) for r in (first, second, third)]

    def imported(root: Path, *where: Path) -> list[str]:
        assert main(["runs", "import", *map(str, where), "--root", str(root)]) == 0
        return [r["comment"] for r in RunDatabase(database_path(root)).runs("comesolo")]

    # comment.txt (set by runs comment), else the comment the batch was given (--comment).
    assert imported(tmp_path / "other", *folders) == ["first try", "small", "large"]
    # A run commented before comment.txt was kept: the database it was made beside says.
    (folders[0] / "comment.txt").unlink()
    assert imported(tmp_path / "third", folders[0]) == ["first try"]
    # A folder copied away from its database: its run.json's comment.
    copy = tmp_path / "copied" / folders[1].name
    shutil.copytree(folders[1], copy)
    assert imported(tmp_path / "fourth", copy) == ["small"]


def test_standings_rank_runs_as_atcoder_does(runs, capsys):
    database = RunDatabase(database_path(runs))
    found = database.runs("comesolo")
    table = standings(found, {r["id"]: database.cases(r["id"]) for r in found})
    assert table.cases == 5
    by_label = {row.run["label"]: row for row in table.rows}
    scores = {r["label"]: {c["key"]: float(c["score"]) for c in database.cases(r["id"])} for r in found}
    keys = list(scores["n30"])
    best = {k: max(scores[label][k] for label in scores) for k in keys}
    for label, row in by_label.items():
        mine = scores[label]
        assert row.relative == pytest.approx(sum(mine[k] / best[k] for k in keys) / 5)
        assert row.best == sum(mine[k] == best[k] for k in keys)
        assert row.unique == sum(
            mine[k] == best[k] and all(scores[o][k] != best[k] for o in scores if o != label) for k in keys
        )
        beaten = [sum(mine[k] > scores[o][k] for o in scores if o != label) / 2 for k in keys]
        assert row.rank == pytest.approx(sum(beaten) / 5)
    assert [row.run["label"] for row in table.rows][0] == "n3000"  # the strongest first
    assert main(["runs", "standings", "comesolo", "--filter", "pieces>=20"]) == 0
    out = capsys.readouterr().out
    assert "3 runs on the" in out and "(filtered: pieces>=20)" in out and "#Unique" in out


def test_standings_of_a_min_puzzle_and_failed_cases():
    runs = [{"id": 1}, {"id": 2}, {"id": 3}]
    row = lambda key, score, verdict="OK": {"key": key, "score": score, "verdict": verdict}  # noqa: E731
    cases = {1: [row("a", 10), row("b", 20)], 2: [row("a", 10), row("b", 40)], 3: [row("a", 5, "WA"), row("b", 80)]}
    table = standings(runs, cases, "min")
    by_id = {r.run["id"]: r for r in table.rows}
    assert by_id[1].relative == pytest.approx(1.0) and by_id[1].best == 2 and by_id[1].unique == 1
    assert by_id[2].relative == pytest.approx((1.0 + 0.5) / 2) and by_id[2].unique == 0
    assert by_id[3].relative == pytest.approx((0.0 + 0.25) / 2)  # the WA scores nothing
    assert by_id[1].gain == pytest.approx((0.0 + (1 - 20 / 40)) / 2)  # without it, b's best would be 40
    assert [r.run["id"] for r in table.rows] == [1, 2, 3]


def test_two_batches_at_once_share_the_database(tmp_path):
    quick = tmp_path / "quick.sh"
    quick.write_text("#!/bin/sh\ncat > /dev/null\necho 0\n")
    quick.chmod(0o755)
    processes = [
        subprocess.Popen(
            batch_command("comesolo", seeds="1-20", size="6", cmd=quick, label=f"p{k}", jobs="1"),
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for k in range(2)
    ]
    for process in processes:
        assert process.wait(timeout=300) == 0, process.stderr.read()
    found = RunDatabase(database_path(tmp_path / "runs")).runs("comesolo")
    assert sorted(r["label"] for r in found) == ["p0", "p1"] and all(r["finished"] == 20 for r in found)


def test_old_run_folders_are_imported(tmp_path, capsys):
    out = tmp_path / "old"
    assert (
        batch_main(
            "comesolo",
            seeds="1-2",
            size="6",
            solver="beam",
            nodes="50",
            out=out,
            best=tmp_path / "b.csv",
            database=tmp_path / "other.sqlite",
        )
        == 0
    )
    assert main(["runs", "import", str(out), "--root", str(tmp_path / "runs")]) == 0
    imported = RunDatabase(database_path(tmp_path / "runs")).runs()
    assert len(imported) == 1 and imported[0]["finished"] == 2 and imported[0]["puzzle"] == "comesolo"


def test_the_app_lists_past_runs_and_ranks_them(qtbot, window, runs):
    panel = window.runs_panel
    panel.runs_root = runs
    dialog = panel.past_runs()
    qtbot.addWidget(dialog)
    assert dialog.model.rowCount() == 3
    assert [dialog.model.item(r, 2).text() for r in range(3)] == ["n30", "n300", "n3000"]
    dialog.show_standings()
    assert dialog.standings_model.rowCount() == 3 and dialog.standings_model.item(0, 2).text() == "n3000"
    assert [len(curve.getData()[0]) for curve in dialog.curves] == [3]  # the same cases: one line
    assert dialog.standings_model.item(0, 3).text() == "large"  # the comment in its own column
    assert dialog.note.text().startswith("Standings of 3 runs on the 5 cases")
    dialog.table.selectRow(2)
    dialog.show_standings()
    assert dialog.note.text().startswith("Standings of 1 run on the 5 cases")  # never "1 runs"
    dialog.table.selectRow(1)
    with qtbot.waitSignal(panel.message):
        dialog.open_selected()
    assert panel.run_folder == Path(dialog.runs[1]["folder"]) and panel.model.rowCount() == 5
    # A batch in another process (a terminal, a tuning study) shows up while the dialog is open.
    subprocess.run(
        batch_command("comesolo", seeds="1-2", size="7", solver="beam", nodes="30", label="elsewhere"),
        cwd=runs.parent,
        check=True,
        capture_output=True,
    )
    qtbot.waitUntil(lambda: dialog.model.rowCount() == 4, timeout=5000)
    assert dialog.model.item(3, 2).text() == "elsewhere" and dialog.model.item(3, 4).text() == "2/2"
    assert [index.row() for index in dialog.table.selectionModel().selectedRows()] == [1]  # kept
    # Runs on other cases are a line of their own, never joined to the others' means.
    assert sorted(len(curve.getData()[0]) for curve in dialog.curves) == [1, 3]


def test_tuning_a_solver_prunes_and_checks_the_best_on_held_out_seeds(tmp_path, monkeypatch, capsys):
    pytest.importorskip("optuna")
    monkeypatch.chdir(tmp_path)
    assert (
        batch_main(
            "tune",
            "comesolo",
            solver="beam",
            param="width=2..60",
            seeds="1-8",
            held_out="100-105",
            trials="5",
            nodes="400",
            size="8",
            jobs="2",
        )
        == 0
    )
    said = capsys.readouterr()
    assert said.err.count("\ntrial ") + said.err.startswith("trial ") >= 5
    assert "held-out, best against the defaults: wins" in said.err
    import optuna

    study = optuna.load_study(study_name="comesolo-tune", storage=f"sqlite:///{tmp_path / 'runs' / 'runs.sqlite'}")
    assert len(study.trials) == 5
    assert float(said.out.strip().splitlines()[-1]) == pytest.approx(study.best_value)
    trial_runs = [r for r in RunDatabase(database_path(tmp_path / "runs")).runs() if r["label"].startswith("tune")]
    assert len(trial_runs) == 5 and all(r["comment"].startswith("width=") for r in trial_runs)
    # Continued: the same study gets more trials.
    assert (
        batch_main(
            "tune", "comesolo", solver="beam", param="width=2..60", seeds="1-8", trials="1", nodes="400", size="8"
        )
        == 0
    )
    assert "5 trials before" in capsys.readouterr().err


def test_tuning_a_program_passes_the_parameters(tmp_path, monkeypatch, capsys):
    pytest.importorskip("optuna")
    monkeypatch.chdir(tmp_path)
    jumps = tmp_path / "jumps.py"
    jumps.write_text(f"""import os, sys
sys.path.insert(0, {str(REPO)!r})
from workbench.core.registry import get_puzzle
p = get_puzzle("comesolo")
board = p.parse_input(sys.stdin.read())
state, moves = board, []
for _ in range(int(os.environ["LIMIT"]) + int(sys.argv[1])):  # LIMIT from the environment, SHIFT as {{SHIFT}}
    legal = p.legal_moves(board, state)
    if not legal:
        break
    state = p.apply(board, state, legal[0]).state
    moves.append(legal[0])
print(p.format_solution(board, moves), end="")
""")
    assert (
        batch_main(
            "tune",
            "comesolo",
            "--cmd",
            f"{PYTHON} {jumps} {{SHIFT}}",
            "--param",
            "LIMIT=0..6",
            "--param",
            "SHIFT=0..1:0",
            "--seeds",
            "1-4",
            "--trials",
            "6",
            "--size",
            "7",
        )
        == 0
    )
    said = capsys.readouterr()
    trials = [line for line in said.err.splitlines() if line.startswith("trial ")]
    assert len(trials) == 6
    for line in trials:  # as many jumps as LIMIT + SHIFT allow, at most what the board has
        values = dict(part.split("=") for part in line.split(":", 1)[1].split("->")[0].split())
        assert float(line.split("-> ")[1].split()[0]) <= int(values["LIMIT"]) + int(values["SHIFT"])


def test_bad_tuning_parameters_are_one_line(tmp_path, capsys):
    for bad, message in (
        ("width=5", "--param takes NAME=LOW..HIGH"),
        ("width=9..3", "LOW must be below HIGH"),
        ("width=a..b", "the bounds must be numbers"),
    ):
        assert main(["batch", "tune", "comesolo", "--solver", "beam", "--param", bad]) == 1
        assert message in capsys.readouterr().err
