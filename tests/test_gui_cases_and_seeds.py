"""Going through cases: the next and previous seed or numbered file, the case box, a followed answer
file that changes on disk, the line played kept when leaving a case, and what the next start reopens
(the last file, seed and export folder). Driven with pytest-qt."""

import shutil
from pathlib import Path

from gui_helpers import ahc011_answer, ahc011_with_answer, legal_walk, random_fill, status
from PySide6.QtCore import QSettings, Qt

from workbench.core.files import write_atomic
from workbench.gui.app import DEFAULT_BOARD, build_window
from workbench.puzzles.comesolo import PUZZLE as COMESOLO


def test_export_defaults_to_the_last_export_folder_across_sessions(qtbot, window, data_root, tmp_path):
    from workbench.gui.app import build_window

    window.files.open_path(data_root / "cases/comesolo/rand_07_d70.txt")
    assert Path(window.recent.export_folder()) != (tmp_path / "answers")
    folder = tmp_path / "answers"
    folder.mkdir()
    assert window.exports.export_solution(folder / "a.out")
    assert Path(window.recent.export_folder()) == folder.resolve()
    window.settings.sync()
    again = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat))
    qtbot.addWidget(again)
    assert Path(again.recent.export_folder()) == folder.resolve()  # the next session remembers it
    again.close()


def test_an_answer_rewritten_on_disk_is_reloaded_at_the_same_step(qtbot, window, data_root, tmp_path):
    _, answer = ahc011_with_answer(window, data_root, tmp_path, 10)
    instance = window.session.instance
    window.playing.step_to(6)
    write_atomic(answer, ahc011_answer(instance, 20))  # the program writes a new file over it
    qtbot.waitUntil(lambda: len(window.session.history.line()) == 21, timeout=10000)
    assert window.session.depth == 6  # the same step, on the new line
    assert "Reloaded 0003.out: 20 moves" in status(window)
    with answer.open("a") as out:  # a second rewrite, in place this time
        out.write("Q\n")
    qtbot.waitUntil(lambda: "not a valid answer now" in status(window), timeout=10000)
    assert len(window.session.history.line()) == 21  # the board keeps its answer
    assert "line 1, move 21" in status(window)  # names what is wrong


def test_ctrl_r_reloads_the_answer_and_a_new_board_stops_following_it(qtbot, window, data_root, tmp_path):
    _, answer = ahc011_with_answer(window, data_root, tmp_path, 5)
    answer.write_text(ahc011_answer(window.session.instance, 7))
    qtbot.keyClick(window, Qt.Key_R, Qt.ControlModifier)
    assert len(window.session.history.line()) == 8
    assert window.files.open_path(DEFAULT_BOARD)
    assert window.state.answer_path is None and not window.sources.reload_action.isEnabled()


def test_alt_arrows_go_through_generated_seeds_and_ctrl_n_proposes_the_next(qtbot, window, monkeypatch):
    assert window.files.generate("comesolo", 5, size=8)
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert COMESOLO.format_input(window.session.instance) == COMESOLO.format_input(COMESOLO.generate(6, size=8))
    assert window.navigator.number.value() == 6 and window.navigator.label.text().strip() == "Seed:"
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    assert COMESOLO.format_input(window.session.instance) == COMESOLO.format_input(COMESOLO.generate(4, size=8))
    proposed = {}

    def fake_exec(dialog):
        proposed.update(seed=dialog.seed(), options=dialog.options())
        return False

    monkeypatch.setattr("workbench.gui.board.generate_dialog.GenerateDialog.exec", fake_exec)
    qtbot.keyClick(window, Qt.Key_N, Qt.ControlModifier)
    assert proposed["seed"] == 5 and proposed["options"]["size"] == 8  # not seed 1 with defaults again


def test_typing_a_seed_generates_it(qtbot, window):
    assert window.files.generate("comesolo", 1)
    box = window.navigator.number
    box.selectAll()
    qtbot.keyClicks(box, "42")
    qtbot.keyClick(box, Qt.Key_Return)
    assert COMESOLO.format_input(window.session.instance) == COMESOLO.format_input(COMESOLO.generate(42))


def test_arrows_walk_the_numbered_files_of_a_folder(qtbot, window, data_root, tmp_path):
    for number in (0, 1, 3):  # a gap at 2
        shutil.copy(data_root / f"cases/ahc011/{number:04d}.txt", tmp_path / f"{number:04d}.txt")
    (tmp_path / "notes.txt").write_text("not a case")
    assert window.files.open_path(tmp_path / "0001.txt")
    assert window.navigator.label.text().strip() == "Case:" and window.navigator.number.value() == 1
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == tmp_path / "0003.txt"
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == tmp_path / "0003.txt"
    assert "0003.txt is the last case of its folder" in status(window)
    window.navigator.go_to(0)
    assert window.session.path == tmp_path / "0000.txt"
    window.navigator.go_to(2)
    assert window.session.path == tmp_path / "0000.txt"
    assert f"No case numbered 2 in {tmp_path}" in status(window)


def test_the_case_box_reads_numbers_inside_names_and_walks_other_folders_in_name_order(
    qtbot, window, data_root, tmp_path
):
    from workbench.puzzles.codevs import PUZZLE as CODEVS

    packs = tmp_path / "codevs"
    packs.mkdir()
    text = (data_root / "cases/codevs/packs_1.txt").read_text()
    for number in (1, 2, 10):  # packs_2 comes before packs_10, whatever the names' letter order
        (packs / f"packs_{number}.txt").write_text(text)
    assert window.files.open_path(packs / "packs_1.txt", "codevs")
    assert window.navigator.label.text().strip() == "Case:" and window.navigator.number.value() == 1
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == packs / "packs_2.txt" and window.session.puzzle is CODEVS
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == packs / "packs_10.txt" and window.navigator.number.value() == 10
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert "packs_10.txt is the last of the packs_*.txt files of its folder" in status(window)
    # Names that share nothing: the folder's boards in name order, numbered by place, notes skipped.
    boards = tmp_path / "comesolo"
    boards.mkdir()
    for name in ("rand_07_d70", "full_09_center_hole", "rand_10_d50", "rand_30_d40", "rand_30_d60"):
        shutil.copy(data_root / f"cases/comesolo/{name}.txt", boards / f"{name}.txt")
    (boards / "notes.txt").write_text("not a board")
    assert window.files.open_path(boards / "full_09_center_hole.txt")
    assert window.navigator.label.text().strip() == "File:" and window.navigator.number.value() == 1
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == boards / "rand_07_d70.txt" and window.navigator.number.value() == 3
    window.navigator.go_to(4)
    assert window.session.path == boards / "rand_10_d50.txt"
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    assert window.session.path == boards / "rand_07_d70.txt"
    # Two names that differ in one number are two files, not cases 40 and 60 (densities, here).
    window.navigator.go_to(6)
    assert window.session.path == boards / "rand_30_d60.txt"
    assert window.navigator.label.text().strip() == "File:" and window.navigator.number.value() == 6


def test_going_to_another_case_keeps_the_line_played_and_undo_brings_it_back(qtbot, window, data_root, tmp_path):
    for number in (1, 2, 3):
        shutil.copy(data_root / "cases/rolling-balls/seed_1.txt", tmp_path / f"seed_{number}.txt")
    assert window.files.open_path(tmp_path / "seed_1.txt")
    first = window.session
    for move in legal_walk(first.puzzle, first.instance, 3):
        assert window.playing.play(move)
    played = first.history.current
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.session.path == tmp_path / "seed_2.txt"
    assert "the 3 moves played on seed_1.txt are kept: Undo at the start brings them back" in status(window)
    assert window.playing.undo_action.isEnabled()
    window.playing.undo()
    assert window.session is first and window.session.history.current is played
    assert window.navigator.label.text().strip() == "Case:" and window.navigator.number.value() == 1
    assert "Back to seed_1.txt, with its 3 moves (Redo goes to seed_2.txt again)" in status(window)
    window.playing.redo()
    assert window.session.path == tmp_path / "seed_2.txt"
    window.playing.undo()
    assert window.session is first
    # The Puzzle box leaves it the same way.
    window.puzzle_choice.activated.emit(window.puzzle_choice.findData("comesolo"))
    assert window.session.puzzle is COMESOLO
    window.playing.undo()
    assert window.session is first and window.session.history.current is played


def test_the_next_start_reopens_the_last_file_and_its_answer(qtbot, window, data_root, tmp_path):
    board, answer = ahc011_with_answer(window, data_root, tmp_path, 9)
    window.close()
    again = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat), reopen=True)
    qtbot.addWidget(again)
    assert again.session.path == board
    assert len(again.session.history.line()) == 10 and again.state.answer_path == answer.resolve()
    board.unlink()  # gone by the next start: the sample board, and a word about it
    again.close()
    third = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat), reopen=True)
    qtbot.addWidget(third)
    assert third.session.path == DEFAULT_BOARD
    assert "is gone" in third.statusBar().currentMessage()


def test_the_next_start_regenerates_the_last_seed_with_its_options(qtbot, window):
    assert window.files.generate("comesolo", 17, size=9)
    window.close()
    again = build_window(settings=QSettings(window.settings.fileName(), QSettings.IniFormat), reopen=True)
    qtbot.addWidget(again)
    assert COMESOLO.format_input(again.session.instance) == COMESOLO.format_input(COMESOLO.generate(17, size=9))
    assert again.navigator.number.value() == 17


def test_an_edited_board_has_no_seed_and_the_arrows_go_to_the_neighbours_of_the_board_it_was_made_from(
    qtbot, window, data_root, tmp_path
):
    boards = tmp_path / "comesolo"
    boards.mkdir()
    for name in ("full_09_center_hole", "rand_07_d70", "rand_10_d50", "rand_30_d40"):
        shutil.copy(data_root / f"cases/comesolo/{name}.txt", boards / f"{name}.txt")
    assert window.files.open_path(boards / "rand_10_d50.txt")
    navigator = window.navigator
    assert navigator.label.text().strip() == "File:" and navigator.number.value() == 3
    window.editing.set_edit_mode(True)
    random_fill(window, 7, 0.5)
    window.editing.set_edit_mode(False)
    # Not "Seed: 3": the box names the file it was made from, and its tooltip says why.
    assert navigator.label.text().strip() == "Edited from file:" and navigator.number.value() == 3
    assert navigator.number.toolTip().startswith("This board is rand_10_d50.txt edited: it is no file of its own.")
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)  # the next file, not a generated 30x30 "seed 4"
    assert window.session.path == boards / "rand_30_d40.txt"
    assert navigator.label.text().strip() == "File:" and navigator.number.value() == 4
    window.playing.undo()  # the edited board comes back, and says so again
    assert navigator.label.text().strip() == "Edited from file:" and navigator.number.value() == 3
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    assert window.session.path == boards / "rand_07_d70.txt"
    # A generated board edited is no seed either; its neighbours are the seeds around it, same options.
    assert window.files.generate("comesolo", 5, size=8)
    random_fill(window, 3, 0.4)
    assert navigator.label.text().strip() == "Edited from seed:" and navigator.number.value() == 5
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)
    assert COMESOLO.format_input(window.session.instance) == COMESOLO.format_input(COMESOLO.generate(4, size=8))
    assert navigator.label.text().strip() == "Seed:" and navigator.number.value() == 4


def test_going_back_to_a_seed_or_file_left_brings_back_the_line_played_on_it(qtbot, window, data_root, tmp_path):
    assert window.files.generate("comesolo", 5, size=8)
    first = window.session
    for move in legal_walk(COMESOLO, first.instance, 3):
        assert window.playing.play(move)
    played = first.history.current
    qtbot.keyClick(window, Qt.Key_Right, Qt.AltModifier)
    assert window.navigator.number.value() == 6
    qtbot.keyClick(window, Qt.Key_Left, Qt.AltModifier)  # seed 5 again: its line, not a fresh board
    assert window.session is first and window.session.history.current is played
    assert status(window) == (
        "Generated comesolo board for seed 5; its 3 moves played before are back (History: Start is the board afresh)"
    )
    # A file opened again comes back with its line and the answer file it followed; a file rewritten
    # since is another board, opened afresh.
    board, answer = ahc011_with_answer(window, data_root, tmp_path, 4)
    with_answer = window.session
    assert window.files.generate("comesolo", 5, size=8) and window.session is first  # seed 5's line again
    assert window.files.open_path(board)
    assert window.session is with_answer and len(window.session.history.line()) == 5
    assert window.state.answer_path == answer.resolve()
    assert status(window).startswith("Opened 0003.txt; its 4 moves played before are back")
    window.files.generate("comesolo", 9)
    board.write_text(board.read_text())  # written again, the same board
    assert window.files.open_path(board)
    assert window.session is with_answer  # the same input: still the line played
    window.files.generate("comesolo", 9)
    shutil.copy(data_root / "cases/ahc011/0004.txt", board)  # another board under the same name
    assert window.files.open_path(board)
    assert window.session is not with_answer and window.session.history.size == 1
    assert status(window) == "Opened 0003.txt"  # nothing said to be back
