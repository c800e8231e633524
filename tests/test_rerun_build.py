"""A run records its build (the command, the sources it read, by hash) and its program; a rerun
repeats that build, not the contest's default, and says when the sources or the program changed.

The issue's case: a contest whose default build makes ``sol`` from ``solve``; a run made with
``--build ... -o sol_fast solve_fast ...`` and ``--cmd ./sol_fast``; ``batch rerun`` of it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tiny_contest
from batch_cli import rows_of

from workbench.batch.program import build_sources, changed_sources, file_hash
from workbench.cli import main


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def script(tmp_path: Path, name: str, tools: Path, offset: int) -> Path:
    """A program as an executable script source (a build "compiles" it by installing it)."""
    path = Path(tiny_contest.program(tmp_path, name, tools, offset=offset).split()[-1])
    path.write_text(f"#!{tiny_contest.PYTHON}\n" + path.read_text())
    return path


@pytest.fixture
def contest(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "built"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", seeds=3)
    assert main(["contest", "init", str(folder), "--objective", "min", "--time-limit", "5"]) == 0
    text = (folder / "contest.toml").read_text()
    assert "command = ''\n\n[inputs]" in text
    (folder / "contest.toml").write_text(
        text.replace("command = ''\n\n[inputs]", "command = 'install -m 755 solve.py sol'\n\n[inputs]")
    )
    monkeypatch.chdir(tmp_path)
    script(tmp_path, "solve", tools, offset=50)
    script(tmp_path, "solve_fast", tools, offset=0)
    capsys.readouterr()
    return tools


FAST = ["--build", "install -m 755 solve_fast.py sol_fast", "--cmd", "./sol_fast"]


def test_a_run_records_its_build_and_a_rerun_repeats_it(contest, tmp_path, capsys):
    assert main(["batch", "built", "--seeds", "0-2", *FAST, "--out", str(tmp_path / "run")]) == 0
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert meta["build"] == {
        "command": "install -m 755 solve_fast.py sol_fast",
        "cwd": str(tmp_path),
        "sources": {"solve_fast.py": file_hash(tmp_path / "solve_fast.py")},
    }
    assert meta["program"]["file"] == str(tmp_path / "sol_fast")
    capsys.readouterr()

    assert main(["batch", "rerun", str(tmp_path / "run"), "--filter", "seed>=0", "--out", str(tmp_path / "same")]) == 0
    err = capsys.readouterr().err
    assert "building: install -m 755 solve_fast.py sol_fast\n" in err and "solve.py sol" not in err
    assert "built again from the run's sources (solve_fast.py)\n" in err
    assert f"the program sol_fast is the run's (sha256 {meta['program']['sha256'][:12]})\n" in err
    assert [r["score"] for r in rows_of(tmp_path / "same")] == [r["score"] for r in rows_of(tmp_path / "run")]

    # The source changes: the rerun builds from it, and says so, and that the program is another.
    script(tmp_path, "solve_fast", contest, offset=7)
    assert main(["batch", "rerun", str(tmp_path / "run"), "--filter", "seed>=0", "--out", str(tmp_path / "new")]) == 0
    err = capsys.readouterr().err
    assert f"built again from a changed solve_fast.py (since the run {meta['started']})\n" in err
    now = file_hash(tmp_path / "sol_fast")
    assert (
        f"the program sol_fast is not the run's: sha256 {now[:12]}, the run's {meta['program']['sha256'][:12]}\n" in err
    )
    assert [int(r["score"]) for r in rows_of(tmp_path / "new")] == [
        int(r["score"]) + 7 for r in rows_of(tmp_path / "run")
    ]


def test_a_run_without_a_build_step_reruns_without_one(contest, tmp_path, capsys):
    (tmp_path / "sol_fast").write_bytes((tmp_path / "solve_fast.py").read_bytes())
    (tmp_path / "sol_fast").chmod(0o755)
    assert (
        main(["batch", "built", "--seeds", "0", "--build", "", "--cmd", "./sol_fast", "--out", str(tmp_path / "run")])
        == 0
    )
    assert json.loads((tmp_path / "run" / "run.json").read_text())["build"] is None
    capsys.readouterr()
    assert main(["batch", "rerun", str(tmp_path / "run"), "--filter", "seed>=0", "--out", str(tmp_path / "again")]) == 0
    assert "building:" not in capsys.readouterr().err  # not the contest's default build


def test_the_sources_of_a_build_are_the_files_its_words_name(tmp_path):
    (tmp_path / "solve_fast.cpp").write_text("int main() {}\n")
    (tmp_path / "common.hpp").write_text("#pragma once\n")
    (tmp_path / "sol_fast.cpp").write_text("written by no one\n")
    command = "g++ -O2 -std=c++20 -include common.hpp -o sol_fast.cpp solve_fast.cpp missing.cpp"
    assert build_sources(command, tmp_path) == {
        "common.hpp": file_hash(tmp_path / "common.hpp"),
        "solve_fast.cpp": file_hash(tmp_path / "solve_fast.cpp"),
    }
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.rs").write_text("fn main() {}\n")
    (tmp_path / "Cargo.toml").write_text("[package]\n")
    assert list(build_sources("cargo build --release", tmp_path)) == ["Cargo.toml", "src/main.rs"]
    assert changed_sources({"a.cpp": "1", "b.cpp": "2"}, {"a.cpp": "1", "b.cpp": "3", "c.cpp": "4"}) == [
        "b.cpp",
        "c.cpp",
    ]


def test_a_failed_build_says_its_last_line_once(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    build = "echo 'main.cpp:2: warning: unused x' >&2; echo 'main.cpp:3: error: expected ;' >&2; exit 1"
    assert main(["batch", "comesolo", "--seeds", "1", "--cmd", "./a.out", "--build", build]) == 1
    assert capsys.readouterr().err == (
        f"building: {build}\n"
        f"error: the build failed, so no case ran: '{build}' exited with code 1\n"
        "main.cpp:2: warning: unused x\nmain.cpp:3: error: expected ;\n"
    )
