"""The CPU time of a program run by an interactive contest's tester is the program's, whatever the tester does.

AtCoder's official interactive tester runs the program as its child and may exit without waiting
for it; the program's CPU time was then lost (``cpu 0.02 s`` for 0.7 s of work) and ``--time-by
cpu`` let a program burn 3 s on a 1 s limit. Here a stand-in tester does the same (it never waits,
or it double-forks the program), and the run's ``cpu_s`` is checked against ``os.wait4``'s
measure of the same program run alone; the tester's own CPU time is ``tester_cpu_s``. Both ways of
counting a process tree are checked: a cgroup v2 per case where the system allows it, and the
process group with this process as a subreaper where it does not.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import tiny_contest
from batch_cli import batch_main, rows_of

from workbench.batch import process_tree
from workbench.cli import main

PYTHON = sys.executable
HERE = Path(__file__).resolve().parent

# Like AtCoder's tester: runs the program (argv), gives it the input, relays its answer, scores it, exits
# without waiting. "doublefork": the program runs under a shell that leaves it in the background (its
# stdin kept: a background command's would be /dev/null).
TESTER = """\
import os, subprocess, sys, time
text = sys.stdin.read()
n, target = map(int, text.split())
end = time.process_time() + 0.1  # the tester's own work
while time.process_time() < end:
    pass
argv = sys.argv[1:]
if os.environ.get("TESTER_MODE") == "doublefork":
    argv = ["/bin/sh", "-c", 'exec 3<&0; "$@" <&3 3<&- &', "sh"] + argv
program = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
program.stdin.write(text)
program.stdin.close()
answer = program.stdout.readline()
sys.stdout.write(answer)
sys.stdout.flush()
print(f"Score = {1000 - abs(int(answer) - target)}", file=sys.stderr)
os._exit(0)
"""

# Burns the CPU seconds of its argument, then answers (the target).
BURN = """\
import sys, time
n, target = map(int, sys.stdin.read().split())
end = time.process_time() + float(sys.argv[1])
while time.process_time() < end:
    pass
print(target, flush=True)
"""


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))


@pytest.fixture
def contest(tmp_path, monkeypatch):
    """An interactive contest "talk" whose tester never waits for the program; the program's path."""
    folder = tmp_path / "talk"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "max", seeds=2, interactive=True)
    (tools / "tester.py").write_text(TESTER)
    assert main(["contest", "init", str(folder), "--objective", "max", "--time-limit", "1"]) == 0
    burn = tmp_path / "burn.py"
    burn.write_text(BURN)
    monkeypatch.chdir(tmp_path)
    return burn


def alone(burn: Path, seconds: float) -> float:
    """The program's CPU time run alone, by os.wait4 (what /usr/bin/time reports)."""
    process = subprocess.Popen([PYTHON, str(burn), str(seconds)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    process.stdin.write(b"5 300\n")
    process.stdin.close()
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    return usage.ru_utime + usage.ru_stime


@pytest.mark.parametrize("mode", ["nowait", "doublefork"])
def test_a_program_its_tester_never_waits_for_has_its_cpu_time(contest, tmp_path, capsys, monkeypatch, mode):
    monkeypatch.setenv("TESTER_MODE", mode)
    assert batch_main("talk", seeds="0-1", cmd=f"{PYTHON} {contest} 0.6", time="5", out=tmp_path / "run") == 0
    printed = capsys.readouterr().out
    measured = alone(contest, 0.6)
    rows = rows_of(tmp_path / "run")
    assert [r["verdict"] for r in rows] == ["OK", "OK"]
    for row in rows:
        # The program's: its 0.6 s of work (and its start), not the tester's 0.1 s.
        assert abs(float(row["cpu_s"]) - measured) < 0.15, (row["cpu_s"], measured)
        assert 0.1 <= float(row["tester_cpu_s"]) < 0.5
    assert list(rows[0])[list(rows[0]).index("cpu_s") + 1] == "tester_cpu_s"
    assert "s tester  OK" in printed
    database = sqlite3.connect(tmp_path / "runs.sqlite")
    kept = [
        json.loads(columns)["tester_cpu_s"]
        for (columns,) in database.execute("SELECT columns FROM cases ORDER BY name")
    ]
    assert kept == [row["tester_cpu_s"] for row in rows]


def test_cpu_time_judges_the_program_its_tester_never_waits_for(contest, tmp_path, capsys):
    # 3 s of work on a 1 s limit judged by CPU time: TLE, at the limit plus its grace (or, on a machine
    # so loaded that 1.5 s of CPU take longer than 4.5 s, at the clock's backstop: either way, not 3 s,
    # and the CPU time counted is the program's, not the tester's 0.1 s).
    assert batch_main("talk", seeds="0", cmd=f"{PYTHON} {contest} 3", time_by="cpu", out=tmp_path / "run") == 0
    row = rows_of(tmp_path / "run")[0]
    assert row["verdict"] == "TLE"
    assert row["message"] == ("past 1 s of CPU time (+0.5 s grace), or 3 times that on the clock: killed")
    assert 0.5 < float(row["cpu_s"]) < 2.0


WITHOUT_CGROUP = """\
import os, sys
sys.path.insert(0, {tests!r})
from workbench.batch import process_tree
process_tree.cgroup_home = lambda: None
from workbench.batch.program_run import run_program

def talk(channel):
    channel.send("5 300\\n")
    channel.close_input()
    return channel.read_rest()

command = {command!r}
for mode, limit, time_by in (("nowait", 5.0, "wall"), ("doublefork", 5.0, "wall"), ("nowait", 1.0, "cpu")):
    os.environ["TESTER_MODE"] = mode
    outcome = run_program(talk, command + (" 3" if time_by == "cpu" else " 0.6"), limit, time_by=time_by,
                          tester=True)
    print(mode, time_by, outcome.verdict, outcome.cpu_seconds, outcome.tester_cpu_seconds)
"""


def test_without_a_cgroup_the_process_group_counts_the_orphans(tmp_path):
    """In a child process: a subreaper stays one for life."""
    tester, burn = tmp_path / "tester.py", tmp_path / "burn.py"
    tester.write_text(TESTER)
    burn.write_text(BURN)
    script = WITHOUT_CGROUP.format(tests=str(HERE), command=f"{PYTHON} {tester} {PYTHON} {burn}")
    done = subprocess.run([PYTHON, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    measured = alone(burn, 0.6)
    lines = [line.split() for line in done.stdout.splitlines()]
    assert [line[:3] for line in lines] == [
        ["nowait", "wall", "None"],
        ["doublefork", "wall", "None"],
        ["nowait", "cpu", "TLE"],
    ]
    for line in lines[:2]:
        assert abs(float(line[3]) - measured) < 0.15, (line, measured)
        assert 0.1 <= float(line[4]) < 0.5
    assert 0.5 < float(lines[2][3]) < 2.0


def test_a_cgroup_is_made_per_case_where_the_system_allows_it():
    home = process_tree.cgroup_home()
    if home is None:
        pytest.skip("no writable cgroup v2 here: the process group counts (the test above)")
    tree = process_tree.ProcessTree()
    assert tree.cgroup is not None and tree.cgroup.parent == home
    # A child made before the move (here: long before) is moved with its parent.
    process = subprocess.Popen(["/bin/sh", "-c", "sleep 30 & wait"])
    for _ in range(100):
        children = process_tree._children(process.pid)
        if children:
            break
        time.sleep(0.05)
    tree.attach(process.pid)
    members = sorted(int(pid) for pid in (tree.cgroup / "cgroup.procs").read_text().split())
    assert members == sorted([process.pid, *children]) and len(children) == 1
    tree.close()  # kills what is left in it
    assert process.wait(5) == -9 and not tree.cgroup.exists()


def test_the_process_started_is_the_tester_itself():
    from workbench.contest.problem import tester_command

    # Quoted for the shell: the shell becomes the tester (exec), so its own CPU time is the tester's.
    assert (
        tester_command("{DIR}/tester {CMD}", {"DIR": "/a b", "CMD": "/x/program.sh"})
        == "exec '/a b'/tester /x/program.sh"
    )
    assert tester_command("{DIR}/tester {CMD}", {"DIR": "/ab", "CMD": "/x/program.sh"}) == "/ab/tester /x/program.sh"
    # Shell syntax of the user's own is left as it is.
    assert (
        tester_command("cd {DIR} && ./tester {CMD}", {"DIR": "/a b", "CMD": "/x/p.sh"})
        == "cd '/a b' && ./tester /x/p.sh"
    )


def test_the_cgroups_a_killed_worker_left_are_removed():
    home = process_tree.cgroup_home()
    if home is None:
        pytest.skip("no writable cgroup v2 here")
    gone = subprocess.Popen(["true"])
    gone.wait()
    stale, mine = home / f"pwb-{gone.pid}-0", home / f"pwb-{os.getpid()}-999"
    stale.mkdir()
    mine.mkdir()
    try:
        process_tree._remove_stale(home)
        assert not stale.exists() and mine.exists()  # a live process's cgroup is its own to remove
    finally:
        for cgroup in (stale, mine):
            if cgroup.exists():
                cgroup.rmdir()
