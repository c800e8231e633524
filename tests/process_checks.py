"""Whether a process the tests started still runs."""

import os
from pathlib import Path


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a killed child nobody has reaped yet is a zombie: not running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's live process
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except (OSError, IndexError):  # gone between the two looks
        return False
