"""The batch runner under a hostile user: each reproduction of ../shared/repro/batch/ as a
test, with the behaviour it now has. Numbers in the names are the scripts'."""

from __future__ import annotations

import csv
import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from batch_cli import batch_command, batch_main, rows_of
from process_checks import alive, wait_until

from workbench.batch.database import RunDatabase, database_path
from workbench.batch.results import status_now
from workbench.cli import main
from workbench.core.registry import get_puzzle

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def script(folder: Path, name: str, body: str) -> str:
    path = folder / name
    path.write_text("#!/bin/sh\n" + textwrap.dedent(body))
    path.chmod(0o755)
    return str(path)


def batch_process(*words, cwd: Path, new_session: bool = False, **options) -> subprocess.Popen:
    """``batch WORDS... --OPTION VALUE...`` (as batch_cli words them) as a child in ``cwd``, its own
    session's leader when ``new_session``."""
    return subprocess.Popen(
        batch_command(*words, **options),
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=new_session,
    )


def test_01_a_program_that_reads_nothing_is_judged_by_what_it_writes(tmp_path, capsys):
    noread = script(tmp_path, "noread.sh", "echo\n")  # an empty ahc011 answer, without reading the input
    ahc011 = get_puzzle("ahc011")
    for k in range(2):  # the same verdicts every time
        out = tmp_path / f"run{k}"
        assert batch_main("ahc011", seeds="0-5", cmd=noread, time="5", out=out, best=tmp_path / "best.csv") == 0
        rows = rows_of(out)
        assert [r["verdict"] for r in rows] == ["OK"] * 6
        empty = [ahc011.score_solution(ahc011.generate(s), "\n").score for s in range(6)]
        assert [float(r["score"]) for r in rows] == empty  # 71429 for seed 0: the board as it starts


def test_02_two_batches_at_once_keep_the_best_of_both(tmp_path):
    slow_empty = script(tmp_path, "slow.sh", "cat > /dev/null\nsleep 1\necho 0\n")  # comesolo: no jump
    agent = f"{PYTHON} {REPO / 'main.py'} agent comesolo --nodes 300"
    common = ["comesolo", "--seeds", "1-4", "--size", "7", "--time", "60", "--jobs", "1"]
    runs = [
        batch_process(*common, "--cmd", cmd, "--out", tmp_path / name, cwd=tmp_path)
        for name, cmd in (("slow", slow_empty), ("agent", agent))
    ]
    for process in runs:
        assert process.wait(timeout=300) == 0, process.stderr.read()
    best = {r["case"]: float(r["score"]) for r in csv.DictReader(open(tmp_path / "runs/best-known/comesolo.csv"))}
    agent_rows = {r["case"]: float(r["score"]) for r in rows_of(tmp_path / "agent")}
    assert best == agent_rows and all(v > 0 for v in best.values())  # the slower run did not undo them


def finished(run: Path) -> int:
    try:
        return json.loads((run / "run.json").read_text()).get("finished", 0)
    except (OSError, ValueError):
        return 0


def test_02_a_batch_killed_outright_keeps_the_bests_it_found(tmp_path):
    # Seed 0 (6x6) gets the empty answer at once; seed 1 (7x7) waits: the batch is killed meanwhile.
    program = script(
        tmp_path,
        "p.sh",
        """\
        read header
        cat > /dev/null
        case "$header" in "6 "*) echo ;; *) sleep 60 ;; esac
        """,
    )
    process = batch_process(
        "ahc011", seeds="0-1", cmd=program, time="100", jobs="2", out=tmp_path / "run", cwd=tmp_path, new_session=True
    )
    wait_until(lambda: finished(tmp_path / "run") >= 1, 120)  # run.json's count is written last
    os.killpg(process.pid, signal.SIGKILL)  # the batch and its workers, as an out-of-memory kill would
    process.wait(timeout=30)
    best = list(csv.DictReader(open(tmp_path / "runs/best-known/ahc011.csv")))
    assert [(r["case"], r["score"]) for r in best] == [("0", "71429")]
    # Nothing could write "killed": the run says so by its process being gone.
    [run] = RunDatabase(database_path(tmp_path)).runs()
    assert (run["status"], run["finished"]) == ("killed", 1)
    meta = json.loads((tmp_path / "run/run.json").read_text())
    assert (meta["status"], meta["finished"], status_now(meta)) == ("running", 1, "killed")


def test_03_two_batches_with_the_same_out_at_once_one_is_refused(tmp_path):
    sleeper = script(tmp_path, "sleep.sh", "cat > /dev/null\nsleep 2\necho 0\n")
    runs = [
        batch_process("comesolo", seeds="1", size="6", cmd=sleeper, out=tmp_path / "same", cwd=tmp_path)
        for _ in range(2)
    ]
    codes = sorted(process.wait(timeout=120) for process in runs)
    errors = "".join(process.stderr.read() for process in runs)
    assert codes == [0, 1]
    assert "already holds files" in errors or "was just taken by another run" in errors
    assert len(rows_of(tmp_path / "same")) == 1


def test_04_sigterm_stops_the_run_as_ctrl_c_does(tmp_path):
    pids = tmp_path / "pids"
    pids.mkdir()
    slow = script(tmp_path, "slow.sh", f"cat > /dev/null\necho $$ > {pids}/$$\nsleep 60\n")
    quick = script(tmp_path, "quick.sh", "cat > /dev/null\necho 0\n")
    both = script(
        tmp_path, "both.sh", f"[ -e {tmp_path}/count ] && exec {slow}\ntouch {tmp_path}/count\nexec {quick}\n"
    )
    process = batch_process(
        "comesolo", seeds="1-3", size="6", cmd=both, time="100", jobs="1", out=tmp_path / "run", cwd=tmp_path
    )
    wait_until(lambda: any(pids.iterdir()), 120)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 143 and "stopped: 1 of 3 cases finished" in err
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert (meta["status"], meta["finished"]) == ("stopped", 1)
    assert (tmp_path / "runs" / "best-known" / "comesolo.csv").is_file()
    time.sleep(0.3)
    assert not any(alive(int(p.name)) for p in pids.iterdir())


def test_05_a_torrent_on_stderr_leaves_no_file_and_keeps_its_tail(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    torrent = script(tmp_path, "yes.sh", "cat > /dev/null\nyes 'a debug line' >&2\n")
    assert (
        batch_main(
            "comesolo", seeds="1", size="6", cmd=torrent, time="1", out=tmp_path / "run", best=tmp_path / "best.csv"
        )
        == 0
    )
    assert rows_of(tmp_path / "run")[0]["verdict"] == "TLE"
    kept = (tmp_path / "run" / "stderr" / "0001.txt").read_text().splitlines()
    assert kept and set(kept) == {"a debug line"} and len(kept) <= 40
    assert list((tmp_path / "tmp").iterdir()) == []  # nothing written to a temporary file


def test_06_a_killed_worker_takes_its_program_with_it(tmp_path):
    pidfile = tmp_path / "pid"
    sleeper = script(tmp_path, "sleep.sh", f"cat > /dev/null\necho $$ > {pidfile}\nexec sleep 62\n")
    process = batch_process(
        "comesolo", seeds="1", size="6", cmd=sleeper, time="30", jobs="1", out=tmp_path / "run", cwd=tmp_path
    )
    wait_until(pidfile.exists, 120)
    program = int(pidfile.read_text())
    worker = int(Path(f"/proc/{program}/stat").read_text().rsplit(")", 1)[1].split()[1])  # the sh's parent
    os.kill(worker, signal.SIGKILL)
    process.communicate(timeout=60)
    assert rows_of(tmp_path / "run")[0]["verdict"] == "FAIL"
    time.sleep(0.3)
    assert not alive(program)


def dask_batch(tmp_path: Path, port: int, *words, **options) -> subprocess.Popen:
    """batch_process(WORDS..., OPTIONS...) on the Dask scheduler at 127.0.0.1:PORT, into tmp_path/run."""
    return batch_process(*words, **options, dask=f"tcp://127.0.0.1:{port}", out=tmp_path / "run", cwd=tmp_path)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_07_a_port_that_is_not_a_dask_scheduler_is_a_message(tmp_path):
    pytest.importorskip("distributed")
    port = free_port()
    server = subprocess.Popen(
        [PYTHON, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1)
        done = dask_batch(tmp_path, port, "comesolo", seeds="1", size="6", solver="beam", nodes="100")
        _, err = done.communicate(timeout=60)
        assert done.returncode == 1 and f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in err
        assert not (tmp_path / "run").exists()  # the same --out works next time
    finally:
        server.kill()


def dask_process(*words: str) -> subprocess.Popen:
    """``dask WORDS...`` (a scheduler or a worker) with this checkout importable, quiet, in a session
    of its own (so that kill_sessions ends what it started too)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    dask = str(Path(PYTHON).with_name("dask"))
    quiet = {"env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    return subprocess.Popen([dask, *words], **quiet)


def kill_sessions(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def start_cluster(port: int) -> tuple[subprocess.Popen, subprocess.Popen]:
    scheduler = dask_process("scheduler", "--port", str(port), "--no-dashboard")
    worker = dask_process("worker", f"tcp://127.0.0.1:{port}", "--nthreads", "1", "--no-nanny", "--no-dashboard")
    return scheduler, worker


@pytest.mark.parametrize("lost", ["worker", "scheduler"])
def test_08_a_dask_cluster_that_loses_its_worker_or_scheduler_says_so(tmp_path, lost):
    pytest.importorskip("distributed")
    port = free_port()
    scheduler, worker = start_cluster(port)
    try:
        pids = tmp_path / "pids"
        pids.mkdir()
        sleeper = script(tmp_path, "sleep.sh", f"cat > /dev/null\necho > {pids}/$$\nexec sleep 600\n")
        process = dask_batch(tmp_path, port, "comesolo", seeds="1-2", size="6", cmd=sleeper, time="500")
        started = time.time() + 90  # the cluster and the worker's kernels start slowly on a loaded machine
        while not any(pids.iterdir()) and time.time() < started and process.poll() is None:
            time.sleep(0.2)
        os.killpg((worker if lost == "worker" else scheduler).pid, signal.SIGKILL)
        _, err = process.communicate(timeout=90)
        assert process.returncode == 1
        said = {
            "worker": f"the Dask scheduler at tcp://127.0.0.1:{port} has no worker left; 2 cases did not run",
            "scheduler": f"the Dask scheduler at tcp://127.0.0.1:{port}",
        }[lost]
        assert said in err and "Traceback" not in err and "ERROR" not in err
        assert json.loads((tmp_path / "run" / "run.json").read_text())["status"] == "failed"
    finally:
        kill_sessions([worker, scheduler])
    # Its worker gone (killed above when the scheduler was lost), no program runs on.
    wait_until(lambda: not any(alive(int(p.name)) for p in pids.iterdir()), 5)
    assert list(pids.iterdir()) and not any(alive(int(p.name)) for p in pids.iterdir())


def test_08_a_case_that_kills_its_dask_worker_fails_alone(tmp_path):
    """Dask gives up on every task a dying worker held (KilledWorker): the cases sent with the one that
    kills its worker, and those queued on the workers it killed, run again, each alone; only it fails."""
    pytest.importorskip("distributed")
    port = free_port()
    cluster = [dask_process("scheduler", "--port", str(port), "--no-dashboard")]
    try:
        time.sleep(3)
        cluster += [
            dask_process("worker", f"tcp://127.0.0.1:{port}", "--nthreads", "1", "--no-dashboard") for _ in range(2)
        ]
        puzzle = get_puzzle("comesolo")
        fatal = puzzle.format_input(puzzle.generate(30, size=6))
        (tmp_path / "fatal.txt").write_text(fatal)
        killer = script(
            tmp_path,
            "killer.sh",
            f'x=$(cat)\n[ "$x" = "$(cat {tmp_path}/fatal.txt)" ] && kill -9 $PPID && sleep 1\necho 0\n',
        )
        process = dask_batch(tmp_path, port, "comesolo", seeds="0-59", size="6", cmd=killer, time="20")
        _, err = process.communicate(timeout=300)
        failed = [(r["seed"], r["verdict"]) for r in rows_of(tmp_path / "run") if r["verdict"] != "OK"]
        assert failed == [("30", "FAIL")], err
        assert len(rows_of(tmp_path / "run")) == 60
    finally:
        kill_sessions(cluster)


def make_run(tmp_path: Path, name: str) -> Path:
    out = tmp_path / name
    assert (
        batch_main("comesolo", seeds="1-3", size="6", solver="beam", nodes="50", out=out, best=tmp_path / "best.csv")
        == 0
    )
    return out


def test_09_an_edited_results_file_is_read_or_named(tmp_path, capsys):
    a, b = make_run(tmp_path, "a"), make_run(tmp_path, "b")
    capsys.readouterr()
    text = (b / "results.csv").read_text()
    (b / "results.csv").write_text("\ufeff" + text.replace(",", ";"))  # a spreadsheet's save: BOM and ';'
    assert main(["batch", "compare", str(a), str(b)]) == 0
    assert "3 shared cases" in capsys.readouterr().out
    (b / "results.csv").write_text(text.replace("key", "id", 1))
    assert main(["batch", "compare", str(a), str(b)]) == 1
    assert f"{b / 'results.csv'} is not a run's results: it has no key column" in capsys.readouterr().err
    rows = list(csv.DictReader(text.splitlines()))
    rows[1]["score"] = "abc"
    with open(b / "results.csv", "w", newline="") as handle:
        writer = csv.DictWriter(handle, list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    assert main(["batch", "compare", str(a), str(b)]) == 1
    assert f"{b / 'results.csv'}: line 3: the score 'abc' is not a number" in capsys.readouterr().err
    lines = text.splitlines()
    (b / "results.csv").write_text(lines[0] + "\n" + ",".join(lines[1].split(",")[:4]) + "\n")
    assert main(["batch", "show", str(b)]) == 1
    assert "line 2: " in capsys.readouterr().err


def test_10_a_broken_run_beside_does_not_stop_new_runs(tmp_path, capsys):
    runs = tmp_path / "runs"
    old = make_run(runs, "old")
    for broken in ("[]", '{"puzzle": "comesolo", "finished": 3, "started": 5}'):
        (old / "run.json").write_text(broken)
        out = runs / f"new{len(broken)}"
        assert (
            batch_main("comesolo", seeds="1", size="6", solver="beam", nodes="50", out=out, best=runs / "best.csv") == 0
        )
        assert capsys.readouterr().out.splitlines()[-1].replace(".", "").isdigit()  # the mean, last
    assert main(["batch", "show", str(old)]) == 0


def test_11_an_edited_best_known_file_is_used_or_named(tmp_path, capsys):
    best = tmp_path / "best.csv"
    run = make_run(tmp_path, "first")
    key = rows_of(run)[0]["key"]
    good = best.read_text()
    best.write_text("\ufeff" + good)  # a BOM: read as it is
    make_run(tmp_path, "bom")
    best.write_text(good.replace("key", "id", 1))
    assert (
        batch_main("comesolo", seeds="1", size="6", solver="beam", nodes="50", out=tmp_path / "nokey", best=best) == 1
    )
    assert f"{best} is not a best-known scores file: it has no key column" in capsys.readouterr().err
    assert not (tmp_path / "nokey").exists()
    for bad in ("nan", "1e309", "abc"):
        best.write_text(f"key,case,score,run\n{key},1,{bad},x\n")
        out = tmp_path / f"bad-{bad}"
        assert batch_main("comesolo", seeds="1", size="6", solver="beam", nodes="50", out=out, best=best) == 0
        assert f"best-known: line 2 of {best} hold no score and are left out" in capsys.readouterr().err
        row = rows_of(out)[0]
        assert row["relative"] == "1.000000"  # against itself, not nan or 0
        recorded = {r["key"]: r["score"] for r in csv.DictReader(open(best))}
        assert recorded[key] == row["score"]
    best.unlink()
    best.mkdir()
    assert (
        main(["batch", "comesolo", "--seeds", "1", "--size", "6", "--out", str(tmp_path / "x"), "--best", str(best)])
        == 1
    )
    assert f"--best {best} is a folder" in capsys.readouterr().err


@pytest.mark.skipif(os.geteuid() != 0, reason="makes a device node (root)")
def test_12_best_and_render_never_replace_a_device_or_an_input(tmp_path, capsys):
    device = tmp_path / "mynull"
    os.mknod(device, 0o666 | 0o020000, os.makedev(1, 3))
    assert (
        main(["batch", "comesolo", "--seeds", "1", "--size", "6", "--out", str(tmp_path / "r1"), "--best", str(device)])
        == 1
    )
    assert "is not a regular file (a device?)" in capsys.readouterr().err
    case = tmp_path / "case.txt"
    assert main(["gen", "comesolo", "1", "--size", "6", "-o", str(case)]) == 0
    before = case.read_text()
    assert main(["batch", "comesolo", str(case), "--out", str(tmp_path / "r2"), "--best", str(case)]) == 1
    assert "is one of the inputs" in capsys.readouterr().err and case.read_text() == before
    picture = tmp_path / "x.png"
    os.mknod(picture, 0o666 | 0o020000, os.makedev(1, 3))
    assert main(["render", "comesolo", str(case), "-o", str(picture)]) == 1
    assert f"{picture} is a device, not a file to write" in capsys.readouterr().err
    assert Path(picture).is_char_device()


@pytest.mark.skipif(os.geteuid() != 0, reason="mounts a small tmpfs (root)")
def test_13_a_full_disk_names_the_file_and_keeps_the_run_consistent(tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(small)]).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        big = script(tmp_path, "big.sh", "cat > /dev/null\nhead -c 150000 /dev/zero | tr '\\0' L\necho\n")
        with open(tmp_path / "out.txt", "w") as stdout:
            done = subprocess.run(
                batch_command("ahc011", seeds="0-7", cmd=big, time="5", out=small / "run", best=tmp_path / "b.csv"),
                stdout=stdout,
                stderr=subprocess.PIPE,
                text=True,
                cwd=tmp_path,
            )
        assert done.returncode == 1
        last = done.stderr.strip().splitlines()[-1]
        # The first file that cannot be written is named: one of the run folder's or the run database.
        assert last.startswith((f"error: cannot write {small / 'run'}", f"error: cannot use the run database {small}"))
        assert "No space left on device" in last
        assert "standard output" not in done.stderr
        for row in rows_of(small / "run"):
            assert not row["answer"] or (small / "run" / row["answer"]).is_file()
        assert '"status": "failed"' in (small / "run" / "run.json").read_text()
    finally:
        subprocess.run(["umount", str(small)])


def test_14_to_16_and_19_bad_arguments_are_one_line(tmp_path, capsys):
    common = ["--out", str(tmp_path / "x"), "--best", str(tmp_path / "b.csv")]
    for args, message in (
        (["--cmd", ""], "--cmd is empty: give the command that runs your program"),
        (["--seeds", "0-99999999999"], "--seeds: more than 100,000 seeds: split the run"),
        (["--jobs", "1000"], "--jobs must be 1..256, got 1000"),
        (["--time", "1e10"], "--time must be a positive number of seconds, at most a day"),
    ):
        seeds = [] if "--seeds" in args else ["--seeds", "1"]
        assert main(["batch", "comesolo", *seeds, *args, *common]) == 1
        assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_15_brackets_in_paths_and_commands_are_printed_as_they_are(tmp_path, capsys):
    quick = script(tmp_path, "q[bold]uick.sh", "cat > /dev/null\necho 0\n") + " '[/]'"
    out = tmp_path / "x[" / "]y[bold]s"
    assert batch_main("comesolo", seeds="1", size="6", cmd=quick, out=out, best=tmp_path / "b.csv") == 0
    said = " ".join(capsys.readouterr().err.split())  # the line may wrap
    assert f"run folder {out}" in said and quick in said
    assert rows_of(out)[0]["verdict"] == "OK"


def test_17_render_refuses_frame_rates_and_sizes_it_cannot_draw(tmp_path, capsys):
    case = tmp_path / "case.txt"
    assert main(["gen", "comesolo", "1", "--size", "6", "-o", str(case)]) == 0
    for option, value, message in (
        ("--fps", "nan", "frames per second must be 0.1..60, got nan"),
        ("--fps", "inf", "frames per second must be 0.1..60, got inf"),
        ("--fps", "1e-9", "frames per second must be 0.1..60"),
        ("--size", "100000", "the size must be 64..4096 pixels, got 100000"),
    ):
        with pytest.raises(SystemExit) as stopped:
            main(["render", "comesolo", str(case), "-o", str(tmp_path / "a.gif"), option, value])
        assert stopped.value.code == 2 and message in capsys.readouterr().err


def test_18_an_answer_is_let_go_once_written(tmp_path):
    from workbench.batch.cases import BatchCase
    from workbench.batch.results import CaseResult, RunFolder

    result = CaseResult(BatchCase(0, "0001", "seed 1", 1, "7\n"), 5, "OK", "", 0.1, answer="x" * 1000)
    RunFolder(tmp_path / "run").write_case(result)
    assert result.answer is None and result.row()["answer"] == "answers/0001.out"
    assert (tmp_path / "run" / "answers" / "0001.out").read_text() == "x" * 1000


def test_20_too_much_output_is_wrong_at_once_not_a_time_out(tmp_path):
    flood = script(tmp_path, "flood.sh", "cat > /dev/null\nhead -c 70000000 /dev/zero | tr '\\0' L\necho\n")
    assert batch_main("ahc011", seeds="0", cmd=flood, time="30", out=tmp_path / "r", best=tmp_path / "b.csv") == 0
    row = rows_of(tmp_path / "r")[0]
    assert row["verdict"] == "WA" and row["message"] == "protocol error: the program wrote more than 64 MB"


def test_21_an_existing_out_folder_with_files_is_never_replaced(tmp_path, capsys):
    mine = tmp_path / "mine"
    (mine / "answers").mkdir(parents=True)
    (mine / "answers" / "0000.out").write_text("LLRR\n")
    assert batch_main("comesolo", seeds="1", size="6", out=mine, best=tmp_path / "b.csv") == 1
    assert f"{mine} already holds files: choose another --out" in capsys.readouterr().err
    assert (mine / "answers" / "0000.out").read_text() == "LLRR\n" and not (mine / "run.json").exists()


def test_a_stopped_worker_fails_its_case_at_the_deadline_and_the_batch_ends(tmp_path, capsys, monkeypatch):
    """A worker that never answers (SIGSTOPped, hung) is ended past its case's limit: the case FAILs,
    the batch goes on. (Without the deadline the batch waits until the watchdog below wakes the worker.)"""
    from workbench.batch import batch_run

    monkeypatch.setattr(batch_run, "HANG_SECONDS", 3.0, raising=False)
    monkeypatch.chdir(tmp_path)
    puzzle = get_puzzle("comesolo")
    (tmp_path / "fatal.txt").write_text(puzzle.format_input(puzzle.generate(2, size=6)))
    stopper = script(
        tmp_path,
        "stopper.sh",
        f'x=$(cat)\n[ "$x" = "$(cat {tmp_path}/fatal.txt)" ] && '
        f"echo $PPID > {tmp_path}/stopped && kill -STOP $PPID\necho 0\n",
    )
    stopped = tmp_path / "stopped"

    def watchdog():  # wakes a worker left stopped, so that a batch without the deadline ends too
        time.sleep(60)
        if stopped.exists():
            try:
                os.kill(int(stopped.read_text()), signal.SIGCONT)
            except (ProcessLookupError, ValueError):
                pass

    import threading

    threading.Thread(target=watchdog, daemon=True).start()
    assert batch_main("comesolo", seeds="1-4", size="6", cmd=stopper, time="2", jobs="2", out=tmp_path / "run") == 0
    rows = {r["seed"]: (r["verdict"], r["message"]) for r in rows_of(tmp_path / "run")}
    assert rows == {
        "1": ("OK", ""),
        "2": ("FAIL", "its worker gave no answer in 5.5 s (stopped or hung): ended"),
        "3": ("OK", ""),
        "4": ("OK", ""),
    }
    assert not alive(int(stopped.read_text()))
