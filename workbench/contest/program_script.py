"""Your program under a contest's tester: a small shell script the tester runs in its place.

A tester (AtCoder's interactive ``tester CMD``, Topcoder's ``java -jar tester.jar -exec CMD``)
starts the program itself, so the workbench sees only the tester's process. The script runs the
program and writes down what the workbench needs and the tester does not say: the program's exit
code, its own start and end on the clock (so a JVM's start-up is not charged to the program) and
its CPU time with everything it waited for (the shell's ``times``). It is a file, not a
``sh -c '...'`` line, because Topcoder's tester splits ``-exec`` on spaces without a shell.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from workbench.core.errors import WorkbenchError

SCRIPT_NAME = "program.sh"
RECORD_NAME = "program.txt"
# The tester's own start-up (a JVM: a few hundred ms, more on a loaded machine) is allowed on top
# of the limit before the workbench kills the case; the program's own time judges the limit.
TESTER_START_SECONDS = 3.0
_TIMES = re.compile(r"(\d+)m([\d.]+)s")


@dataclass(frozen=True)
class ProgramRecord:
    exit_code: int | None  # None: it started and never ended by itself (the tester stopped it)
    seconds: float | None  # on the clock, from the program's start to its end (None: no GNU date)
    cpu_seconds: float | None  # user + system of the program and what it waited for
    started: float | None = None  # the program's start, in seconds since the epoch

    def running_since(self, now: float) -> float | None:
        """How long a program that never ended had run by ``now`` (None: it ended, or no clock)."""
        return None if self.exit_code is not None or self.started is None else max(0.0, now - self.started)


def write_script(folder: Path, command: str) -> Path:
    """The script that runs ``command`` (a shell command line) and records it in ``folder``; its
    record is emptied first, so the case before's is never read as this one's."""
    script, record = folder / SCRIPT_NAME, folder / RECORD_NAME
    if any(c.isspace() for c in str(script)):
        raise WorkbenchError(
            f"the case folder {folder} has a space in its path, and a tester that splits its "
            "program's command on spaces could not run it: set TMPDIR to a folder without one"
        )
    record.write_text("")
    quoted = shlex.quote(str(record))
    script.write_text(f"""#!/bin/sh
# Written by Puzzle Workbench for one case: runs your program under the contest's tester.
start=$(date +%s.%N 2>/dev/null)
echo "$start" > {quoted}
{command}
code=$?
end=$(date +%s.%N 2>/dev/null)
{{ echo "$code $start $end"; times; }} > {quoted}
exit $code
""")
    script.chmod(0o755)
    return script


def read_record(folder: Path) -> ProgramRecord | None:
    """What the script wrote (only the start when the program never ended by itself), or None when it
    never ran."""
    try:
        lines = (folder / RECORD_NAME).read_text().splitlines()
        words = lines[0].split()
        if len(words) == 1:  # only its start: it was stopped before it ended
            return ProgramRecord(None, None, None, float(words[0]))
        code = int(words[0])
    except (OSError, IndexError, ValueError):
        return None
    seconds = None
    try:
        seconds = max(0.0, float(words[2]) - float(words[1]))
    except (IndexError, ValueError):  # a date without %N (macOS): the clock is the tester's
        pass
    cpu = None
    if len(lines) >= 3:  # times: the shell's own user and system, then its children's
        parts = _TIMES.findall(lines[2])
        if len(parts) == 2:
            cpu = sum(int(minutes) * 60 + float(rest) for minutes, rest in parts)
    return ProgramRecord(code, seconds, cpu)
