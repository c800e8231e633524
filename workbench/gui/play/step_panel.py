"""Step-through controls for the current line: slider, step buttons, play/pause, speed,
the score-by-step plot and Export replay."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.gui.play.media_icons import media_icon
from workbench.gui.play.score_plot import ScorePlot


class StepPanel(QWidget):
    stepChosen = Signal(int)  # index along the line (0 = start)
    forwardRequested = Signal()  # one step on (the window decides: a stage or a move)
    exportReplayRequested = Signal()  # File ▸ Export replay…: a GIF / MP4 of the line

    def __init__(self, parent=None):
        super().__init__(parent)
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setRange(0, 0)
        self.slider.valueChanged.connect(self.stepChosen)
        self.first = self._button("First move (Home)", lambda: self.slider.setValue(0))
        self.back = self._button("Step back", lambda: self.slider.setValue(self.slider.value() - 1))
        self.play = self._button("Play / pause", self.toggle_play)
        self.play.setCheckable(True)
        self.forward = self._button("Step forward (a stage at a time with Show stages)", self.forwardRequested)
        self.last = self._button("Last move (End)", lambda: self.slider.setValue(self.slider.maximum()))
        self.speed = QDoubleSpinBox()
        self.speed.setRange(0.25, 200.0)
        self.speed.setValue(4.0)
        self.speed.setSuffix(self.tr(" moves/s"))
        self.speed.valueChanged.connect(self._retime)
        self.stages = QCheckBox(self.tr("Show stages"))
        self.stages.setToolTip(self.tr("Step through a move's resolution stage by stage (chains)"))
        self.stages.setChecked(True)
        self.caption = QLabel(self.tr("Step 0 / 0"))
        self.caption.setWordWrap(True)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.forwardRequested)
        self._retime()
        self._paint_icons()
        self.score_plot = ScorePlot()
        self.score_plot.stepClicked.connect(self.slider.setValue)
        self.export_replay = QPushButton(
            self.style().standardIcon(QStyle.SP_DialogSaveButton), self.tr("Export replay…")
        )
        self.export_replay.setToolTip(
            self.tr(
                "Save the line as an animated GIF or an MP4, frames at this speed, stages included when "
                "Show stages is on"
            )
        )
        self.export_replay.clicked.connect(self.exportReplayRequested)

        buttons = QHBoxLayout()
        for widget in (self.first, self.back, self.play, self.forward, self.last):
            buttons.addWidget(widget)
        buttons.addWidget(self.speed)
        layout = QVBoxLayout(self)
        layout.addWidget(self.slider)
        layout.addLayout(buttons)
        layout.addWidget(self.stages)
        layout.addWidget(self.caption)
        layout.addWidget(self.score_plot)
        layout.addWidget(self.export_replay)
        layout.addStretch(1)

    def _button(self, tip: str, slot) -> QToolButton:
        button = QToolButton()
        button.setToolTip(tip)
        button.clicked.connect(slot)
        return button

    def _paint_icons(self) -> None:
        """The buttons' icons in the button ink of the palette now (light or dark theme)."""
        ink = self.palette().color(QPalette.ButtonText)
        for button, name in (
            (self.first, "first"),
            (self.back, "back"),
            (self.forward, "forward"),
            (self.last, "last"),
            (self.play, "pause" if self.playing else "play"),
        ):
            button.setIcon(media_icon(name, ink))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.PaletteChange:  # the theme switched
            self._paint_icons()
        super().changeEvent(event)

    def set_line(self, length: int, index: int) -> None:
        """Show a line of ``length`` moves positioned at ``index`` (no signal)."""
        self.slider.blockSignals(True)
        self.slider.setRange(0, length)
        self.slider.setValue(index)
        self.slider.blockSignals(False)

    def follow(self, state) -> None:
        """Show the line and step of whichever session ``state`` (an AppState) shows, as it moves."""
        self.session_events = state.follow(
            self.show_step,
            step_changed=lambda _node: self.show_step(state.session),
            board_changed=lambda _how: self.show_step(state.session),
        )
        self.score_plot.follow(state)

    def show_step(self, session) -> None:
        """The slider and caption at ``session``'s position on its line."""
        node, line = session.history.current, session.history.line()
        self.set_line(len(line) - 1, node.depth)
        self.set_caption(self.tr("Step {0} / {1}: {2}").format(node.depth, len(line) - 1, session.report().summary()))

    def set_caption(self, text: str) -> None:
        self.caption.setText(text)

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.stop()
        else:
            if self.slider.value() >= self.slider.maximum():
                self.slider.setValue(0)
            self.play.setChecked(True)
            self.timer.start()
            self._paint_icons()

    def stop(self) -> None:
        self.timer.stop()
        self.play.setChecked(False)
        self._paint_icons()

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def _retime(self) -> None:
        self.timer.setInterval(max(5, int(1000 / self.speed.value())))
