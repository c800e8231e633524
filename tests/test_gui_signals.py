"""``batch compare A B --open CASE`` (the app's side-by-side view) ends on SIGTERM and on SIGINT
(Ctrl+C), as a command does: Qt's loop runs no Python between events, so the signals were ignored
until a SIGKILL. Driven in a child process, offscreen, as a user's terminal would."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from batch_cli import batch_main

REPO = Path(__file__).resolve().parents[1]
ANSWER = "sh -c 'cat > /dev/null; echo 0'"  # comesolo's empty answer: no move


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("runs")
    for name in ("a", "b"):
        assert batch_main("comesolo", seeds="1", size="6", cmd=ANSWER, out=root / name, best=root / "best.csv") == 0
    return root / "a", root / "b"


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def wait_idle(process: subprocess.Popen, quiet: float = 1.5, longest: float = 180.0) -> None:
    """Until the app waits in its loop: alive, its CPU time unchanged for ``quiet`` seconds."""
    deadline = time.monotonic() + longest
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        ticks = cpu_ticks(process.pid)
        if ticks != last:
            last, since = ticks, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.1)
    raise AssertionError("the app never settled in its loop")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_the_side_by_side_view_ends_on_a_signal(two_runs, tmp_path, number):
    a, b = two_runs
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PUZZLE_WORKBENCH_HOME": str(tmp_path / "home")}
    process = subprocess.Popen(
        [sys.executable, str(REPO / "main.py"), "batch", "compare", str(a), str(b), "--open", "1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        wait_idle(process)
        os.kill(process.pid, number)
        try:
            out, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{signal.Signals(number).name} did not end the view") from None
        assert process.returncode == 128 + number, err
        assert b"Traceback" not in err
        with pytest.raises(ProcessLookupError):  # nothing it started is left in its group
            os.killpg(process.pid, 0)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
