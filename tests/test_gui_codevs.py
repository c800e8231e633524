"""The codevs board driven as a user would, offscreen, with pytest-qt."""

from gui_helpers import run_a_short_codevs_beam
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsRectItem

from workbench.cli import main as cli
from workbench.gui.board.painters.codevs import CELL, ERASED, PACK_ROWS
from workbench.gui.solver.solver_panel import SOLVER_COLUMN
from workbench.puzzles.codevs import PUZZLE, SKILL, Drop, Field
from workbench.puzzles.codevs.field import HEIGHT

PACKS_1 = "cases/codevs/packs_1.txt"  # pack 1 is 4 8 / 0 2
# Under pack 1 turned three times (8 2 / 4 0) at column 2, column 3 = 1, 6, 9 makes a 3-chain.
CHAIN_SETUP = ((3, 0, 1), (3, 1, 6), (3, 2, 9))


def click_cell(qtbot, win, x, y):
    point = QPointF(x * CELL + CELL / 2, (PACK_ROWS + HEIGHT - 1 - y) * CELL + CELL / 2)
    qtbot.mouseClick(win.view.viewport(), Qt.LeftButton, pos=win.view.mapFromScene(point))


def choose_brush(win, value):
    palette = win.editor_panel.palette
    index = palette.findData(value)
    palette.setCurrentIndex(index)
    palette.activated.emit(index)


def set_editor_field(win, name, value):
    spin = win.editor_panel.field_spins[name]
    spin.setValue(value)
    spin.editingFinished.emit()


def paint_chain_setup(qtbot, win):
    win.editing.set_edit_mode(True)
    for x, y, value in CHAIN_SETUP:
        choose_brush(win, value)
        click_cell(qtbot, win, x, y + 5)  # painted high, the block falls onto the stack
    win.editing.set_edit_mode(False)


def test_keys_move_turn_and_drop_the_pending_pack(qtbot, window, data_root):
    assert window.files.open_path(data_root / PACKS_1)
    view = window.view
    view.setFocus()
    for key in (Qt.Key_Right, Qt.Key_Right, Qt.Key_X, Qt.Key_X, Qt.Key_Z):
        qtbot.keyClick(view, key)
    assert window.adapter.pending == Drop(6, 1)
    assert window.session.depth == 0
    qtbot.keyClick(view, Qt.Key_Space)
    assert window.session.moves() == [Drop(6, 1)]
    # 4 8 / 0 2 turned once is 0 4 / 2 8: a 2 on column 6 beside the 8 under the 4 on column 7.
    assert window.session.state.field == Field.from_columns([[]] * 7 + [[4]])
    assert "max chain 1" in window.score_label.text()
    qtbot.keyClick(view, Qt.Key_S)
    assert window.session.depth == 1
    assert "the skill needs a gauge of 80" in window.statusBar().currentMessage()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert window.session.depth == 0


def test_a_click_on_a_column_brings_the_pack_there(qtbot, window, data_root):
    window.files.open_path(data_root / PACKS_1)
    click_cell(qtbot, window, 9, 0)
    assert window.adapter.pending.x == 8  # the pack's left column stops at 8
    assert window.session.depth == 0


def test_a_chain_steps_through_erase_fall_and_erase_before_it_settles(qtbot, window, data_root):
    window.files.open_path(data_root / PACKS_1)
    paint_chain_setup(qtbot, window)
    assert window.playing.play(Drop(2, 3))
    assert window.session.state.last.chains == 3
    frames = window.session.history.current.frames
    assert [f.caption.split(":")[0] for f in frames[1:4]] == ["chain 1", "chain 1", "chain 2"]
    window.playing.undo()
    assert window.step_panel.stages.isChecked()
    window.playing.step_forward()  # the pack lands
    assert window.view.state == frames[0].state
    window.playing.step_forward()  # the first erase, its cells highlighted
    assert window.view.state == frames[1].state
    assert window.view.marks[1] == frames[1].highlight and frames[1].highlight
    outlined = [
        item for item in window.adapter.marks if isinstance(item, QGraphicsRectItem) and item.pen().color() == ERASED
    ]
    assert len(outlined) == len(frames[1].highlight)
    assert "chain 1" in window.step_panel.caption.text()
    window.playing.step_forward()  # the blocks above fall
    assert window.view.state == frames[2].state
    window.playing.step_forward()  # the second erase
    assert window.view.state == frames[3].state
    while window.session.depth == 0:
        window.playing.step_forward()
    assert window.view.state == window.session.state
    assert "max chain 3" in window.score_label.text()


def test_editor_palette_stock_gauge_and_the_packs_only_save(qtbot, window, data_root, tmp_path):
    window.files.open_path(data_root / PACKS_1)
    paint_chain_setup(qtbot, window)
    window.editing.set_edit_mode(True)
    choose_brush(window, 11)
    click_cell(qtbot, window, 0, 3)
    choose_brush(window, 0)
    click_cell(qtbot, window, 3, 1)  # erasing the 6 would let the 9 fall onto the 1
    assert "Edit refused: the start field has touching blocks that sum to 10" in window.statusBar().currentMessage()
    click_cell(qtbot, window, 3, 2)  # the 9 goes
    set_editor_field(window, "stock", 25)
    set_editor_field(window, "gauge", 88)
    set_editor_field(window, "turns", 12)
    case = window.session.instance
    assert case.start_field == Field.from_columns([[11], [], [], [1, 6]])
    assert (case.start_stock, case.start_gauge, case.turns) == (25, 88, 12)
    assert window.session.state.gauge == 88 and window.session.state.stock == 25
    assert "custom start" in window.score_label.text()
    choose_brush(window, 5)
    click_cell(qtbot, window, 9, 16)  # lands on the floor of the empty column 9
    assert window.session.instance.start_field.column(9) == bytes([5])
    window.editing.set_edit_mode(False)
    # A stock of 25 drops a row of ojama first, so the 5 has only ojama and space around it:
    # the blast erases the 5 alone (score 26, 13 ojama), which cancels 13 of the 15 left.
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_S)
    assert window.session.moves() == [SKILL]
    assert window.session.state.gauge == 0
    assert window.session.state.last.exploded == 1
    assert window.session.state.stock == 2
    saved = tmp_path / "setup.txt"
    assert window.files.save_input(saved)
    assert saved.read_text() == PUZZLE.format_input(case)
    assert not PUZZLE.parse_input(saved.read_text()).custom_start


def test_solve_from_mid_game_preview_apply_export_and_rescore(qtbot, window, data_root, tmp_path, capsys):
    board = data_root / PACKS_1
    window.files.open_path(board)
    opening = Drop(0, 0)
    window.playing.play(opening)
    panel = window.solver_panel
    run_a_short_codevs_beam(qtbot, panel)
    entry = panel.frontier_entries[0]
    assert entry.moves == panel.best_moves  # the run's answer heads the table once it ends
    assert panel.table.item(0, SOLVER_COLUMN).text() == "an answer found"
    panel.table.cellClicked.emit(0, 0)
    assert window.view.mode == "preview"
    assert window.view.state == PUZZLE.replay(window.session.instance, [opening, *entry.moves])[-1]
    window.board.end_preview()
    panel.apply_button.click()
    assert window.session.moves() == [opening, *panel.best_moves]
    out = tmp_path / "answer.out"
    assert window.exports.export_solution(out)
    assert cli(["score", "codevs", str(board), str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == str(window.session.report().score)
    assert f"max chain: {window.session.state.max_chain}" in lines


def test_the_editor_shows_no_hand_play_pack_above_the_field(qtbot, window, data_root):
    from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

    def above_the_field():
        """The blocks drawn above the field (the pending pack) and the pending pack's words."""
        items = window.view.scene().items()
        blocks = [
            i
            for i in items
            if isinstance(i, QGraphicsRectItem)
            and i.rect().bottom() <= PACK_ROWS * CELL
            and i.rect().left() < 10 * CELL
        ]
        words = [i.text() for i in items if isinstance(i, QGraphicsSimpleTextItem) and i.text().startswith("pending")]
        return len(blocks), words

    assert window.files.open_path(data_root / PACKS_1)
    assert above_the_field() == (3, ["pending pack: X 4  R 0"])  # pack 1 is 4 8 / 0 2: three blocks
    window.editing.set_edit_mode(True)
    assert above_the_field() == (0, [])  # the editor edits the start field: no hand-play cursor
    choose_brush(window, 7)
    click_cell(qtbot, window, 0, 0)  # an edit redraws the board, still without it
    assert above_the_field() == (0, [])
    window.editing.set_edit_mode(False)
    assert above_the_field() == (3, ["pending pack: X 4  R 0"])
