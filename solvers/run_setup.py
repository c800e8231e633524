"""Setting up a solver run, one way for ``solve``, ``agent``, ``batch``, the Runs panel and the Solver panel.

Qt-free and argparse-free: choosing the solver, reading and checking its parameters, the puzzle's
options (generator and instance, merged), and the default budget. A puzzle played turn by turn
(``Puzzle.turn_seconds``) gets a default per turn, however many turns its case has; a solver that
plays the turns itself declares which parameter caps one turn (``Solver.turn_cap``) and gets the
share there. Mistakes are ``UsageError`` (a WorkbenchError): one clear line wherever they show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from workbench.core.errors import UsageError, WorkbenchError
from workbench.core.puzzle import Option, Puzzle
from workbench.core.registry import solvers

from .base import Solver
from .driver import Budget

DEFAULT_SECONDS = 10.0  # a whole answer's budget when none is given
TURN_SLACK = 1.15  # a per-turn default's total over its turns' caps: a turn's bookkeeping is not capped


def puzzle_options(puzzle: Puzzle | None) -> list[Option]:
    """The puzzle's generator and instance options, each once (codevs's turns is both)."""
    seen, options = set(), []
    for option in (*puzzle.generator_options, *puzzle.instance_options) if puzzle else ():
        if option.name not in seen:
            seen.add(option.name)
            options.append(option)
    return options


def split_options(puzzle: Puzzle, values: dict[str, Any]) -> tuple[dict, dict]:
    """(generator options, instance options) from values by option name; defaults fill the rest."""

    def pick(options) -> dict:
        return {o.name: values.get(o.name, o.default) for o in options}

    return pick(puzzle.generator_options), pick(puzzle.instance_options)


def solver_classes(puzzle_id: str) -> dict[str, type[Solver]]:
    """The puzzle's solver classes by name (the registry's), each checked to be a ``Solver``."""
    found: dict[str, type[Solver]] = {}
    for name, cls in solvers(puzzle_id).items():
        if not issubclass(cls, Solver):  # a plugin's: the driver runs only a Solver's slices
            raise WorkbenchError(f"the solver '{name}' of {puzzle_id} is not a solvers.base.Solver")
        found[name] = cls
    return found


def choose_solver(puzzle: Puzzle, name: str | None = None) -> type[Solver]:
    """The solver named (default: the puzzle's first)."""
    available = solver_classes(puzzle.id)
    if not available:
        raise UsageError(f"{puzzle.id} has no solver yet")
    name = name or next(iter(available))
    if name not in available:
        raise UsageError(f"unknown solver '{name}' for {puzzle.id} (known: {', '.join(available)})")
    return available[name]


def parse_params(cls: type[Solver], items: Sequence[str]) -> dict:
    """Parameters from NAME=VALUE texts, each typed and checked against its range."""
    params = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--param takes NAME=VALUE, got '{item}'")
        try:
            param = cls.param(key)
        except StopIteration:
            known = ", ".join(p.name for p in cls.params) or "none"
            raise UsageError(f"{cls.name} has no parameter '{key}' (known: {known})") from None
        try:
            params[key] = param.kind(value)
        except ValueError:
            raise UsageError(f"parameter {key}: '{value}' is not a number") from None
        if not param.low <= params[key] <= param.high:  # also refuses nan
            raise UsageError(f"parameter {key} must be between {param.low} and {param.high}, got {value}")
    return params


def checked_params(cls: type[Solver], params: dict) -> dict:
    """Every parameter's value, defaults filled in; UsageError names an unknown or out-of-range one."""
    try:
        return cls.checked_settings(params)
    except ValueError as error:
        raise UsageError(str(error)) from None


@dataclass(frozen=True)
class RunBudget:
    budget: Budget
    params: dict = field(default_factory=dict)  # the parameters, a per-turn cap set when the default is per turn
    note: str = ""  # how a default was chosen, for people ("" when the caller set the budget)


def run_budget(
    puzzle: Puzzle,
    instance: Any,
    cls: type[Solver],
    params: dict,
    seconds: float | None = None,
    nodes: int | None = None,
    whole_game: bool = True,
) -> RunBudget:
    """The budget of a run: the one given, else the default (per turn for a game played turn by turn,
    when the answer is the ``whole_game``; an agent answering one turn a call keeps the plain default)."""
    params = dict(params)
    if seconds is not None or nodes is not None:
        return RunBudget(Budget(seconds=seconds, nodes=nodes), params)
    if not (whole_game and puzzle.turn_seconds):
        return RunBudget(Budget(seconds=DEFAULT_SECONDS), params)
    turns = puzzle.max_moves(instance) or 1
    total = puzzle.turn_seconds * turns
    if not puzzle.online and cls.turn_cap:
        params.setdefault(cls.turn_cap, puzzle.turn_seconds)
        total *= TURN_SLACK
    note = f"default budget: {puzzle.turn_seconds:g} s per turn x {turns} turns (--time sets the whole answer's)"
    return RunBudget(Budget(seconds=total), params, note)
