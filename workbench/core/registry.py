"""Finds the puzzles: built in, installed as plugins, or in a folder, one loader for all.

A puzzle is a package exposing ``PUZZLE`` (a ``workbench.core.puzzle.Puzzle``). Where packages come from,
in this order (the first package to claim an id keeps it):

- installed: a Python distribution with an entry point in the group ``puzzle_workbench.puzzles``
  whose value names the package, e.g. ``lights-out = "lights_out"`` in its pyproject.toml. The
  workbench's own puzzles are registered so too, by its own pyproject.toml (they are "built in"):
  nothing here names a puzzle;
- a folder: ``--puzzle-path DIR`` or ``PUZZLE_WORKBENCH_PATH`` (folders separated by ``os.pathsep``).
  A folder holding ``__init__.py`` is one puzzle; otherwise each package inside it is one.

A puzzle's solvers and board painter are declared by entry points keyed by its id, in the groups
``puzzle_workbench.solvers`` (``ahc011 = "solvers.ahc011:SOLVERS"``) and ``puzzle_workbench.painters``
(``ahc011 = "workbench.gui.board.painters.ahc011:ADAPTER"``): the layer that holds them says what they
serve, and the rules never name a module above them. A package found in a folder has no entry points:
its solvers are its submodule ``solvers`` (``SOLVERS``), its painter its submodule ``painter``
(``ADAPTER``). A puzzle without a painter that draws itself as a grid (``grid_picture``) gets the
generic grid painter.

A package that fails to load, or whose solvers or painter fail to import, is never skipped in
silence: ``plugin_problems()`` lists it with the error and the line, and the CLI and the app say so
(the CLI as soon as a command first looks for puzzles, ``when_loaded``: a contest's batch, which needs
none, never pays for importing them).
A plugin can end no command: whatever its import raises (SystemExit and KeyboardInterrupt too) is
its problem, and an id that is not a puzzle id (``../../x`` would name files outside runs/) is refused
here, where every puzzle is registered.

A plugin's import runs on a thread of its own, waited for at most IMPORT_SECONDS
($PUZZLE_WORKBENCH_IMPORT_SECONDS): one that loops or blocks at import is named, and the command goes
on without it while the import carries on, idle or not, in the background. A thread rather than a
process that tries the import first: a probe would import every plugin twice in every command (and
in every batch worker), slowly and with its side effects twice. What a thread cannot stop is a call
into C that never lets go of the interpreter's lock; nothing inside the process could. The processes
a command starts (batch workers) learn which plugins timed out ($PUZZLE_WORKBENCH_STUCK_PLUGINS) and
do not wait for them again.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
import re
import sys
import threading
import traceback
import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any, Protocol

from .errors import FormatError, WorkbenchError, shown
from .objective import Objective
from .puzzle import Puzzle

ENTRY_POINT_GROUP = "puzzle_workbench.puzzles"
SOLVERS_GROUP = "puzzle_workbench.solvers"  # puzzle id = "module:SOLVERS" (a list of solvers.base.Solver classes)
PATH_VARIABLE = "PUZZLE_WORKBENCH_PATH"
IMPORT_SECONDS_VARIABLE = "PUZZLE_WORKBENCH_IMPORT_SECONDS"
IMPORT_SECONDS = 30.0  # a plugin's import takes seconds at most (numba compiles its kernels later, on first use)
STUCK_VARIABLE = "PUZZLE_WORKBENCH_STUCK_PLUGINS"
# A puzzle's id names its runs' folders and best-known file: lower-case words joined by '-'.
PUZZLE_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
PLUGIN_NAMESPACE = "puzzle_workbench_plugins"  # folder plugins import as puzzle_workbench_plugins.NAME


class PluginError(WorkbenchError):
    """A puzzle package, or its solvers or painter, that does not load; the message says why and where."""


@dataclass(frozen=True)
class PuzzleSource:
    puzzle: Puzzle
    package: str  # the package's import name
    origin: str  # "built in", "entry point NAME", or the folder

    @property
    def folder(self) -> Path | None:
        module = sys.modules.get(self.package)
        path = getattr(module, "__file__", None)
        return Path(path).parent if path else None


@dataclass(frozen=True)
class PluginProblem:
    origin: str
    message: str

    def __str__(self) -> str:
        return f"puzzle plugin {self.origin} did not load: {self.message}"


def id_problem(puzzle_id: object) -> str:
    """Why ``puzzle_id`` is not a puzzle id ("" when it is one)."""
    if isinstance(puzzle_id, str) and PUZZLE_ID.fullmatch(puzzle_id):
        return ""
    return (
        f"{shown(str(puzzle_id))} is not a puzzle id: lower-case letters and digits, words joined by '-' "
        "(e.g. lights-out)"
    )


def module_name(puzzle_id: str) -> str:
    return puzzle_id.replace("-", "_")


def describe_error(error: BaseException, folder: Path | None = None) -> str:
    """``Type: message (file, line N)``, at the deepest frame inside ``folder`` when it has one."""
    where = ""
    if isinstance(error, SyntaxError) and error.filename:
        where = f" ({error.filename}, line {error.lineno})"
    else:
        frames = traceback.extract_tb(error.__traceback__)
        inside = [f for f in frames if folder is None or str(f.filename).startswith(str(folder))]
        if inside:
            where = f" ({inside[-1].filename}, line {inside[-1].lineno})"
    try:
        said = str(error)
    except Exception:  # a plugin's own exception whose message itself fails
        said = "(its message cannot be shown)"
    return f"{type(error).__name__}: {said}{where}"


# ------------------------------------------------------------------ where packages come from
def puzzle_path() -> list[Path]:
    return [Path(p) for p in os.environ.get(PATH_VARIABLE, "").split(os.pathsep) if p.strip()]


def add_puzzle_path(folder: str | os.PathLike[str]) -> None:
    """Look for puzzles in ``folder`` too, in this process and the processes it starts (batch workers)."""
    folders = [str(p) for p in puzzle_path()]
    resolved = str(Path(folder).resolve())
    if resolved not in folders:
        os.environ[PATH_VARIABLE] = os.pathsep.join([*folders, resolved])
    reset()


def _import_folder(folder: Path) -> types.ModuleType:
    """Import the package in ``folder`` as puzzle_workbench_plugins.NAME (its relative imports work)."""
    name = f"{PLUGIN_NAMESPACE}.{module_name(folder.name)}"
    loaded = sys.modules.get(name)
    if loaded is not None:
        where = Path(loaded.__file__ or "").parent
        if where != folder:
            raise PluginError(f"a puzzle package named {folder.name} is already loaded from {where}")
        return loaded
    if PLUGIN_NAMESPACE not in sys.modules:
        namespace = types.ModuleType(PLUGIN_NAMESPACE)
        namespace.__path__ = []
        sys.modules[PLUGIN_NAMESPACE] = namespace
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    if spec is None or spec.loader is None:
        raise PluginError(f"{folder / '__init__.py'} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


BUILT_IN_DISTRIBUTION = "puzzle-workbench"  # its entry points are the built-in puzzles


def _built_in(entry: importlib.metadata.EntryPoint) -> bool:
    dist = getattr(entry, "dist", None)
    return dist is not None and dist.name.replace("_", "-").lower() == BUILT_IN_DISTRIBUTION


# (origin, a function importing the package or None when there is none, its folder, built in?)
Candidate = tuple[str, Callable[[], types.ModuleType] | None, Path | None, bool]


def _candidates() -> Iterator[Candidate]:
    """(origin, a function importing the package or None when there is none, its folder, built in?)
    for every place a puzzle may be: entry points (the built-in puzzles first), then folders."""
    entries = sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: (not _built_in(e), e.name))
    for entry in entries:
        builtin = _built_in(entry)
        yield (
            "built in" if builtin else f"entry point {entry.name} ({entry.value})",
            partial(importlib.import_module, entry.module),
            None,
            builtin,
        )
    for root in puzzle_path():
        if not root.is_dir():
            yield (f"{root}", None, None, False)
        elif (root / "__init__.py").is_file():
            yield (f"{root}", partial(_import_folder, root), root, False)
        else:
            for folder in sorted(p for p in root.iterdir() if (p / "__init__.py").is_file()):
                yield (f"{folder}", partial(_import_folder, folder), folder, False)


@cache
def _load() -> tuple[dict[str, PuzzleSource], tuple[PluginProblem, ...]]:
    found: dict[str, PuzzleSource] = {}
    problems: list[PluginProblem] = []
    for origin, load, folder, builtin in _candidates():
        if load is None:
            problems.append(PluginProblem(origin, f"{PATH_VARIABLE} or --puzzle-path names no folder here"))
            continue
        module, error = _import_builtin(load) if builtin else _import_in_time(origin, load)
        if module is None:  # whatever it raised is its problem, said, not the command's end
            problems.append(
                PluginProblem(origin, describe_error(error, folder) if isinstance(error, BaseException) else str(error))
            )
            continue
        try:
            puzzle, problem = _puzzle_of(module, builtin)
        except Exception as error:  # its PUZZLE, or its id, raised when looked at
            puzzle, problem = None, describe_error(error, folder)
        if puzzle is None:
            if problem:
                problems.append(PluginProblem(origin, problem))
            continue
        try:  # a plugin may say "max" or "min"; from here on every comparison goes through Objective
            puzzle.objective = Objective.of(puzzle.objective)
        except ValueError as error:
            problems.append(PluginProblem(origin, f"its PUZZLE's objective: {error}"))
            continue
        if puzzle.id in found:
            problems.append(PluginProblem(origin, f"the id '{puzzle.id}' is taken by {found[puzzle.id].origin}"))
            continue
        found[puzzle.id] = PuzzleSource(puzzle, module.__name__, origin)
    if not any(source.origin == "built in" for source in found.values()):
        problems.append(
            PluginProblem(
                "the workbench's own puzzles",
                "not registered: the install is out of date or missing (pip install -e . in the checkout)",
            )
        )
    for listener in _listeners:
        listener(problems)
    return found, tuple(problems)


_listeners: list[Callable[[list[PluginProblem]], None]] = []


def when_loaded(listener: Callable[[list[PluginProblem]], None]) -> None:
    """Call ``listener`` with the packages that did not load each time the puzzles are looked for
    (the first time something asks for them, and after ``reset``); at once when they already were."""
    if listener not in _listeners:
        _listeners.append(listener)
    if _load.cache_info().currsize:
        listener(plugin_problems())


def _import_builtin(load: Callable[[], types.ModuleType]) -> tuple[types.ModuleType | None, BaseException | None]:
    try:
        return load(), None
    except Exception as error:
        return None, error


def _puzzle_of(module: types.ModuleType, builtin: bool) -> tuple[Puzzle | None, str]:
    """(the package's puzzle, "") or (None, why it has none; "" for a helper package beside the built-in ones)."""
    puzzle = getattr(module, "PUZZLE", None)
    if not isinstance(puzzle, Puzzle):
        if builtin and puzzle is None:
            return None, ""
        return None, "the package has no PUZZLE (a workbench.core.puzzle.Puzzle)"
    if not puzzle.id:
        return None, "its PUZZLE has no id"
    if id_problem(puzzle.id):
        return None, f"its PUZZLE's id {id_problem(puzzle.id)}"
    return puzzle, ""


def import_seconds() -> float:
    try:
        seconds = float(os.environ.get(IMPORT_SECONDS_VARIABLE) or IMPORT_SECONDS)
    except ValueError:
        return IMPORT_SECONDS
    return seconds if seconds > 0 else IMPORT_SECONDS


def _stuck() -> list[str]:
    return [o for o in os.environ.get(STUCK_VARIABLE, "").split("\n") if o]


def _import_in_time(
    origin: str, load: Callable[[], types.ModuleType]
) -> tuple[types.ModuleType | None, BaseException | str | None]:
    """(the module, None), or (None, what it raised or why it did not finish) for a plugin's import,
    run on a thread of its own and waited for at most ``import_seconds()``."""
    limit = import_seconds()
    if origin in _stuck():
        return None, f"its import did not finish in {limit:g} s (when this command started)"
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["module"] = load()
        except BaseException as error:  # SystemExit and KeyboardInterrupt too: they are the plugin's
            outcome["error"] = error

    thread = threading.Thread(target=target, name=f"import {origin}", daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        os.environ[STUCK_VARIABLE] = "\n".join([*_stuck(), origin])
        return None, (
            f"its import did not finish in {limit:g} s (a loop at import, or a wait?); "
            f"the command goes on without it (${IMPORT_SECONDS_VARIABLE} sets the limit)"
        )
    return outcome.get("module"), outcome.get("error")


def reset() -> None:
    """Look for puzzles again (after the puzzle path changed)."""
    _load.cache_clear()
    _declared.cache_clear()
    solvers.cache_clear()
    _reported.clear()


def sources() -> dict[str, PuzzleSource]:
    return _load()[0]


def puzzles() -> dict[str, Puzzle]:
    return {puzzle_id: source.puzzle for puzzle_id, source in sources().items()}


_reported: list[PluginProblem] = []


def plugin_problems() -> list[PluginProblem]:
    """Packages that did not load, and solvers or painters that did not import, with their errors."""
    return [*_load()[1], *_reported]


def report_problem(origin: str, error: BaseException | str) -> PluginProblem:
    problem = PluginProblem(origin, error if isinstance(error, str) else describe_error(error))
    if problem not in _reported:
        _reported.append(problem)
    return problem


def get_puzzle(puzzle_id: str) -> Puzzle:
    try:
        return puzzles()[puzzle_id]
    except KeyError:
        known = ", ".join(puzzles())
        broken = plugin_problems()
        note = f"; {len(broken)} puzzle plugin(s) did not load: " + "; ".join(map(str, broken)) if broken else ""
        raise KeyError(f"unknown puzzle '{puzzle_id}' (known: {known}){note}") from None


def optional_module(name: str) -> types.ModuleType | None:
    """The module ``name``, or None when there is none; an error inside it is raised, never hidden."""
    try:
        spec = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # its parent package does not exist
        return None
    return None if spec is None else importlib.import_module(name)


@cache
def _declared(group: str) -> dict[str, importlib.metadata.EntryPoint]:
    """The entry points of ``group`` by puzzle id; of two naming one id, the workbench's own wins, then
    the first distribution by name (as puzzles are claimed)."""
    entries = sorted(
        importlib.metadata.entry_points(group=group),
        key=lambda e: (not _built_in(e), getattr(getattr(e, "dist", None), "name", "") or "", e.value),
    )
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for entry in entries:
        found.setdefault(entry.name, entry)
    return found


def declared_module(puzzle_id: str, group: str, submodule: str) -> str:
    """The module that holds what ``group`` declares for ``puzzle_id`` (its entry point's), else the
    package's own ``submodule`` (a folder plugin's ``solvers`` or ``painter``)."""
    entry = _declared(group).get(puzzle_id)
    return entry.module if entry is not None else f"{sources()[puzzle_id].package}.{submodule}"


def declared(puzzle_id: str, group: str, submodule: str, attribute: str, what: str) -> object | None:
    """What ``group`` declares for ``puzzle_id`` (``puzzle_workbench.solvers``: its ``SOLVERS``), else the
    package's own ``submodule``'s ``attribute``; None when neither exists. PluginError, reported as a
    plugin problem, when the module fails to import or lacks the attribute its entry point names."""
    source = sources()[puzzle_id]
    entry = _declared(group).get(puzzle_id)
    name = entry.value if entry is not None else f"{source.package}.{submodule}"
    try:
        if entry is not None:
            loaded: object = entry.load()
            return loaded
        module = optional_module(name)
        return None if module is None else getattr(module, attribute, None)
    except Exception as error:
        said = describe_error(error, _folder_of(entry.module) if entry is not None else source.folder)
        report_problem(f"{source.origin} (its {what}, {name})", said)
        raise PluginError(f"the {what} of {puzzle_id} did not load: {said}") from None


def _folder_of(module: str) -> Path | None:
    """The folder of ``module``'s file, found without running it (None when it cannot be found)."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    return Path(spec.origin).parent if spec is not None and spec.origin else None


class SolverClass(Protocol):
    """What the registry's callers read of a solver class without running it (``solvers.base.Solver``;
    core is below the solvers, so it is seen through this protocol)."""

    name: str
    description: str
    params: tuple[Any, ...]  # solvers.base.Param each


@cache
def solvers(puzzle_id: str) -> dict[str, type[SolverClass]]:
    """Solver classes of a puzzle by name, in the order the package lists them ({} when it has none).

    PluginError says which module failed to import and why."""
    if puzzle_id not in sources():
        return {}
    listed = declared(puzzle_id, SOLVERS_GROUP, "solvers", "SOLVERS", "solvers")
    return {cls.name: cls for cls in listed or ()}  # type: ignore[attr-defined]


def solver_folders(puzzle_id: str) -> list[Path]:
    """The folders a puzzle's rules and solvers live in (their sources make its kernels)."""
    folders = []
    for name in (sources()[puzzle_id].package, declared_module(puzzle_id, SOLVERS_GROUP, "solvers")):
        try:
            spec = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            continue
        if spec is not None and spec.origin:
            folders.append(Path(spec.origin).parent)
    return list(dict.fromkeys(folders))


def detect_puzzle(
    text: str, among: Iterable[Puzzle] | None = None, choose: Callable[[list[Puzzle]], Puzzle | None] | None = None
) -> Puzzle | None:
    """The puzzle whose input reader accepts ``text``, plugins included (``among``: only these).

    When several readers accept it, ``choose`` picks one of them (the app asks the user; None
    when they chose none); without ``choose`` FormatError names them, as when none accepts it."""
    matches = [p for p in (puzzles().values() if among is None else among) if p.sniff(text)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise FormatError("not an input file of any known puzzle (choose one with --puzzle)")
    if choose is not None:
        return choose(matches)
    names = ", ".join(p.id for p in matches)
    raise FormatError(f"the file could be any of: {names} (choose one with --puzzle)")
