"""main.py batch: real programs on the judge's side of every protocol, verdicts, the run folder, compare."""

from __future__ import annotations

import csv
import json
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from batch_cli import batch_command, batch_main
from process_checks import alive, wait_until

from workbench.batch.cases import file_cases, parse_seeds
from workbench.batch.results import plain_number as _plain
from workbench.batch.results import significant
from workbench.cli import main

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable


def batch(tmp_path: Path, capsys, *words: object, out: str = "run", **options: object) -> tuple[int, list[dict], str]:
    """batch_main(WORDS..., OPTIONS..., out=tmp_path/OUT, best=tmp_path/best.csv): its code, rows and output."""
    code = batch_main(*words, **options, out=tmp_path / out, best=tmp_path / "best.csv")
    printed = capsys.readouterr().out
    with open(tmp_path / out / "results.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return code, rows, printed


def program(tmp_path: Path, name: str, source: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    return f"{PYTHON} {path}"


def test_a_solver_batch_equals_solve_for_the_same_seed_and_nodes(tmp_path, capsys):
    code, rows, _ = batch(
        tmp_path, capsys, "comesolo", seeds="3-4", size="8", solver="beam", nodes="3000", seed="5", jobs="1"
    )
    assert code == 0 and [r["verdict"] for r in rows] == ["OK", "OK"]
    for row in rows:
        board = tmp_path / f"board{row['seed']}.txt"
        assert main(["gen", "comesolo", row["seed"], "--size", "8", "-o", str(board)]) == 0
        answer = tmp_path / f"solve{row['seed']}.out"
        assert (
            main(
                [
                    "solve",
                    "comesolo",
                    str(board),
                    "--solver",
                    "beam",
                    "--nodes",
                    "3000",
                    "--seed",
                    "5",
                    "-o",
                    str(answer),
                ]
            )
            == 0
        )
        assert (tmp_path / "run" / row["answer"]).read_text() == answer.read_text()
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert meta["solver"] == "beam" and meta["nodes"] == 3000 and meta["status"] == "complete"
    assert meta["command_line"][:3] == ["puzzle-workbench", "batch", "comesolo"] and meta["version"]


def test_a_case_is_scored_in_the_worker_that_ran_it(tmp_path, capsys, monkeypatch):
    """The one rule of where scoring happens (workbench.batch.problem): a case is scored where it ran.
    The batch's own process here cannot score at all, and each case still has the engine's score."""
    from workbench.batch.case_run import Runner
    from workbench.batch.cases import load_instance, seed_cases
    from workbench.batch.puzzle_problem import PuzzleProblem
    from workbench.batch.runner import run_case

    problem = PuzzleProblem("comesolo")
    (case,) = seed_cases(problem.puzzle, [3], {"size": 8}, {})
    here = run_case(problem, Runner(None, solver="beam", nodes=3000, solver_seed=5), case)
    engine = problem.puzzle.score_solution(load_instance(problem.puzzle, case), here.answer)
    assert (here.verdict, here.score, engine.score) == ("OK", engine.score, 29)
    assert here.features == {"density": 0.47, "rows": 8, "cols": 8, "pieces": 30}

    def refused(self, case, run):
        raise AssertionError("a case was scored in the batch's own process")

    monkeypatch.setattr(PuzzleProblem, "score_run", refused)  # the spawned workers keep their own
    code, rows, _ = batch(
        tmp_path, capsys, "comesolo", seeds="3", size="8", solver="beam", nodes="3000", seed="5", jobs="1"
    )
    assert code == 0
    assert [(r["verdict"], r["score"], r["pieces"]) for r in rows] == [("OK", "29", "30")]


def test_garbage_is_wrong_answer_with_the_judges_reason(tmp_path, capsys):
    garbage = program(
        tmp_path,
        "garbage",
        """
        import sys
        sys.stdin.read()
        print("hello world")
    """,
    )
    code, rows, _ = batch(tmp_path, capsys, "ahc011", "--seeds", "0-1", "--cmd", garbage, "--time", "20")
    assert code == 0
    assert [r["verdict"] for r in rows] == ["WA", "WA"]
    assert all(r["score"] == "0" for r in rows)
    assert rows[0]["message"].startswith("invalid answer: line 1")


def test_interactive_garbage_stops_the_game_at_that_tilt(tmp_path, capsys):
    garbage = program(
        tmp_path,
        "tilts",
        """
        import sys
        sys.stdin.readline()
        for t in range(100):
            sys.stdin.readline()
            print("F" if t < 3 else "X", flush=True)
    """,
    )
    code, rows, _ = batch(tmp_path, capsys, "ahc015", "--seeds", "0", "--cmd", garbage, "--time", "20")
    assert rows[0]["verdict"] == "WA"
    assert rows[0]["message"] == "protocol error: tilt 4: expected one of F, B, L, R, got 'X'"


def test_the_next_drop_is_revealed_only_after_the_tilt(tmp_path, capsys):
    # After p_1 the program looks for more input before answering: there must be none yet.
    peeker = program(
        tmp_path,
        "peeker",
        """
        import select, sys
        sys.stdin.readline()
        sys.stdin.readline()
        if select.select([sys.stdin], [], [], 1.0)[0]:
            sys.exit(5)
        print("F", flush=True)
        for t in range(99):
            sys.stdin.readline()
            print("L", flush=True)
    """,
    )
    code, rows, _ = batch(tmp_path, capsys, "ahc015", "--seeds", "0", "--cmd", peeker, "--time", "20")
    assert rows[0]["verdict"] == "OK", rows[0]


def test_a_program_past_its_limit_is_killed_with_its_children(tmp_path, capsys):
    pidfile = tmp_path / "pid"
    sleeper = f"sh -c 'sleep 60 & echo $! > {pidfile}; wait'"
    code, rows, _ = batch(tmp_path, capsys, "comesolo", "--seeds", "1", "--size", "6", "--cmd", sleeper, "--time", "1")
    assert rows[0]["verdict"] == "TLE" and rows[0]["score"] == "0"
    assert 1.0 <= float(rows[0]["time_s"]) < 5.0
    assert "killed" in rows[0]["message"]
    time.sleep(0.2)
    assert not alive(int(pidfile.read_text()))  # the grandchild went with the process group


def test_crashes_are_runtime_errors_and_stderr_is_kept(tmp_path, capsys):
    crasher = program(
        tmp_path,
        "crasher",
        """
        import os, signal, sys
        for i in range(100):
            print(f"debug line {i}", file=sys.stderr)
        sys.stderr.flush()
        if sys.stdin.read().count("1") % 2:
            os.kill(os.getpid(), signal.SIGSEGV)
        sys.exit(3)
    """,
    )
    code, rows, _ = batch(tmp_path, capsys, "comesolo", seeds="3-4", size="7", cmd=crasher, time="20")
    assert {r["verdict"] for r in rows} == {"RE"}
    # The reason says what the program said last, not only how it ended (its stderr is kept too).
    assert {r["message"] for r in rows} == {
        "exit code 3; stderr: debug line 99",
        "killed by SIGSEGV; stderr: debug line 99",
    }
    kept = (tmp_path / "run" / "stderr" / f"{rows[0]['name']}.txt").read_text().splitlines()
    assert kept[0] == "debug line 60" and kept[-1] == "debug line 99"


def test_inputs_with_the_same_name_keep_both_answers(tmp_path, capsys):
    a, b = tmp_path / "a" / "case.txt", tmp_path / "b" / "case.txt"
    for seed, path in enumerate((a, b)):
        path.parent.mkdir()
        assert main(["gen", "comesolo", str(seed), "--size", "6", "-o", str(path)]) == 0
    code, rows, _ = batch(tmp_path, capsys, "comesolo", str(a), str(b), "--solver", "beam", "--nodes", "500")
    assert [r["name"] for r in rows] == ["case", "case-2"]
    assert [r["case"] for r in rows] == [str(a), str(b)]
    assert (tmp_path / "run" / "answers" / "case.out").is_file()
    assert (tmp_path / "run" / "answers" / "case-2.out").is_file()


def test_best_known_and_relative_scores(tmp_path, capsys):
    weak = program(
        tmp_path,
        "weak",
        """
        import sys
        sys.stdin.read()
        print(0)
    """,
    )
    batch(tmp_path, capsys, "comesolo", seeds="1-2", size="7", solver="beam", nodes="2000", out="strong")
    best = {r["case"]: float(r["score"]) for r in csv.DictReader(open(tmp_path / "best.csv"))}
    assert set(best) == {"1", "2"} and all(v > 0 for v in best.values())
    _, rows, _ = batch(tmp_path, capsys, "comesolo", "--seeds", "1-2", "--size", "7", "--cmd", weak, out="weak")
    assert [(r["verdict"], r["relative"]) for r in rows] == [("OK", "0.000000"), ("OK", "0.000000")]
    # The weaker run leaves the best-known scores as they were.
    assert {r["case"]: float(r["score"]) for r in csv.DictReader(open(tmp_path / "best.csv"))} == best


def test_compare_two_runs(tmp_path, capsys):
    printed = {}
    for out, nodes in (("a", "50"), ("b", "3000")):
        printed[out] = batch(tmp_path, capsys, "comesolo", seeds="1-6", size="8", solver="beam", nodes=nodes, out=out)[
            2
        ]
    # A run says how it did against the last run of the puzzle in the same folder.
    assert "against" not in printed["a"]
    assert "against a (A = that run, B = this one):\n6 shared cases" in printed["b"]
    assert main(["batch", "compare", str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    printed = capsys.readouterr().out
    rows_a = {r["case"]: float(r["score"]) for r in csv.DictReader(open(tmp_path / "a" / "results.csv"))}
    rows_b = {r["case"]: float(r["score"]) for r in csv.DictReader(open(tmp_path / "b" / "results.csv"))}
    diffs = [rows_b[k] - rows_a[k] for k in rows_a]
    wins, losses = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    assert f"B wins {wins}, loses {losses}, ties {6 - wins - losses}" in printed
    assert "paired t-test p = " in printed and "Wilcoxon signed-rank p = " in printed
    # The last line: the mean relative B - A, each case against the better of the two runs.
    relative = [
        (rows_b[k] - rows_a[k]) / max(rows_a[k], rows_b[k]) if max(rows_a[k], rows_b[k]) > 0 else 0 for k in rows_a
    ]
    assert printed.strip().splitlines()[-1] == _plain(round(sum(relative) / 6, 6))
    # Means shown to 7 significant digits, in compare as in the summary and the standings.
    assert f"raw score on the 6 cases OK in both: mean A {significant(sum(rows_a.values()) / 6)}" in printed


def test_usage_mistakes_are_one_line(tmp_path, capsys):
    assert main(["batch", "comesolo", "--seeds", "5-1", "--out", str(tmp_path / "x")]) == 1
    assert "--seeds: '5-1' is an empty range" in capsys.readouterr().err
    assert main(["batch", "comesolo", "--out", str(tmp_path / "x")]) == 1
    assert "give either --seeds A-B or input files" in capsys.readouterr().err
    assert main(["batch", "comesolo", "--seeds", "1", "--time", "nan", "--out", str(tmp_path / "x")]) == 1
    assert "--time must be a positive number" in capsys.readouterr().err
    assert main(["batch", "compare", str(tmp_path), str(tmp_path)]) == 1
    assert "is not a batch run folder" in capsys.readouterr().err


def test_seed_ranges():
    assert parse_seeds("0-3,7,10-11") == [0, 1, 2, 3, 7, 10, 11]
    with pytest.raises(ValueError, match="listed twice"):
        parse_seeds("1-3,2")
    with pytest.raises(ValueError, match="not a seed"):
        parse_seeds("a-b")


def test_ctrl_c_keeps_finished_cases_and_kills_running_programs(tmp_path):
    # The first two cases answer at once; the third sleeps until the batch is interrupted.
    counter, pidfile = tmp_path / "count", tmp_path / "pid"
    slow = program(
        tmp_path,
        "slow",
        f"""
        import os, pathlib, sys, time
        sys.stdin.read()
        counter = pathlib.Path({str(counter)!r})
        n = int(counter.read_text()) if counter.exists() else 0
        counter.write_text(str(n + 1))
        if n >= 2:
            pathlib.Path({str(pidfile)!r}).write_text(str(os.getpid()))
            time.sleep(120)
        print(0)
    """,
    )
    out = tmp_path / "run"
    batch_process = subprocess.Popen(
        batch_command(
            "comesolo", seeds="1-5", size="6", cmd=slow, time="100", jobs="1", out=out, best=tmp_path / "best.csv"
        ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    wait_until(pidfile.exists, 120)
    child = int(pidfile.read_text())
    batch_process.send_signal(signal.SIGINT)
    stdout, stderr = batch_process.communicate(timeout=60)
    assert batch_process.returncode == 130
    assert "stopped: 2 of 5 cases finished" in stderr
    rows = list(csv.DictReader(open(out / "results.csv")))
    assert [r["seed"] for r in rows] == ["1", "2"] and all(r["verdict"] == "OK" for r in rows)
    assert sorted(p.name for p in (out / "answers").iterdir()) == ["0001.out", "0002.out"]
    assert json.loads((out / "run.json").read_text())["status"] == "stopped"
    time.sleep(0.3)
    assert not alive(child)


def test_a_dask_cluster_gives_the_local_scores(tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    args = ("comesolo", "--seeds", "1-4", "--size", "8", "--solver", "beam", "--nodes", "2000", "--seed", "3")
    _, local, _ = batch(tmp_path, capsys, *args, "--jobs", "2", out="local")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        _, remote, _ = batch(tmp_path, capsys, *args, "--dask", cluster.scheduler_address, out="dask")
    assert [(r["case"], r["score"], r["verdict"]) for r in remote] == [
        (r["case"], r["score"], r["verdict"]) for r in local
    ]
    assert json.loads((tmp_path / "dask" / "run.json").read_text())["dask"] == cluster.scheduler_address


def test_ctrl_c_kills_the_programs_running_on_the_dask_workers(tmp_path):
    """A cancelled Dask task that already runs is not interrupted by Dask: the batch has the workers
    kill its programs, which would otherwise run on to their time limit with the workers alive."""
    distributed = pytest.importorskip("distributed")
    pids = tmp_path / "pids"
    pids.mkdir()
    slow = program(
        tmp_path,
        "slow",
        f"""
        import os, pathlib, sys, time
        sys.stdin.read()
        pathlib.Path({str(pids)!r}, str(os.getpid())).write_text("")
        time.sleep(120)
    """,
    )
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        batch_process = subprocess.Popen(
            batch_command(
                "comesolo",
                seeds="1-6",
                size="6",
                cmd=slow,
                time="100",
                dask=cluster.scheduler_address,
                out=tmp_path / "run",
                best=tmp_path / "best.csv",
            ),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_until(lambda: len(list(pids.iterdir())) >= 2, 120)
        running = [int(p.name) for p in pids.iterdir()]
        assert len(running) == 2 and all(alive(pid) for pid in running)
        batch_process.send_signal(signal.SIGINT)
        _, stderr = batch_process.communicate(timeout=60)
        assert batch_process.returncode == 130 and "stopped: 0 of 6 cases finished" in stderr
        # Killed by now; the workers, still up, started no other case.
        wait_until(lambda: not any(alive(pid) for pid in running), 10)
        assert [alive(pid) for pid in running] == [False, False]
        time.sleep(0.5)
        assert len(list(pids.iterdir())) == 2


def test_fast_cases_go_to_a_dask_cluster_in_chunks_with_the_local_results(tmp_path, capsys):
    """A Dask task costs milliseconds: cases that take less go several to a task (about
    CHUNK_SECONDS of them), and every case still comes back with its own row."""
    distributed = pytest.importorskip("distributed")
    quick = tmp_path / "quick.sh"
    quick.write_text("#!/bin/sh\ncat > /dev/null\necho 0\n")
    quick.chmod(0o755)
    args = ("comesolo", "--seeds", "1-60", "--size", "6", "--cmd", str(quick))
    _, local, _ = batch(tmp_path, capsys, *args, "--jobs", "2", out="local")
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
        distributed.get_task_stream(client) as stream,
    ):
        _, remote, _ = batch(tmp_path, capsys, *args, "--dask", cluster.scheduler_address, out="dask")
    assert [(r["case"], r["score"], r["verdict"]) for r in remote] == [
        (r["case"], r["score"], r["verdict"]) for r in local
    ]
    assert len(remote) == 60 and all(r["verdict"] == "OK" for r in remote)
    tasks = [t for t in stream.data if str(t["key"]).startswith("run_cases")]
    assert 4 < len(tasks) < 30  # the first ones a case each, then many a task


def test_a_dask_task_gets_the_cases_that_last_about_chunk_seconds():
    from workbench.batch.batch_run import CHUNK_SECONDS, MAX_CHUNK, _Pace

    pace = _Pace()
    assert pace.chunk() == 1  # nothing seen yet: a slow program must not wait behind a chunk
    for seconds in (0.01, 0.03):
        pace.saw(seconds)
    assert pace.chunk() == int(CHUNK_SECONDS / 0.02)
    pace.saw(30.0)
    assert pace.chunk() == 1
    fast = _Pace()
    fast.saw(0.0)
    assert fast.chunk() == MAX_CHUNK


def test_file_cases_read_each_input(tmp_path):
    (tmp_path / "x.txt").write_text("3\n111\n101\n111\n")
    cases = file_cases([str(tmp_path / "x.txt")], {})
    assert cases[0].name == "x" and cases[0].input_text == "3\n111\n101\n111\n"


def test_a_program_that_cannot_start_is_named_before_any_case(tmp_path, capsys):
    missing = tmp_path / "no-such-program"
    assert batch_main("comesolo", seeds="1", size="6", cmd=missing, time="5", out=tmp_path / "run") == 1
    assert f"'{missing}': {missing} does not exist" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()
    # One that is there but cannot run (shell syntax hides it from the check): that case's RE.
    missing.write_text("not a program\n")
    missing.chmod(0o644)
    assert main(["batch", "comesolo", "--seeds", "1", "--size", "6", "--cmd", str(missing)]) == 1
    assert "is not executable" in capsys.readouterr().err
    code, rows, _ = batch(
        tmp_path, capsys, "comesolo", seeds="1", size="6", cmd=f"/bin/sh -c 'exec {missing}'", time="5"
    )
    assert code == 0 and rows[0]["verdict"] == "RE" and rows[0]["message"].startswith("exit code 126")


def test_an_unreadable_input_is_that_cases_verdict(tmp_path, capsys):
    good = tmp_path / "good.txt"
    good.write_text("3\n111\n101\n111\n")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe not text")
    code, rows, _ = batch(tmp_path, capsys, "comesolo", str(bad), str(good), "--solver", "beam", "--nodes", "100")
    assert code == 0
    assert [r["verdict"] for r in rows] == ["FAIL", "OK"]
    assert rows[0]["message"].startswith("bad input: ") and "not a text file" in rows[0]["message"]


def test_groups_by_value_or_by_quartile_ranges():
    from workbench.batch.report import group_labels, summarize

    by_n = [
        {
            "case": str(i),
            "seed": str(i),
            "N": str(6 + i % 5),
            "score": str(100 * i),
            "relative": "1",
            "time_s": "1",
            "verdict": "OK",
        }
        for i in range(10)
    ]
    assert group_labels(by_n, "N")[:5] == ["N 6", "N 7", "N 8", "N 9", "N 10"]
    summary = summarize(by_n)
    assert [(g.label, g.count, g.mean_score) for g in summary.groups] == [
        ("N 6", 2, 250),
        ("N 7", 2, 350),
        ("N 8", 2, 450),
        ("N 9", 2, 550),
        ("N 10", 2, 650),
    ]
    # A measured feature (a density) is cut into quartiles, each named by the values that fell in it.
    dense = [{"d": f"{0.30 + 0.01 * i:.2f}"} for i in range(8)]
    assert group_labels(dense, "d") == [
        "d 0.3–0.31",
        "d 0.3–0.31",
        "d 0.32–0.33",
        "d 0.32–0.33",
        "d 0.34–0.35",
        "d 0.34–0.35",
        "d 0.36–0.37",
        "d 0.36–0.37",
    ]
    rows = by_n[:3] + [{**by_n[3], "verdict": "TLE", "score": "0", "relative": "0"}]
    assert summarize(rows).verdicts == {"OK": 3, "TLE": 1}
    assert summarize(rows).worst[0]["verdict"] == "TLE"


def test_a_solver_runs_no_more_threads_than_the_cores_it_may_use():
    """Under taskset -c 0 a solver's two threads would time-share one core: its timed
    searches, sized for a whole core each, ran past the budget (ahc011 N = 7: 3.4-6 s at 3 s)."""
    code = (
        "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); "
        "from solvers.base import threads_for, usable_cores; print(usable_cores(), threads_for(2))"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.split() == ["1", "1"]


def test_a_batch_worker_runs_a_solver_on_its_share_of_the_cores():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from solvers.base import threads_for
    from workbench.batch.case_run import Runner
    from workbench.batch.runner import init_worker

    runner = Runner(seconds=1.0, solver="beam")  # its kernels load in the first case, not here
    with ProcessPoolExecutor(
        1, mp_context=multiprocessing.get_context("spawn"), initializer=init_worker, initargs=(runner, 1)
    ) as pool:
        assert pool.submit(threads_for, 2).result() == 1
