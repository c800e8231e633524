"""`batch tune` under a hostile user: a continued study and two tunes at once draw
new values, two tunes on a new database both start, Ctrl+C, SIGTERM and kill -9 leave no trial
running, and absurd bounds are refused."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from batch_cli import batch_main

from workbench.batch.database import RunDatabase
from workbench.cli import main
from workbench.core.registry import puzzles

optuna = pytest.importorskip("optuna")
REPO = Path(__file__).resolve().parents[1]


def program(folder: Path, pause: float = 0.0) -> str:
    path = folder / "answer.sh"
    path.write_text(
        textwrap.dedent(f"""\
        #!/bin/sh
        cat > /dev/null
        sleep {pause}
        echo 0
    """)
    )
    path.chmod(0o755)
    return f"{path} {{X}}"


def tune_words(command: str, study: str, trials: int = 3, seeds: str = "1-2") -> list[str]:
    return [
        "batch",
        "tune",
        "comesolo",
        "--cmd",
        command,
        "--param",
        "X=0.0..1.0",
        "--seeds",
        seeds,
        "--trials",
        str(trials),
        "--size",
        "6",
        "--jobs",
        "1",
        "--study",
        study,
    ]


def tried(text: str) -> list[str]:
    return re.findall(r"^trial \d+: X=(\S+)", text, re.M)


def trials(folder: Path, study: str) -> list[tuple[int, str]]:
    storage = f"sqlite:///{folder / 'runs' / 'runs.sqlite'}"
    return [(t.number, t.state.name) for t in optuna.load_study(study_name=study, storage=storage).trials]


def test_a_continued_study_draws_new_values(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    command = program(tmp_path)
    values = []
    for _ in range(2):
        assert main(tune_words(command, "again")) == 0
        values += tried(capsys.readouterr().err)
    assert len(values) == 6 and len(set(values)) == 6
    # Made again the same way, a study draws the same values: the seeds come from the study's state.
    monkeypatch.chdir(tmp_path / "runs")
    assert main(tune_words(command, "again")) == 0
    assert tried(capsys.readouterr().err) == values[:3]


def tune_process(folder: Path, words: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), *words],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def test_two_tunes_at_once_on_a_new_database_share_the_study_without_repeats(tmp_path):
    command = program(tmp_path)
    processes = [tune_process(tmp_path, tune_words(command, "two")) for _ in range(2)]
    said = [p.communicate(timeout=600) for p in processes]
    assert [p.returncode for p in processes] == [0, 0], [err for _, err in said]
    assert not any("Traceback" in err or "already exists" in err for _, err in said)
    values = [v for _, err in said for v in tried(err)]
    assert len(values) == 6 and len(set(values)) == 6
    assert sorted(trials(tmp_path, "two")) == [(n, "COMPLETE") for n in range(6)]


def wait_for_case_of_trial(folder: Path, label: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        database = folder / "runs" / "runs.sqlite"
        runs = RunDatabase(database).runs() if database.is_file() else []
        if any(r["label"] == label and r["finished"] >= 1 for r in runs):
            return
        time.sleep(0.2)
    raise AssertionError(f"{label} never started")


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_mid_study_ends_it_cleanly_and_fails_the_trial(tmp_path, number):
    process = tune_process(tmp_path, tune_words(program(tmp_path, 0.4), "stop", seeds="1-6"))
    wait_for_case_of_trial(tmp_path, "tune-stop-1", process)
    process.send_signal(number)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 128 + number and "Traceback" not in err
    assert "trial 1: X=" in err and "cases: marked failed in the study" in err
    assert trials(tmp_path, "stop") == [(0, "COMPLETE"), (1, "FAIL")]
    runs = RunDatabase(tmp_path / "runs" / "runs.sqlite").runs()
    assert [r["status"] for r in runs] == ["complete", "stopped"]


def test_a_trial_of_a_tune_killed_outright_is_failed_by_the_next(tmp_path, monkeypatch, capsys):
    command = program(tmp_path, 0.4)
    process = tune_process(tmp_path, tune_words(command, "killed", seeds="1-6"))
    wait_for_case_of_trial(tmp_path, "tune-killed-0", process)
    os.killpg(process.pid, signal.SIGKILL)
    process.communicate(timeout=60)
    assert trials(tmp_path, "killed") == [(0, "RUNNING")]
    monkeypatch.chdir(tmp_path)
    assert main(tune_words(program(tmp_path), "killed", trials=1)) == 0
    assert "(trials 0 of a tune that was killed are marked failed)" in capsys.readouterr().err
    assert trials(tmp_path, "killed") == [(0, "FAIL"), (1, "COMPLETE")]


@pytest.mark.parametrize(
    "bounds, message",
    [
        ("C=-1e308..1e308", "the range is too wide"),
        ("C=0..9007199254740993", "whole-number bounds must lie within ±2^53"),
        ("C=0..10:11", "the default must lie between LOW and HIGH"),
        ("C=0..10:2.5", "the default of a whole-number parameter must be whole"),
    ],
)
def test_absurd_bounds_are_refused(tmp_path, capsys, bounds, message):
    assert main(["batch", "tune", "comesolo", "--cmd", "true", "--param", bounds]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_study_of_another_puzzle_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    command = program(tmp_path)
    assert main(tune_words(command, "mine", trials=1)) == 0
    lower_wins = sorted(name for name, p in puzzles().items() if p.objective.lower_wins)  # its trials' scores
    for other in ["ahc011", *lower_wins[:1]]:  # are not comesolo's
        assert (
            batch_main("tune", other, cmd=command, param="X=0.0..1.0", seeds="1-1", trials="1", jobs="1", study="mine")
            == 1
        )
        assert (
            "the study mine in runs/runs.sqlite tunes comesolo (maximize): give this one another --study"
            in capsys.readouterr().err
        )
    assert main(tune_words(command, "mine", trials=1)) == 0
    assert trials(tmp_path, "mine") == [(0, "COMPLETE"), (1, "COMPLETE")]
