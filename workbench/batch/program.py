"""The user's program before a batch: its build step, and the file its command starts.

``build`` runs the build command once (pahcer's compile steps; ``batch --build`` or a contest's
``[build] command``); a failure is one message and no case runs. ``program_file`` finds the
binary or script a command starts, so a run records it by hash (``runs list`` then tells two
binaries apart when the git commit did not change) and a missing program is named before the
first case instead of failing every case.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from workbench.core.errors import UsageError, WorkbenchError

from .processes import run_tool

BUILD_SECONDS = 1800.0  # a build longer than this is stuck (a cold cargo build takes minutes)
BUILD_LINES = 15  # the lines of a failed build's output shown
# Programs that run the script or file named by their first argument that is not an option.
INTERPRETERS = {
    "python",
    "python3",
    "pypy",
    "pypy3",
    "node",
    "deno",
    "ruby",
    "perl",
    "php",
    "bash",
    "sh",
    "zsh",
    "julia",
    "Rscript",
    "lua",
    "java",
}
SHELL_WORDS = set("|&;<>()$`")
INLINE_CODE = {"-c", "-e", "-m", "--eval"}  # an interpreter given its program as text, or a module


def build(command: str, cwd: str | Path, say: Callable[[str], None] = print) -> float:
    """Run the build ``command`` in ``cwd``; the seconds it took. WorkbenchError with the end of its
    output when it fails."""
    say(f"building: {command}")
    started = time.perf_counter()
    output = run_tool(command, Path(cwd), timeout=BUILD_SECONDS)
    seconds = time.perf_counter() - started
    if output.returncode != 0:
        said = "\n".join(output.lines()[-BUILD_LINES:])
        # The lines the build said end with its last: the first line names only its exit.
        raise WorkbenchError(
            f"the build failed, so no case ran: {output.failure(said_last=False)}" + (f"\n{said}" if said else "")
        )
    say(f"built in {seconds:.1f} s")
    return seconds


@dataclass(frozen=True)
class ProgramFile:
    path: Path
    sha256: str
    size: int

    def meta(self) -> dict[str, Any]:
        return {"file": str(self.path), "sha256": self.sha256, "size": self.size}


def _words(command: str) -> list[str] | None:
    """The first simple command's words, or None when the command is shell syntax beyond that."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if any(set(word) & SHELL_WORDS for word in words) or not words:
        return None
    while words and "=" in words[0] and not words[0].startswith(("=", "/", ".")):  # VAR=value prefixes
        words = words[1:]
    return words or None


def program_path(command: str, cwd: str | Path) -> Path | None:
    """The file ``command`` starts: its program, or the script an interpreter is given
    (python3 sol.py: sol.py; java -jar x.jar: x.jar); None when that cannot be told."""
    words = _words(command)
    if words is None:
        return None
    first = Path(words[0]).name
    if first in INTERPRETERS or first.startswith(("python3.", "pypy3.")):
        if any(word in INLINE_CODE for word in words[1:]):
            return None  # python -c "...", sh -c "...": the program is the text itself
        for word in words[1:]:
            if not word.startswith("-"):
                return (Path(cwd) / word).resolve() if not os.path.isabs(word) else Path(word)
        return None
    if "/" in words[0]:
        return (Path(cwd) / words[0]).resolve()
    found = shutil.which(words[0])
    return Path(found).resolve() if found else Path(words[0])


def check_program(command: str, cwd: str | Path) -> ProgramFile | None:
    """The program ``command`` starts, hashed; UsageError naming it when it does not exist or cannot
    run (before any case runs). None when the command is shell syntax that cannot be read."""
    path = program_path(command, cwd)
    if path is None:
        return None
    words = _words(command) or []
    if not path.is_absolute() and "/" not in str(path):  # a bare name not found on PATH
        raise UsageError(f"'{command}': no program '{words[0]}' on the PATH (give its path, e.g. ./{words[0]})")
    if not path.exists():
        raise UsageError(
            f"'{command}': {path} does not exist (in {Path(cwd).resolve()}); build it first, or give --build"
        )
    if path.is_dir():
        raise UsageError(f"'{command}': {path} is a folder, not a program")
    if path == (Path(cwd) / words[0]).resolve() and not os.access(path, os.X_OK):
        raise UsageError(f"'{command}': {path} is not executable (chmod +x {words[0]})")
    return ProgramFile(path, file_hash(path), path.stat().st_size)


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# ------------------------------------------------------------------ what a build reads
# A build command's words that name one of these files are its sources (g++ -o sol solve.cpp: solve.cpp).
SOURCE_SUFFIXES = {
    ".c",
    ".cc",
    ".cpp",
    ".cxx",
    ".c++",
    ".h",
    ".hh",
    ".hpp",
    ".hxx",
    ".rs",
    ".go",
    ".java",
    ".kt",
    ".scala",
    ".cs",
    ".fs",
    ".d",
    ".nim",
    ".zig",
    ".hs",
    ".ml",
    ".swift",
    ".f90",
    ".py",
    ".pyx",
    ".toml",
    ".mk",
    ".cmake",
}
PROJECT_FILES = {
    "cargo": ("Cargo.toml", "Cargo.lock"),
    "make": ("Makefile", "makefile", "GNUmakefile"),
    "go": ("go.mod", "go.sum"),
}
PROJECT_SOURCES = {"cargo": ("src", ".rs"), "go": (".", ".go")}
MAX_SOURCES = 200  # a build of more files than this is recorded by its first 200


def build_sources(command: str, cwd: str | Path) -> dict[str, str]:
    """The files a build reads, by name (as the command names them) and sha256: the source files its
    words name (solve.cpp), and for cargo, make and go their project files and sources. A file
    written by the build (-o NAME) is no source."""
    cwd = Path(cwd)
    try:
        words = shlex.split(command, comments=False)
    except ValueError:
        words = command.split()
    outputs = {words[i + 1] for i, word in enumerate(words[:-1]) if word == "-o"}
    names: list[str] = []
    for word in words:
        word = word.strip(";&|()")
        for name in (word, word.partition("=")[2]):  # --manifest-path=Cargo.toml
            if name and name not in outputs and Path(name).suffix in SOURCE_SUFFIXES and name not in names:
                names.append(name)
    tools = {Path(word).name for word in words}
    for tool, files in PROJECT_FILES.items():
        if tool in tools:
            names += [name for name in files if name not in names]
    for tool, (folder, suffix) in PROJECT_SOURCES.items():
        if tool in tools and (cwd / folder).is_dir():
            found = sorted(p for p in (cwd / folder).rglob(f"*{suffix}") if "target" not in p.relative_to(cwd).parts)
            names += [str(p.relative_to(cwd)) for p in found if str(p.relative_to(cwd)) not in names]
    sources = {}
    for name in names[:MAX_SOURCES]:
        path = cwd / name
        if path.is_file():
            sources[name] = file_hash(path)
    return sources


def changed_sources(recorded: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """The recorded sources whose file changed or is gone since, then the new ones, by name."""
    return [name for name in recorded if now.get(name) != recorded[name]] + [
        name for name in now if name not in recorded
    ]
