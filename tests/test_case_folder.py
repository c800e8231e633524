"""A contest's cases share one working folder per worker: nothing of a case is taken for the next
one's, and no folder is left behind when the run ends."""

from __future__ import annotations

import csv
import os
import tempfile
import threading
from pathlib import Path

import pytest
import tiny_contest

from workbench.batch.scratch import case_folder, fresh_file, remove_case_folders, run_root
from workbench.cli import main

# The tiny contest's tester, except that on one input it gives up before running the program.
GIVES_UP = tiny_contest.TESTER.replace(
    "program = subprocess.Popen(",
    "if target == GIVE_UP:\n"
    "    print('Score = 0', file=sys.stderr)\n"
    "    print('the tester gave up', file=sys.stderr)\n"
    "    sys.exit(0)\n"
    "program = subprocess.Popen(",
    1,
)


@pytest.fixture
def scratch_root(tmp_path, monkeypatch):
    """Working folders made under a folder of the test's own, by this process and by the workers."""
    root = tmp_path / "tmp"
    root.mkdir()
    monkeypatch.setenv("TMPDIR", str(root))
    monkeypatch.setattr(tempfile, "tempdir", None)  # gettempdir() reads TMPDIR again
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    yield root
    remove_case_folders()


def test_the_case_before_leaves_no_exit_code_for_a_program_the_tester_never_ran(
    tmp_path, scratch_root, capsys, monkeypatch
):
    folder = tmp_path / "talk"
    folder.mkdir()
    tools = tiny_contest.lay_out(folder, "min", seeds=6, interactive=True)
    assert main(["contest", "init", str(folder), "--objective", "min", "--time-limit", "2"]) == 0
    targets = {seed: target for target, seed in tiny_contest.targets(tools).items()}
    (tools / "tester.py").write_text(
        GIVES_UP.replace("SCORE", tiny_contest.SCORES["min"]).replace("GIVE_UP", str(targets[5]))
    )
    monkeypatch.chdir(tmp_path)
    broken = tiny_contest.program(tmp_path, "broken", tools, {4: "re"})
    # One worker: case 5 runs in the folder where case 4's program left its exit code 3.
    assert (
        main(["batch", "talk", "--seeds", "0-5", "--cmd", broken, "--jobs", "1", "--out", str(tmp_path / "run")]) == 0
    )
    with open(tmp_path / "run" / "results.csv", newline="") as handle:
        rows = {int(row["seed"]): row for row in csv.DictReader(handle)}
    assert rows[4]["verdict"] == "RE" and rows[4]["message"].startswith("your program ended with exit code 3")
    assert rows[5]["verdict"] == "WA" and rows[5]["message"] == "score 0: the tester gave up"
    assert [rows[s]["verdict"] for s in (0, 1, 2, 3)] == ["OK"] * 4
    assert list(scratch_root.iterdir()) == []  # the workers' folders went with them


def test_each_thread_has_its_folder_and_keeps_it(scratch_root):
    mine = case_folder()
    assert case_folder() == mine and mine.parent == scratch_root
    theirs = []
    thread = threading.Thread(target=lambda: theirs.append(case_folder()))
    thread.start()
    thread.join()
    assert theirs[0] != mine and theirs[0].is_dir()
    thread = threading.Thread(target=lambda: theirs.append(case_folder()))
    thread.start()
    thread.join()
    assert theirs[1] == theirs[0]  # the ended thread's folder, taken over: one folder per live thread
    (mine / "exit.txt").write_text("3\n")
    assert fresh_file(mine / "exit.txt").read_text() == ""
    assert not fresh_file(mine / "never.txt").exists()  # nothing is made that was not there
    remove_case_folders()
    assert list(scratch_root.iterdir()) == []
    assert case_folder().is_dir()  # made again when a case comes after all


def test_a_killed_batchs_folder_goes_with_the_next_run_and_a_running_ones_stays(scratch_root):
    import subprocess
    import sys

    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    killed = scratch_root / f"wb-cases-{ended.stdout.strip()}-x1"  # as a batch killed with SIGKILL leaves it
    (killed / "wb-case-y" / "snapshots").mkdir(parents=True)
    running = scratch_root / "wb-cases-1-x2"  # pid 1 is always alive
    running.mkdir()
    mine = run_root()
    assert sorted(p.name for p in scratch_root.iterdir()) == sorted([running.name, Path(mine).name])


def test_every_workbench_folder_a_killed_process_left_goes_with_the_next_run(scratch_root):
    """A contest's gen killed with its batch, a Dask worker's case folder, the app's views: each named
    after its process, each removed once that process is gone; nothing else in the folder is touched."""
    import subprocess
    import sys

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    ).stdout.strip()
    left = [f"wb-gen-{dead}-a1", f"wb-case-{dead}-b2", f"wb-live-view-{dead}-c3", f"wb-tester-{dead}-d4"]
    kept = ["wb-gen-1-e5", "wb-gen-x9", f"wb-gen-{dead}", f"wbgen-{dead}-f6", f"pytest-{dead}-g7"]
    for name in left + kept:
        (scratch_root / name / "in").mkdir(parents=True)
    (scratch_root / f"wb-view-{dead}-h8").write_text("a file, not a folder: not ours")
    kept.append(f"wb-view-{dead}-h8")
    mine = Path(run_root())
    assert sorted(p.name for p in scratch_root.iterdir()) == sorted(kept + [mine.name])
    assert mine.name.startswith(f"wb-cases-{os.getpid()}-")
    # A Dask worker makes its folders in the temporary folder itself: its first sweeps it.
    (scratch_root / f"wb-case-{dead}-i9").mkdir()
    remove_case_folders()
    thread = threading.Thread(target=case_folder)
    thread.start()
    thread.join()
    names = sorted(p.name for p in scratch_root.iterdir())
    assert f"wb-case-{dead}-i9" not in names and len([n for n in names if n.startswith(f"wb-case-{os.getpid()}-")]) == 1


def test_a_case_subfolder_replaced_by_a_link_or_a_file_is_removed_never_followed(scratch_root, tmp_path):
    from workbench.batch.scratch import case_subfolder

    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "data.txt").write_text("precious\n")
    first = case_subfolder("snapshots")
    (first / "a.txt").write_text("case 1's\n")
    second = case_subfolder("snapshots")
    assert (first.name, second.name, first.exists(), list(second.iterdir())) == (
        "snapshots-1",
        "snapshots-2",
        False,
        [],
    )
    second.rmdir()
    second.symlink_to(keep)  # a program put a link in its place
    third = case_subfolder("snapshots")
    assert (keep / "data.txt").read_text() == "precious\n" and not second.is_symlink()
    assert third.is_dir() and not third.is_symlink() and list(third.iterdir()) == []
    third.rmdir()
    third.write_text("a file in its place\n")
    fourth = case_subfolder("snapshots")
    assert fourth.is_dir() and list(fourth.iterdir()) == [] and not third.exists()
    # Counted on all the same: no path a case before was given comes back.
    assert [p.name for p in (first, second, third, fourth)] == [f"snapshots-{n}" for n in (1, 2, 3, 4)]
