"""Watch the answer file on the board: a contestant's program rewrites it, the board follows.

A program may write the file in several pieces, or write a new file and rename it over the
old one (which ends a plain file watch), so the folder is watched too and the change is
reported once the file has been quiet for a moment.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

QUIET_MS = 300  # a rewrite in several writes settles within this


class AnswerWatch(QObject):
    changed = Signal(str)  # the watched file's path, once its content changed and settled

    def __init__(self, parent=None):
        super().__init__(parent)
        self.path: Path | None = None
        self._stamp = None
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._touched)
        self._watcher.directoryChanged.connect(self._touched)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(QUIET_MS)
        self._settle.timeout.connect(self._check)

    def watch(self, path: str | Path | None) -> None:
        """Follow ``path`` (None: stop following)."""
        self.stop()
        if path is None:
            return
        self.path = Path(path).resolve()
        self._stamp = self._read_stamp()
        self._watcher.addPaths([str(self.path), str(self.path.parent)])

    def stop(self) -> None:
        self._settle.stop()
        watched = self._watcher.files() + self._watcher.directories()
        if watched:
            self._watcher.removePaths(watched)
        self.path = self._stamp = None

    def _read_stamp(self):
        try:
            info = self.path.stat()
        except OSError:
            return None
        return info.st_mtime_ns, info.st_size, info.st_ino

    def _touched(self, _changed: str) -> None:
        if self.path is not None:
            self._settle.start()  # (re)started by every write: report once they stop

    def _check(self) -> None:
        if self.path is None:
            return
        if str(self.path) not in self._watcher.files() and self.path.exists():
            self._watcher.addPath(str(self.path))  # replaced by a rename: watch the new file
        stamp = self._read_stamp()
        if stamp is not None and stamp != self._stamp:
            self._stamp = stamp
            self.changed.emit(str(self.path))
