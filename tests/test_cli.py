import pytest

from workbench.cli import main
from workbench.core.registry import puzzles

SPEC_BOARD = "4\n1100\n1100\n0100\n0000\n"


@pytest.fixture
def spec_files(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(SPEC_BOARD)
    return tmp_path, board


def test_score_prints_the_move_count_last(spec_files, capsys):
    folder, board = spec_files
    answer = folder / "answer.out"
    answer.write_text("2\n2 1 2 3\n1 2 3 4\n")
    assert main(["score", "comesolo", str(board), str(answer)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "2"
    assert "pieces left: 3" in out


def test_score_rejects_an_illegal_move_naming_the_line(spec_files, capsys):
    folder, board = spec_files
    answer = folder / "answer.out"
    answer.write_text("2\n2 1 2 3\n2 1 2 3\n")
    assert main(["score", "comesolo", str(board), str(answer)]) == 1
    err = capsys.readouterr().err
    assert "line 3, move 2: no piece at (2,1)" in err


def test_score_reports_a_malformed_input_without_a_traceback(tmp_path, capsys):
    board = tmp_path / "bad.txt"
    board.write_text("3\n111\n1z1\n111\n")
    assert main(["score", "comesolo", str(board), str(board)]) == 1
    assert capsys.readouterr().err.strip() == "error: line 3: column 2: 'z' is neither a piece (1) nor empty (0)"


def test_missing_files_and_unknown_puzzles_are_plain_errors(tmp_path, capsys):
    assert main(["score", "comesolo", str(tmp_path / "none.txt"), "x"]) == 1
    assert "cannot read" in capsys.readouterr().err
    assert main(["gen", "nosuch", "1"]) == 1
    assert "unknown puzzle 'nosuch'" in capsys.readouterr().err


def test_gen_writes_the_board_of_its_seed_and_options(data_root, tmp_path, capsys):
    out = tmp_path / "gen.txt"
    assert main(["gen", "comesolo", "106", "--size", "30", "--density", "0.4", "-o", str(out)]) == 0
    assert out.read_text() == (data_root / "cases/comesolo/rand_30_d40.txt").read_text()
    assert main(["gen", "comesolo", "102", "--size", "10"]) == 0
    assert capsys.readouterr().out == (data_root / "cases/comesolo/rand_10_d50.txt").read_text()


def test_list_names_every_puzzle(capsys):
    assert main(["list"]) == 0
    assert "comesolo: Comesolo" in capsys.readouterr().out


def test_instance_options_the_file_cannot_hold_are_taken_on_the_command_line(data_root, tmp_path, capsys):
    packs = data_root / "cases/codevs/packs_1.txt"
    answer = tmp_path / "three.out"
    answer.write_text("0 0\n2 1\n4 2\n")
    assert main(["score", "codevs", str(packs), str(answer), "--turns", "3"]) == 0
    assert "turns played: 3" in capsys.readouterr().out
    assert main(["score", "codevs", str(packs), str(answer), "--turns", "2"]) == 1
    assert "line 3: more commands than the turn budget of 2" in capsys.readouterr().err
    assert main(["score", "codevs", str(packs), str(answer), "--turns", "0"]) == 1
    assert "the turn budget must be 1..500, got 0" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["gen", "solve", "batch", "render", "agent"])
@pytest.mark.parametrize("puzzle", sorted(puzzles()))
def test_every_command_explains_itself_for_every_puzzle(puzzle, command, capsys):
    with pytest.raises(SystemExit) as done:
        main([command, puzzle, "--help"])
    assert done.value.code == 0 and f"usage: puzzle-workbench {command}" in capsys.readouterr().out
