"""The cores this process may run on (Qt-free, numba-free: a batch of contest programs needs no kernels)."""

from __future__ import annotations

import os


def usable_cores() -> int:
    """The cores this process may run on: under ``taskset -c 0`` one, not the machine's count
    (two solver threads time-sharing one core each got half of it, and timed searches sized
    for a whole core overran their budget)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1
