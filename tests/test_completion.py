"""Tab completion (workbench/completion.py): the shell code for bash and zsh, and the answers the
command gives the shell, from the parsers the commands build (puzzle options, sub-commands,
puzzle, contest and solver names)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.core.registry import puzzles, solvers

BIN = Path(sys.executable).parent  # the editable install's puzzle-workbench and pwb


def answers(line: str, tmp_path: Path, cwd: Path | None = None, **env) -> list[str]:
    """What ``pwb`` tells the shell for a Tab at the end of ``line`` (as argcomplete's shell code asks)."""
    out = tmp_path / "answer"
    environ = {
        **os.environ,
        "_ARGCOMPLETE": "1",
        "COMP_LINE": line,
        "COMP_POINT": str(len(line)),
        "_ARGCOMPLETE_STDOUT_FILENAME": str(out),
        "_ARGCOMPLETE_IFS": "\n",
        **env,
    }
    done = subprocess.run([BIN / "pwb"], env=environ, cwd=cwd or tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return out.read_text().split("\n") if out.read_text() else []


def test_the_shell_code_registers_both_commands(capsys):
    assert main(["completion", "bash"]) == 0
    bash = capsys.readouterr().out
    assert "complete -o nospace -o default -o bashdefault -F _python_argcomplete puzzle-workbench pwb\n" in bash
    assert main(["completion", "zsh"]) == 0
    zsh = capsys.readouterr().out
    assert zsh.startswith("#compdef puzzle-workbench pwb\n")
    assert "compdef _python_argcomplete puzzle-workbench pwb\n" in zsh


def test_an_unknown_shell_is_refused(capsys):
    with pytest.raises(SystemExit) as refused:
        main(["completion", "fish"])
    assert refused.value.code == 2
    assert "argument shell: invalid choice: 'fish' (choose from 'bash', 'zsh')" in capsys.readouterr().err


def test_the_first_word_is_a_command_or_a_file(tmp_path):
    (tmp_path / "case.txt").write_text("")
    found = answers("pwb ", tmp_path)
    assert {"gen", "solve", "batch", "warm-up", "completion", "install-desktop", "case.txt"} <= set(found)
    assert not [word for word in found if word.startswith("-")]  # options once '-' is typed
    assert answers("pwb ge", tmp_path) == ["gen "]
    assert "--version" in answers("pwb --", tmp_path)


def test_a_puzzle_is_completed_by_name_then_its_own_options(tmp_path):
    assert answers("pwb gen ", tmp_path) == list(puzzles())
    assert answers("pwb gen co", tmp_path) == ["codevs", "comesolo"]
    assert {"--size", "--density", "--output"} <= set(answers("pwb gen comesolo 1 --", tmp_path))
    assert "--turns" in answers("pwb solve codevs packs.txt --t", tmp_path)


def test_solvers_of_the_named_puzzle(tmp_path):
    assert answers("pwb solve comesolo case.txt --solver ", tmp_path) == list(solvers("comesolo"))


def test_sub_commands_of_batch_runs_and_contest(tmp_path):
    assert answers("pwb batch co", tmp_path) == ["compare", "codevs", "comesolo"]
    assert answers("pwb runs ", tmp_path) == ["list", "standings", "comment", "import"]
    assert answers("pwb contest ", tmp_path) == ["init", "list", "show", "forget", "open"]
    assert "--group-by" in answers("pwb batch compare --", tmp_path)


def test_contests_are_completed_by_name(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "contests.json").write_text('{"ahc050": "/contests/ahc050/contest.toml"}')
    assert answers("pwb contest show ", tmp_path, PUZZLE_WORKBENCH_HOME=str(home)) == ["ahc050 "]
    assert "ahc050" in answers("pwb batch a", tmp_path, PUZZLE_WORKBENCH_HOME=str(home))


def test_puzzle_path_before_the_command_is_skipped(tmp_path):
    assert answers(f"pwb --puzzle-path {tmp_path} gen co", tmp_path) == ["codevs", "comesolo"]


def test_bash_runs_the_completion_end_to_end(tmp_path, capsys):
    main(["completion", "bash"])
    (tmp_path / "completion.bash").write_text(capsys.readouterr().out)
    probe = (
        'source completion.bash; COMP_WORDS=(pwb runs st); COMP_CWORD=2; COMP_LINE="pwb runs st"; '
        'COMP_POINT=${#COMP_LINE}; _python_argcomplete pwb; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(
        ["bash", "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"},
    )
    assert done.stdout.split() == ["standings"]


@pytest.mark.skipif(not shutil.which("zsh"), reason="zsh is not installed")
def test_zsh_registers_the_completion_for_both_commands(tmp_path, capsys):
    main(["completion", "zsh"])
    (tmp_path / "completion.zsh").write_text(capsys.readouterr().out)
    probe = (
        'autoload -U compinit; compinit -u; source completion.zsh; print -r -- "$_comps[pwb] $_comps[puzzle-workbench]"'
    )
    done = subprocess.run(
        ["zsh", "-f", "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["_python_argcomplete", "_python_argcomplete"]
