"""The responsiveness benchmark reports only what it watched: a case with no tick, or whose solver
never ran while watched, is an error line with no figure; the cases default to the largest shared
file of each puzzle. (Its figures themselves are timings: printed by the bench, never asserted.)"""

from __future__ import annotations

import pytest

from bench.responsiveness import Watch, cases_of, largest_case, main, row_line

KNOWN = {"ahc011", "codevs", "comesolo"}


def row(watch: Watch, running_share: float = 1.0, **more) -> dict:
    return {
        "what": "rolling-balls seed_7.txt",
        "solver": "target-beam",
        "watch": watch,
        "restarts": 0,
        "previews": 0,
        "running_share": running_share,
        **more,
    }


def test_a_watch_with_no_tick_is_an_error_line_not_a_stall_of_zero():
    line, error = row_line(row(Watch()))
    assert error
    assert line == (
        "rolling-balls seed_7.txt solver=target-beam error: ticks=0, nothing was watched "
        "(restarts=0 previews=0): no gap to report"
    )
    assert "max_gap" not in line and "stall" not in line


def test_a_watch_while_the_solver_never_ran_is_an_error_line():
    line, error = row_line(row(Watch([0.005, 0.006], [0.001, 0.001], [0.0, 0.0]), running_share=0.0))
    assert error
    assert line == (
        "rolling-balls seed_7.txt solver=target-beam error: the solver never ran while watched "
        "(ticks=2 restarts=0 previews=0): no gap to report"
    )


def test_a_watched_run_gives_its_longest_gap_p99_median_and_the_longest_gaps_parts():
    watch = Watch([0.005, 0.006, 0.041, 0.005, 0.007], [0.001, 0.002, 0.030, 0.001, 0.001], [0.0, 0.0, 0.008, 0.0, 0.0])
    line, error = row_line(row(watch, running_share=0.5, restarts=2, cancel_max=12.25, cancel_median=8.0))
    assert not error
    assert line == (
        "rolling-balls seed_7.txt solver=target-beam max_gap_ms=41.0 p99_ms=7.0 median_ms=6.0 "
        "(longest gap: gui_cpu_ms=30.0 waiting_for_core_ms=8.0) own_max_gap_ms=33.0 gui_cpu_max_ms=30.0 "
        "gui_cpu_share=0.55 ticks=5 "
        "restarts=2 previews=0 solver_running=0.50 cancel_ms_max=12.2 cancel_ms_median=8.0"
    )


def test_the_most_cpu_in_one_gap_and_the_longest_own_gap_need_not_be_the_longest_gaps():
    # The longest gap (40 ms) waited 30 ms for a core; the 20 ms one was all the window's, 18 ms of it CPU.
    figures = Watch([0.040, 0.020, 0.005], [0.002, 0.018, 0.001], [0.030, 0.0, 0.0]).figures()
    assert figures["max_gap"] == pytest.approx(40.0) and figures["gap_cpu"] == pytest.approx(2.0)
    assert figures["own"] == pytest.approx(20.0) and figures["cpu_max"] == pytest.approx(18.0)


def test_an_unknown_puzzle_is_refused_before_any_window_opens():
    with pytest.raises(SystemExit) as stop:
        main(["--puzzle", "no-such-puzzle"])
    assert stop.value.code == 2


def test_a_case_path_is_of_the_puzzle_its_folder_names_or_the_one_puzzle_given(tmp_path):
    folder = tmp_path / "codevs"
    folder.mkdir()
    case = folder / "packs_1.txt"
    case.write_text("1 2\n3 4\nEND\n")
    other = tmp_path / "mine.txt"
    other.write_text("3\n111\n101\n111\n")
    assert cases_of([], [str(case)], KNOWN, None) == [("codevs", case)]
    assert cases_of(["comesolo"], [str(other)], KNOWN, None) == [("comesolo", other)]
    assert cases_of([], [f"comesolo={other}"], KNOWN, None) == [("comesolo", other)]
    with pytest.raises(SystemExit, match="say which puzzle it is"):
        cases_of([], [str(other)], KNOWN, None)
    with pytest.raises(SystemExit, match="no such file"):
        cases_of([], [f"codevs={folder / 'none.txt'}"], KNOWN, None)


def test_a_puzzle_with_no_case_given_gets_its_largest_shared_file(shared):
    assert largest_case(shared / "cases/codevs").name == "packs_counter_check.txt"  # 500 packs and two turns
    assert largest_case(shared / "cases/comesolo").name == "blockcheck_30.txt"
    assert largest_case(shared / "cases/no-such-puzzle") is None
    pairs = cases_of(["codevs", "comesolo"], [str(shared / "cases/comesolo/rand_30_d60.txt")], KNOWN, None)
    assert [(puzzle_id, path.name) for puzzle_id, path in pairs] == [
        ("comesolo", "rand_30_d60.txt"),
        ("codevs", "packs_counter_check.txt"),
    ]


def test_the_load_processes_spin_while_the_block_runs_and_end_however_it_ends():
    from process_checks import alive

    from bench.load import cpu_load

    with pytest.raises(KeyboardInterrupt), cpu_load(2) as spinners:
        pids = [spinner.pid for spinner in spinners]
        assert len(pids) == 2 and all(alive(pid) for pid in pids)
        raise KeyboardInterrupt  # Ctrl+C in the middle of a watch
    assert [alive(pid) for pid in pids] == [False, False]


def test_a_load_process_ends_by_itself_when_the_benchmark_is_killed(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    from process_checks import alive

    pid_file = tmp_path / "pid"
    bench = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import time; from bench.load import cpu_load\n"
            f"with cpu_load(1) as s:\n    open({str(pid_file)!r}, 'w').write(str(s[0].pid))\n"
            "    time.sleep(60)\n",
        ]
    )
    deadline = time.monotonic() + 60
    while not (pid_file.is_file() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)
    spinner = int(pid_file.read_text())
    assert alive(spinner)
    os.kill(bench.pid, signal.SIGKILL)  # no finally runs
    bench.wait()
    for _ in range(200):
        if not alive(spinner):
            break
        time.sleep(0.05)
    assert not alive(spinner)
