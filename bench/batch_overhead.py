"""What ``batch`` costs a case beyond the programs it runs: its wall time against the floor.

    python -m bench.batch_overhead [--cases 1000,10000] [--jobs 2] [--dask] [--puzzle] [--repeat N]
                                   [--scratch DIR]

It makes a contest of its own in a temporary folder: a program that answers in about a
millisecond and an official-style ``vis`` printing ``Score = N`` and writing vis.html, both in C
when the machine has a C compiler (else in Python, whose start-up then hides most of the
overhead), and inputs in ``tools/in/``. The floor is what any runner must do at least: the same
program and vis run per case by ``xargs -P JOBS``, each case in a fresh temporary folder. Printed
for each size: batch's wall time, the floor's, their ratio and the overhead per case; with
``--puzzle`` the same for a built-in puzzle's ``--cmd`` (comesolo, every answer re-scored by the
engine in batch's process; its floor runs the program alone); with ``--dask`` the contest through
a local Dask cluster of JOBS single-threaded workers. ``--repeat N`` runs the floor and batch in
turn N times (floor, batch, floor, batch...) and prints the medians and the median of the N
ratios: the machine's speed drifts, and a folder removed by one run slows the files the next one
creates for minutes (ext4 without a journal), so one pair alone can be off by a third.
``--scratch DIR`` puts both runs' per-case folders (the floor's, batch's workers') under DIR, e.g.
a tmpfs such as /dev/shm, so that the floor's thousand removed folders do not slow the batch that
follows it; batch's run folder stays where it was, beside the contest.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PROGRAM_C = r"""
#include <stdio.h>
int main(void) { long n, x, sum = 0; if (scanf("%ld", &n) != 1) return 1;
  for (long i = 0; i < n; i++) { if (scanf("%ld", &x) != 1) return 1; sum += x; }
  printf("%ld\n", sum % 1000 + 1); return 0; }
"""
VIS_C = r"""
#include <stdio.h>
int main(int argc, char **argv) { long n, answer = 0; FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r");
  if (!in || !out || fscanf(in, "%ld", &n) != 1 || fscanf(out, "%ld", &answer) != 1) { printf("Score = 0\n"); return 0; }
  printf("Score = %ld\n", answer * 10 + n);
  FILE *html = fopen("vis.html", "w"); if (html) { fprintf(html, "<svg><text>%ld</text></svg>\n", answer); fclose(html); }
  return 0; }
"""
PROGRAM_PY = "import sys\nn, *x = map(int, sys.stdin.read().split())\nprint(sum(x) % 1000 + 1)\n"
VIS_PY = textwrap.dedent("""\
    import sys
    n = int(open(sys.argv[1]).read().split()[0])
    answer = int(open(sys.argv[2]).read().split()[0])
    print(f"Score = {answer * 10 + n}")
    open("vis.html", "w").write(f"<svg><text>{answer}</text></svg>")
    """)
ZERO_C = r"""
#include <stdio.h>
int main(void) { int c; while ((c = getchar()) != EOF) {} printf("0\n"); return 0; }
"""


def build(folder: Path, name: str, c_source: str, py_source: str) -> str:
    """The command running ``name``: compiled from C when a compiler is there, else a Python script."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler:
        (folder / f"{name}.c").write_text(c_source)
        subprocess.run([compiler, "-O2", "-o", str(folder / name), str(folder / f"{name}.c")], check=True)
        return str(folder / name)
    (folder / f"{name}.py").write_text(py_source)
    return f"{sys.executable} {folder / (name + '.py')}"


def make_contest(root: Path, cases: int) -> tuple[Path, str, str]:
    """A contest folder with ``cases`` inputs in tools/in/; (folder, program command, vis command)."""
    folder = root / "fast"
    tools = folder / "tools"
    (tools / "in").mkdir(parents=True)
    program = build(folder, "prog", PROGRAM_C, PROGRAM_PY)
    vis = build(tools, "vis", VIS_C, VIS_PY)
    for seed in range(cases):
        n = 5 + seed % 20
        (tools / "in" / f"{seed:04d}.txt").write_text(
            f"{n}\n" + " ".join(str((seed * 7 + i) % 997) for i in range(n)) + "\n"
        )
    (folder / "contest.toml").write_text(
        textwrap.dedent(f"""\
        name = 'fast'
        time_limit = 2
        [inputs]
        file = 'tools/in/{{SEED04}}.txt'
        [run]
        command = '{{CMD}}'
        [score]
        command = '{vis} {{IN}} {{OUT}}'
        [view]
        html = ['vis.html']
        """)
    )
    return folder, program, vis


# Where per-case folders are made (TMPDIR, read by mktemp and by batch's workers); --scratch sets it.
ENV = dict(os.environ)


def floor(inputs: list[Path], program: str, vis: str | None, jobs: int) -> float:
    """Seconds for xargs -P to run the program (and vis) on each input, each case in a fresh folder."""
    step = f'd=$(mktemp -d) && {program} < "$1" > "$d/out.txt"'
    if vis:
        step += f' && (cd "$d" && {vis} "$1" "$d/out.txt" > "$d/score.txt")'
    step += '; rm -rf "$d"'
    listing = "\n".join(str(p) for p in inputs) + "\n"
    started = time.perf_counter()
    subprocess.run(
        ["xargs", "-P", str(jobs), "-n", "1", "sh", "-c", step, "case"], input=listing, text=True, check=True, env=ENV
    )
    return time.perf_counter() - started


def batch(args: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(REPO / "main.py"), "batch", *args],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**ENV, "PUZZLE_WORKBENCH_HOME": str(cwd / "home")},
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"batch failed: {done.stderr.strip()[-500:]}")
    return seconds


def line(what: str, cases: int, ours: list[float], least: list[float]) -> str:
    """The row of one measurement: medians of the pairs run, and the median of their ratios."""
    ours_s, least_s = statistics.median(ours), statistics.median(least)
    ratio = statistics.median(o / f for o, f in zip(ours, least))
    over = (ours_s - least_s) / cases * 1000
    spread = (
        f"  ({min(o / f for o, f in zip(ours, least)):.2f}-{max(o / f for o, f in zip(ours, least)):.2f}x)"
        if len(ours) > 1
        else ""
    )
    return f"{what:<28} {cases:>7,}  {ours_s:>9.1f}  {least_s:>9.1f}  {ratio:>6.2f}x  {over:>8.2f}{spread}"


def pairs(repeat: int, run_floor, run_batch) -> tuple[list[float], list[float]]:
    """``repeat`` pairs of (batch, floor) seconds, each pair's floor run just before its batch."""
    ours, least = [], []
    for _ in range(repeat):
        least.append(run_floor())
        ours.append(run_batch())
    return ours, least


def dask_address(jobs: int):
    from distributed import LocalCluster

    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
    return cluster


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.batch_overhead", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default="1000,10000", help="run sizes, comma separated (default 1000,10000)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--puzzle", action="store_true", help="also a built-in puzzle's --cmd (comesolo)")
    parser.add_argument("--dask", action="store_true", help="also through a local Dask cluster")
    parser.add_argument("--repeat", type=int, default=1, help="pairs of floor and batch runs per size (medians)")
    parser.add_argument("--scratch", help="folder for both runs' per-case folders (default: the system's temporary)")
    args = parser.parse_args()
    if args.scratch:
        ENV["TMPDIR"] = args.scratch
    if ENV.get("PYTHONDONTWRITEBYTECODE"):
        print(
            "note: PYTHONDONTWRITEBYTECODE is set, so batch and each of its workers compile the workbench's "
            "modules anew at every run (an install that keeps its .pyc files does not): run it with "
            "env -u PYTHONDONTWRITEBYTECODE for what a user sees",
            file=sys.stderr,
        )
    sizes = [int(x) for x in args.cases.split(",")]
    print(
        f"{'run':<28} {'cases':>7}  {'batch s':>9}  {'floor s':>9}  {'ratio':>7}  {'ms/case':>8}  "
        f"(overhead per case = (batch - floor) / cases; {args.jobs} jobs)"
    )
    with tempfile.TemporaryDirectory(prefix="wb-overhead-") as scratch:
        root = Path(scratch)
        folder, program, vis = make_contest(root, max(sizes))
        runs = iter(range(10**6))  # each batch its own run folder

        def measure(what: str, words: list[str], inputs: list[Path], program: str, vis: str | None) -> None:
            """One row: ``batch WORDS --cmd PROGRAM`` on as many seeds as ``inputs`` (the floor's files)."""
            seeds = ["--seeds", f"0-{len(inputs) - 1}", "--cmd", program, "--out", str(root / f"run-{next(runs)}")]
            ours, least = pairs(
                args.repeat,
                lambda: floor(inputs, program, vis, args.jobs),
                lambda: batch([*words, *seeds], root),
            )
            print(line(what, len(inputs), ours, least), flush=True)

        inputs = sorted((folder / "tools" / "in").iterdir())
        cluster = dask_address(args.jobs) if args.dask else None
        try:
            for cases in sizes:
                measure(
                    "contest (program + vis)", [str(folder), "--jobs", str(args.jobs)], inputs[:cases], program, vis
                )
                if cluster is not None:
                    measure(
                        "contest through Dask",
                        [str(folder), "--dask", cluster.scheduler_address],
                        inputs[:cases],
                        program,
                        vis,
                    )
        finally:
            if cluster is not None:
                cluster.close()
        if args.puzzle:
            zero = build(root, "zero", ZERO_C, "import sys\nsys.stdin.read()\nprint(0)\n")
            sys.path.insert(0, str(REPO))
            from workbench.core.registry import get_puzzle

            puzzle = get_puzzle("comesolo")
            boards = root / "boards"
            boards.mkdir()
            for seed in range(max(sizes)):
                (boards / f"{seed:05d}.txt").write_text(puzzle.format_input(puzzle.generate(seed, size=7)))
            files = sorted(boards.iterdir())
            for cases in sizes:
                measure(
                    "comesolo --cmd (program)",
                    ["comesolo", "--size", "7", "--jobs", str(args.jobs)],
                    files[:cases],
                    zero,
                    None,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
