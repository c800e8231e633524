"""A contest from its own tools: contest init / pahcer import, then batch, relative scores, data, compare.

The tools are stand-ins with the official command-line conventions (``standin_tools.py``): one
problem scored "max", one "min", one interactive whose tester runs the program. The workbench's
own agents and garbage programs run through them.
"""

from __future__ import annotations

import csv
import json
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
import standin_tools
from batch_cli import batch_main, contest_batch

from workbench.cli import main
from workbench.contest.config import ContestFileError, load, toml_string
from workbench.core.registry import get_puzzle

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
AGENT = f"{PYTHON} {REPO / 'main.py'} agent"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Contests are remembered under the test's own folder, never the user's."""
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def contest(tmp_path: Path, problem: str, *init_args: str, seeds: int = 4, name: str | None = None) -> Path:
    folder = tmp_path / (name or problem)
    folder.mkdir()
    standin_tools.lay_out(folder, problem, seeds=seeds)
    assert main(["contest", "init", str(folder), *init_args]) == 0
    return folder


def program(tmp_path: Path, name: str, source: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    return f"{PYTHON} {path}"


def pegs_program(tmp_path: Path, name: str, body: str) -> str:
    """A contestant's program for the pegs contests: ``body`` (dedented) after the comesolo puzzle as ``p``
    and the board read from stdin as ``board``."""
    prelude = f"""
        import sys
        sys.path.insert(0, {str(REPO)!r})
        from workbench.core.registry import get_puzzle
        p = get_puzzle("comesolo")
        board = p.parse_input(sys.stdin.read())
    """
    return program(tmp_path, name, textwrap.dedent(prelude) + textwrap.dedent(body))


def comesolo_answer_score(run: Path, row: dict, measure: str) -> int:
    puzzle = get_puzzle("comesolo")
    instance = puzzle.parse_input((run / row["input"]).read_text())
    report = puzzle.score_solution(instance, (run / row["answer"]).read_text())
    return report.score if measure == "jumps" else report.fact("pieces left")


# ------------------------------------------------------------------ contest init
def test_init_reads_an_atcoder_tools_folder(tmp_path, capsys):
    folder = contest(tmp_path, "pegs-max", "--name", "pegs", "--time-limit", "3")
    said = capsys.readouterr()
    config = load(folder)
    assert said.out.strip() == str(folder / "contest.toml")
    assert "found in" in said.err and "gen, vis" in said.err and "seeds.txt with 4 seeds" in said.err
    assert "printed 'Score = 0' and wrote vis.html" in said.err  # the tools were run once
    assert "first line holds 1 value (7)" in said.err
    assert (config.name, config.objective, config.interactive, config.time_limit) == ("pegs", "max", False, 3.0)
    assert config.input_file == "tools/in/{SEED04}.txt"
    assert config.gen == "{DIR}/tools/target/release/gen seeds.txt"
    assert (config.run, config.score) == ("{CMD}", "{DIR}/tools/target/release/vis {IN} {OUT}")
    # The file is commented for people and reads back to exactly the same settings.
    text = (folder / "contest.toml").read_text()
    assert "# Seconds a case may take" in text and "{SEED04}  the seed with four digits" in text
    assert "# checked: vis on in/0000.txt with an empty answer printed 'Score = 0'" in text  # the notes too
    # Remembered by name, so batch finds it from anywhere.
    assert main(["contest", "list"]) == 0
    assert capsys.readouterr().out == f"pegs  {folder / 'contest.toml'}\n"


def test_init_of_an_interactive_contest_runs_the_tester(tmp_path, capsys):
    config = load(contest(tmp_path, "candy"))
    assert config.interactive and config.name == "candy"
    assert config.run == "{DIR}/tools/target/release/tester {CMD}"
    assert config.score == ""  # the tester prints the score
    assert config.view_command == "{DIR}/tools/target/release/vis {IN} {OUT}"


def test_init_on_unbuilt_tools_runs_them_through_cargo(tmp_path, capsys):
    tools = tmp_path / "c" / "tools"
    (tools / "src" / "bin").mkdir(parents=True)
    (tools / "Cargo.toml").write_text("[package]\nname = 'tools'\n")
    for name in ("gen", "vis"):
        (tools / "src" / "bin" / f"{name}.rs").write_text("fn main() {}\n")
    assert main(["contest", "init", str(tools)]) == 0  # the tools folder itself: the file goes beside it
    err = capsys.readouterr().err
    config = load(tmp_path / "c" / "contest.toml")
    assert config.score == "cargo run --quiet --release --manifest-path {DIR}/tools/Cargo.toml --bin vis -- {IN} {OUT}"
    assert "vis is not built, so it runs through cargo (slow)" in err
    assert config.input_file == "tools/in/{SEED04}.txt" and config.gen.startswith("cargo run")


def test_init_refusals_are_one_line(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["contest", "init", str(empty)]) == 1
    assert "holds no contest tools: expected gen, vis or tester" in capsys.readouterr().err
    folder = contest(tmp_path, "pegs-max")
    capsys.readouterr()
    assert main(["contest", "init", str(folder)]) == 1
    assert "contest.toml exists: edit it, or --force" in capsys.readouterr().err
    assert main(["contest", "init", str(folder), "--force", "--name", "comesolo"]) == 1
    assert "'comesolo' is a built-in puzzle" in capsys.readouterr().err
    other = tmp_path / "other"
    other.mkdir()
    standin_tools.lay_out(other, "pegs-max", seeds=2)
    assert main(["contest", "init", str(other), "--name", "pegs-max"]) == 1
    assert "a contest named 'pegs-max' is already at" in capsys.readouterr().err
    assert main(["batch", "no-such-contest", "--seeds", "0-1", "--cmd", "true"]) == 1
    assert "unknown puzzle or contest 'no-such-contest' (puzzles: " in capsys.readouterr().err


def test_a_pahcer_config_is_imported(tmp_path, capsys):
    folder = tmp_path / "ahc-min"
    folder.mkdir()
    standin_tools.lay_out(folder, "pegs-min", seeds=3)
    (folder / "pahcer_config.toml").write_text(
        textwrap.dedent(r"""
        [general]
        version = "0.3.0"

        [problem]
        problem_name = "pegs_min"
        objective = "Min"
        score_regex = '(?m)^\s*Score\s*=\s*(?P<score>\d+)\s*$'

        [test]
        start_seed = 0
        end_seed = 100
        threads = 0
        out_dir = "./pahcer"

        [[test.compile_steps]]
        program = "g++"
        args = ["-O2", "main.cpp"]

        [[test.test_steps]]
        program = "./a.out"
        args = []
        stdin = "./tools/in/{SEED04}.txt"
        stdout = "./tools/out/{SEED04}.txt"
        stderr = "./tools/err/{SEED04}.txt"
        measure_time = true

        [[test.test_steps]]
        program = "cargo"
        args = ["run", "--bin", "vis", "--release", "./in/{SEED04}.txt", "./out/{SEED04}.txt"]
        current_dir = "./tools"
        measure_time = false
    """)
    )
    assert main(["contest", "init", str(folder)]) == 0
    err = capsys.readouterr().err
    config = load(folder)
    assert "imported from pahcer_config.toml" in err and "compile steps are the build step" in err
    assert config.build == "(cd {DIR} && g++ -O2 main.cpp)"  # pahcer's compile_steps, run before a batch
    assert (config.name, config.objective, config.interactive) == ("pegs_min", "min", False)
    assert config.program == "{DIR}/a.out" and config.run == "{CMD}"
    assert config.input_file == "tools/in/{SEED04}.txt"
    # cargo run --bin vis becomes the built vis; pahcer's paths of the case's files become {IN} / {OUT}.
    assert config.score == "{DIR}/tools/target/release/vis {IN} {OUT}"
    assert config.gen == "{DIR}/tools/target/release/gen seeds.txt"  # pahcer has none: the tools folder's


def test_an_interactive_pahcer_config_keeps_the_tester_and_finds_the_program(tmp_path, capsys):
    folder = tmp_path / "candy"
    folder.mkdir()
    standin_tools.lay_out(folder, "candy", seeds=2)
    (folder / "pahcer_config.toml").write_text(
        textwrap.dedent("""
        [problem]
        problem_name = "candy"
        objective = "Max"
        [test]
        [[test.test_steps]]
        program = "cargo"
        args = ["run", "--bin", "tester", "--release", "python3", "../main.py"]
        current_dir = "./tools"
        stdin = "./tools/in/{SEED04}.txt"
        stdout = "./tools/out/{SEED04}.txt"
        measure_time = true
    """)
    )
    assert main(["contest", "init", str(folder)]) == 0
    config = load(folder)
    assert config.interactive and config.run == "{DIR}/tools/target/release/tester {CMD}"
    assert config.program == "python3 {DIR}/main.py"  # ../main.py from tools/
    assert config.score == ""


# ------------------------------------------------------------------ batch over a contest
def test_the_workbench_agent_through_the_official_vis(tmp_path, capsys):
    contest(tmp_path, "pegs-max", seeds=3)
    capsys.readouterr()
    # Seeds 3-4 have no file in tools/in/: gen makes them.
    code, rows, printed = contest_batch(
        capsys, "pegs-max", seeds="1-4", cmd=f"{AGENT} comesolo --nodes 300", time="60", out=tmp_path / "runs" / "agent"
    )
    run = tmp_path / "runs" / "agent"
    assert code == 0 and [r["verdict"] for r in rows] == ["OK"] * 4
    puzzle = get_puzzle("comesolo")
    for row in rows:
        # The input is the generator's; the score is vis's, which the workbench's engine agrees with.
        assert (run / row["input"]).read_text() == puzzle.format_input(puzzle.generate(int(row["seed"]), size=7))
        assert int(row["score"]) == comesolo_answer_score(run, row, "jumps") > 0
        assert row["relative"] == "1.000000"
    meta = json.loads((run / "run.json").read_text())
    assert (meta["kind"], meta["puzzle"], meta["objective"], meta["status"]) == (
        "contest",
        "pegs-max",
        "max",
        "complete",
    )
    assert meta["contest_file"] == str(tmp_path / "pegs-max" / "contest.toml")
    mean = sum(int(r["score"]) for r in rows) / 4
    assert printed.strip().splitlines()[-1] == (str(int(mean)) if mean.is_integer() else f"{mean:g}")


def test_garbage_crashes_and_time_outs_get_their_verdicts(tmp_path, capsys):
    contest(tmp_path, "pegs-max", seeds=2)
    capsys.readouterr()
    garbage = program(
        tmp_path,
        "garbage",
        """
        import sys
        sys.stdin.read()
        print("hello world")
    """,
    )
    _, rows, _ = contest_batch(capsys, "pegs-max", "--seeds", "0-1", "--cmd", garbage, out=tmp_path / "garbage")
    assert [(r["verdict"], r["score"]) for r in rows] == [("WA", "0"), ("WA", "0")]
    assert rows[0]["message"].startswith("score 0: line 1: ")  # the reason vis printed
    crash = program(
        tmp_path,
        "crash",
        """
        import sys
        print("about to fail", file=sys.stderr)
        sys.exit(3)
    """,
    )
    _, rows, _ = contest_batch(capsys, "pegs-max", "--seeds", "0", "--cmd", crash, out=tmp_path / "crash")
    assert rows[0]["verdict"] == "RE" and rows[0]["message"] == "exit code 3; stderr: about to fail"
    assert (tmp_path / "crash" / "stderr" / "0000.txt").read_text() == "about to fail\n"
    sleeper = program(tmp_path, "sleeper", "import time\ntime.sleep(60)\n")
    _, rows, _ = contest_batch(
        capsys, "pegs-max", "--seeds", "0", "--cmd", sleeper, "--time", "0.5", out=tmp_path / "sleep"
    )
    assert rows[0]["verdict"] == "TLE" and rows[0]["message"].startswith("still running after 0.5 s")


def test_an_interactive_contest_is_judged_by_its_tester(tmp_path, capsys):
    contest(tmp_path, "candy", seeds=2)
    capsys.readouterr()
    agent = f"{AGENT} ahc015 --nodes 100"
    code, rows, _ = contest_batch(
        capsys, "candy", "--seeds", "0-1", "--cmd", agent, "--time", "60", out=tmp_path / "contest"
    )
    assert code == 0 and [r["verdict"] for r in rows] == ["OK", "OK"]
    # The same agent on the built-in ahc015 (the workbench as judge) scores the same: the tester agrees.
    assert (
        batch_main("ahc015", seeds="0-1", cmd=agent, time="60", out=tmp_path / "builtin", best=tmp_path / "best.csv")
        == 0
    )
    capsys.readouterr()
    builtin = list(csv.DictReader(open(tmp_path / "builtin" / "results.csv")))
    assert [r["score"] for r in rows] == [r["score"] for r in builtin]
    assert all(int(r["score"]) > 0 for r in rows)
    garbage = program(
        tmp_path,
        "tilts",
        """
        import sys
        sys.stdin.readline(); sys.stdin.readline()
        print("X", flush=True)
    """,
    )
    _, rows, _ = contest_batch(capsys, "candy", "--seeds", "0", "--cmd", garbage, out=tmp_path / "garbage")
    assert rows[0]["verdict"] == "WA" and rows[0]["message"] == "score 0: tilt 1: expected one of F, B, L, R, got 'X'"


def test_relative_scores_of_a_min_contest_and_a_frozen_best(tmp_path, capsys):
    contest(tmp_path, "pegs-min", "--objective", "min", seeds=3)
    capsys.readouterr()
    lazy = program(
        tmp_path,
        "lazy",
        """
        import sys
        sys.stdin.read()
        print(0)
    """,
    )
    runs = tmp_path / "runs"
    _, lazy_rows, _ = contest_batch(capsys, "pegs-min", "--seeds", "0-2", "--cmd", lazy, out=runs / "lazy")
    assert [r["relative"] for r in lazy_rows] == ["1.000000"] * 3  # the only run so far is the best
    _, agent_rows, _ = contest_batch(
        capsys, "pegs-min", seeds="0-2", cmd=f"{AGENT} comesolo --nodes 300", time="60", out=runs / "agent"
    )
    for lazy_row, agent_row in zip(lazy_rows, agent_rows):
        # Fewer pieces left wins: the agent holds the best, and the lazy run is best / its score.
        assert int(agent_row["score"]) < int(lazy_row["score"])
        assert int(agent_row["score"]) == comesolo_answer_score(runs / "agent", agent_row, "pieces")
        assert agent_row["relative"] == "1.000000"
    best_file = runs / "best-pegs-min.csv"
    best = best_file.read_text()
    assert [r["score"] for r in csv.DictReader(open(best_file))] == [r["score"] for r in agent_rows]
    # A frozen best is not updated, and relative scores are against it: the lazy program again.
    _, again, _ = contest_batch(
        capsys, "pegs-min", "--seeds", "0-2", "--cmd", lazy, "--freeze-best", out=runs / "again"
    )
    assert best_file.read_text() == best
    for row, agent_row in zip(again, agent_rows):
        assert float(row["relative"]) == pytest.approx(int(agent_row["score"]) / int(row["score"]), abs=1e-6)
    assert json.loads((runs / "again" / "run.json").read_text())["best_frozen"] is True
    # batch compare: B (the agent) wins every case of a min contest by scoring lower.
    assert main(["batch", "compare", str(runs / "lazy"), str(runs / "agent")]) == 0
    out = capsys.readouterr().out
    assert f"A = {runs / 'lazy'}\nB = {runs / 'agent'}\n(lower scores win)" in out
    assert "B wins 3, loses 0, ties 0" in out


def test_a_frozen_best_lets_a_max_run_pass_one(tmp_path, capsys):
    contest(tmp_path, "pegs-max", seeds=2)
    capsys.readouterr()
    one_jump = pegs_program(
        tmp_path, "one", 'print(p.format_solution(board, p.legal_moves(board, board)[:1]), end="")\n'
    )
    _, rows, _ = contest_batch(capsys, "pegs-max", "--seeds", "0", "--cmd", one_jump, out=tmp_path / "one")
    assert rows[0]["score"] == "1"
    _, rows, _ = contest_batch(
        capsys,
        "pegs-max",
        "--seeds",
        "0",
        "--cmd",
        f"{AGENT} comesolo --nodes 300",
        "--time",
        "60",
        "--freeze-best",
        out=tmp_path / "agent",
    )
    assert float(rows[0]["relative"]) == int(rows[0]["score"]) > 1


def test_reported_data_become_columns_groups_and_filters(tmp_path, capsys):
    contest(tmp_path, "pegs-max", seeds=4)
    capsys.readouterr()
    reporter = pegs_program(
        tmp_path,
        "reporter",
        """
        moves = p.legal_moves(board, board)
        print(p.format_solution(board, moves[:1]), end="")
        print("debug line", file=sys.stderr)
        print(f"[DATA] openings = {len(moves)}", file=sys.stderr)
        print(f"[DATA] parity = {'even' if len(moves) % 2 == 0 else 'odd'}", file=sys.stderr)
        print("[DATA] score = 99", file=sys.stderr)
    """,
    )
    _, rows, printed = contest_batch(capsys, "pegs-max", "--seeds", "0-3", "--cmd", reporter, out=tmp_path / "data")
    puzzle = get_puzzle("comesolo")
    openings = [len(puzzle.legal_moves(b, b)) for b in (puzzle.generate(s, size=7) for s in range(4))]
    assert [int(r["openings"]) for r in rows] == openings
    assert [r["parity"] for r in rows] == ["even" if n % 2 == 0 else "odd" for n in openings]
    assert [r["data score"] for r in rows] == ["99"] * 4 and [r["score"] for r in rows] == ["1"] * 4
    header = list(rows[0])
    assert header[:6] == ["case", "name", "seed", "openings", "parity", "data score"]
    assert f"openings={openings[0]} parity=" in printed  # the live table shows them
    # Stored runs are summarised and compared by any column, filtered by any.
    assert main(["batch", "show", str(tmp_path / "data"), "--group-by", "parity"]) == 0
    out = capsys.readouterr().out
    assert "by parity" in out and "parity even" in out and "parity odd" in out
    wide = max(openings)
    assert main(["batch", "show", str(tmp_path / "data"), "--filter", f"openings>={wide}"]) == 0
    out = capsys.readouterr().out
    assert f"{sum(n >= wide for n in openings)} of 4 cases" in out and f"filtered by openings>={wide}" in out
    assert batch_main("compare", tmp_path / "data", tmp_path / "data", filter="parity=odd", group_by="openings") == 0
    assert f"{sum(n % 2 for n in openings)} shared cases" in capsys.readouterr().out
    assert main(["batch", "show", str(tmp_path / "data"), "--filter", "opening>3"]) == 1
    assert "--filter 'opening>3': no column 'opening' (columns: case, name, seed, openings" in capsys.readouterr().err
    assert main(["batch", "show", str(tmp_path / "data"), "--filter", "openings=>3"]) == 1
    assert "is not NAME OP VALUE" in capsys.readouterr().err


def test_a_contest_runs_on_a_dask_cluster(tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    contest(tmp_path, "pegs-max", seeds=3)
    capsys.readouterr()
    agent = f"{AGENT} comesolo --nodes 300"
    _, local, _ = contest_batch(
        capsys, "pegs-max", "--seeds", "0-2", "--cmd", agent, "--time", "60", out=tmp_path / "local"
    )
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        _, remote, _ = contest_batch(
            capsys, "pegs-max", seeds="0-2", cmd=agent, time="60", dask=cluster.scheduler_address, out=tmp_path / "dask"
        )
    assert [(r["case"], r["score"], r["verdict"]) for r in remote] == [
        (r["case"], r["score"], r["verdict"]) for r in local
    ]


# ------------------------------------------------------------------ the contest file
@pytest.mark.parametrize(
    "change, message",
    [
        ("objective = 'most'", 'objective (line 2): must be "max" (higher scores win) or "min"'),
        (
            "tme_limit = 3",
            "tme_limit (line 2): unknown key (known: build, error_score, features, inputs, interactive, name",
        ),
        ("time_limit = -1", "time_limit (line 2): must be a number of seconds above 0"),
        ("score_regex = 'Score = \\d+'", "score_regex (line 2): must capture the score"),
        ("score_regex = '(oops'", "score_regex (line 2): not a regular expression: missing ), unterminated"),
        (
            "[run]\ncommand = '{CMD} {SEDE}'",
            "run.command (line 3): {SEDE} is not a placeholder here (known: {CMD}, {DIR}",
        ),
        ("[inputs]\nfile = ''\ngen = ''", "inputs: needs file (a seed's input file) or gen"),
        ("[inputs]\nfile = 'in/1.txt'", "inputs.file (line 3): 'in/1.txt' names one file for every seed"),
        ("name = 'a b'", "name (line 1): 'a b' must be letters, digits"),
        ("features = 'N'", "features (line 2): must be a list of names"),
        ("objective = max", "not valid TOML: Invalid value (at line 2, column 13)"),
    ],
)
def test_a_broken_contest_file_names_the_key_and_line(tmp_path, change, message):
    text = "name = 'x'\n" + change + "\n"
    if "[inputs]" not in change:
        text += "[inputs]\nfile = 'in/{SEED04}.txt'\n"
    path = tmp_path / "contest.toml"
    path.write_text(text.replace("name = 'x'\nname", "name"))
    with pytest.raises(ContestFileError) as error:
        load(path)
    assert message in str(error.value)
    assert str(error.value).startswith(f"{path.resolve()}: ")


def test_shell_syntax_in_commands_is_left_to_the_shell(tmp_path):
    path = tmp_path / "contest.toml"
    path.write_text("name = 'x'\n[inputs]\nfile = 'in/{SEED04}.txt'\n[run]\ncommand = 'X=${HOME} {CMD}'\n")
    assert load(path).run == "X=${HOME} {CMD}"


@pytest.mark.parametrize(
    "value",
    [
        "plain",
        "it's",
        'say "hi"',
        "back\\slash",
        "tab\there",
        "line\nbreak",
        "\x7f\x01",
        "ünïcödé ✓",
        r"(?m)^\s*Score\s*=\s*(?P<score>\d+)\s*$",
    ],
)
def test_strings_are_written_as_toml_reads_them(value):
    assert tomllib.loads(f"v = {toml_string(value)}")["v"] == value
