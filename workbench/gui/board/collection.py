"""A file of several cases (a level collection): the cases' names, the one before and after, and
which were solved (kept in the settings, so a level solved last week still shows it)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from workbench.core.errors import WorkbenchError
from workbench.core.files import read_text


@dataclass(frozen=True)
class Collection:
    path: str
    names: tuple[str, ...]  # each case's name (its title in the file, or "case K"), in file order

    @classmethod
    def read(cls, path: str, puzzle) -> Collection | None:
        """The cases of ``path`` as ``puzzle`` splits them; None when it holds one (or cannot be read)."""
        try:
            cases = puzzle.split_cases(read_text(Path(path)))
        except (WorkbenchError, OSError):
            return None
        if len(cases) < 2:
            return None
        return cls(path, tuple(name or f"case {i}" for i, (name, _) in enumerate(cases, start=1)))

    def name(self, case: int) -> str:
        return self.names[case - 1] if 1 <= case <= len(self.names) else ""

    def neighbour(self, case: int, direction: int) -> int | None:
        following = case + direction
        return following if 1 <= following <= len(self.names) else None


class SolvedCases:
    """The cases of collections the user solved, by file and case name, in the app's settings."""

    GROUP = "solved_cases"

    def __init__(self, settings: QSettings):
        self.settings = settings

    def _key(self, path: str, name: str) -> str:
        # A path holds "/" (a settings group separator): the key is a digest of the file and the name.
        digest = hashlib.sha1(f"{Path(path).resolve()}\0{name}".encode()).hexdigest()[:20]
        return f"{self.GROUP}/{digest}"

    def mark(self, path: str, name: str) -> None:
        self.settings.setValue(self._key(path, name), True)

    def solved(self, path: str, name: str) -> bool:
        return str(self.settings.value(self._key(path, name), "false")).lower() == "true"

    def count(self, collection: Collection) -> int:
        return sum(self.solved(collection.path, name) for name in collection.names)
