"""``puzzle-workbench install-desktop``: the app in a Linux desktop's menus, with its icon.

Per the freedesktop.org specs: the Desktop Entry Specification for
``puzzle-workbench.desktop`` in ``$XDG_DATA_HOME/applications`` (default
``~/.local/share``), the Icon Theme Specification for the icon in the hicolor
theme (a 48x48 PNG, the size every application must have, and the SVG as
``scalable``). Each file is written atomically; ``--remove`` takes them away.
Qt-free: the entry starts the installed command, which opens the window.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import platformdirs

from workbench.assets import asset
from workbench.core.errors import UsageError
from workbench.core.files import write_atomic
from workbench.core.version import APP_ID

ICONS = (("puzzle-workbench-48.png", "48x48", ".png"), ("puzzle-workbench.svg", "scalable", ".svg"))
# Characters that make an Exec argument need quotes (the spec's "reserved characters").
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share`` (platformdirs applies the spec's rules)."""
    return Path(platformdirs.user_data_dir())


def launcher() -> list[str]:
    """The command the entry runs: the ``puzzle-workbench`` script of this very install, beside
    its Python (a virtualenv's or pipx's bin folder), else this Python with ``-m workbench``."""
    script = Path(sys.executable).with_name(APP_ID)
    return [str(script)] if script.is_file() else [sys.executable, "-m", "workbench"]


def exec_argument(word: str) -> str:
    """One argument of the Exec key: ``%`` doubled (it starts field codes); quoted when it holds a
    reserved character, with the four characters the spec escapes inside quotes escaped; then each
    backslash doubled once more, as in every string value of the file."""
    word = word.replace("%", "%%")
    if word and not RESERVED & set(word):
        return word
    quoted = '"' + "".join("\\" + c if c in '"`$\\' else c for c in word) + '"'
    return string_value(quoted)


def string_value(text: str) -> str:
    return text.replace("\\", "\\\\")


def entry_text(command: Sequence[str]) -> str:
    """The desktop entry: ``%f`` hands the app a file opened with it (an input, an answer)."""
    if any(c in word for word in command for c in "\n\r"):
        raise UsageError(f"the app's path cannot stand in a desktop entry: {command[0]!r}")
    exec_line = " ".join(exec_argument(word) for word in command)
    return "\n".join(
        [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.4",
            "Name=Puzzle Workbench",
            "GenericName=Heuristic contest workbench",
            "Comment=Play, solve, watch and export heuristic-contest puzzles",
            f"TryExec={string_value(command[0])}",  # a path, not a command line: no quotes
            f"Exec={exec_line} %f",
            f"Icon={APP_ID}",
            "Terminal=false",
            "Categories=Development;",  # one main category, so the menu lists it once
            "Keywords=AtCoder;AHC;heuristic;contest;solver;puzzle;",
            "",
        ]
    )


def installed_files(home: Path) -> list[tuple[Path, Path | None]]:
    """(where each file goes, the bundled file it is a copy of; None for the entry itself)."""
    icons = home / "icons" / "hicolor"
    return [
        (home / "applications" / f"{APP_ID}.desktop", None),
        *((icons / size / "apps" / f"{APP_ID}{suffix}", asset(name)) for name, size, suffix in ICONS),
    ]


def install(home: Path, command: Sequence[str]) -> list[Path]:
    written = []
    for target, source in installed_files(home):
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, entry_text(command) if source is None else source.read_bytes())
        written.append(target)
    return written


def remove(home: Path) -> list[Path]:
    removed = []
    for target, _ in installed_files(home):
        if target.exists():
            target.unlink()
            removed.append(target)
    return removed


def cmd_install_desktop(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench install-desktop",
        description="Put Puzzle Workbench in the desktop's application menu, with its icon, for this user "
        "(Linux and other freedesktop.org desktops). The entry starts this install's command.",
    )
    parser.add_argument("--remove", action="store_true", help="take the menu entry and the icons away again")
    args = parser.parse_args(argv)
    if sys.platform in ("win32", "darwin"):
        raise UsageError(
            f"install-desktop writes a freedesktop.org menu entry (Linux, BSD); there is none on {sys.platform}"
        )
    home = data_home()
    if args.remove:
        removed = remove(home)
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print(f"no menu entry of Puzzle Workbench under {home}")
        return 0
    for path in install(home, launcher()):
        print(f"wrote {path}")
    return 0
