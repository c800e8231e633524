"""In the app, a save or an export that cannot be written shows a dialog, keeps a
copy of what it could not write, and leaves the board and its history as they were."""

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from workbench.puzzles.comesolo import Jump

SPEC_BOARD = "4\n1100\n1100\n0100\n0000\n"
ANSWER = "2\n2 1 2 3\n1 2 3 4\n"


@pytest.fixture
def played(window, tmp_path, monkeypatch):
    """The spec board opened from a file and two jumps played; rescue files go to tmp_path."""
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)  # re-read TMPDIR
    board = tmp_path / "board.txt"
    board.write_text(SPEC_BOARD)
    assert window.files.open_path(board)
    window.playing.play(Jump(1, 0, 0, 1))
    window.playing.play(Jump(0, 1, 1, 1))
    return window, board


@pytest.fixture
def immutable(tmp_path):
    if not shutil.which("chattr"):
        pytest.skip("no chattr")
    made = []

    def make(path):
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
            pytest.skip("chattr +i is not allowed here")
        made.append(path)
        return path

    yield make
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], check=False)


def snapshot(window):
    session = window.session
    return session.instance, session.state, tuple(session.moves())


def dialog_of(window) -> QMessageBox:
    box = getattr(window, "write_error_box", None)
    assert box is not None and box.isVisible()
    return box


def kept_copy(text: str) -> Path:
    return Path(text.rsplit("A copy is kept in ", 1)[1].strip())


def test_export_into_an_immutable_folder_shows_a_dialog_and_keeps_the_answer(played, tmp_path, immutable):
    window, _ = played
    before = snapshot(window)
    folder = tmp_path / "locked"
    folder.mkdir()
    immutable(folder)
    assert not window.exports.export_solution(folder / "answer.out")
    box = dialog_of(window)
    assert box.windowTitle() == "Answer not exported"
    assert box.text().startswith(f"cannot write in the folder {folder}: Operation not permitted")
    assert kept_copy(box.text()).read_text() == ANSWER
    assert snapshot(window) == before
    box.close()


def test_export_over_the_boards_own_file_is_refused(played):
    window, board = played
    before = snapshot(window)
    assert not window.exports.export_solution(board)
    box = dialog_of(window)
    assert "writing the answer there would destroy the board" in box.text()
    assert board.read_text() == SPEC_BOARD
    assert snapshot(window) == before
    box.close()


def test_saving_the_board_onto_a_folder_shows_a_dialog(played, tmp_path):
    window, _ = played
    before = snapshot(window)
    assert not window.files.save_input(tmp_path)
    box = dialog_of(window)
    assert box.windowTitle() == "Board not saved"
    assert box.text().startswith(f"{tmp_path} is a folder")
    assert kept_copy(box.text()).read_text() == SPEC_BOARD
    assert snapshot(window) == before
    box.close()


def test_a_save_failing_at_the_last_step_keeps_the_board_and_a_copy(played, tmp_path, immutable):
    window, _ = played
    before = snapshot(window)
    target = tmp_path / "saved.txt"
    target.write_text("old\n")
    immutable(target)  # the folder takes the temporary file; the rename over the target fails
    assert not window.files.save_input(target)
    box = dialog_of(window)
    assert box.text().startswith(f"Cannot write {target}: Operation not permitted")
    assert kept_copy(box.text()).read_text() == SPEC_BOARD
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert snapshot(window) == before
    box.close()


def test_png_export_into_a_missing_folder_shows_a_dialog(played, tmp_path):
    window, _ = played
    assert not window.exports.export_png(tmp_path / "missing" / "board.png")
    box = dialog_of(window)
    assert box.windowTitle() == "Image not exported"
    box.close()
