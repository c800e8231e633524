"""The cases of a batch: from seeds (the bit-exact generators) or from input files.

Each case carries its input text, so a worker (a local process or a Dask
worker on another machine) needs nothing from this machine's disk, and a name
that is unique within the run, so no answer ever replaces another.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from workbench.core.errors import FormatError, WorkbenchError, utf8_text
from workbench.core.files import read_text
from workbench.core.puzzle import Puzzle


@dataclass(frozen=True)
class BatchCase:
    index: int  # position in the run, for a stable order
    name: str  # unique in the run: answers/NAME.out, stderr/NAME.txt
    source: str  # "seed 42" or the input file's path, as the user gave it
    seed: int | None
    input_text: str
    options: dict[str, Any] = field(default_factory=dict)  # the puzzle's instance options (codevs --turns)
    problem: str = ""  # why the input could not be read (the case's verdict, not the batch's end)
    repeat: int = 0  # which run of the case this is (1..K) in a run of --repeat K; 0: the case runs once
    # What identifies a case whose input its run makes (a Topcoder tester's seed): its input
    # is known only after it ran, and a failed run may never tell it.
    identity: str = ""

    @property
    def key(self) -> str:
        """Identifies the case across runs: the same input and options are the same case."""
        blob = (self.identity or self.input_text) + json.dumps(self.options, sort_keys=True)
        return hashlib.sha1(blob.encode("utf-8")).hexdigest()[:16]

    @property
    def label(self) -> str:
        return str(self.seed) if self.seed is not None else self.source


MAX_SEEDS = 100_000  # cases of one run: more would only fill memory before anything runs


def parse_seeds(text: str) -> list[int]:
    """Seeds from '7', '0-99' (inclusive) or '0-9,20-29,50'; ValueError names the bad part."""
    seeds: list[int] = []
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not (low.isascii() and low.isdigit() and (not dash or (high.isascii() and high.isdigit()))):
            raise ValueError(f"'{part}' is not a seed or a range like 0-99")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"'{part}' is an empty range")
        if last >= 2**64:
            raise ValueError(f"seed {last} does not fit in 64 bits")
        if len(seeds) + last - first + 1 > MAX_SEEDS:
            raise ValueError(f"more than {MAX_SEEDS:,} seeds: split the run")
        seeds.extend(range(first, last + 1))
    if len(set(seeds)) != len(seeds):
        raise ValueError("a seed is listed twice")
    return seeds


def seed_ranges(seeds: Sequence[int]) -> str:
    """``parse_seeds``'s text for ``seeds``: "0-29", "0-9,20-29,50"."""
    parts, ordered = [], sorted(set(seeds))
    start = previous = None
    for seed in ordered + [None]:
        if seed is not None and previous is not None and seed == previous + 1:
            previous = seed
            continue
        if start is not None:
            parts.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = seed
    return ",".join(parts)


def seed_cases(
    puzzle: Puzzle, seeds: Sequence[int], generator_options: dict[str, Any], instance_options: dict[str, Any]
) -> list[BatchCase]:
    width = max(4, len(str(max(seeds, default=0))))
    cases = []
    for index, seed in enumerate(seeds):
        try:
            instance = puzzle.generate(seed, **generator_options)
        except ValueError as error:
            raise WorkbenchError(f"seed {seed}: {error}") from None
        cases.append(
            BatchCase(
                index, f"{seed:0{width}d}", f"seed {seed}", seed, puzzle.format_input(instance), dict(instance_options)
            )
        )
    return cases


def file_cases(
    paths: Sequence[str], instance_options: dict[str, Any], split: Callable[[str], list[tuple[str, str]]] | None = None
) -> list[BatchCase]:
    """Cases named by their file stems; a stem seen before gets '-2', '-3', ... (in the order given).

    ``split`` gives the cases a file holds (a level collection: one case each, named STEM-K)."""
    cases: list[BatchCase] = []
    taken: set[Any] = set()

    def add(stem: str, source: str, text: str, problem: str = "") -> None:
        # A file name that is not UTF-8 names the case as \xNN: the case's files and results.csv are UTF-8.
        stem, source = utf8_text(stem), utf8_text(source)
        name, k = stem, 1
        while name in taken:
            k += 1
            name = f"{stem}-{k}"
        taken.add(name)
        cases.append(BatchCase(len(cases), name, source, None, text, dict(instance_options), problem))

    for index, path in enumerate(paths):
        stem = Path(path).stem or f"case{index}"
        try:
            text = read_text(path)
            parts = split(text) if split is not None else [("", text)]
        except WorkbenchError as error:
            add(stem, str(path), "", str(error))
            continue
        if len(parts) == 1:
            add(stem, str(path), parts[0][1])
            continue
        width = len(str(len(parts)))
        for number, (title, part) in enumerate(parts, start=1):
            add(f"{stem}-{number:0{width}d}", f"{path}#{number}" + (f" {title}" if title else ""), part)
    return cases


MAX_REPEAT = 100  # runs of each case at most (batch --repeat)


def repeated_cases(cases: Sequence[BatchCase], times: int) -> list[BatchCase]:
    """Each case ``times`` times (``repeat`` 1..times, named NAME-rK, the same key): every case once,
    then every case again, so a change of load during the run touches every case alike."""
    if times <= 1:
        return list(cases)
    width = len(str(times))
    return [
        replace(case, index=k * len(cases) + i, name=f"{case.name}-r{k + 1:0{width}d}", repeat=k + 1)
        for k in range(times)
        for i, case in enumerate(cases)
    ]


def load_instance(puzzle: Puzzle, case: BatchCase) -> Any:
    """The case's instance with its instance options applied (FormatError or ValueError when bad)."""
    if case.problem:
        raise FormatError(case.problem)
    instance = puzzle.parse_input(case.input_text)
    return puzzle.configure(instance, **case.options) if case.options else instance
