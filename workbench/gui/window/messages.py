"""The status bar's messages, as the window's parts say them: a line for a while, a warning
(kept longer, marked ⚠), and whether a message is being shown (never written over an error)."""

from __future__ import annotations

from PySide6.QtWidgets import QStatusBar

from workbench.gui.common.plain_text import plain_tooltip

ERROR_MS = 15000


class Messages:
    def __init__(self, bar: QStatusBar):
        self.bar = bar
        # A message too long for the bar is still readable in full as its tooltip.
        bar.messageChanged.connect(lambda text: bar.setToolTip(plain_tooltip(text)))

    def say(self, text: str, ms: int = 0) -> None:
        """``text`` for ``ms`` milliseconds (0: until the next message)."""
        self.bar.showMessage(text, ms)

    def error(self, text: str) -> None:
        self.bar.showMessage(f"⚠ {text}", ERROR_MS)

    def current(self) -> str:
        return self.bar.currentMessage()

    def clear(self) -> None:
        self.bar.clearMessage()
