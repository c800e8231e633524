"""Whether a process the tests started still runs."""

import time
from collections.abc import Callable
from pathlib import Path

from workbench.core.files import pid_alive


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a killed child nobody has reaped yet is a zombie: not running)."""
    if not pid_alive(pid):
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except (OSError, IndexError):  # gone between the two looks
        return False


def wait_until(condition: Callable[[], object], seconds: float, step: float = 0.1) -> None:
    """Look at ``condition`` every ``step`` s until it holds or ``seconds`` have passed (the test then
    asserts what it needs: this one does not fail)."""
    deadline = time.time() + seconds
    while not condition() and time.time() < deadline:
        time.sleep(step)
