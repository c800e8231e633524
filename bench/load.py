"""CPU-bound processes beside a benchmark: ``with cpu_load(n): ...`` keeps ``n`` cores busy.

Each is a Python loop at normal priority (another program on the user's machine); they are
ended when the block ends, however it ends, and each ends by itself as soon as the process that
started it is gone (killed with SIGKILL too), so none is ever left spinning.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys

# Spins while its parent lives; looks every ~10 ms.
SPIN = """
import os, sys
parent = int(sys.argv[1])
while os.getppid() == parent:
    for _ in range(100_000):
        pass
"""


@contextlib.contextmanager
def cpu_load(count: int):
    """``count`` busy processes for the ``with`` block's length (0: none)."""
    spinners: list[subprocess.Popen] = []
    try:
        for _ in range(count):
            spinners.append(subprocess.Popen([sys.executable, "-c", SPIN, str(os.getpid())], stdin=subprocess.DEVNULL))
        yield spinners
    finally:
        for spinner in spinners:
            spinner.kill()
        for spinner in spinners:
            spinner.wait()
