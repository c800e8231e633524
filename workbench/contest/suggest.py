"""The contestant's program as the top of the contest folder suggests it: the build and run commands
``contest init`` proposes (C++, Rust with Cargo, Python; in that order when several are there).

Commands name the files through ``{DIR}`` (the contest folder), so ``batch NAME`` builds and runs
the same program from whichever folder it starts in.
"""

from __future__ import annotations

import shlex
import tomllib
from dataclasses import dataclass
from pathlib import Path

from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text

from .tools_folder import TOOL_NAMES

CPP_SUFFIXES = (".cpp", ".cc", ".cxx")
USUAL_STEMS = ("solve", "main", "sol", "solution", "a")  # preferred, in this order, when several sources are there
CPP_BUILD = "g++ -std=c++20 -O2"  # AtCoder's C++ (GCC, C++20, -O2)


@dataclass(frozen=True)
class ProgramGuess:
    build: str = ""  # "" : nothing to build
    program: str = ""  # "" : nothing found
    source: str = ""  # what it was read from, e.g. "solve.cpp"
    others: tuple[str, ...] = ()  # other sources found, not chosen


def _in_dir(name: str) -> str:
    return "{DIR}/" + shlex.quote(name)


def _chosen(files: list[Path]) -> Path | None:
    """The usual name first (solve, main, ...), else the only one, else the newest."""
    if not files:
        return None
    by_stem = {f.stem: f for f in files}
    for stem in USUAL_STEMS:
        if stem in by_stem:
            return by_stem[stem]
    return max(files, key=lambda f: (f.stat().st_mtime, f.name))


def _sources(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files at the top of ``folder`` ending so (the official tools' own, gen.py say, left out)."""
    return sorted(f for f in folder.iterdir() if f.suffix in suffixes and f.stem not in TOOL_NAMES and f.is_file())


def _cpp(folder: Path) -> ProgramGuess | None:
    source = _chosen(_sources(folder, CPP_SUFFIXES))
    if source is None:
        return None
    return ProgramGuess(
        f"{CPP_BUILD} -o {_in_dir(source.stem)} {_in_dir(source.name)}", _in_dir(source.stem), source.name
    )


def cargo_binary(manifest: Path) -> str | None:
    """The binary ``cargo build --release`` makes for a Cargo.toml: its first [[bin]], else its package's
    name; None for a workspace or a file that is not a manifest."""
    try:
        data = tomllib.loads(read_text(manifest))
    except (WorkbenchError, tomllib.TOMLDecodeError):
        return None
    bins = data.get("bin")
    if isinstance(bins, list) and bins and isinstance(bins[0], dict) and isinstance(bins[0].get("name"), str):
        name: str = bins[0]["name"]
        return name
    package = data.get("package")
    package_name = package.get("name") if isinstance(package, dict) else None
    return package_name if isinstance(package_name, str) and package_name else None


def _rust(folder: Path) -> ProgramGuess | None:
    manifest = folder / "Cargo.toml"
    binary = cargo_binary(manifest) if manifest.is_file() else None
    if binary:
        return ProgramGuess(
            f"cargo build --release --manifest-path {_in_dir('Cargo.toml')}",
            _in_dir(f"target/release/{binary}"),
            f"Cargo.toml (package {binary})",
        )
    if (folder / "main.rs").is_file():
        return ProgramGuess(
            f"rustc --edition 2021 -O -o {_in_dir('main')} {_in_dir('main.rs')}", _in_dir("main"), "main.rs"
        )
    return None


def _python(folder: Path) -> ProgramGuess | None:
    scripts = _sources(folder, (".py",))
    named = [f for f in scripts if f.stem in USUAL_STEMS]
    source = _chosen(named) or (scripts[0] if len(scripts) == 1 else None)  # helper scripts beside: not guessed
    if source is None:
        return None
    return ProgramGuess("", f"python3 {_in_dir(source.name)}", source.name)


def guess_program(folder: Path, tools: Path | None = None) -> ProgramGuess:
    """What the top of ``folder`` holds (a ``tools`` folder that is the contest folder itself is the
    official tools' Cargo project, not the contestant's)."""
    try:
        found = [
            guess
            for guess in (_cpp(folder), None if folder == tools else _rust(folder), _python(folder))
            if guess is not None
        ]
    except OSError:  # an unreadable folder: nothing to suggest
        return ProgramGuess()
    if not found:
        return ProgramGuess()
    first = found[0]
    return ProgramGuess(first.build, first.program, first.source, tuple(g.source for g in found[1:]))
