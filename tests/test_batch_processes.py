"""The processes a batch starts: a case ends on time whatever its descendants hold, tool output is
capped while it streams, every tool dies with a stop, one lost worker fails only its own case, and
a score is a finite number or the case is WA."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from batch_cli import batch_command, batch_main, rows_of
from process_checks import alive, wait_until

from workbench.batch.processes import run_tool
from workbench.cli import main

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


def contest(folder: Path, vis: str, objective: str = "max", extra: str = "") -> Path:
    """A contest with a Python gen, the given vis (a shell script) and an echoing solution sol.py."""
    (folder / "tools").mkdir(parents=True)
    (folder / "tools" / "gen").write_text(
        textwrap.dedent("""\
        #!/usr/bin/env python3
        import os, random, sys
        os.makedirs("in", exist_ok=True)
        for i, line in enumerate(open(sys.argv[1])):
            r = random.Random(int(line))
            open(f"in/{i:04d}.txt", "w").write(f"{r.randint(5, 30)}\\n")
        """)
    )
    (folder / "tools" / "vis").write_text(vis)
    for tool in ("gen", "vis"):
        (folder / "tools" / tool).chmod(0o755)
    (folder / "contest.toml").write_text(
        f"name = '{folder.name}'\nobjective = '{objective}'\ntime_limit = 2\n{extra}\n"
        "[inputs]\ngen = '{DIR}/tools/gen seeds.txt'\n[run]\ncommand = '{CMD}'\n"
        "[score]\ncommand = '{DIR}/tools/vis {IN} {OUT}'\n"
    )
    (folder / "sol.py").write_text("import sys\nprint(sys.stdin.read().strip())\n")
    return folder


@pytest.mark.parametrize("printed", ["1" + "0" * 400, "nan", "inf"])
def test_a_score_that_is_not_a_finite_number_is_wrong(tmp_path, capsys, printed):
    folder = contest(
        tmp_path / "c", f"#!/bin/sh\necho 'Score = {printed}'\n", extra="score_regex = '(?m)^Score = (?P<score>\\S+)$'"
    )
    assert batch_main(folder, seeds="0-1", cmd=f"{PYTHON} {folder / 'sol.py'}", out=tmp_path / "run") == 0
    rows = rows_of(tmp_path / "run")
    assert [r["verdict"] for r in rows] == ["WA", "WA"]
    assert rows[0]["message"].startswith("the score is not a finite number") and rows[0]["score"] == "0"
    assert (
        not (folder / "runs" / "best-known" / "c.csv").exists()
        or "inf" not in (folder / "runs" / "best-known" / "c.csv").read_text()
    )
    assert main(["batch", "show", str(tmp_path / "run")]) == 0  # the run it wrote reads back
    capsys.readouterr()


def test_a_case_ends_on_time_whatever_its_descendants_hold(tmp_path, capsys):
    """Before: `setsid sleep 90 &` kept the program's pipes open and the case waited 93 s."""
    folder = contest(tmp_path / "c", "#!/bin/sh\necho 'Score = 77'\n")
    marker = tmp_path / "stray"
    command = f"sh -c 'setsid sh -c \"echo \\$\\$ > {marker}; exec sleep 90\" & {PYTHON} {folder / 'sol.py'}'"
    started = time.monotonic()
    assert main(["batch", str(folder), "--seeds", "0", "--cmd", command, "--out", str(tmp_path / "run")]) == 0
    assert time.monotonic() - started < 20
    assert rows_of(tmp_path / "run")[0]["verdict"] == "OK"
    capsys.readouterr()
    os.kill(int(marker.read_text()), signal.SIGKILL)  # it left the group on purpose: ours to clean up


def test_a_tool_ends_at_its_exit_not_when_what_it_left_behind_ends(tmp_path):
    """Before: a vis that left `sleep 300 &` behind cost 60 s and WA."""
    started = time.monotonic()
    output = run_tool("sleep 300 & echo 'Score = 77'", tmp_path)
    assert time.monotonic() - started < 5
    assert output.returncode == 0 and output.stdout.strip() == "Score = 77"


def test_a_tools_output_is_capped_while_it_streams(tmp_path):
    """Before: a vis printing 2 GB before its score line took 4 GB of memory."""
    import resource

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    output = run_tool("head -c 300000000 /dev/zero | tr '\\0' x; echo; echo 'Score = 5'", tmp_path)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert output.stdout.endswith("Score = 5\n") and len(output.stdout) <= 4 * 1024 * 1024
    assert grown_mb < 100


def test_a_stop_kills_the_running_vis_and_gen(tmp_path):
    """Before: Ctrl+C or SIGTERM left every running vis (and gen) behind."""
    pids = tmp_path / "pids"
    pids.mkdir()
    folder = contest(tmp_path / "c", f"#!/bin/sh\necho $$ > {pids}/vis-$$\nexec sleep 47\n")
    for sig in (signal.SIGINT, signal.SIGTERM):
        for old in pids.iterdir():
            old.unlink()
        process = subprocess.Popen(
            batch_command(folder, seeds="0-1", cmd=f"{PYTHON} {folder / 'sol.py'}", jobs="2"),
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        wait_until(lambda: len(list(pids.iterdir())) >= 2, 60)
        started = [int(p.read_text()) for p in pids.iterdir()]
        assert len(started) == 2
        process.send_signal(sig)
        process.communicate(timeout=60)
        time.sleep(0.5)
        assert [pid for pid in started if alive(pid)] == [], sig
    # gen, run in the batch's own process before any case, goes with a SIGTERM too.
    slow_gen = contest(tmp_path / "g", "#!/bin/sh\necho 'Score = 1'\n")
    (slow_gen / "tools" / "gen").write_text(f"#!/bin/sh\necho $$ > {pids}/gen\nexec sleep 47\n")
    process = subprocess.Popen(
        batch_command(slow_gen, seeds="0", cmd=f"{PYTHON} {slow_gen / 'sol.py'}"),
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_until((pids / "gen").exists, 60)
    gen = int((pids / "gen").read_text())
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=60)
    time.sleep(0.5)
    assert not alive(gen)


def test_a_worker_lost_while_it_starts_fails_only_its_own_case(tmp_path):
    """Before: a worker killed in its first second broke the pool: every case FAIL, exit 0."""
    program = tmp_path / "p.sh"
    program.write_text("#!/bin/sh\ncat > /dev/null\nsleep 1\necho\n")
    program.chmod(0o755)
    process = subprocess.Popen(
        batch_command("ahc011", seeds="0-5", cmd=program, time="3", jobs="2", out=tmp_path / "run"),
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.time() + 60
    workers = []
    while not workers and time.time() < deadline:
        found = subprocess.run(["pgrep", "-f", "spawn_main", "-P", str(process.pid)], capture_output=True, text=True)
        workers = found.stdout.split()
        time.sleep(0.02)
    os.kill(int(workers[0]), signal.SIGKILL)
    process.communicate(timeout=120)
    verdicts = [r["verdict"] for r in rows_of(tmp_path / "run")]
    assert len(verdicts) == 6 and verdicts.count("FAIL") <= 1 and verdicts.count("OK") >= 5
