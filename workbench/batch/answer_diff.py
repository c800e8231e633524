"""A unified diff of two answers of any length, in bounded time and size.

difflib compares two whole sequences at a cost that grows about with the product of their lengths
when lines repeat (two 100,000-line answers of 100 distinct lines: 30 s). Here a run of equal lines
is skipped with a plain comparison, and difflib sees at most DIFF_WINDOW lines of each side at a
time: the differences of a window are taken up to the end of its last run of equal lines, where
both sides are in step, and the next window starts there. Two answers of at most DIFF_WINDOW lines get
difflib's own diff. The diff stops after MAX_CHANGED_LINES changed lines, and a line longer than
MAX_LINE_CHARS is shortened; both are said in the text. Qt-free.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence

DIFF_WINDOW = 2000  # lines of each side difflib compares at once
MAX_CHANGED_LINES = 2000  # removed and added lines shown; past them the diff is cut
MAX_LINE_CHARS = 10_000  # a longer line (a whole answer on one line) is shown cut, its length said

Opcode = tuple[str, int, int, int, int]


def _common_run(a: Sequence[str], b: Sequence[str], i: int, j: int) -> int:
    k = 0
    while i + k < len(a) and j + k < len(b) and a[i + k] == b[j + k]:
        k += 1
    return k


def _add(ops: list[Opcode], op: Opcode) -> None:
    """Append ``op``, joined to the one before when both are equal runs (two would make two hunks)."""
    if ops and op[0] == "equal" and ops[-1][0] == "equal":
        ops[-1] = ("equal", ops[-1][1], op[2], ops[-1][3], op[4])
    else:
        ops.append(op)


def opcodes(
    a: Sequence[str], b: Sequence[str], window: int = DIFF_WINDOW, changed_limit: int = MAX_CHANGED_LINES
) -> tuple[list[Opcode], bool]:
    """difflib-style opcodes turning ``a`` into ``b``, and whether they stop before the end (after
    ``changed_limit`` changed lines)."""
    if len(a) <= window and len(b) <= window:
        every: list[Opcode] = [*difflib.SequenceMatcher(None, a, b).get_opcodes()]
        return every, False
    ops: list[Opcode] = []
    i = j = changed = 0
    while i < len(a) or j < len(b):
        if changed >= changed_limit:
            return ops, True
        k = _common_run(a, b, i, j)
        if k:
            _add(ops, ("equal", i, i + k, j, j + k))
            i, j = i + k, j + k
            continue
        part_a, part_b = a[i : i + window], b[j : j + window]
        found = difflib.SequenceMatcher(None, part_a, part_b).get_opcodes()
        reaches_both_ends = i + len(part_a) == len(a) and j + len(part_b) == len(b)
        # Taken up to the end of the window's last equal run (the sides are in step there; what
        # follows it may match lines past the window), unless that is in the window's first half on
        # both sides: then the whole window, so that each window moves on by half of one at least.
        cut = len(found)
        if not reaches_both_ends:
            equal = [n for n, op in enumerate(found) if op[0] == "equal"]
            if equal and (found[equal[-1]][2] >= window // 2 or found[equal[-1]][4] >= window // 2):
                cut = equal[-1] + 1
        for tag, a1, a2, b1, b2 in found[:cut]:
            _add(ops, (tag, i + a1, i + a2, j + b1, j + b2))
            if tag != "equal":
                changed += (a2 - a1) + (b2 - b1)
        last = found[cut - 1]
        i, j = i + last[2], j + last[4]
    return ops, False


def grouped(codes: list[Opcode], n: int) -> Iterator[list[Opcode]]:
    """The hunks of ``codes`` with ``n`` lines of context (difflib's get_grouped_opcodes)."""
    codes = list(codes) or [("equal", 0, 1, 0, 1)]
    if codes[0][0] == "equal":
        tag, i1, i2, j1, j2 = codes[0]
        codes[0] = tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2
    if codes[-1][0] == "equal":
        tag, i1, i2, j1, j2 = codes[-1]
        codes[-1] = tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)
    group: list[Opcode] = []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and i2 - i1 > 2 * n:
            group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
            yield group
            group = []
            i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
        group.append((tag, i1, i2, j1, j2))
    if group and not (len(group) == 1 and group[0][0] == "equal"):
        yield group


def _range(start: int, stop: int) -> str:
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start if not length else start + 1},{length}"


def _shown(line: str) -> str:
    if len(line) <= MAX_LINE_CHARS:
        return line if line.endswith("\n") else line + "\n"
    return f"{line[:MAX_LINE_CHARS]}… (a line of {len(line.rstrip(chr(10))):,} characters, cut)\n"


def unified_diff(a: Sequence[str], b: Sequence[str], label_a: str, label_b: str, context: int = 3) -> str:
    """The unified diff of the lines ``a`` and ``b`` ("" when they are the same), as difflib writes
    it, bounded (see the module); a cut diff ends with a line saying so."""
    codes, cut = opcodes(a, b)
    out: list[str] = []
    for group in grouped(codes, context):
        if not out:
            out += [f"--- {label_a}\n", f"+++ {label_b}\n"]
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [" " + _shown(line) for line in a[i1:i2]]
                continue
            if tag in ("replace", "delete"):
                out += ["-" + _shown(line) for line in a[i1:i2]]
            if tag in ("replace", "insert"):
                out += ["+" + _shown(line) for line in b[j1:j2]]
    if cut:
        end_a, end_b = codes[-1][2], codes[-1][4]
        out.append(
            f"… the diff is cut after {MAX_CHANGED_LINES:,} changed lines, at line {end_a:,} of A's "
            f"{len(a):,} and {end_b:,} of B's {len(b):,}: compare the files themselves for the rest\n"
        )
    return "".join(out)
