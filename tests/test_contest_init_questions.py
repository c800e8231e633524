"""``contest init`` asks what the tools cannot say: which scores win, the time limit, how to build
and run the contestant's program (suggested from solve.cpp, Cargo.toml or main.py at the top of
the folder). On a terminal it asks (driven here through a pseudo-terminal); without one it takes
the flags, else the suggestions, and says which; contest.toml records them; batch uses them."""

from __future__ import annotations

import csv
import io
import os
import pty
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import tiny_contest

from workbench.cli import main
from workbench.contest.config import load
from workbench.contest.suggest import ProgramGuess, guess_program

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def folder_with(tmp_path: Path, name: str, files: dict[str, str]) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    tiny_contest.lay_out(folder, "max", seeds=3)
    for file, text in files.items():
        (folder / file).write_text(text)
    return folder


def init(monkeypatch, *args: str) -> int:
    """contest init with no terminal (stdin is not a TTY even under pytest -s)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    return main(["contest", "init", *args])


# ------------------------------------------------------------------ the suggestions
def test_the_program_is_suggested_from_the_top_of_the_folder(tmp_path):
    def guess(files: dict[str, str], tools: bool = False) -> ProgramGuess:
        folder = tmp_path / f"f{len(list(tmp_path.iterdir()))}"
        folder.mkdir()
        for name, text in files.items():
            (folder / name).write_text(text)
        return guess_program(folder, folder if tools else None)

    cpp = "int main() {}\n"
    assert guess({"heur.cpp": cpp, "main.cpp": cpp, "solve.cpp": cpp, "main.py": ""}) == ProgramGuess(
        "g++ -std=c++20 -O2 -o {DIR}/solve {DIR}/solve.cpp", "{DIR}/solve", "solve.cpp", ("main.py",)
    )
    assert guess({"heur.cpp": cpp}) == ProgramGuess(
        "g++ -std=c++20 -O2 -o {DIR}/heur {DIR}/heur.cpp", "{DIR}/heur", "heur.cpp"
    )
    assert guess({"my sol.cpp": cpp}).build == "g++ -std=c++20 -O2 -o {DIR}/'my sol' {DIR}/'my sol.cpp'"
    package = '[package]\nname = "ahc050-sol"\nversion = "0.1.0"\n'
    assert guess({"Cargo.toml": package}) == ProgramGuess(
        "cargo build --release --manifest-path {DIR}/Cargo.toml",
        "{DIR}/target/release/ahc050-sol",
        "Cargo.toml (package ahc050-sol)",
    )
    assert (
        guess({"Cargo.toml": package + '[[bin]]\nname = "fast"\npath = "src/fast.rs"\n'}).program
        == "{DIR}/target/release/fast"
    )
    assert guess({"main.rs": "fn main() {}\n"}) == ProgramGuess(
        "rustc --edition 2021 -O -o {DIR}/main {DIR}/main.rs", "{DIR}/main", "main.rs"
    )
    # A workspace names no binary; the official tools' own Cargo project is not the contestant's.
    assert guess({"Cargo.toml": "[workspace]\nmembers = []\n", "main.py": ""}) == ProgramGuess(
        "", "python3 {DIR}/main.py", "main.py"
    )
    assert guess({"Cargo.toml": package}, tools=True) == ProgramGuess()
    assert guess({"runner.py": ""}) == ProgramGuess("", "python3 {DIR}/runner.py", "runner.py")
    # Several scripts, none of the usual names, or only the tools' own: no guess.
    assert guess({"plot.py": "", "stats.py": ""}) == ProgramGuess()
    assert guess({"gen.py": "", "vis.cpp": cpp}) == ProgramGuess()


# ------------------------------------------------------------------ without a terminal
EXPECTED = """\
# A contest for Puzzle Workbench: `puzzle-workbench batch t --seeds 0-99`.
# found in {tools}: gen, vis; seeds.txt with 3 seeds; in/ with 3 inputs
# checked: vis on in/0000.txt with an empty answer printed 'Score = 0', and wrote no picture
# the inputs' first line holds 2 values (5 964): name them in features = ["A", "B"] to see and group cases by them
# objective max (higher scores win) — the tools cannot say; --objective to choose another
# time limit 2 s — the tools cannot say; AtCoder's usual; --time-limit to choose another
# build: g++ -std=c++20 -O2 -o {{DIR}}/solve {{DIR}}/solve.cpp — from solve.cpp at the top of the folder (also there: main.py); --build to choose another
# program: {{DIR}}/solve — from solve.cpp at the top of the folder (also there: main.py); --cmd to choose another
#
# Commands run through /bin/sh. Placeholders (paths come quoted for the shell):
#   {{SEED}}  the seed, e.g. 42
#   {{SEED04}}  the seed with four digits at least, e.g. 0042
#   {{IN}}  the case's input file
#   {{OUT}}  the file the program's output goes to
#   {{CMD}}  your program: batch --cmd, or `program` below
#   {{DIR}}  the folder holding this file
#   {{NAME}}  the case's name: its seed with four digits, or its input file's name without .txt
#   {{WORK}}  the case's own empty folder, for files the run step saves (a tester's -saveAll)
#   {{LIMIT_MS}}  the time limit in milliseconds, for a tester that enforces it (-timeLimit)
# Relative paths outside commands are from this file's folder.

name = 't'
# "max": higher scores are better; "min": lower scores are better (relative score = best / score).
objective = 'max'
# true: the official tester runs your program and talks to it turn by turn.
interactive = false
# Seconds a case may take; past it (+0.5 s grace) the program is killed: TLE.
time_limit = 2
# Which time judges the limit: "wall" (the clock, as AtCoder and pahcer judge) or "cpu" (the
# program's own CPU time, so a loaded machine does not make it TLE). Both are recorded.
time_by = 'wall'
# How the score is found in the score step's output (without a score step: in the run's
# stderr, or its stdout too when the answer is a file); the last match wins, its group named
# "score" is the score. No score is WA; so is a score of 0 or below, unless error_score is set.
score_regex = '(?m)^\\s*Score\\s*=\\s*(?P<score>[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)\\s*$'
# The score a tester gives a failed case (Topcoder's -1): WA, other scores count as they are.
# error_score = -1
# Your program when `batch` gets no --cmd (optional).
program = '{{DIR}}/solve'
# Names for the numbers on the input's first line: columns of the results, and groups in
# summaries and comparisons. Lines "[DATA] name = value" your program writes to stderr
# become columns too.
features = []

[build]
# Builds your program once before a batch, in the folder `batch` starts in (optional), e.g.
# "cargo build --release" or "g++ -O2 -o a.out main.cpp". A failed build runs no case.
command = 'g++ -std=c++20 -O2 -o {{DIR}}/solve {{DIR}}/solve.cpp'

[inputs]
# A seed's input, when this file exists.
file = 'tools/in/{{SEED04}}.txt'
# Otherwise the generator makes it: run in an empty folder holding seeds.txt (the seeds, one
# a line), it writes in/0000.txt, in/0001.txt, ... one per line, as AtCoder's gen does.
gen = '{{DIR}}/tools/target/release/gen seeds.txt'
# An output-only contest's inputs, a case each, named by its file (a pattern: "inputs/*.txt");
# `batch t` with no seeds runs them all.
files = ''
# true: the run step makes each case from its seed itself (a Topcoder tester: -seed {{SEED}}).
by_run = false

[run]
# Runs a case: the input on stdin; stdout is the output. Runs in the folder `batch` starts in.
command = '{{CMD}}'
# How stdout splits into answers, for a contest whose vis takes several and scores the last:
# "one" (stdout is one answer), "lines" (each line a whole answer) or "blocks" (answers between
# blank lines). Each answer is a snapshot of the run, scored and plotted against its time.
answers = 'one'
# Files the run step saves in {{WORK}} (a tester's -saveAll): the case's input, kept with the
# run for the app and the features, and the answer (instead of stdout). Optional.
input_file = ''
answer_file = ''

[score]
# Scores a case once it has run, in an empty folder of its own. Empty: the score is in the
# run's output (an interactive contest's tester prints it).
command = '{{DIR}}/tools/target/release/vis {{IN}} {{OUT}}'

[view]
# Draws a case for the app, in an empty folder of its own (default: the score command) ...
command = ''
# ... which writes this file (the first that exists is shown).
html = ['vis.html', 'out.svg']
# A web visualizer's page (a downloaded folder; optional). The app serves its folder on
# localhost and fills the case's input and output into the text boxes with these ids.
web = ''
input_id = 'input'
output_id = 'output'
"""


def test_without_a_terminal_the_suggestions_are_taken_and_said(tmp_path, monkeypatch, capsys):
    folder = folder_with(tmp_path, "t", {"solve.cpp": "int main() {}\n", "main.py": ""})
    assert init(monkeypatch, str(folder)) == 0
    said = capsys.readouterr()
    assert (folder / "contest.toml").read_text() == EXPECTED.format(tools=folder.resolve() / "tools")
    assert said.err.splitlines()[3:] == [
        "objective max (higher scores win) — the tools cannot say; --objective to choose another",
        "time limit 2 s — the tools cannot say; AtCoder's usual; --time-limit to choose another",
        "build: g++ -std=c++20 -O2 -o {DIR}/solve {DIR}/solve.cpp — from solve.cpp at the top of the folder "
        "(also there: main.py); --build to choose another",
        "program: {DIR}/solve — from solve.cpp at the top of the folder (also there: main.py); --cmd to choose another",
        f"wrote {folder.resolve() / 'contest.toml'}: t, max, not interactive, 2 s a case",
        "next: puzzle-workbench batch t --seeds 0-99",
    ]


def test_flags_give_each_answer(tmp_path, monkeypatch, capsys):
    folder = folder_with(tmp_path, "f", {"main.py": "print(1)\n"})
    assert (
        init(
            monkeypatch,
            str(folder),
            "--objective",
            "min",
            "--time-limit",
            "3.5",
            "--build",
            "make -C {DIR}",
            "--cmd",
            "{DIR}/a.out",
        )
        == 0
    )
    err = capsys.readouterr().err
    config = load(folder)
    assert (config.objective, config.time_limit, config.build, config.program) == (
        "min",
        3.5,
        "make -C {DIR}",
        "{DIR}/a.out",
    )
    notes = [
        "objective min (lower scores win) — given with --objective",
        "time limit 3.5 s — given with --time-limit",
        "build: make -C {DIR} — given with --build",
        "program: {DIR}/a.out — given with --cmd",
    ]
    assert all(f"\n{note}\n" in err for note in notes)
    text = (folder / "contest.toml").read_text()
    assert all(f"\n# {note}\n" in text for note in notes)
    assert "objective = 'min'\n" in text and "time_limit = 3.5\n" in text and "program = '{DIR}/a.out'\n" in text
    assert main(["contest", "show", "f"]) == 0
    assert "\n  build: make -C {DIR}\n  run: {CMD}  (program: {DIR}/a.out)\n" in capsys.readouterr().out
    # No build and no program: said so, and batch then needs --cmd.
    assert init(monkeypatch, str(folder), "--force", "--build", "", "--cmd", "-") == 0
    err = capsys.readouterr().err
    assert "\nno build step — given with --build\n" in err
    assert "\nno program (batch needs --cmd) — given with --cmd\n" in err
    assert err.endswith('next: puzzle-workbench batch f --seeds 0-99 --cmd "./a.out"\n')
    assert (load(folder).build, load(folder).program) == ("", "")
    # A placeholder a build cannot have is refused before anything is written.
    assert init(monkeypatch, str(folder), "--force", "--build", "g++ {IN}") == 1
    assert capsys.readouterr().err == "error: --build g++ {IN}: {IN} is not a placeholder here (known: {DIR})\n"
    assert load(folder).build == ""


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_batch_builds_and_runs_the_recorded_program_from_anywhere(tmp_path, monkeypatch, capsys):
    solve = "#include <iostream>\nint main() { long n, t; std::cin >> n >> t; std::cout << t << std::endl; }\n"
    folder = folder_with(tmp_path, "cpp", {"solve.cpp": solve})
    assert init(monkeypatch, str(folder)) == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    capsys.readouterr()
    assert main(["batch", "cpp", "--seeds", "0-2", "--jobs", "1", "--out", str(tmp_path / "run")]) == 0
    err = capsys.readouterr().err
    built = folder.resolve()
    assert f"building: g++ -std=c++20 -O2 -o {built}/solve {built}/solve.cpp\n" in err
    assert f"command '{built}/solve'" in err
    with open(tmp_path / "run" / "results.csv", newline="") as handle:
        assert [(r["verdict"], r["score"]) for r in csv.DictReader(handle)] == [("OK", "1000")] * 3


# ------------------------------------------------------------------ on a terminal
class Terminal:
    """contest init in a pseudo-terminal: its stdin and stderr are the terminal, stdout a pipe."""

    def __init__(self, *args: str, cwd: Path):
        self.master, slave = pty.openpty()
        env = dict(os.environ, TERM="dumb", NO_COLOR="1")
        self.process = subprocess.Popen(
            [sys.executable, str(REPO / "main.py"), "contest", "init", *args],
            cwd=cwd,
            stdin=slave,
            stderr=slave,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        os.close(slave)
        self.seen = ""  # what the terminal showed since the last answer's prompt
        self.log = ""  # all it showed

    def _read(self, deadline: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return False
        try:
            data = os.read(self.master, 4096)
        except OSError:  # the process ended and closed the terminal
            return False
        text = data.decode().replace("\r\n", "\n")
        self.seen += text
        self.log += text
        return bool(data)

    def answer(self, prompt: str, text: str) -> None:
        """Wait for ``prompt`` (past what was answered already), then type ``text`` and Enter."""
        deadline = time.monotonic() + 120
        while prompt not in self.seen:
            assert self._read(deadline), f"no {prompt!r} in {self.seen!r}"
        self.seen = self.seen[self.seen.index(prompt) + len(prompt) :]
        os.write(self.master, text.encode() + b"\n")

    def end(self) -> tuple[int, str, str]:
        out = self.process.stdout.read()
        code = self.process.wait(timeout=120)
        while self._read(time.monotonic() + 0.5):
            pass
        os.close(self.master)
        return code, out, self.seen


def test_on_a_terminal_it_asks_with_the_suggestions(tmp_path):
    folder = folder_with(tmp_path, "r", {"Cargo.toml": '[package]\nname = "sol"\n'})
    terminal = Terminal("r", cwd=tmp_path)
    terminal.answer("Which scores win: max (higher) or min (lower)? (max): ", "lower")
    terminal.answer(
        "answer max (higher scores win) or min (lower win), not 'lower'\n"
        "Which scores win: max (higher) or min (lower)? (max): ",
        "min",
    )
    terminal.answer("Time limit, seconds a case (2): ", "")
    terminal.answer(
        "Build command, run before each batch ('-': none) (cargo build --release --manifest-path {DIR}/Cargo.toml): ",
        "",
    )
    terminal.answer(
        "Run command, your program ('-': none; batch then needs --cmd) ({DIR}/target/release/sol): ",
        "{DIR}/target/release/sol --fast",
    )
    code, out, said = terminal.end()
    assert code == 0 and out == f"{folder.resolve() / 'contest.toml'}\n"
    config = load(folder)
    assert (config.objective, config.time_limit, config.build, config.program) == (
        "min",
        2.0,
        "cargo build --release --manifest-path {DIR}/Cargo.toml",
        "{DIR}/target/release/sol --fast",
    )
    text = (folder / "contest.toml").read_text()
    from_cargo = "as suggested from Cargo.toml (package sol) at the top of the folder"
    assert (
        "# objective min (lower scores win) — your answer at contest init\n"
        f"# time limit 2 s — your answer at contest init\n"
        f"# build: cargo build --release --manifest-path {{DIR}}/Cargo.toml — your answer at contest init, "
        f"{from_cargo}\n"
        "# program: {DIR}/target/release/sol --fast — your answer at contest init\n#\n"
    ) in text
    assert "wrote " in said and "next: puzzle-workbench batch r --seeds 0-99\n" in said


def test_on_a_terminal_a_flag_is_not_asked_and_no_answer_writes_nothing(tmp_path):
    folder_with(tmp_path, "p", {"main.py": "print(1)\n"})
    terminal = Terminal("p", "--objective", "min", "--build", "-", cwd=tmp_path)
    terminal.answer("{DIR} is " + str((tmp_path / "p").resolve()) + "):\n", "9")
    terminal.answer("Run command, your program ('-': none; batch then needs --cmd) (python3 {DIR}/main.py): ", "")
    code, _, _ = terminal.end()
    assert "Which scores win" not in terminal.log and "Build command" not in terminal.log
    assert "Time limit, seconds a case (2): " in terminal.log
    config = load(tmp_path / "p")
    assert code == 0 and (config.objective, config.time_limit, config.build, config.program) == (
        "min",
        9.0,
        "",
        "python3 {DIR}/main.py",
    )
    # Ctrl+D instead of an answer: nothing is written.
    other = folder_with(tmp_path, "q", {})
    terminal = Terminal("q", cwd=tmp_path)
    terminal.answer("(max): ", "\x04")
    code, out, said = terminal.end()
    assert (code, out) == (1, "") and said.endswith("error: no answer: contest.toml is not written\n")
    assert not (other / "contest.toml").exists()


def test_a_pahcer_config_suggests_its_own_answers(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "pah"
    folder.mkdir()
    tiny_contest.lay_out(folder, "min", interactive=True)
    (folder / "solve.cpp").write_text("int main() {}\n")  # pahcer's compile step says how, not the folder
    (folder / "pahcer_config.toml").write_text(
        '[problem]\nproblem_name = "talk"\nobjective = "Min"\n[test]\n'
        '[[test.compile_steps]]\nprogram = "g++"\nargs = ["-O2", "-o", "a.out", "main.cpp"]\n'
        '[[test.test_steps]]\nprogram = "./tools/target/release/tester"\nargs = ["./a.out"]\n'
        'stdin = "./tools/in/{SEED04}.txt"\nstdout = "./tools/out/{SEED04}.txt"\nmeasure_time = true\n'
    )
    assert init(monkeypatch, str(folder)) == 0
    err = capsys.readouterr().err
    assert (
        "objective min (lower scores win) — from pahcer's config; --objective to choose another\n"
        "time limit 2 s — the tools cannot say; AtCoder's usual; --time-limit to choose another\n"
        "build: (cd {DIR} && g++ -O2 -o a.out main.cpp) — from pahcer's config; --build to choose another\n"
        "program: {DIR}/a.out — from pahcer's config; --cmd to choose another\n"
    ) in err
