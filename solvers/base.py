"""What every solver offers the driver, the CLI and the GUI (Qt-free).

A solver is built from a puzzle's public view, a seed and its parameters, then
driven in *slices*: ``run_slice(n)`` performs at most n expansions and returns.
The driver calls it repeatedly, so progress can be reported and pause/cancel
honoured between slices; the hot loop inside a slice is a numba kernel that
releases the GIL. With the same seed and the same total node budget a solver
must return the same answer, however the budget is cut into slices.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from workbench.core.cores import usable_cores

if TYPE_CHECKING:  # numpy loads with the first solver built: a batch of programs never needs it
    import numpy as np

# Threads a solver may run its kernels on at once (None: one per core). The window
# keeps a core for its own thread: a solver on every core starves it of the CPU.
_thread_limit: int | None = None


def limit_threads(count: int | None) -> None:
    """At most ``count`` kernel threads per solver from now on (None: one per core)."""
    global _thread_limit
    _thread_limit = None if count is None else max(1, count)


def thread_limit() -> int | None:
    """The limit ``limit_threads`` set (None: one per core): a solver's child process takes it over."""
    return _thread_limit


def threads_for(wanted: int) -> int:
    """How many of the ``wanted`` threads a solver may run at once."""
    limit = _thread_limit if _thread_limit is not None else usable_cores()
    return max(1, min(wanted, limit))


@dataclass(frozen=True)
class Param:
    """A tunable solver parameter, shown in the GUI and accepted on the CLI."""

    name: str
    kind: type  # int or float
    default: Any
    low: Any
    high: Any
    help: str = ""  # what it does
    label: str = ""  # its name for people (the GUI's form label)
    turn: str = ""  # which way to turn it, and what that costs (the GUI's tooltip says it)

    def tooltip(self) -> str:
        return f"{self.help[:1].upper()}{self.help[1:]}.\n{self.turn}".strip()


@dataclass(frozen=True)
class FrontierEntry:
    """One state on the solver's frontier, best first."""

    score: float  # the solver's own figure of merit (higher is better)
    depth: int  # moves from the start
    moves: tuple  # the moves that reach it from the start (for preview)
    facts: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Progress:
    expansions: int  # total expansions so far
    best_score: float  # the best answer's contest score so far
    frontier_size: int
    done: bool  # the search space is exhausted (or the answer is provably optimal)


class Solver(ABC):
    name: str = ""
    description: str = ""
    params: tuple[Param, ...] = ()
    # Expansions per slice when the caller does not say: small enough that a slice takes
    # milliseconds (pause, cancel and an online turn's time limit are checked between slices).
    slice_size: int = 2000
    # A fast policy that can finish an online game cut short (a cancelled run), so the
    # answer is complete and valid; the GUI offers the first such solver of the puzzle.
    fast_finish: bool = False
    # When the run has a time budget, the driver sets this before each slice to the
    # time.perf_counter() value at which the budget ends. A solver whose work comes in
    # tasks longer than a slice may cut them short there; with a node budget it stays None.
    deadline: float | None = None
    # True when run_slice may end after any expansion and the next call resumes exactly
    # there: the driver then also ends a slice that runs past SLICE_SECONDS (without
    # changing the answer), so progress, pause and cancel never wait for a long slice.
    resumable: bool = False
    # The parameter that caps one turn's search, for a solver that plays a game turn by turn
    # itself (codevs's chain beam): a per-turn default budget gives that turn's share there.
    turn_cap: str | None = None

    def __init__(self, puzzle, view: Any, seed: int = 0, **params: Any):
        self.puzzle = puzzle
        self.view = view
        self.seed = seed
        self.settings = self.checked_settings(params)

    @classmethod
    def checked_settings(cls, params: dict) -> dict:
        """Every parameter's value (defaults filled in); ValueError names an unknown or out-of-range one."""
        known = {p.name: p for p in cls.params}
        unknown = set(params) - set(known)
        if unknown:
            raise ValueError(f"{cls.name} has no parameter {', '.join(sorted(unknown))}")
        settings = {name: p.kind(params.get(name, p.default)) for name, p in known.items()}
        for name, value in settings.items():
            p = known[name]
            if not p.low <= value <= p.high:
                raise ValueError(f"{name} must be between {p.low} and {p.high}, got {value}")
        return settings

    @property
    def stop_flag(self) -> np.ndarray:
        """uint8[1] the driver's watchdog thread sets to 1 to end the slice under way early:
        at the end of a time budget, on cancel, and (``resumable`` solvers) after
        SLICE_SECONDS. Long kernels read it inside their loops; it is 0 when a slice starts."""
        flag = self.__dict__.get("_stop_flag")
        if flag is None:
            import numpy

            flag = self.__dict__["_stop_flag"] = numpy.zeros(1, dtype=numpy.uint8)
        return flag

    def stop_time(self, deadline: float) -> float:
        """When, under a time budget ending at ``deadline``, the watchdog stops a slice."""
        return deadline

    @abstractmethod
    def run_slice(self, max_expansions: int) -> Progress:
        """Search for at most ``max_expansions`` expansions, then return."""

    def end_run(self) -> None:
        """The driver calls this once the run is over (budget, cancel, done or error): a solver
        whose work goes on between slices (on its own threads) stops it here."""

    @abstractmethod
    def best_moves(self) -> Sequence:
        """The best answer found so far, as moves from the start: only a finished answer that
        counts (``ScoreReport.complete``), () while there is none."""

    def no_answer(self) -> str:
        """Once a run ended without an answer, why, in words ("no solution exists from this
        position"); "" when all it can say is that none was found within the budget."""
        return ""

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        """The best states currently waiting to be expanded."""
        return []

    @classmethod
    def warm_up(cls) -> None:
        """Compile (or load from numba's cache) the solver's kernels on a tiny case.

        The app calls this on a background thread at start, so the first real
        solve does not stall on compilation. Solvers without kernels do nothing.
        """

    @classmethod
    def param(cls, name: str) -> Param:
        return next(p for p in cls.params if p.name == name)
