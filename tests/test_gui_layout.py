"""How the window looks: a playable board in a small window, labels and words that stay readable,
coordinates in sight when zoomed, dialogs without blank bands and wide enough, plots and words in the
palette's colours, the theme, solver parameters with labels and tooltips. Driven with pytest-qt."""

from gui_helpers import ok_rows, window_colour
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QFormLayout

from workbench.core.registry import get_puzzle, puzzles, solvers
from workbench.gui.board.generate_dialog import GenerateDialog
from workbench.gui.solver.solver_panel import score_text, y_range
from workbench.gui.window import theme as theme_module
from workbench.gui.window.main_window import BOARD_MINIMUM


def test_plots_use_the_palette_and_a_flat_line_gets_a_sane_range(window):
    panel = window.solver_panel
    base = panel.palette().color(QPalette.Base)
    assert panel.best_plot.backgroundBrush().color() == base
    assert y_range([300, 300]) == (285.0, 315.0)
    low, high = y_range([10, 20])
    assert low < 10 and high > 20 and high - low < 12
    assert score_text(2514760) == "2514760" and score_text(2514760.0) == "2514760"


def test_every_solver_parameter_has_a_label_and_a_tooltip_that_says_which_way_to_turn_it():
    for puzzle_id in puzzles():
        for cls in solvers(puzzle_id).values():
            for p in cls.params:
                assert p.label and p.label != p.name and "_" not in p.label, (puzzle_id, cls.name, p.name)
                assert p.help and p.turn, (puzzle_id, cls.name, p.name)
                assert p.help[:1].upper() + p.help[1:] in p.tooltip() and p.turn in p.tooltip()


def test_the_parameters_fold_away_and_show_labels_with_tooltips(qtbot, window, data_root):
    window.files.open_path(data_root / "cases/ahc011/0000.txt")
    panel = window.solver_panel
    assert panel.params_scroll.isHidden()
    assert panel.params_toggle.text() == f"Parameters ({len(panel.solver_class().params)})"
    panel.params_toggle.click()
    assert not panel.params_scroll.isHidden()
    form = panel.params_form
    labels = [form.itemAt(row, QFormLayout.LabelRole).widget().text() for row in range(form.rowCount())]
    assert labels == [p.label for p in panel.solver_class().params]
    tip = panel.param_widgets["move_side"].toolTip()
    assert "Higher" in tip and "--param move_side" in tip


def test_the_generate_dialog_has_labels_a_choice_list_and_limits(qtbot, window):
    from PySide6.QtWidgets import QComboBox, QLabel

    from workbench.gui.board.generate_dialog import GenerateDialog

    dialog = GenerateDialog(window.session.puzzle, window)
    qtbot.addWidget(dialog)
    shape = dialog.option_widgets["shape"]
    assert isinstance(shape, QComboBox)
    assert [shape.itemText(i) for i in range(shape.count())] == ["random", "full-hole", "blockcheck", "cross"]
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert "Piece density" in texts and "density" not in texts
    assert any("Allowed: 1 to 200" in t for t in texts) and any("Allowed: 0 to 1" in t for t in texts)
    assert dialog.option_widgets["rows"].specialValueText() == "same as the side"
    shape.setCurrentText("cross")
    dialog.option_widgets["size"].setValue(9)
    assert dialog.options()["shape"] == "cross"
    assert window.files.generate("comesolo", dialog.seed(), **dialog.options())
    assert window.session.instance.rows == 9


def test_coordinate_labels_keep_a_readable_size_and_thin_out_on_large_boards(window, data_root):
    from workbench.gui.board.painters.base import LABEL_PIXELS

    window.files.open_path(data_root / "cases/comesolo/rand_30_d60.txt")
    window.view.fit_board()
    labels = window.view.scene().coordinate_labels
    assert len(labels) == 60
    scale = window.view.transform().m11()
    number, item = labels[0]
    assert item.font().pixelSize() == LABEL_PIXELS  # on screen, whatever the zoom
    shown = [n for n, item in labels if item.isVisible()]
    cell_pixels = 40 * scale
    if cell_pixels < 18:
        assert len(shown) < len(labels) and all(n % 2 == 0 or n % 5 == 0 for n in shown)
    window.view.zoom(4.0)
    assert all(item.isVisible() for _n, item in labels)


def test_a_small_window_keeps_a_playable_board_with_the_runs_dock_open(qtbot, window, data_root):
    assert window.files.open_path(data_root / "cases/ahc011/0003.txt")
    window.resize(800, 850)
    window.show_runs()
    qtbot.wait(200)  # the docks settle (the runs dock takes its share on the next turn)
    assert window.width() == 800  # the runs controls scroll instead of widening the window to ~1100
    assert window.view.width() >= BOARD_MINIMUM and window.view.height() >= BOARD_MINIMUM  # was a 60 px strip


def test_with_the_runs_dock_open_labels_clear_row_1_and_the_dock_shows_its_table_and_plots(qtbot, window, data_root):
    from PySide6.QtCore import QPointF

    assert window.files.open_path(data_root / "cases/comesolo/rand_30_d60.txt")
    window.resize(1280, 820)
    window.show_runs()
    qtbot.wait(300)  # the docks settle, the board is fitted again
    view = window.view
    corner = view.mapFromScene(QPointF(0, 0))  # the top left of cell (1, 1)
    labels = [item for _, item in view.scene().coordinate_labels if item.isVisible()]
    for item in labels:
        box = view.mapFromScene(item.mapToScene(item.boundingRect()).boundingRect()).boundingRect()
        if item.data(0) == "top":
            assert box.bottom() <= corner.y()  # a column number never sits over row 1
        else:
            assert box.right() <= corner.x()
    # The dock opens tall enough for its controls, the table and both plots, none scrolled away.
    scroll = window.runs_dock.widget()
    assert not scroll.verticalScrollBar().isVisible()
    runs = window.runs_panel.view
    for part in (runs.table, runs.by_case, runs.by_group):
        assert part.height() >= 80
        assert part.mapTo(scroll.viewport(), part.rect().bottomLeft()).y() <= scroll.viewport().height()


def test_codevs_side_words_stay_readable_when_the_board_is_fitted_small(qtbot, window, data_root):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    assert window.files.open_path(data_root / "cases/codevs/packs_1.txt")
    window.resize(1280, 820)
    window.show_runs()
    qtbot.wait(300)
    scale = window.view.transform().m11()
    assert scale < 0.75  # the field is drawn small...
    words = [
        item
        for item in window.view.scene().items()
        if isinstance(item, QGraphicsSimpleTextItem) and item.text().startswith(("Ojama stock", "Next", "danger line"))
    ]
    assert len(words) == 3
    for item in words:  # ...its words are not: at least 10 pixels on screen
        assert item.font().pixelSize() * scale >= 10


def test_coordinates_stay_in_sight_when_the_board_is_zoomed_and_scrolled(qtbot, window, data_root, tmp_path):
    assert window.files.open_path(data_root / "cases/ahc011/0003.txt")
    view = window.view
    for _ in range(6):
        view.zoom(1.25)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().maximum())
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    labels = [item for _, item in view.scene().coordinate_labels if item.isVisible()]
    tops = [
        item
        for item in labels
        if item.pos().x() > shown.left() and item.pos().x() < shown.right() and item.data(0) == "top"
    ]
    lefts = [item for item in labels if shown.top() < item.pos().y() < shown.bottom() and item.data(0) == "left"]
    assert tops and lefts
    assert all(shown.contains(item.pos()) for item in tops + lefts)  # pinned to the edges, not scrolled away
    # A picture of the board has them in the margins, where they belong.
    image = window.exports.board_image()
    assert not image.isNull()
    assert all(item.pos().y() > shown.top() for item in tops)  # and back pinned after it
    margin = view.scene().property("coordinate_margin")
    window.exports.board_image()
    view.fit_board()
    assert all(not item.pinned and item.pos().y() <= -margin / 2 for item in tops)  # home, in the margin


def test_the_generate_dialog_has_no_blank_band(qtbot):
    dialog = GenerateDialog(get_puzzle("comesolo"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    intro = dialog.layout().itemAt(0).widget()
    assert intro.y() <= 15  # the text starts at the top
    assert dialog.height() <= dialog.layout().totalHeightForWidth(dialog.width()) + 2


def test_the_editor_shows_only_the_tools_of_the_puzzle(window, data_root):
    panel = window.editor_panel
    window.editing.set_edit_mode(True)
    assert window.files.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    assert not panel.palette.isVisibleTo(panel)  # an empty, disabled Paint box before
    assert panel.random_button.isVisibleTo(panel) and panel.rows.isVisibleTo(panel)
    assert window.files.open_path(data_root / "cases/ahc011/0003.txt")
    assert not any(w.isVisibleTo(panel) for w in (panel.palette, panel.rows, panel.random_button, panel.fill_button))
    assert window.files.open_path(data_root / "cases/rolling-balls/seed_1.txt")
    assert panel.palette.isVisibleTo(panel) and panel.palette.count() > 1


def test_the_theme_follows_the_system_and_can_be_chosen(qtbot, window, monkeypatch):
    try:
        assert window.theme.choice == "system" and window_colour(window).lightness() > 128
        monkeypatch.setattr(theme_module, "system_is_dark", lambda: True)
        QGuiApplication.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # the desktop switched
        qtbot.waitUntil(lambda: window_colour(window).lightness() < 128)  # palette changes arrive as events
        plot = window.solver_panel.best_plot
        assert plot.backgroundBrush().color().lightness() < 128  # the plots follow
        light_action = next(a for a in window.findChildren(type(window.sources.reload_action)) if a.text() == "Light")
        light_action.trigger()  # the user's choice wins over the system's
        qtbot.waitUntil(lambda: window_colour(window).lightness() > 128)
        assert window.settings.value("theme") == "light"
        assert plot.backgroundBrush().color().lightness() > 128
    finally:
        window.theme.choose("light")
        QApplication.setPalette(QApplication.style().standardPalette())


def test_words_beside_the_board_keep_to_the_dark_themes_ink(qtbot, window, data_root):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    def words(*starts):
        return [
            item
            for item in window.view.scene().items()
            if isinstance(item, QGraphicsSimpleTextItem) and item.text().startswith(starts)
        ]

    try:
        window.theme.choose("dark")
        qtbot.waitUntil(lambda: window_colour(window).lightness() < 128)
        base = window.view.palette().color(QPalette.Base)
        for path, starts in (
            ("cases/comesolo/rand_07_d70.txt", ("1", "2", "3")),
            ("cases/codevs/packs_1.txt", ("Ojama stock", "Next", "0 of 500")),
            ("cases/ahc015/0000.txt", ("next", "then")),
        ):
            assert window.files.open_path(data_root / path)
            shown = words(*starts)
            assert shown
            for item in shown:  # light words on the near-black surround, never "#222222" on "#1f1f1f"
                assert item.brush().color().lightness() - base.lightness() >= 120, (path, item.text())
        window.theme.choose("light")  # and back: the open board is drawn again in the light ink
        qtbot.waitUntil(lambda: window_colour(window).lightness() > 128)
        assert all(item.brush().color().lightness() < 100 for item in words("next", "then"))
    finally:
        window.theme.choose("light")
        QApplication.setPalette(QApplication.style().standardPalette())


def test_file_dialogs_open_wide_enough_for_their_columns(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QHeaderView, QTreeView

    shown = []

    def get_open_file_name(parent, *args, **kwargs):
        """What the static function does where the desktop has no dialog: Qt's own, run modal."""
        dialog = QFileDialog(parent, "Open a contest input")
        dialog.setOption(QFileDialog.DontUseNativeDialog)
        qtbot.addWidget(dialog)
        dialog.setModal(True)
        dialog.show()
        shown.append(dialog)
        room = dialog.screen().availableGeometry()
        qtbot.waitUntil(lambda: dialog.width() >= min(900, room.width() - 40))  # fitted from its own loop
        dialog.close()
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", get_open_file_name)
    window.files.open_input_dialog()  # File ▸ Open input
    [dialog] = shown
    header = dialog.findChild(QTreeView).header()
    assert [header.sectionResizeMode(c) for c in range(1, header.count())] == [QHeaderView.ResizeToContents] * (
        header.count() - 1
    )  # Size, Type, Date never cut to "pla…ent"


def test_the_runs_dock_of_the_default_window_shows_every_control_and_whole_axis_labels(qtbot, window):
    """At the first start's 1360x850 the Runs dock needs no horizontal scrolling (Anytime profile… was cut
    and the plots scrolled), and the plots' axis labels are whole ("mean score of the OK cases (bars
    from 838.5" was cut by the bar plot's height)."""
    from PySide6.QtWidgets import QAbstractButton, QDockWidget

    from workbench.gui.window.window_layout import PANEL_MAX, PANEL_MIN, PANEL_SHARE, PANELS

    window.resize(1360, 850)  # and its panels as the first start on a 1600x1000 screen lays them out
    panels = window.findChild(QDockWidget, PANELS)
    window.resizeDocks([panels], [max(PANEL_MIN, min(PANEL_MAX, int(1360 * PANEL_SHARE)))], Qt.Horizontal)
    window.show_runs()
    qtbot.wait(300)  # the docks settle
    panel = window.runs_panel
    rows = ok_rows(40, low=838.5, step=30)
    panel.view.show_rows(rows, ["N"])
    panel.view.group_by.setCurrentText("N")
    qtbot.wait(100)
    scroll = window.runs_dock.widget()
    viewport = scroll.viewport()
    assert viewport.width() < 960  # as wide as the real window's dock (946 px)
    assert not scroll.horizontalScrollBar().isVisible()
    for button in panel.findChildren(QAbstractButton):
        if button.isVisibleTo(panel):
            right = button.mapTo(viewport, button.rect().topRight()).x()
            assert right <= viewport.width(), button.text()
    for plot in (panel.view.by_case, panel.view.by_group):
        left, bottom = plot.getAxis("left"), plot.getAxis("bottom")
        if left.label.isVisible():
            assert left.label.boundingRect().width() <= left.boundingRect().height(), left.labelText
        assert bottom.label.boundingRect().width() <= bottom.boundingRect().width(), bottom.labelText
    base = panel.view.bars.opts["y0"]
    assert 830 < base < 838.5
    assert panel.view.by_group.getAxis("bottom").labelText == f"N: mean score of the OK cases, bars from {base:,.6g}"


def test_the_dark_theme_keeps_the_ahc015_box_outline_and_the_step_through_icons_in_sight(qtbot, window, data_root):
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QGraphicsRectItem

    def ink(button) -> int:
        """The mean lightness of the icon's drawn pixels."""
        image = button.icon().pixmap(16, 16).toImage()
        drawn = [QColor.fromRgba(image.pixel(x, y)) for x in range(image.width()) for y in range(image.height())]
        drawn = [c.lightness() for c in drawn if c.alpha() > 128]
        return sum(drawn) // len(drawn)

    steps = window.step_panel
    buttons = (steps.first, steps.back, steps.play, steps.forward, steps.last)
    try:
        window.theme.choose("dark")
        qtbot.waitUntil(lambda: window_colour(window).lightness() < 128)
        assert window.files.open_path(data_root / "cases/ahc015/0000.txt")
        base = window.view.palette().color(QPalette.Base).lightness()
        outline = [
            item
            for item in window.view.scene().items()
            if isinstance(item, QGraphicsRectItem) and item.pen().widthF() == 4
        ]
        assert len(outline) == 1 and outline[0].pen().color().lightness() - base >= 100  # was #3a3a3a on #1f1f1f
        button_colour = steps.palette().color(QPalette.Button).lightness()
        for button in buttons:
            assert ink(button) - button_colour >= 100, button.toolTip()  # Qt's dark pixmaps were faint
        steps.toggle_play()  # the pause icon, in the same ink
        assert ink(steps.play) - button_colour >= 100
        steps.stop()
        window.theme.choose("light")
        qtbot.waitUntil(lambda: window_colour(window).lightness() > 128)
        light_button = steps.palette().color(QPalette.Button).lightness()
        assert all(light_button - ink(button) >= 100 for button in buttons)  # dark ink on light buttons again
        assert window.view.scene().items()  # the board was drawn again in the light theme's ink
        outline = [
            item
            for item in window.view.scene().items()
            if isinstance(item, QGraphicsRectItem) and item.pen().widthF() == 4
        ]
        assert outline[0].pen().color().name() == "#3a3a3a"
    finally:
        window.theme.choose("light")
        QApplication.setPalette(QApplication.style().standardPalette())


def test_the_live_plots_legend_stands_above_its_points(qtbot):
    from workbench.gui.live.live_run_view import LivePlot

    plot = LivePlot()
    qtbot.addWidget(plot)
    plot.resize(700, 300)
    plot.show()
    qtbot.waitExposed(plot)
    legend, box = plot.getPlotItem().legend, plot.getPlotItem().vb
    assert [label.text for _sample, label in legend.items] == [
        "[SCORE] (the program's own)",
        "snapshots (official score)",
    ]
    assert legend.isVisible()
    legend_rect, points_rect = legend.sceneBoundingRect(), box.sceneBoundingRect()
    assert legend_rect.bottom() <= points_rect.top()  # it was drawn inside, over the first points
    assert legend_rect.width() <= points_rect.width()
