"""The command line through real processes: closed pipes, full disks, kills during writes,
bad destinations, budgets, seeds, a read-only install. Nothing lost, nothing raw."""

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main as cli
from workbench.core.registry import get_puzzle, puzzles

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
SMALL = "cases/comesolo/rand_07_d70.txt"


def small_input(folder: Path, puzzle_id: str) -> Path:
    """The puzzle's own small case (its smoke options), as a file."""
    puzzle = get_puzzle(puzzle_id)
    path = folder / f"{puzzle_id}.txt"
    path.write_text(puzzle.format_input(puzzle.generate(puzzle.smoke.seeds[0], **puzzle.smoke.generator)))
    return path


def run(*args, stdin=None, stdout=subprocess.PIPE, env=None, cwd=REPO, timeout=300, input_text=None):
    return subprocess.run(
        [PYTHON, str(Path(cwd) / "main.py"), *map(str, args)],
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
        input=input_text,
    )


def can_chattr(tmp_path) -> bool:
    probe = tmp_path / "chattr-probe"
    probe.touch()
    ok = shutil.which("chattr") and subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    if ok:
        subprocess.run(["chattr", "-i", str(probe)], check=True)
    return bool(ok)


@pytest.fixture
def immutable(tmp_path):
    """Make paths immutable (chattr +i: not even root may write), undone after the test."""
    if not can_chattr(tmp_path):
        pytest.skip("chattr +i is not available here")
    made = []

    def make(path, recursive=False):
        subprocess.run(["chattr", *(["-R"] if recursive else []), "+i", str(path)], check=True)
        made.append((path, recursive))
        return path

    yield make
    for path, recursive in reversed(made):
        subprocess.run(["chattr", *(["-R"] if recursive else []), "-i", str(path)], check=False)


# ------------------------------------------------------------------ stdout that fails
def test_solve_to_a_full_disk_fails_and_keeps_the_answer(data_root, tmp_path):
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    with open("/dev/full", "w") as full:
        done = run("solve", "comesolo", data_root / SMALL, "--nodes", "300", stdout=full, env=env)
    assert done.returncode == 1
    assert (
        "error: cannot write the answer to standard output: No space left on device; the answer is kept in "
        in done.stderr
    )
    kept = Path(done.stderr.rsplit("the answer is kept in ", 1)[1].strip())
    assert kept.parent == tmp_path / "puzzle-workbench-rescued"
    assert cli(["score", "comesolo", str(data_root / SMALL), str(kept)]) == 0


@pytest.mark.parametrize("command", [["list"], ["gen", "comesolo", "7", "--size", "30"]])
def test_printing_to_a_full_disk_is_an_error_not_exit_0(command):
    with open("/dev/full", "w") as full:
        done = run(*command, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "error: cannot write to standard output: No space left on device\n"


def _closed_reader(args, stdin_path=None):
    """Run ``args`` with a stdout whose reader reads one line and closes it (like ``| head -1``)."""
    stdin = open(stdin_path) if stdin_path else None
    process = subprocess.Popen(
        [PYTHON, str(REPO / "main.py"), *map(str, args)],
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
    )
    first = process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read().decode()
    process.wait(timeout=300)
    if stdin:
        stdin.close()
    return first.decode(), process.returncode, err


@pytest.mark.parametrize("case", ["list", "solve", "agent"])
def test_a_closed_pipe_stops_quietly(data_root, case):
    args = {
        "list": (["list"], None),
        "solve": (["solve", "comesolo", data_root / "cases/comesolo/rand_30_d60.txt", "--nodes", "3000"], None),
        "agent": (["agent", "ahc015", "--nodes", "200"], data_root / "cases/ahc015/0000.txt"),
    }[case]
    first, status, err = _closed_reader(*args)
    assert first
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err
    assert status in (0, 141)  # 0 when everything fitted in the pipe before it closed


# ------------------------------------------------------------------ destinations, before any work
def test_solve_x_into_x_is_refused_before_solving(data_root, tmp_path):
    board = tmp_path / "b.txt"
    shutil.copy(data_root / "repro/comesolo_rand_10_d50.txt", board)
    before = board.read_bytes()
    done = run("solve", "comesolo", board, "--nodes", "200", "-o", board)
    assert done.returncode == 1
    assert done.stderr == (
        f"error: {board} is the input being solved; writing the answer there would destroy "
        "the board (choose another -o)\n"
    )
    assert board.read_bytes() == before


def test_same_named_inputs_are_refused_before_solving(data_root, tmp_path):
    out = tmp_path / "out"
    a, b = tmp_path / "a" / "case.txt", tmp_path / "b" / "case.txt"
    for board in (a, b):
        board.parent.mkdir()
        shutil.copy(data_root / SMALL, board)
    done = run("solve", "comesolo", a, b, "--nodes", "200", "-o", out)
    assert done.returncode == 1
    assert done.stderr == (
        f"error: {a} and {b} would both write {out / 'case.out'}; answers are named after "
        "their input, so solve same-named inputs into different folders\n"
    )
    assert list(out.iterdir()) == []  # nothing solved, nothing written


def test_a_batch_writing_over_one_of_its_inputs_is_refused(data_root, tmp_path):
    board = tmp_path / "x.out"
    shutil.copy(data_root / "repro/comesolo_rand_10_d50.txt", board)
    done = run("solve", "comesolo", board, data_root / SMALL, "--nodes", "200", "-o", tmp_path)
    assert done.returncode == 1 and "writing the answer there would destroy the board" in done.stderr


@pytest.mark.parametrize(
    "where, message",
    [
        ("missing/x.out", "error: the folder {tmp}/missing does not exist\n"),
        (".", "error: {tmp} is a folder; give a file name for the answer\n"),
    ],
)
def test_bad_destinations_are_refused_before_solving(data_root, tmp_path, where, message):
    target = tmp_path / where if where != "." else tmp_path
    done = run("solve", "comesolo", data_root / SMALL, "--time", "30", "-o", target)
    assert done.returncode == 1
    # Refused up front: a solve would have written its progress lines to stderr first.
    assert done.stderr == message.format(tmp=tmp_path)


def test_an_immutable_folder_is_refused_before_solving(data_root, tmp_path, immutable):
    folder = tmp_path / "locked"
    folder.mkdir()
    immutable(folder)
    done = run("solve", "comesolo", data_root / SMALL, "--time", "30", "-o", folder / "a.out")
    assert done.returncode == 1
    assert done.stderr == f"error: cannot write in the folder {folder}: Operation not permitted\n"


def test_a_write_failing_after_the_solve_keeps_the_answer(data_root, tmp_path, immutable):
    # The folder takes new files, but the existing answer is immutable: only the final rename fails.
    target = tmp_path / "a.out"
    target.write_text("old\n")
    immutable(target)
    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp")}
    (tmp_path / "tmp").mkdir()
    done = run("solve", "comesolo", data_root / SMALL, "--nodes", "300", "-o", target, env=env)
    assert done.returncode == 1
    assert f"error: cannot write {target}: Operation not permitted; the answer is kept in " in done.stderr
    kept = Path(done.stderr.rsplit("the answer is kept in ", 1)[1].strip())
    assert cli(["score", "comesolo", str(data_root / SMALL), str(kept)]) == 0
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


# ------------------------------------------------------------------ killed writes
KILLED_WRITER = """
import os, sys, time
from workbench.core import files
real_replace = os.replace
def stall(src, dst):
    print("writing", flush=True)
    time.sleep(600)
os.replace = stall
files.write_atomic(sys.argv[1], "answer\\n" * 1000)
"""


def test_a_killed_write_leaves_the_old_file_and_the_next_write_cleans_up(tmp_path):
    from workbench.core.files import write_atomic

    target = tmp_path / "answer.out"
    target.write_text("old\n")
    for _ in range(3):
        writer = subprocess.Popen(
            [PYTHON, "-c", KILLED_WRITER, str(target)], cwd=REPO, stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout.readline() == "writing\n"
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
    # Each killed write left one; each later write removed its predecessor's: one is left now.
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) == 1 and leftovers[0].startswith(".answer.out.")
    assert target.read_text() == "old\n"
    write_atomic(target, "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answer.out"]
    assert target.read_text() == "new\n"


def test_a_write_in_progress_elsewhere_is_not_cleaned(tmp_path):
    from workbench.core.files import remove_stale_temporaries

    target = tmp_path / "a.out"
    live = tmp_path / f".a.out.{os.getppid()}.abcd1234.tmp"  # a running process (our parent)
    live.write_text("x")
    assert remove_stale_temporaries(target) == []
    assert live.exists()


# ------------------------------------------------------------------ budgets, seeds, parameters
@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--time", "nan", "argument --time: the time budget must be a positive number of seconds, got nan"),
        ("--time", "inf", "argument --time: the time budget must be a positive number of seconds, got inf"),
        ("--time", "-1", "argument --time: the time budget must be a positive number of seconds, got -1"),
        ("--nodes", "-5", "argument --nodes: the node budget must be at least 1, got -5"),
        ("--nodes", "0", "argument --nodes: the node budget must be at least 1, got 0"),
        (
            "--seed",
            "18446744073709551616",
            "argument --seed: the seed must be 0..2^64-1 (18446744073709551615), got 18446744073709551616",
        ),
        ("--seed", "-1", "argument --seed: the seed must be 0..2^64-1 (18446744073709551615), got -1"),
    ],
)
@pytest.mark.parametrize("puzzle", sorted(puzzles()))
def test_bad_budgets_and_seeds_are_refused_for_every_puzzle(tmp_path, capsys, puzzle, option, value, message):
    with pytest.raises(SystemExit) as stopped:
        cli(["solve", puzzle, str(small_input(tmp_path, puzzle)), option, value])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.endswith(f"puzzle-workbench solve: error: {message}\n")


def test_budget_itself_refuses_nan_inf_and_negatives():
    from solvers.driver import Budget

    for bad in ({"seconds": float("nan")}, {"seconds": float("inf")}, {"seconds": -1.0}, {"nodes": -1}):
        with pytest.raises(ValueError):
            Budget(**bad)
    assert Budget(seconds=0.0).seconds == 0.0  # an online game's last turn may have nothing left


@pytest.mark.parametrize("puzzle", sorted(puzzles()))
def test_the_largest_seed_works_for_every_puzzle(tmp_path, capsys, puzzle):
    case = small_input(tmp_path, puzzle)
    extra = [w for name, value in get_puzzle(puzzle).smoke.instance.items() for w in (f"--{name}", str(value))]
    # A small seed first: numba must not then squeeze a seed past 2^63 into the int64 kernel it compiled.
    for seed in (5, 2**63, 2**64 - 1):
        assert cli(["solve", puzzle, str(case), "--nodes", "100", "--seed", str(seed), *extra]) == 0


def test_agent_refuses_an_out_of_range_parameter(data_root, monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO((data_root / "cases/ahc015/0000.txt").read_text()))
    assert cli(["agent", "ahc015", "--nodes", "50", "--param", "confidence=-1"]) == 1
    assert capsys.readouterr().err == "error: parameter confidence must be between 0.0 and 100.0, got -1\n"


def test_a_board_with_nothing_to_do_returns_at_once(data_root, capsys):
    assert cli(["solve", "ahc011", str(data_root / "repro/ahc011_T1.txt"), "--time", "30"]) == 0
    err = capsys.readouterr().err
    assert err.endswith("71429\n")
    # The run's own line (after a first-use "kernels compiled" line, when the cache was cold):
    # no node was searched, so the 30 s budget was never spent.
    finished = next(line for line in err.splitlines() if "  finished  " in line)
    assert finished.split()[1:4] == ["0", "nodes", "finished"]


def test_batch_totals_print_every_digit(data_root, tmp_path, capsys):
    puzzle = get_puzzle("ahc015")
    cases = [data_root / f"cases/ahc015/{i:04d}.txt" for i in range(8)]
    assert cli(["solve", "ahc015", *map(str, cases), "--nodes", "300", "-o", str(tmp_path)]) == 0
    last = capsys.readouterr().err.splitlines()[-1]
    rescored = sum(
        puzzle.score_solution(puzzle.parse_input(case.read_text()), (tmp_path / f"{case.stem}.out").read_text()).score
        for case in cases
    )
    assert rescored > 1_000_000  # where '{:g}' printed 2.51476e+06
    assert last == str(rescored)


# ------------------------------------------------------------------ read-only install
def read_only_install(tmp_path, immutable) -> Path:
    """The packages and main.py copied, then made immutable (chattr +i): as pip as root installs them."""
    install = tmp_path / "install"
    install.mkdir()
    for part in ("workbench", "solvers"):
        shutil.copytree(REPO / part, install / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "main.py", install)
    (install / "home").mkdir()
    immutable(install, recursive=True)
    return install


def test_a_read_only_install_without_a_writable_home_still_solves(data_root, tmp_path, immutable):
    install = read_only_install(tmp_path, immutable)
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    env.update(HOME=str(install / "home"), TMPDIR=str(temp), PYTHONDONTWRITEBYTECODE="1")
    done = run("solve", "comesolo", data_root / SMALL, "--nodes", "200", env=env, cwd=install)
    assert done.returncode == 0, done.stderr
    assert (temp / f"puzzle-workbench-numba-{os.getuid()}").is_dir()


def test_a_read_only_install_caches_kernels_in_the_users_cache_folder(data_root, tmp_path, immutable):
    install = read_only_install(tmp_path, immutable)
    temp, cache = tmp_path / "tmp", tmp_path / "cache"
    temp.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(HOME=str(tmp_path), XDG_CACHE_HOME=str(cache), TMPDIR=str(temp), PYTHONDONTWRITEBYTECODE="1")
    done = run("solve", "comesolo", data_root / SMALL, "--nodes", "200", env=env, cwd=install)
    assert done.returncode == 0, done.stderr
    kernels = {p.parent.name.split("_")[0] for p in (cache / "puzzle-workbench" / "numba").rglob("*.nbi")}
    assert "comesolo" in kernels  # the solver's kernels, cached where the user may write
    assert not (cache / "numba").exists() and not list(temp.iterdir())


def test_a_board_already_solved_gets_the_empty_answer_at_once(data_root):
    from solvers.ahc011 import ScreenedBeamSolver
    from solvers.driver import Budget, run
    from workbench.puzzles.ahc011 import PUZZLE, Case

    case = PUZZLE.parse_input((data_root / "cases/ahc011/0000.txt").read_text())
    answer = (data_root / "answers/ahc011/0000.txt").read_text()
    parsed = PUZZLE.parse_solution(case, answer)
    solved = Case(PUZZLE.final_state(case, parsed.moves), case.limit)
    result = run(ScreenedBeamSolver(PUZZLE, (solved, solved.start)), Budget(seconds=30))
    assert (result.stopped_by, result.moves) == ("done", ())
    assert PUZZLE.evaluate(solved, solved.start, 0).score == 1_000_000
