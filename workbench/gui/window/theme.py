"""Light or dark: the system's colour scheme by default, or the one the user chose.

Qt reports the desktop's scheme (GNOME, KDE, macOS, Windows) through its style hints, but
on X11 without a platform theme it cannot switch Fusion's palette itself, so the dark
palette is set here; the plots, which copy their colours from the palette when they are
made, are repainted in the new colours when the palette changes.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from workbench.gui.common.plot_style import style_plot

CHOICES = (("system", "Follow the system"), ("light", "Light"), ("dark", "Dark"))
SETTING = "theme"

# Fusion's own dark colours (those Qt uses where the platform asks for a dark scheme).
DARK = {
    QPalette.Window: "#2d2d2d",
    QPalette.WindowText: "#e8e8e8",
    QPalette.Base: "#1f1f1f",
    QPalette.AlternateBase: "#282828",
    QPalette.ToolTipBase: "#3a3a3a",
    QPalette.ToolTipText: "#e8e8e8",
    QPalette.PlaceholderText: "#8a8a8a",
    QPalette.Text: "#e8e8e8",
    QPalette.Button: "#353535",
    QPalette.ButtonText: "#e8e8e8",
    QPalette.BrightText: "#ff5c5c",
    QPalette.Light: "#4a4a4a",
    QPalette.Midlight: "#3e3e3e",
    QPalette.Mid: "#5a5a5a",
    QPalette.Dark: "#1a1a1a",
    QPalette.Shadow: "#0a0a0a",
    QPalette.Highlight: "#3d6fb4",
    QPalette.HighlightedText: "#ffffff",
    QPalette.Link: "#7aa7e6",
    QPalette.LinkVisited: "#b08ce0",
}
DISABLED_TEXT = "#7a7a7a"


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        palette.setColor(QPalette.Disabled, role, QColor(DISABLED_TEXT))
    return palette


def system_is_dark() -> bool:
    """The desktop's colour scheme, as Qt's platform theme reports it (light when unknown)."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


class Theme(QObject):
    """The app's light or dark palette; ``changed`` says which after every switch."""

    changed = Signal(str)  # "light" or "dark"

    def __init__(self, settings, parent=None):
        super().__init__(parent)
        self.settings = settings
        self.light = QApplication.style().standardPalette()  # Fusion's light palette
        self.shown = "dark" if QApplication.palette().color(QPalette.Window).lightness() < 128 else "light"
        # A bound method, not a lambda: Qt drops the connection when this object goes.
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._system_changed)

    @property
    def choice(self) -> str:
        value = str(self.settings.value(SETTING, "system"))
        return value if value in dict(CHOICES) else "system"

    def choose(self, choice: str) -> None:
        self.settings.setValue(SETTING, choice)
        self.apply()

    def wanted(self) -> str:
        if self.choice != "system":
            return self.choice
        return "dark" if system_is_dark() else "light"

    def _system_changed(self, _scheme) -> None:
        self.apply()

    def apply(self) -> str:
        """Set the palette the choice (or the system) asks for; repaint the plots in it."""
        wanted = self.wanted()
        if wanted != self.shown:
            QApplication.setPalette(dark_palette() if wanted == "dark" else self.light)
            self.shown = wanted
            for widget in QApplication.allWidgets():
                if isinstance(widget, pg.PlotWidget):
                    restyle_plot(widget)
            self.changed.emit(wanted)
        return wanted


def restyle_plot(plot: pg.PlotWidget) -> None:
    """A plot in the application's palette now: background, axes, and the colour of its title
    and axis labels (set as text colours when the plot was made)."""
    palette = QApplication.palette()
    style_plot(plot, palette)
    text = palette.color(QPalette.WindowText).name()
    item = plot.getPlotItem()
    if item.titleLabel.text:
        item.titleLabel.setText(item.titleLabel.text, color=text)
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        if axis.labelText:
            axis.labelStyle["color"] = text
            axis._updateLabel()
