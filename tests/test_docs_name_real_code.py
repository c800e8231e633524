"""ARCHITECTURE.md and the README's Layout name only what is in the tree.

Every name in backquotes is checked where it can be resolved: a path (``gui/solver/solver_panel.py``,
``workbench/puzzles/<id>/``), a dotted name (``batch.live_case.LiveCase``, ``solvers.online.build_run``:
its module's file, then the class, function or method in that file's syntax tree), a class's member
(``SessionEvents.add_line``: a class of that name somewhere in the source that has it), and in the
Layout a bare module named in its folder's bullet (``runner`` under ``workbench/batch/``). Nothing is
imported: the source is read as text, so the check needs no Qt.
"""

import ast
import re
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ROOTS = ("workbench", "solvers")
# A dotted name may start below the top package, as the docs write it (core.session.Session).
SHORT_ROOTS = ("batch", "cli", "contest", "core", "gui", "puzzles", "scaffold")
# Backquoted in a Layout bullet but not modules: the console command's short name.
NOT_CODE = {"__init__", "pwb"}


@cache
def source_files() -> dict[str, Path]:
    """Every module by its dotted name (a package by its __init__.py)."""
    found = {}
    for root in ROOTS:
        for path in (REPO / root).rglob("*.py"):
            parts = path.relative_to(REPO).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


@cache
def top_level(module: str) -> dict[str, ast.AST]:
    """A module's own names: its classes, functions and assignments (and names it imports)."""
    names: dict[str, ast.AST] = {}
    for node in ast.parse(source_files()[module].read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        names[name.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = node
    return names


def members(node: ast.AST) -> set[str]:
    """A class's methods and attributes (class-level and ``self.x = ...`` ones)."""
    found = set()
    for child in ast.walk(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(child.name)
        elif isinstance(child, ast.Attribute) and isinstance(child.ctx, ast.Store):
            found.add(child.attr)
        elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
            found.add(child.id)
    return found


@cache
def classes() -> dict[str, list[ast.ClassDef]]:
    found: dict[str, list[ast.ClassDef]] = {}
    for module in source_files():
        for node in top_level(module).values():
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(node)
    return found


def path_exists(name: str) -> bool:
    """A path as the docs write it: from the checkout, under workbench/ (gui/...) or, for the gui's
    feature folders, under workbench/gui/ (board/, solver/); <id> is any."""
    pattern = re.sub(r"<[^>]+>", "*", name.rstrip("/"))
    return any(any(base.glob(pattern)) for base in (REPO, REPO / "workbench", REPO / "workbench" / "gui"))


def dotted_exists(name: str) -> bool:
    parts = name.split(".")
    if parts[0] in SHORT_ROOTS:
        parts = ["workbench", *parts]
    if parts[:2] == ["workbench", "assets"]:  # the top-level assets/ folder, installed under workbench
        return (REPO / "assets").is_dir() and len(parts) == 2
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        if module in source_files():
            rest = parts[cut:]
            if not rest:
                return True
            node = top_level(module).get(rest[0])
            return node is not None and (len(rest) == 1 or all(part in members(node) for part in rest[1:]))
    return False


@cache
def all_top_level() -> set[str]:
    return {name for module in source_files() for name in top_level(module)}


def in_module_named(name: str) -> bool:
    """``replay_export.write_png``, ``plan.check``: a module of that last name holds it, at its top or
    in one of its classes (the docs name an instance by its module: plan, runner, problem)."""
    base, rest = name.split(".", 1)
    for module in source_files():
        if module.rsplit(".", 1)[-1] == base:
            names = top_level(module)
            first = rest.split(".")[0]
            if first in names or any(
                first in members(node) for node in names.values() if isinstance(node, ast.ClassDef)
            ):
                return True
    return False


def member_exists(name: str) -> bool:
    """``Class.member``: some class of that name has it."""
    owner, *rest = name.split(".")
    return any(all(part in members(node) for part in rest) for node in classes().get(owner, []))


DOTTED = re.compile(r"[A-Za-z_][\w]*(\.[A-Za-z_]\w*)+")
PATH = re.compile(r"[\w.<>-]+(/[\w.<>-]*)+")
CLASS = re.compile(r"(?!Q[A-Z])[A-Z][a-z]+[A-Z]\w*|(?!Q[A-Z])[A-Z][a-z]{3,}")  # Runner, BatchPlan; not Qt's QAction
CONSTANT = re.compile(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{4,}")  # POLL_MS, HANDLERS


def problem(name: str) -> str:
    """Why a backquoted name does not resolve ("" when it does, or when it is not a code name)."""
    name = re.sub(r"\(.*\)$", "", name)  # step_changed(node), cmd_NAME(argv) -> int
    if " " in name:
        return ""
    if PATH.fullmatch(name) and not name.startswith(("http", "../", "$")):
        return "" if path_exists(name) else f"no such file or folder: {name}"
    if name.endswith((".py", ".toml", ".md")):
        return "" if path_exists(name) or list(REPO.rglob(name)) else f"no such file: {name}"
    if DOTTED.fullmatch(name):
        first = name.split(".")[0]
        if first in ROOTS or first in SHORT_ROOTS:
            return "" if dotted_exists(name) else f"no such module or name: {name}"
        if first[0].isupper() and first in classes():
            return "" if member_exists(name) else f"class {first} has no {name.split('.', 1)[1]}"
        if any(module.rsplit(".", 1)[-1] == first for module in source_files()):
            return "" if in_module_named(name) else f"module {first} has no {name.split('.', 1)[1]}"
    if CLASS.fullmatch(name) or CONSTANT.fullmatch(name):
        return "" if name in all_top_level() else f"no class or constant named {name}"
    return ""


def backquoted(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


def layout_section() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]


def layout_bullets() -> list[tuple[Path, str]]:
    """The Layout's bullets that open with a package folder, with that folder."""
    found = []
    for bullet in re.split(r"\n- ", layout_section())[1:]:
        head = re.match(r"`([\w/<>]+/)`", bullet)
        if head and "<" not in head.group(1) and (REPO / head.group(1)).is_dir():
            found.append((REPO / head.group(1), bullet))
    return found


@pytest.mark.parametrize("document", ["ARCHITECTURE.md", "README.md Layout"])
def test_every_code_name_in_the_docs_exists(document):
    text = (REPO / document).read_text(encoding="utf-8") if document.endswith(".md") else layout_section()
    problems = sorted({p for name in backquoted(text) if (p := problem(name))})
    assert problems == []


def test_every_module_a_layout_bullet_names_is_in_its_folder():
    missing = []
    for folder, bullet in layout_bullets():
        modules = {path.stem for path in folder.rglob("*.py")} | {
            path.name for path in folder.rglob("*") if path.is_dir()
        }
        for name in backquoted(bullet):
            if re.fullmatch(r"[a-z_]+", name) and name not in modules and name not in NOT_CODE:
                missing.append(f"{folder.relative_to(REPO)}/: {name}")
    assert missing == []


def test_the_checks_find_a_name_that_is_not_there():
    """The resolver is not vacuous: each kind of name fails when it names nothing."""
    assert problem("batch.live.LiveCase") == "no such module or name: batch.live.LiveCase"
    assert problem("batch.live_case.LiveCase") == ""
    assert problem("gui/solver/no_such_panel.py") == "no such file or folder: gui/solver/no_such_panel.py"
    assert problem("gui/solver/solver_panel.py") == ""
    assert problem("Session.no_such_method") == "class Session has no no_such_method"
    assert problem("Session.add_line") == ""
    assert problem("workbench/puzzles/<id>/") == ""
    assert problem("replay_export.write_png") == ""
    assert problem("replay_export.write_jpeg") == "module replay_export has no write_jpeg"
    assert problem("BatchPlan") == ""
    assert problem("BatchPlanner") == "no class or constant named BatchPlanner"
