"""Hostile contest folders and configs: odd seeds, wrong types and shell words in a pahcer
config, many `contest init` at once, and a web visualizer that would serve the contest's own files."""

from __future__ import annotations

import multiprocessing
import os
import textwrap
from pathlib import Path

import pytest
import standin_tools

from workbench.cli import main
from workbench.contest import known
from workbench.contest.config import ContestConfig, load


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("seed", ["\u00b2", "\u0663", "\uff17", "1_0", "-3", "18446744073709551616"])
def test_a_seed_that_is_not_ascii_digits_is_refused_by_line(tmp_path, capsys, seed):
    folder = tmp_path / "c"
    tools = standin_tools.lay_out(folder, "pegs-max", seeds=2)
    (tools / "seeds.txt").write_text(f"0\n1\n{seed}\n")
    assert main(["contest", "init", str(folder)]) == 1
    err = capsys.readouterr().err
    assert f"seeds.txt: line 3: '{seed}' is not a seed" in err and "Traceback" not in err


def write_pahcer(folder: Path, steps: str, problem: str = 'problem_name = "pah"') -> None:
    folder.mkdir(exist_ok=True)
    (folder / "pahcer_config.toml").write_text(f"[problem]\n{problem}\n[test]\n" + textwrap.dedent(steps))


STEP = """
[[test.test_steps]]
program = "./a.out"
stdin = "./tools/in/{SEED04}.txt"
measure_time = true
"""


@pytest.mark.parametrize(
    "steps, problem, message",
    [
        ("test_steps = 5", None, "[test]: test_steps must be a list, got 5"),
        ("test_steps = [5]", None, "test.test_steps[0]: a test step needs program"),
        (STEP + "args = 5", None, "test.test_steps[0]: args must be a list, got 5"),
        (STEP + "args = [1, 2]", None, "test.test_steps[0]: args must be a list of words in quotes, got [1, 2]"),
        (STEP + "current_dir = 7", None, "test.test_steps[0]: current_dir must be text in quotes, got 7"),
        (STEP.replace('"./tools/in/{SEED04}.txt"', "9"), None, "stdin must be text in quotes, got 9"),
        (STEP + 'stdout = ["x"]', None, "stdout must be text in quotes, got ['x']"),
        (STEP.replace("true", '"yes"'), None, "measure_time must be true or false, got 'yes'"),
        (STEP, "problem_name = 3", "[problem]: problem_name must be text in quotes, got 3"),
        (STEP, 'problem_name = "p"\nobjective = 1', "[problem]: objective must be text in quotes, got 1"),
    ],
)
def test_wrong_types_in_a_pahcer_config_name_the_key(tmp_path, capsys, steps, problem, message):
    write_pahcer(tmp_path / "pah", steps, problem or 'problem_name = "pah"')
    assert main(["contest", "init", str(tmp_path / "pah")]) == 1
    err = capsys.readouterr().err
    assert message in err and "pahcer_config.toml" in err and "Traceback" not in err
    assert err.count("\n") == 1


def test_a_pahcer_program_is_one_word_for_the_shell(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "pah"
    (folder / "tools" / "in").mkdir(parents=True)
    (folder / "tools" / "in" / "0000.txt").write_text("5 1 2 3 4 5\n")
    write_pahcer(folder, STEP.replace('"./a.out"', '"true;touch PWNED;echo"'))
    assert main(["contest", "init", str(folder)]) == 0
    assert load(folder).program == "'true;touch PWNED;echo'"
    monkeypatch.chdir(folder)
    assert main(["batch", "pah", "--seeds", "0-0", "--jobs", "1"]) == 0
    assert "RE" in capsys.readouterr().out  # no program of that name: the shell ran nothing else
    assert not (folder / "PWNED").exists()


def test_a_cargo_binary_name_is_quoted_too(tmp_path, capsys):
    folder = tmp_path / "pah"
    write_pahcer(folder, STEP.replace('"./a.out"', '"cargo"') + 'args = ["run", "--bin", "x;touch PWNED"]')
    assert main(["contest", "init", str(folder)]) == 0
    assert "--bin 'x;touch PWNED' --" in load(folder).program


def _remember_many(home: str, start: int) -> None:
    os.environ["PUZZLE_WORKBENCH_HOME"] = home
    for k in range(start, start + 15):
        known.remember(ContestConfig(path=Path(home) / f"c{k}" / "contest.toml", name=f"c{k}"))


def test_contests_remembered_at_once_are_all_kept(home):
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=_remember_many, args=(str(home), 100 * p)) for p in range(8)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(120)
        assert process.exitcode == 0
    assert len(known.known()) == 8 * 15


def test_of_two_contests_given_one_name_the_second_is_refused_as_it_is_remembered(tmp_path):
    known.remember(ContestConfig(path=tmp_path / "a" / "contest.toml", name="same"))
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "contest.toml").write_text("")
    with pytest.raises(known.WorkbenchError, match="a contest named 'same' is already at"):
        known.remember(ContestConfig(path=tmp_path / "b" / "contest.toml", name="same"))
    known.remember(ContestConfig(path=tmp_path / "b" / "contest.toml", name="same"), take_name=True)
    assert known.known()["same"] == str(tmp_path / "b" / "contest.toml")


def test_a_downloaded_config_prints_its_escapes_as_text(tmp_path, capsys):
    folder = tmp_path / "pah"
    write_pahcer(folder, STEP.replace('"./a.out"', '"./a\\u001b]0;PWNED\\u0007.out"'))
    assert main(["contest", "init", str(folder)]) == 0
    capsys.readouterr()
    assert main(["contest", "show", str(folder)]) == 0
    shown = capsys.readouterr().out
    assert "a\\x1b]0;PWNED\\x07.out" in shown and "\x1b" not in shown


def test_compile_steps_of_a_wrong_type_name_the_key(tmp_path, capsys):
    write_pahcer(tmp_path / "pah", "compile_steps = 5\n" + STEP)
    assert main(["contest", "init", str(tmp_path / "pah")]) == 1
    assert "[test]: compile_steps must be a list, got 5" in capsys.readouterr().err


def test_an_unreadable_registry_is_said_by_line_and_never_written_over(tmp_path, home, capsys):
    known.remember(ContestConfig(path=tmp_path / "alpha" / "contest.toml", name="alpha"))
    registry = home / "contests.json"
    text = registry.read_text().replace('.toml"\n', '.toml",\n')  # a stray comma after the last entry
    registry.write_text(text)
    folder = tmp_path / "gamma"
    standin_tools.lay_out(folder, "pegs-max", seeds=2)
    assert main(["contest", "list"]) == 1
    assert main(["contest", "init", str(folder)]) == 1
    err = capsys.readouterr().err
    said = (
        f"error: the contest registry {registry} is unreadable: line 3 column 1: Expecting property name "
        "enclosed in double quotes: fix it (or move it away to start a new one); until then it is neither "
        "used nor changed"
    )
    assert err.splitlines() == [said, said]
    assert registry.read_text() == text and not (folder / "contest.toml").exists()
    with pytest.raises(known.WorkbenchError, match="is unreadable: line 3 column 1"):
        known.remember(ContestConfig(path=folder / "contest.toml", name="gamma"))
    assert registry.read_text() == text


def test_a_folder_whose_path_holds_a_newline_is_written_with_the_newline_escaped(tmp_path, capsys):
    folder = tmp_path / "my\ncontest"
    standin_tools.lay_out(folder, "pegs-max", seeds=2)
    assert main(["contest", "init", str(folder)]) == 0
    assert "Traceback" not in capsys.readouterr().err
    text = (folder / "contest.toml").read_text()
    assert "my\\ncontest" in text and all(
        not line or line.startswith("#") or "=" in line or line.startswith("[") for line in text.splitlines()
    )
    assert load(folder).name == "my-contest" and load(folder).path == folder.resolve() / "contest.toml"


def test_a_generator_that_never_exits_is_said_and_stopped(tmp_path, monkeypatch):
    from workbench.contest import steps

    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "gen.sh").write_text("#!/bin/sh\nexec sleep 600\n")
    (folder / "gen.sh").chmod(0o755)
    (folder / "contest.toml").write_text(
        "name = 'c'\n[inputs]\nfile = 'in/{SEED04}.txt'\ngen = '{DIR}/gen.sh'\n[run]\ncommand = '{CMD}'\n"
    )
    assert steps.gen_seconds(100) == 70 and steps.gen_seconds(10**6) == 600  # not 600 s for a few seeds
    monkeypatch.setattr(steps, "GEN_NOTICE_SECONDS", 0.2)
    monkeypatch.setattr(steps, "GEN_SECONDS", 2.0)
    said = []
    with pytest.raises(known.WorkbenchError) as raised:
        steps.generate_inputs(load(folder), [0, 1, 2], said.append)
    command = f"{folder}/gen.sh"
    assert said == [f"the generator is still making 3 inputs ('{command}'): stopped if it runs past 2 s"]
    assert str(raised.value) == f"the generator failed: '{command}' ran past its time and was stopped"


def test_a_name_with_a_newline_is_refused_before_anything_is_written(tmp_path, capsys):
    folder = tmp_path / "c"
    standin_tools.lay_out(folder, "pegs-max", seeds=2)
    assert main(["contest", "init", str(folder), "--name", "x\ny"]) in (1, 2)
    assert capsys.readouterr().err.splitlines() == [
        "error: --name 'x\\ny' must be letters, digits, '-', '_' or '.' (it names files)"
    ]
    assert not (folder / "contest.toml").exists()


def test_an_empty_registry_is_one_without_contests(tmp_path, home):
    home.mkdir()
    (home / "contests.json").write_text("\n")
    assert known.known() == {}
    known.remember(ContestConfig(path=tmp_path / "a" / "contest.toml", name="a"))
    assert known.known() == {"a": str(tmp_path / "a" / "contest.toml")}
