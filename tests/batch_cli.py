"""The `batch` command line as the tests type it, in one call: leading words, then each option as a
keyword (``seeds="1-3"`` is ``--seeds 1-3``, ``sampler_seed`` is ``--sampler-seed``) in the order
given; paths and numbers become their text. Run in this process or as a child's argv."""

import csv
import sys
from pathlib import Path

from case_data import REPO

from workbench.cli import main


def batch_words(words: tuple[object, ...], options: dict[str, object]) -> list[str]:
    """``batch`` and its words: ``words`` as they are, then ``--name value`` for each option."""
    flags = [part for name, value in options.items() for part in ("--" + name.replace("_", "-"), value)]
    return ["batch", *map(str, words), *map(str, flags)]


def batch_main(*words: object, **options: object) -> int:
    """``puzzle-workbench batch WORDS... --OPTION VALUE...`` run in this process; its exit code."""
    return main(batch_words(words, options))


def batch_command(*words: object, **options: object) -> list[str]:
    """The argv that runs ``puzzle-workbench batch WORDS... --OPTION VALUE...`` as a child process."""
    return [sys.executable, str(REPO / "main.py"), *batch_words(words, options)]


def beam_runs(root: Path, nodes: dict[str, str], best: Path, **options: object) -> None:
    """comesolo's beam solver batched into root/NAME at each NAME's node budget, in that order, one job
    each (``options``, e.g. seeds and size, come first); each run exits 0."""
    for name, budget in nodes.items():
        code = batch_main("comesolo", **options, solver="beam", nodes=budget, jobs="1", out=root / name, best=best)
        assert code == 0, name


def rows_of(run: Path) -> list[dict]:
    """The rows of a run folder's results.csv."""
    with open(run / "results.csv", newline="") as handle:
        return list(csv.DictReader(handle))


def contest_batch(capsys, where: str, *words: object, out: Path, **options: object) -> tuple[int, list[dict], str]:
    """batch WHERE (a contest) into ``out``, its best-known scores beside it in best-WHERE.csv: the exit
    code, the run's rows and what it printed (stderr, then stdout)."""
    code = batch_main(where, *words, **options, out=out, best=out.parent / f"best-{where}.csv")
    printed = capsys.readouterr()
    return code, rows_of(out), printed.err + printed.out
