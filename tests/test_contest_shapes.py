"""Contests of other shapes than AtCoder's tools folder: a Topcoder tester, psytester's config, output-only.

The Topcoder tester is a stand-in with the official command line (``standin_topcoder.py``): run
with Python always, and as a tester.jar built from its Java source when the machine has a JDK.
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from pathlib import Path

import pytest
import standin_topcoder
from batch_cli import contest_batch

from workbench.cli import main
from workbench.contest import topcoder
from workbench.contest.config import DEFAULT_SCORE_REGEX, load
from workbench.contest.steps import find_score

PYTHON = sys.executable
HAS_JDK = all(shutil.which(tool) for tool in ("javac", "jar", "java"))


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def program(folder: Path, name: str, source: str) -> str:
    path = folder / name
    path.write_text(textwrap.dedent(source))
    return f"{PYTHON} {path}"


def topcoder_contest(tmp_path: Path, *init: str) -> Path:
    folder = tmp_path / "mm"
    tester = standin_topcoder.python_tester(folder)
    assert main(["contest", "init", str(folder), "--tester", tester, "--name", "mm", *init]) == 0
    return folder


# ------------------------------------------------------------------ scores as contests print them
@pytest.mark.parametrize(
    "line, score",
    [
        ("Score = 52.0", 52.0),
        ("Score = -1.0", -1.0),
        ("Score = 12", 12.0),
        ("Score = 1.5e-3", 0.0015),
        ("  Score = .25  ", 0.25),
        ("Score = +7E2", 700.0),
    ],
)
def test_the_default_score_pattern_reads_reals_negatives_and_exponents(line, score):
    assert find_score(re.compile(DEFAULT_SCORE_REGEX), [f"debug\n{line}\n"]) == score


def test_the_default_score_pattern_reads_no_score_from_other_text():
    assert find_score(re.compile(DEFAULT_SCORE_REGEX), ["Score = twelve\nScore: 5\nSeed = 1, Score = 3\n"]) is None


# ------------------------------------------------------------------ Topcoder testers
def test_init_of_a_topcoder_tester_checks_it_and_writes_a_seeded_contest(tmp_path, capsys):
    folder = topcoder_contest(tmp_path, "--time-limit", "4")
    err = capsys.readouterr().err
    assert "checked: the tester ran a program on seed 1 and printed 'Score = -1', and saved 1.err, 1.in, 1.out" in err
    config = load(folder)
    assert config.interactive and config.by_run and config.error_score == -1.0 and config.time_limit == 4.0
    assert config.run.endswith(" -exec {CMD} -seed {SEED} -novis -timeLimit {LIMIT_MS} -saveAll {WORK}")
    assert (config.run_input, config.run_answer, config.input_file, config.gen) == ("{SEED}.in", "{SEED}.out", "", "")
    assert "next: puzzle-workbench batch mm --seeds 1-100" in err


def test_a_topcoder_batch_scores_as_the_tester_does_and_keeps_its_inputs(tmp_path, capsys):
    folder = topcoder_contest(tmp_path)
    capsys.readouterr()
    full = standin_topcoder.sorter(folder)
    weak = standin_topcoder.sorter(folder, "weak.py", spoil=2)
    code, rows, printed = contest_batch(capsys, "mm", "--seeds", "1-4", "--cmd", full, out=tmp_path / "full")
    assert code == 0 and [r["verdict"] for r in rows] == ["OK"] * 4 and [r["score"] for r in rows] == ["100"] * 4
    # The tester's own input for each seed is kept with the run, and its [DATA] lines (echoed into its log).
    for seed, row in zip(range(1, 5), rows):
        numbers = standin_topcoder.case_of(seed)
        assert (tmp_path / "full" / row["input"]).read_text() == f"{len(numbers)}\n{' '.join(map(str, numbers))}\n"
        assert (tmp_path / "full" / row["answer"]).read_text().split() == [str(n) for n in sorted(numbers)]
        assert row["N"] == str(len(numbers))
    code, rows, printed = contest_batch(capsys, "mm", "--seeds", "1-4", "--cmd", weak, out=tmp_path / "weak")
    expected = [
        standin_topcoder.expected_score(
            seed, sorted(standin_topcoder.case_of(seed))[:2] + sorted(standin_topcoder.case_of(seed))[2:][::-1]
        )
        for seed in range(1, 5)
    ]
    assert [float(r["score"]) for r in rows] == pytest.approx(expected, abs=1e-6)
    # The same seeds are the same cases across runs: compare pairs them.
    assert "4 shared cases (0 only in A, 0 only in B): B wins 0, loses 4" in printed


def test_the_testers_error_score_is_a_failed_case_with_its_reason(tmp_path, capsys):
    folder = topcoder_contest(tmp_path)
    capsys.readouterr()
    one = program(folder, "one.py", "print(1)\n")
    code, rows, printed = contest_batch(capsys, "mm", "--seeds", "1-2", "--cmd", one, out=tmp_path / "bad")
    assert [r["verdict"] for r in rows] == ["WA", "WA"] and [r["score"] for r in rows] == ["0", "0"]
    assert rows[0]["message"] == "the tester's error score -1: Invalid output: expected the case's 6 numbers, got 1"


def test_the_testers_start_is_not_the_programs_time(tmp_path, capsys, monkeypatch):
    """A tester that takes 1.5 s to start (a JVM on a loaded machine) before a quick program, on a 1 s
    limit: the program's own time is judged and recorded, not the tester's."""
    folder = topcoder_contest(tmp_path, "--time-limit", "1")
    capsys.readouterr()
    monkeypatch.setenv("TC_STANDIN_START_SECONDS", "1.5")
    code, rows, printed = contest_batch(
        capsys, "mm", seeds="1", cmd=standin_topcoder.sorter(folder), out=tmp_path / "slow-start"
    )
    assert rows[0]["verdict"] == "OK" and float(rows[0]["time_s"]) < 1.5


def test_a_program_past_the_limit_under_the_tester_is_tle(tmp_path, capsys):
    folder = topcoder_contest(tmp_path, "--time-limit", "1")
    capsys.readouterr()
    slow = program(
        folder,
        "slow.py",
        """\
        import sys, time
        numbers = sorted(int(w) for w in sys.stdin.read().split()[1:])
        time.sleep(1.8)
        print(*numbers, sep="\\n")
        """,
    )
    code, rows, printed = contest_batch(capsys, "mm", "--seeds", "1", "--cmd", slow, out=tmp_path / "slow")
    assert rows[0]["verdict"] == "TLE"


def test_cpu_time_is_the_programs_own_under_the_tester(tmp_path, capsys):
    """The program reports the CPU it used (its own process_time); the case's cpu_s is that, not the
    tester's (which here is a Python interpreter's start and more)."""
    folder = topcoder_contest(tmp_path)
    capsys.readouterr()
    burner = program(
        folder,
        "burn.py",
        """\
        import sys, time
        numbers = sorted(int(w) for w in sys.stdin.read().split()[1:])
        end = time.process_time() + 0.6
        while time.process_time() < end:
            pass
        print(f"[DATA] own_cpu = {time.process_time():.3f}", file=sys.stderr)
        print(*numbers, sep="\\n")
        """,
    )
    code, rows, printed = contest_batch(capsys, "mm", "--seeds", "1", "--cmd", burner, out=tmp_path / "burn")
    own = float(rows[0]["own_cpu"])
    assert own >= 0.6 and own - 0.02 <= float(rows[0]["cpu_s"]) <= own + 0.1


@pytest.mark.skipif(not HAS_JDK, reason="needs a JDK (javac, jar) to build the stand-in tester.jar")
def test_init_finds_a_tester_jar_and_a_batch_runs_through_java(tmp_path, capsys):
    folder = tmp_path / "mm-jar"
    assert standin_topcoder.java_tester(folder) == folder / "tester.jar"
    assert main(["contest", "init", str(folder)]) == 0
    err = capsys.readouterr().err
    assert "a Topcoder tester: java -jar {DIR}/tester.jar makes each case from its seed" in err
    assert "time limit 10 s — the tools cannot say; Topcoder's usual; --time-limit to choose another" in err
    code, rows, printed = contest_batch(
        capsys, "mm-jar", seeds="1-2", cmd=standin_topcoder.sorter(folder), out=tmp_path / "jar-run"
    )
    assert [r["score"] for r in rows] == ["100", "100"] and [r["verdict"] for r in rows] == ["OK", "OK"]


@pytest.mark.skipif(not HAS_JDK, reason="needs a JDK (javac, jar)")
def test_init_compiles_a_testers_java_sources(tmp_path, capsys):
    folder = tmp_path / "mm-src"
    source = folder / "tester" / "com" / "topcoder" / "marathon" / "MarathonTester.java"
    source.parent.mkdir(parents=True)
    source.write_text(standin_topcoder.JAVA_SOURCE)
    assert main(["contest", "init", str(folder)]) == 0
    assert (folder / "tester" / "tester.jar").is_file()
    assert load(folder).run.startswith("java -jar {DIR}/tester/tester.jar -exec {CMD}")


def test_java_sources_without_a_jdk_name_the_package_to_install(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "mm-src"
    source = folder / "MarathonTester.java"
    folder.mkdir()
    source.write_text(standin_topcoder.JAVA_SOURCE)
    monkeypatch.setattr(topcoder.shutil, "which", lambda name: None)
    assert main(["contest", "init", str(folder)]) == 1
    err = capsys.readouterr().err
    assert (
        "holds a Topcoder tester's Java sources; compiling them needs Java to run: install a JDK "
        "(Debian/Ubuntu: sudo apt-get install default-jdk-headless" in err
    )


# ------------------------------------------------------------------ psytester's tester.cfg
PSY_TOPCODER = r"""[general]
version = 0.5.1
cmd_tester = java -jar tester.jar -novis -saveSolError %OUTPUT_DIR% -no -pr -exec "./a.out" -seed %SEED% %TESTER_ARGS% > %OUTPUT_DIR%/%SEED%.out
output_files = %OUTPUT_DIR%/%SEED%.out,%OUTPUT_DIR%/%SEED%.err
extraction_regex_0 = ^\s*\[DATA\]\s+(?P<VARIABLE>[a-zA-Z]\w*)\s*=\s*(?P<VALUE>\S+)\s*$
extraction_regex_1 = ^\s*Score\s*=\s*(?P<score>[-+]?\d*\.\d+|\d+)\s*$

[default]
scoring = min
threads_no = 3
tester_arguments =
"""

PSY_ATCODER = r"""[general]
cmd_tester = a.exe < in/%SEED04%.txt > %OUTPUT_DIR%/%SEED%.out 2> %OUTPUT_DIR%/%SEED%.err && vis.exe in/%SEED04%.txt %OUTPUT_DIR%/%SEED%.out > %OUTPUT_DIR%/%SEED%.res
extraction_regex_1 = ^\s*Score\s*=\s*(?P<score>[-+]?\d*\.\d+|\d+)\s*$

[default]
scoring = raw
"""


def test_psytester_topcoder_config_is_imported_with_what_is_not_carried_said(tmp_path, capsys):
    folder = tmp_path / "psy"
    standin_topcoder.python_tester(folder)
    # The config names a jar; the stand-in tester runs in its place through --tester in the other tests,
    # so here the import alone is checked (--force: no jar runs here).
    (folder / "tester.cfg").write_text(PSY_TOPCODER)
    assert main(["contest", "init", "--from", str(folder / "tester.cfg"), "--force"]) == 0
    err = capsys.readouterr().err
    config = load(folder)
    assert (config.objective, config.by_run, config.program, config.error_score) == ("min", True, "./a.out", -1.0)
    assert (
        config.run == "java -jar {DIR}/tester.jar -exec {CMD} -seed {SEED} -novis -timeLimit {LIMIT_MS} -saveAll {WORK}"
    )
    assert config.score_regex == r"(?m)^\s*Score\s*=\s*(?P<score>[-+]?\d*\.\d+|\d+)\s*$"
    assert "imported from psytester's tester.cfg" in err
    assert "threads_no = 3 is not carried: give batch --jobs 3" in err
    assert "the tester's flags -no -pr are not carried" in err


def test_psytester_atcoder_config_becomes_inputs_a_program_and_a_score_step(tmp_path, capsys):
    folder = tmp_path / "psy-ac"
    folder.mkdir()
    (folder / "tester.cfg").write_text(PSY_ATCODER)
    assert main(["contest", "init", str(folder)]) == 0
    err = capsys.readouterr().err
    config = load(folder)
    assert (config.input_file, config.program, config.run) == ("in/{SEED04}.txt", "a.exe", "{CMD}")
    assert config.score == "vis.exe {IN} {OUT}" and config.objective == "max"
    assert "scoring = raw (psytester sums the scores): imported as max" in err


def test_a_broken_psytester_config_is_one_line(tmp_path, capsys):
    folder = tmp_path / "psy-bad"
    folder.mkdir()
    (folder / "tester.cfg").write_text("[general]\nversion = 1\n")
    assert main(["contest", "init", str(folder)]) == 1
    assert "tester.cfg: not a psytester config: it has no cmd_tester in [general]" in capsys.readouterr().err


# ------------------------------------------------------------------ output-only contests
def output_only_contest(tmp_path: Path) -> Path:
    folder = tmp_path / "oo"
    (folder / "inputs").mkdir(parents=True)
    for name, numbers in (("alpha", "3 1 2"), ("beta", "9 8"), ("gamma", "5")):
        (folder / "inputs" / f"{name}.txt").write_text(numbers + "\n")
    (folder / "scorer.py").write_text(
        textwrap.dedent("""\
        import sys
        numbers = open(sys.argv[1]).read().split()
        answer = open(sys.argv[2]).read().split()
        if sorted(answer) != sorted(numbers):
            print("wrong numbers")
            print("Score = 0")
        else:
            print(f"Score = {sum(a == b for a, b in zip(answer, sorted(numbers, key=int))) / len(numbers)}")
        """)
    )
    assert main(["contest", "init", str(folder)]) == 0
    return folder


def test_an_output_only_contest_runs_every_named_input(tmp_path, capsys):
    folder = output_only_contest(tmp_path)
    err = capsys.readouterr().err
    assert "an output-only contest: 3 inputs in inputs/ (inputs/*.txt), each a case named by its file" in err
    assert load(folder).score == "python3 {DIR}/scorer.py {IN} {OUT}"
    sorter = program(folder, "sort.py", "import sys\nprint(*sorted(sys.stdin.read().split(), key=int))\n")
    code, rows, printed = contest_batch(capsys, "oo", "--cmd", sorter, out=tmp_path / "run")
    assert [(r["name"], r["score"], r["verdict"]) for r in rows] == [
        ("alpha", "1", "OK"),
        ("beta", "1", "OK"),
        ("gamma", "1", "OK"),
    ]


def test_output_only_answers_given_as_files(tmp_path, capsys):
    folder = output_only_contest(tmp_path)
    (folder / "answers").mkdir()
    (folder / "answers" / "alpha.out").write_text("1 3 2\n")
    (folder / "answers" / "beta.out").write_text("9 8\n")
    (folder / "answers" / "gamma.out").write_text("7\n")
    code, rows, printed = contest_batch(
        capsys, "oo", "--cmd", f"cat {folder}/answers/{{NAME}}.out", out=tmp_path / "files"
    )
    assert [(r["name"], r["score"], r["verdict"]) for r in rows] == [
        ("alpha", "0.3333333333333333", "OK"),
        ("beta", "0", "WA"),
        ("gamma", "0", "WA"),
    ]
    assert [r["message"] for r in rows[1:]] == ["score 0", "score 0: wrong numbers"]
