"""The ahc011 solver's tasks and what they hand back: plain data, one type per kind of work.

The scheduler (``schedule``) makes tasks and books their results; the runner (``task_runner``)
turns a task into kernel calls on a worker thread. A task holds everything its run reads, so
tasks of one batch can run in any order, on any thread. A target is a board (int64, n * n cells)
that is a full tree with the case's tiles; ``k`` is its index, the annealer's random stream;
``stream`` is a search's random stream; ``scale`` the share of the beam widths it runs at.
Notes: bench/ahc011_search_notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, NamedTuple

import numpy as np

# The slide search's full width on boards past WIDTH_SIDE shrinks as (WIDTH_SIDE / N) ** WIDTH_POWER
# (notes: "Slide search width on larger boards").
WIDTH_SIDE, WIDTH_POWER = 7, 3


def slide_search_width(n: int, move_width: int) -> int:
    """The slide-by-slide search's beam width on an n x n board (see WIDTH_SIDE)."""
    if n <= WIDTH_SIDE:
        return move_width
    return max(1, round(move_width * (WIDTH_SIDE / n) ** WIDTH_POWER))


class Beam(Enum):
    """Which beam a search runs; its cost and its time follow from that."""

    PLAN = "the ring-by-ring placement plan"
    SLIDES = "slide by slide, finished by a window or the plan"


@dataclass(frozen=True, eq=False)
class BuildTarget:
    """Anneal target ``k`` with its empty square at ``hole`` (-1: the corner); with ``trial``, then
    a quick slide search toward it (``pilot_width``) whose slides rank it."""

    k: int
    hole: int
    trial: bool


@dataclass(frozen=True, eq=False)
class ShortenAnswer:
    """Cut shortcuts into ``moves`` (letters), an answer toward target ``k``."""

    k: int
    moves: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class _TowardOne:
    k: int
    stream: int
    target: np.ndarray
    scale: float = 1.0


class PlanSearch(_TowardOne):
    """The placement plan's beam from the start toward ``target``."""

    beam: ClassVar[Beam] = Beam.PLAN


class SlideSearch(_TowardOne):
    """The slide-by-slide search from the start toward ``target``."""

    beam: ClassVar[Beam] = Beam.SLIDES


@dataclass(frozen=True, eq=False)
class TailSearch:
    """The slide-by-slide search toward ``target`` from the board after ``prefix`` (letters: the
    first part of the shortest answer so far)."""

    beam: ClassVar[Beam] = Beam.SLIDES
    k: int
    stream: int
    target: np.ndarray
    prefix: tuple[str, ...]
    scale: float = 1.0


@dataclass(frozen=True, eq=False)
class _TowardAny:
    beam: ClassVar[Beam] = Beam.SLIDES
    ks: tuple[int, ...]
    stream: int
    targets: np.ndarray
    scale: float = 1.0


class GroupedSearch(_TowardAny):
    """One slide-by-slide search toward whichever of ``targets`` (rows; their indices ``ks``, best
    first) it reaches cheapest: a new search's screened targets (GROUP_SIDES)."""


class PooledSearch(_TowardAny):
    """As ``GroupedSearch``, over every target annealed (``pool_targets``), ``scale`` times as wide."""


Search = PlanSearch | SlideSearch | TailSearch | GroupedSearch | PooledSearch
Task = BuildTarget | ShortenAnswer | Search


@dataclass(frozen=True, eq=False)
class Built:
    """A ``BuildTarget``'s target, its travel (-1: no tree found) and its trial's slides (-1: the
    trial found no answer; None: no trial)."""

    travel: int
    trial: int | None
    target: np.ndarray


@dataclass(frozen=True)
class Found:
    """A search's answer (letters) and the row of the target it reached (0 for a single target)."""

    moves: tuple[str, ...]
    row: int = 0


# What a task hands back: ``Built``; a search ``Found`` or None (no answer, or stopped); a
# shortening the answer shortened (or as far as it got when stopped: still a full tree).
Result = Built | Found | None | tuple


class Answer(NamedTuple):
    """A full-tree answer kept: its slides' count, the target it reached, its moves, the slides the
    shortcuts took out."""

    length: int
    k: int
    moves: tuple[str, ...]
    cut: int = 0


class Ranked(NamedTuple):
    """A target annealed: its rank (least first: see ``Schedule.rank``), its index, the target."""

    rank: tuple[int, int]
    k: int
    target: np.ndarray
