"""``contest init`` checks what the tools do rather than guessing from their names.

A tool named ``tester`` makes a contest interactive only when it runs the program it is given,
as the official tester does; a contest file is not written when init's own check of the tools
fails (unless --force); the features hint names every value; a pahcer import gets its view from
tools/vis and its compile steps as the build step; the tools folder names the contest anywhere.
"""

from __future__ import annotations

import csv
import textwrap
import tomllib
from pathlib import Path

import pytest
import tiny_contest

from workbench.cli import main
from workbench.contest.config import load
from workbench.contest.known import find_contest


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def tool(tools: Path, name: str, source: str) -> None:
    (tools / f"{name}.py").write_text(textwrap.dedent(source))
    script = tools / "target" / "release" / name
    script.write_text(f"#!/bin/sh\nexec '{tiny_contest.PYTHON}' '{tools / (name + '.py')}' \"$@\"\n")
    script.chmod(0o755)


def test_a_tester_that_runs_no_program_makes_no_contest_interactive(tmp_path, capsys):
    folder = tmp_path / "own"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "max")
    # A contestant's own parallel runner, named tester: it cleans ./tools/out and runs nothing it is given.
    tool(
        tools,
        "tester",
        """
        import shutil, sys
        shutil.rmtree("tools/out", ignore_errors=True)
        print("running 100 cases in parallel...")
    """,
    )
    (folder / "tools" / "out").mkdir()
    assert main(["contest", "init", str(folder)]) == 0
    err = capsys.readouterr().err
    assert "did not run the program it was given" in err and "not interactive" in err
    config = load(folder / "contest.toml")
    assert not config.interactive and config.run == "{CMD}" and "vis" in config.score
    assert (folder / "tools" / "out").is_dir()  # it ran in a folder of its own


def test_the_official_tester_makes_the_contest_interactive(tmp_path, capsys):
    folder = tmp_path / "talk"
    folder.mkdir()
    tiny_contest.lay_out(folder, "min", interactive=True)
    assert main(["contest", "init", str(folder), "--objective", "min"]) == 0
    assert "interactive (the tester runs your program)" in capsys.readouterr().err
    assert load(folder / "contest.toml").interactive


def test_no_contest_file_when_its_own_check_fails(tmp_path, capsys):
    folder = tmp_path / "quiet"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "max")
    tool(tools, "vis", "print('all good')\n")  # prints no 'Score = N'
    assert main(["contest", "init", str(folder)]) == 1
    err = capsys.readouterr().err
    assert "printed no line that score_regex finds" in err and "'all good'" in err and "--force" in err
    assert not (folder / "contest.toml").exists()
    assert main(["contest", "init", str(folder), "--force"]) == 0
    assert "written with --force although" in (folder / "contest.toml").read_text()


def test_the_features_hint_names_every_value(tmp_path, capsys):
    folder = tmp_path / "wide"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "max")
    (tools / "in" / "0000.txt").write_text("800 113 400 3 1367\n")
    assert main(["contest", "init", str(folder), "--force"]) == 0
    assert 'features = ["A", "B", "C", "D", "E"]' in capsys.readouterr().err


def test_a_pahcer_import_gets_the_view_from_tools_vis_and_its_compile_steps(tmp_path, capsys):
    folder = tmp_path / "pahcer-talk"
    folder.mkdir()
    tiny_contest.lay_out(folder, "min", interactive=True)
    (folder / "pahcer_config.toml").write_text(
        textwrap.dedent("""
        [problem]
        problem_name = "talk"
        objective = "Min"

        [test]
        [[test.compile_steps]]
        program = "g++"
        args = ["-O2", "-o", "a.out", "main.cpp"]

        [[test.test_steps]]
        program = "./tools/target/release/tester"
        args = ["./a.out"]
        stdin = "./tools/in/{SEED04}.txt"
        stdout = "./tools/out/{SEED04}.txt"
        measure_time = true
    """)
    )
    assert main(["contest", "init", str(folder)]) == 0
    config = load(folder / "contest.toml")
    assert config.interactive and config.score == ""
    assert config.view_command == "{DIR}/tools/target/release/vis {IN} {OUT}"
    assert config.build == "(cd {DIR} && g++ -O2 -o a.out main.cpp)"
    assert tomllib.loads((folder / "contest.toml").read_text())["build"]["command"] == config.build


def test_the_tools_folder_names_the_contest(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "named"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "max")
    assert main(["contest", "init", str(folder)]) == 0
    assert find_contest(str(tools)).name == "named"
    program = tiny_contest.program(tmp_path, "fine", tools)
    monkeypatch.chdir(tmp_path)
    assert main(["batch", str(tools), "--seeds", "0-1", "--cmd", program]) == 0
    capsys.readouterr()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["runs", "comment", "named", "1", "the first try"]) == 0
    assert main(["runs", "list", "named"]) == 0
    assert "the first try" in capsys.readouterr().out
    (run,) = [p for p in (folder / "runs").iterdir() if (p / "results.csv").is_file()]
    with open(run / "results.csv") as handle:
        assert [r["verdict"] for r in csv.DictReader(handle)] == ["OK", "OK"]


@pytest.mark.parametrize("names", [("tester",), ("vis",), ("tester", "vis")])
def test_a_tool_without_its_run_bit_is_named_not_left_out(tmp_path, capsys, names):
    """An unzip that lost the bits: a tester left out would make the contest "not interactive", a vis
    "nothing can score a case"; init names the files and the fix, and writes nothing."""
    folder = tmp_path / "zip"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", interactive=True)
    stuck = [tools / "target" / "release" / name for name in ("gen", "vis", "tester") if name in names]
    for path in stuck:
        path.chmod(0o644)
    capsys.readouterr()
    assert main(["contest", "init", str(folder)]) == 1
    listed = " and ".join(map(str, stuck))
    assert capsys.readouterr().err == (
        f"error: {listed} {'is' if len(stuck) == 1 else 'are'} not executable (an "
        "unzip or a copy can lose the run bit): chmod +x "
        f"{' '.join(map(str, stuck))}, then run contest init again\n"
    )
    assert not (folder / "contest.toml").exists()


def test_a_tool_that_hangs_is_said_to_have_hung(tmp_path, capsys, monkeypatch):
    from workbench.contest import tools_folder

    monkeypatch.setattr(tools_folder, "CHECK_SECONDS", 1.0)
    folder = tmp_path / "hang"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min")
    (tools / "vis.py").write_text("import time\ntime.sleep(600)\n")
    capsys.readouterr()
    assert main(["contest", "init", str(folder), "--objective", "min"]) == 1
    assert capsys.readouterr().err == (
        "error: the score step '{DIR}/tools/target/release/vis {IN} {OUT}' ran past 1 s on in/0000.txt with an "
        "empty answer and was stopped (does it wait for input?) — contest.toml is not written; fix the tools or "
        "score_regex, or --force to write it anyway\n"
    )
    assert not (folder / "contest.toml").exists()
    # An interactive contest's vis only draws: said as a note, and its hanging tester too.
    folder = tmp_path / "hang2"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", interactive=True)
    (tools / "vis.py").write_text("import time\ntime.sleep(600)\n")
    (tools / "tester.py").write_text("import time\ntime.sleep(600)\n")
    assert main(["contest", "init", str(folder), "--objective", "min"]) == 0
    err = capsys.readouterr().err
    assert (
        "{DIR}/tools/target/release/tester ran past 1 s when tried on in/0000.txt with a program that ends at "
        "once, and was stopped: it is taken as the contest's tester, but check that it ends"
    ) in err
    assert (
        "the view step '{DIR}/tools/target/release/vis {IN} {OUT}' ran past 1 s on in/0000.txt with an empty "
        "answer and was stopped (does it wait for input?): the app cannot draw the cases with it"
    ) in err
    assert load(folder / "contest.toml").interactive
