"""File ▸ Open recent, and the folders the file dialogs start in (kept in the settings)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu

MAX_RECENT = 8


class RecentFiles:
    """The boards opened last (newest first), as the Open recent menu, which opens one by
    ``open_path``; and the last folders a board was opened from and an answer exported to."""

    def __init__(self, settings: QSettings, menu: QMenu, open_path: Callable[[str], object]):
        self.settings, self.menu, self.open_path = settings, menu, open_path
        self.show()

    def paths(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):  # QSettings gives a list of one as its string
            value = [value]
        return [v for v in (value or []) if v]

    def remember(self, path: Path) -> None:
        path_text = str(path.resolve())
        recent = [path_text] + [p for p in self.paths() if p != path_text]
        self.settings.setValue("recent", recent[:MAX_RECENT])
        self.settings.setValue("last_folder", str(path.resolve().parent))
        self.show()

    def show(self) -> None:
        self.menu.clear()
        for path in self.paths():
            action = self.menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.menu.setEnabled(bool(self.paths()))

    def last_folder(self) -> str:
        return str(self.settings.value("last_folder", str(Path.cwd())))

    def remember_export(self, path: Path) -> None:
        self.settings.setValue("last_export_folder", str(Path(path).resolve().parent))

    def export_folder(self) -> str:
        """Where the last answer was exported (the input's folder is often read-only)."""
        folder = self.settings.value("last_export_folder", "")
        return str(folder) if folder and Path(str(folder)).is_dir() else self.last_folder()
