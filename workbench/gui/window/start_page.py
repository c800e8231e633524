"""The start page: what the app is, each puzzle with a picture drawn by its own painter and its
rules, and one click to play a sample, to watch its solver, or to start on your own contest.

Shown on the first start (the settings remember it was seen), from Help ▸ Start page and from
File ▸ New. It only asks: the window answers its requests (``playRequested``…), so the page knows
nothing of how a board is opened or a run started.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSettings, Qt, Signal
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGraphicsScene,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from solvers.hint import hint_solver
from workbench.gui.board.painters import adapter_class

SEEN = "start_page/seen"  # the settings' key: the page was shown once
PICTURE = 168  # pixels, the longer side of a puzzle's picture
SAMPLE_SEED = 1  # the board "Play a sample" generates (the official generator's seed 1)


def board_picture(puzzle, size: int = PICTURE) -> QPixmap | None:
    """The puzzle's seed-1 board as its own painter draws it (None when it has no generator or painter)."""
    cls = adapter_class(puzzle.id)
    try:
        instance = puzzle.generate(SAMPLE_SEED)
    except Exception:  # a plugin's generator may not take seed 1; the card then has no picture
        return None
    if cls is None:
        return None
    scene = QGraphicsScene()
    adapter = cls(puzzle, scene)
    adapter.build(instance)
    adapter.show(instance, puzzle.initial_state(instance), None, (), hints=False)
    source = scene.sceneRect()
    scale = size / max(source.width(), source.height(), 1)
    image = QImage(
        max(1, round(source.width() * scale)),
        max(1, round(source.height() * scale)),
        QImage.Format_ARGB32_Premultiplied,
    )
    image.fill(Qt.transparent)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, image.width(), image.height()), source, Qt.KeepAspectRatio)
    painter.end()
    return QPixmap.fromImage(image)


class PuzzleCard(QFrame):
    """One puzzle: its picture, title, rules, and what can be done with it at once."""

    playRequested = Signal(str)
    watchRequested = Signal(str)

    def __init__(self, puzzle, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(f"card_{puzzle.id}")
        self.setFrameShape(QFrame.StyledPanel)
        rules, summary = puzzle.rules_in_language()
        self.picture = QLabel()
        self.picture.setFixedSize(PICTURE, PICTURE)
        self.picture.setAlignment(Qt.AlignCenter)
        pixmap = board_picture(puzzle)
        if pixmap is not None:
            self.picture.setPixmap(pixmap)
        title = QLabel(self.tr("<b>{0}</b>").format(puzzle.title))
        title.setTextFormat(Qt.RichText)
        self.summary = QLabel(summary)
        self.summary.setWordWrap(True)
        self.rules = QLabel(rules)
        self.rules.setWordWrap(True)
        self.rules.setObjectName("rules")
        small = self.rules.font()
        small.setPointSizeF(small.pointSizeF() * 0.9)  # the paragraph under the line that says it all
        self.rules.setFont(small)
        self.play = QPushButton(self.tr("Play a sample"))
        self.play.setToolTip(
            self.tr("A board of the official generator (seed {0}) to play by hand").format(SAMPLE_SEED)
        )
        self.play.clicked.connect(lambda: self.playRequested.emit(puzzle.id))
        self.watch = QPushButton(self.tr("Watch its solver"))
        self.watch.setEnabled(hint_solver(puzzle) is not None)
        self.watch.setToolTip(
            self.tr("The same board, with the default solver running on it (F5)")
            if self.watch.isEnabled()
            else self.tr("This puzzle has no solver")
        )
        self.watch.clicked.connect(lambda: self.watchRequested.emit(puzzle.id))
        text = QVBoxLayout()
        text.addWidget(title)
        text.addWidget(self.summary)
        text.addWidget(self.rules, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.play)
        buttons.addWidget(self.watch)
        buttons.addStretch(1)
        text.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(self.picture, 0, Qt.AlignTop)
        layout.addLayout(text, 1)


class StartPage(QDialog):
    """Every playable puzzle as a card, and your own contest below them."""

    playRequested = Signal(str)  # a puzzle's id: show a sample board of it
    watchRequested = Signal(str)  # a puzzle's id: show its sample with the solver running
    newContestRequested = Signal()
    openContestRequested = Signal()

    def __init__(self, puzzles, settings: QSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("start_page")
        self.setWindowTitle(self.tr("Start — Puzzle Workbench"))
        self.settings = settings
        intro = QLabel(
            self.tr(
                "<h2>Puzzle Workbench</h2><p>Play heuristic-contest puzzles by hand, run real solvers on them and "
                "watch the search live, export answers the judge accepts, and run your own contest program over "
                "hundreds of cases. Pick a puzzle to start, or bring your contest.</p>"
            )
        )
        intro.setWordWrap(True)
        cards = QWidget()
        grid = QGridLayout(cards)
        self.cards: dict[str, PuzzleCard] = {}
        for index, puzzle in enumerate(puzzles):
            card = PuzzleCard(puzzle)
            card.playRequested.connect(self._play)
            card.watchRequested.connect(self._watch)
            self.cards[puzzle.id] = card
            grid.addWidget(card, index // 2, index % 2)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)  # cards wrap their words instead
        scroll.setWidget(cards)
        contest = QHBoxLayout()
        contest.addWidget(
            QLabel(
                self.tr(
                    "<b>Your own contest:</b> an AtCoder tools folder, a Topcoder tester, a pahcer or psytester config"
                )
            ),
            1,
        )
        self.new_contest = QPushButton(self.tr("New contest…"))
        self.new_contest.clicked.connect(lambda: self._then(self.newContestRequested))
        self.open_contest = QPushButton(self.tr("Open contest…"))
        self.open_contest.clicked.connect(lambda: self._then(self.openContestRequested))
        contest.addWidget(self.new_contest)
        contest.addWidget(self.open_contest)
        close = QDialogButtonBox(QDialogButtonBox.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(scroll, 1)
        layout.addLayout(contest)
        layout.addWidget(close)
        self.resize(980, 720)

    def showEvent(self, event) -> None:
        self.settings.setValue(SEEN, True)  # seen once: the next start opens on the board
        super().showEvent(event)

    def _play(self, puzzle_id: str) -> None:
        self.playRequested.emit(puzzle_id)
        self.accept()

    def _watch(self, puzzle_id: str) -> None:
        self.watchRequested.emit(puzzle_id)
        self.accept()

    def _then(self, signal) -> None:
        self.accept()
        signal.emit()


def seen(settings: QSettings) -> bool:
    """Whether the start page was shown before (the first start shows it)."""
    return str(settings.value(SEEN, "false")).lower() == "true"
