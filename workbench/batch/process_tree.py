"""The CPU time of everything a started command becomes, not only of the process started.

``os.wait4`` on a process gives its CPU time and that of the descendants it waited for. An
interactive contest's official tester runs the contestant's program as its child and may exit
without waiting for it: the program's CPU time is then lost (the tester's 0.02 s was shown as the
program's 0.7 s). Two ways to count the whole tree, the first the system allows:

- **A cgroup v2 per case**: the process is moved into a fresh cgroup as soon as it has started,
  with any child it made before the move (an exec'd program takes a millisecond to load; moving
  it in the child before exec made every start 13 ms slower: a fork without vfork), so every
  descendant is born in it, and the cgroup's ``cpu.stat`` counts them all, even the ones that
  left the process group or were never waited for. Its ``cgroup.kill`` also ends every one of them.
- **Else the process group, its orphans ours**: this process becomes a *child subreaper*
  (``prctl``), so a descendant whose parent exits without waiting for it becomes this process's
  child instead of init's; ``os.wait4`` on the case's process group reaps each with its CPU time.
  While the case runs, its CPU time so far is the sum over the group's processes in /proc.

The process started may be a tester: its own CPU time (read from /proc once it has exited, before it
is reaped) is kept apart from the program's (``CpuTime``).
"""

from __future__ import annotations

import ctypes
import functools
import itertools
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

TICKS = os.sysconf("SC_CLK_TCK")
# A killed tree leaves its cgroup within milliseconds; one stuck in the kernel longer is not waited for.
EMPTY_SECONDS = 2.0
PR_SET_CHILD_SUBREAPER = 36
_names = itertools.count()


def proc_times(pid: int) -> tuple[float, float] | None:
    """(own, waited-for children's) CPU seconds of ``pid`` from /proc, a zombie's too; None when gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS, (int(fields[13]) + int(fields[14])) / TICKS


def group_cpu_now(group: int) -> float:
    """CPU seconds of every process now in process group ``group`` (with the children each waited for)."""
    total = 0.0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            if int(fields[2]) == group:
                total += sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS
        except (OSError, IndexError, ValueError):  # ended while it was read
            continue
    return total


# ------------------------------------------------------------------ a cgroup per case
def _cgroup2_mount() -> Path | None:
    try:
        with open("/proc/self/mountinfo") as mounts:
            for line in mounts:
                before, _, after = line.partition(" - ")
                if after.split()[:1] == ["cgroup2"]:
                    return Path(before.split()[4])
    except OSError:
        pass
    return None


def _own_cgroup() -> str | None:
    try:
        with open("/proc/self/cgroup") as groups:
            for line in groups:
                if line.startswith("0::"):
                    return line[3:].strip()
    except OSError:
        pass
    return None


def _remove_stale(home: Path) -> None:
    """The cases' cgroups that processes now gone left behind (a worker killed mid-case): an empty
    cgroup is removed, one still holding processes is refused by the kernel and stays."""
    try:
        entries = list(home.glob("pwb-*-*"))
    except OSError:
        return
    for cgroup in entries:
        owner = cgroup.name.split("-")[1]
        if owner.isdigit() and not Path(f"/proc/{owner}").exists():
            try:
                cgroup.rmdir()
            except OSError:
                pass


@functools.lru_cache(maxsize=1)
def cgroup_home() -> Path | None:
    """The cgroup v2 folder this process may make a case's cgroup in (its own), or None."""
    mount, own = _cgroup2_mount(), _own_cgroup()
    if mount is None or own is None:
        return None
    home = mount / own.lstrip("/")
    _remove_stale(home)
    probe = home / f"pwb-probe-{os.getpid()}"
    try:
        probe.mkdir()
    except OSError:  # not ours to write (a desktop session's scope, a container's read-only mount)
        return None
    try:
        usable = (probe / "cgroup.procs").exists() and (probe / "cpu.stat").exists()
    finally:
        try:
            probe.rmdir()
        except OSError:
            pass
    return home if usable else None


_subreaper = False
_moves_refused = False  # a move into a case's cgroup was refused once: they all would be


def _children(pid: int) -> list[int]:
    """The children of ``pid`` now, from /proc (none when it is gone or the kernel does not list them)."""
    found = []
    try:
        for task in os.scandir(f"/proc/{pid}/task"):
            with open(f"{task.path}/children") as children:
                found += [int(child) for child in children.read().split()]
    except OSError:
        pass
    return found


def _descendants_moved(pid: int, procs: IO[str]) -> Iterator[int]:
    """Move ``pid`` into the cgroup whose ``cgroup.procs`` is open as ``procs``, then each child it
    made before the move, theirs, and so on (a child made after its parent's move is born inside).
    Yields each pid moved; OSError when the first move is refused."""
    waiting = [pid]
    while waiting:
        member = waiting.pop()
        try:
            procs.write(str(member))
            procs.flush()
        except ProcessLookupError:  # ended meanwhile: what it used stays out (microseconds)
            continue
        except OSError:
            if member == pid:
                raise
            continue
        yield member
        waiting += _children(member)


def _become_subreaper() -> bool:
    global _subreaper
    if not _subreaper:
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            _subreaper = libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
        except (OSError, AttributeError):
            _subreaper = False
    return _subreaper


def reap_group(group: int) -> float:
    """Reap this process's children in ``group`` (a subreaper's orphans, once killed); their CPU seconds."""
    total = 0.0
    if not _subreaper:
        return total
    while True:
        try:
            _, _, usage = os.wait4(-group, 0)
        except (ChildProcessError, OSError):
            return total
        total += usage.ru_utime + usage.ru_stime


@dataclass
class CpuTime:
    program: float  # the program's: the whole tree, without the tester's own
    tester: float | None  # the process started's own, when it is a tester; else None


class ProcessTree:
    """A started command's processes, counted as one: made before the start, then
    ``attach``ed to the started process; ``close`` once the case is over, after its group is killed."""

    def __init__(self, tester: bool = False):
        self.tester = tester
        self.pid = 0
        self.cgroup: Path | None = None
        self.orphans_cpu = 0.0
        self.final: float | None = None  # the cgroup's CPU seconds once the tree has ended
        home = cgroup_home() if not _moves_refused else None
        if home is not None:
            cgroup = home / f"pwb-{os.getpid()}-{next(_names)}"
            try:
                cgroup.mkdir()
                self.cgroup = cgroup
            except OSError:
                pass
        if self.cgroup is None:
            _become_subreaper()

    def attach(self, pid: int) -> None:
        """The process started: into the cgroup with what it started already (else: counted by group)."""
        global _moves_refused
        self.pid = pid
        if self.cgroup is None:
            return
        try:
            with open(self.cgroup / "cgroup.procs", "w") as procs:
                for _member in _descendants_moved(pid, procs):
                    pass
        except OSError:  # not ours to move (a delegation rule): every case is counted by its group
            _moves_refused = True
            self.abandon()
            _become_subreaper()

    def abandon(self) -> None:
        """The start failed, or the cgroup cannot be used: nothing in it to count."""
        if self.cgroup is not None:
            self._remove(self.cgroup)
            self.cgroup = None

    def _usage(self) -> float | None:
        if self.cgroup is None:
            return None
        try:
            for line in (self.cgroup / "cpu.stat").read_text().splitlines():
                name, _, value = line.partition(" ")
                if name == "usage_usec":
                    return int(value) / 1e6
        except (OSError, ValueError, TypeError):
            pass
        return None

    def program_cpu_now(self) -> float | None:
        """The program's CPU seconds so far (the tree's, less a tester's own)."""
        total = self._usage() if self.cgroup is not None else group_cpu_now(self.pid)
        if total is None:
            return None
        if self.tester:
            own = proc_times(self.pid)
            total -= own[0] if own else 0.0
        return total

    def kill(self) -> None:
        """End every process of the tree (in a cgroup: also those that left the group)."""
        if self.cgroup is not None:
            try:
                (self.cgroup / "cgroup.kill").write_text("1")
            except OSError:
                pass

    def close(self) -> None:
        """After the group's kill: the rest of the tree ended and counted, the cgroup removed."""
        if self.cgroup is None:
            self.orphans_cpu += reap_group(self.pid)
            return
        self.kill()
        deadline = time.monotonic() + EMPTY_SECONDS
        while time.monotonic() < deadline:
            try:
                if "populated 0" in (self.cgroup / "cgroup.events").read_text():
                    break
            except OSError:
                break
            time.sleep(0.002)
        self.final = self._usage()
        self._remove(self.cgroup)

    def cpu(self, waited: float, own: float | None) -> CpuTime:
        """The case's CPU time, given what ``wait4`` said of the process started (``waited``: it and the
        children it waited for) and its own part (``own``, read before it was reaped)."""
        if self.final is not None:
            total = max(self.final, waited)
        else:
            total = waited + self.orphans_cpu
        if not self.tester:
            return CpuTime(total, None)
        own = min(own or 0.0, total)
        return CpuTime(total - own, own)

    @staticmethod
    def _remove(cgroup: Path) -> None:
        try:
            cgroup.rmdir()
        except OSError:
            pass
