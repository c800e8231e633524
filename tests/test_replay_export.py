"""Replays as files: GIF and MP4 for every puzzle, PNG positions, the `render` command."""

import os
import subprocess
import sys

import numpy as np
import pytest
from conftest import REPO
from PIL import Image

from workbench.cli import main as cli
from workbench.core.registry import get_puzzle
from workbench.gui.board.painters import playable_puzzles
from workbench.gui.export import replay
from workbench.gui.export.replay_export import mp4_available, render_file, write_replay

PUZZLES = [p.id for p in playable_puzzles()]


def playout(puzzle, instance, moves=30):
    """A legal line: each turn the first legal move that resolves in stages, else the first."""
    state, line = puzzle.initial_state(instance), []
    for _ in range(moves):
        legal = puzzle.legal_moves(instance, state)
        if not legal:
            break
        chosen = legal[0]
        for move in legal:
            if puzzle.apply(instance, state, move).frames:
                chosen = move
                break
        line.append(chosen)
        state = puzzle.apply(instance, state, chosen).state
    return line


def expected_frames(puzzle, instance, moves, stages=True):
    """Counted here from the rules, not by the module under test."""
    state, count = puzzle.initial_state(instance), 1
    for move in moves:
        transition = puzzle.apply(instance, state, move)
        count += 1 + (len(transition.frames) if stages else 0)
        state = transition.state
    return count


def rgb(path_or_image):
    image = path_or_image if isinstance(path_or_image, Image.Image) else Image.open(path_or_image)
    return np.asarray(image.convert("RGB"))


def same_picture(a, b):
    """Equal up to GIF palette / video compression: over 2x2 blocks (H.264's colour resolution),
    a small mean error and almost no block far off. Two positions of a line differ in 3% or
    more of the blocks (measured), the same position in none."""
    assert a.shape == b.shape
    h, w = a.shape[0] // 2 * 2, a.shape[1] // 2 * 2

    def blocks(image):
        return image[:h, :w].astype(float).reshape(h // 2, 2, w // 2, 2, 3).mean(axis=(1, 3))

    off = np.abs(blocks(a) - blocks(b)).max(axis=2)
    return off.mean() < 4 and (off > 48).mean() < 0.002


def gif_frames(path):
    image = Image.open(path)
    count = image.n_frames
    first = rgb(image)
    image.seek(count - 1)
    return count, first, rgb(image)


@pytest.fixture(scope="module")
def lines():
    made = {}
    for puzzle_id in PUZZLES:
        puzzle = get_puzzle(puzzle_id)
        instance = puzzle.generate(3)
        made[puzzle_id] = (puzzle, instance, playout(puzzle, instance))
    return made


@pytest.mark.parametrize("puzzle_id", PUZZLES)
def test_gif_and_mp4_replays_match_the_png_positions(puzzle_id, lines, tmp_path):
    puzzle, instance, moves = lines[puzzle_id]
    assert len(moves) >= 5
    expected = expected_frames(puzzle, instance, moves)
    if puzzle.smoke.staged:  # a puzzle whose moves resolve in stages says so
        assert expected > len(moves) + 1, "the line should hold multi-stage moves"
    start, end = tmp_path / "start.png", tmp_path / "end.png"
    render_file(puzzle, instance, moves, start, step=0, say=lambda _: None)
    render_file(puzzle, instance, moves, end, say=lambda _: None)
    start_png, end_png = rgb(start), rgb(end)
    assert not same_picture(start_png, end_png)  # the comparison below can fail

    result = write_replay(puzzle, instance, moves, tmp_path / "line.gif", fps=8)
    count, first, last = gif_frames(tmp_path / "line.gif")
    assert count == result.frames == expected
    assert same_picture(first, start_png)
    assert same_picture(last, end_png)

    if not mp4_available():
        pytest.skip("no video writer (imageio-ffmpeg) installed")
    import imageio.v2 as imageio

    write_replay(puzzle, instance, moves, tmp_path / "line.mp4", fps=8)
    with imageio.get_reader(tmp_path / "line.mp4") as reader:
        frames = [frame for frame in reader]
    assert len(frames) == expected
    assert same_picture(frames[0], start_png)
    assert same_picture(frames[-1], end_png)


def test_without_stages_a_move_is_one_frame(lines, tmp_path):
    puzzle, instance, moves = lines["codevs"]
    write_replay(puzzle, instance, moves, tmp_path / "moves.gif", stages=False)
    assert gif_frames(tmp_path / "moves.gif")[0] == len(moves) + 1


def test_a_stage_frame_shows_the_stage(lines, tmp_path):
    """A chain's stage is drawn with its erased cells, not as the settled board."""
    puzzle, instance, moves = lines["codevs"]
    staged = list(replay.frames(puzzle, instance, moves))
    index = next(i for i, f in enumerate(staged) if f.highlight and "erased" in f.caption)
    write_replay(puzzle, instance, moves, tmp_path / "line.gif")
    image = Image.open(tmp_path / "line.gif")
    image.seek(index)
    stage = rgb(image)
    image.seek(index - 1)
    before = rgb(image)
    changed = (np.abs(stage.astype(int) - before.astype(int)).max(axis=2) > 48).sum()
    assert changed > 300  # the erased blocks' thick outlines (and the caption) are drawn


def test_sampling_keeps_the_ends_and_says_so(lines, tmp_path, capsys):
    puzzle, instance, _ = lines["ahc015"]
    moves = playout(puzzle, instance, 100)  # the judge reads only a whole game
    answer = tmp_path / "answer.out"
    answer.write_text(puzzle.format_solution(instance, moves))
    moves = puzzle.parse_solution(instance, answer.read_text()).moves  # the file holds 99 tilts
    source = tmp_path / "case.txt"
    source.write_text(puzzle.format_input(instance))
    end = tmp_path / "end.png"
    assert cli(["render", "ahc015", str(source), str(answer), "-o", str(end)]) == 0
    assert cli(["render", "ahc015", str(source), str(answer), "-o", str(tmp_path / "s.gif"), "--max-frames", "12"]) == 0
    err = capsys.readouterr().err
    assert f"the line makes {expected_frames(puzzle, instance, moves)} frames, more than --max-frames 12" in err
    count, _, last = gif_frames(tmp_path / "s.gif")
    assert count == 12
    assert same_picture(last, rgb(end))


def test_sample_is_even_and_bounded():
    assert replay.sample(10, 20) is None
    picked = replay.sample(6001, 400)
    assert len(picked) == 400 and picked[0] == 0 and picked[-1] == 6000
    gaps = np.diff(picked)
    assert gaps.min() >= 14 and gaps.max() <= 16


def test_render_png_start_and_step(data_root, tmp_path, capsys):
    case = data_root / "cases/ahc011/0000.txt"
    answer = data_root / "answers/ahc011/0000.txt"
    start, step0, step5 = tmp_path / "start.png", tmp_path / "step0.png", tmp_path / "step5.png"
    assert cli(["render", "ahc011", str(case), "-o", str(start), "--size", "300"]) == 0
    assert cli(["render", "ahc011", str(case), str(answer), "-o", str(step0), "--step", "0", "--size", "300"]) == 0
    assert cli(["render", "ahc011", str(case), str(answer), "-o", str(step5), "--step", "5", "--size", "300"]) == 0
    assert Image.open(start).size[0] == 300  # --size: the square board's side; the banner is below
    assert not same_picture(rgb(step0), rgb(step5))
    assert "move 5 of" in capsys.readouterr().err


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["-o", "x.jpg"], "the output must end in .png, .gif, .mp4"),
        (["-o", "x.gif", "--step", "3"], "--step picks one position, so it goes with a .png output"),
        (["-o", "x.png", "--step", "999"], "step 999 is outside the answer's 0.."),
    ],
)
def test_render_refuses_bad_options(data_root, tmp_path, capsys, arguments, message):
    case = data_root / "cases/ahc011/0000.txt"
    answer = data_root / "answers/ahc011/0000.txt"
    arguments = [a if not a.startswith("x.") else str(tmp_path / a) for a in arguments]
    assert cli(["render", "ahc011", str(case), str(answer)] + arguments) == 1
    assert message in capsys.readouterr().err
    assert not any(tmp_path.iterdir())  # nothing half-written


def test_render_refuses_an_illegal_answer_naming_the_move(data_root, tmp_path, capsys):
    case = data_root / "cases/ahc011/0000.txt"
    wrong = data_root / "answers/ahc011/0001.txt"  # another case's answer
    assert cli(["render", "ahc011", str(case), str(wrong), "-o", str(tmp_path / "x.gif")]) == 1
    assert "move 90" in capsys.readouterr().err
    assert not (tmp_path / "x.gif").exists()


def test_render_runs_headless_without_qt_settings(data_root, tmp_path):
    """No DISPLAY and no QT_QPA_PLATFORM: the command picks the off-screen platform itself."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "main.py"),
            "render",
            "codevs",
            str(data_root / "cases/codevs/packs_1.txt"),
            "-o",
            str(tmp_path / "start.png"),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert Image.open(tmp_path / "start.png").size[1] > 100


def test_cancelling_writes_nothing(lines, tmp_path):
    from workbench.core.errors import WorkbenchError

    puzzle, instance, moves = lines["comesolo"]
    seen = []

    def stop_at_five(done, total):
        seen.append((done, total))
        return done < 5

    with pytest.raises(WorkbenchError, match="replay export cancelled"):
        write_replay(puzzle, instance, moves, tmp_path / "line.gif", on_frame=stop_at_five)
    assert seen[-1] == (5, len(moves) + 1)
    assert list(tmp_path.iterdir()) == []  # neither the GIF nor its temporary file


def test_an_unwritable_output_is_a_clear_error(data_root, tmp_path, capsys):
    case = str(data_root / "cases/codevs/packs_1.txt")
    for name in ("x.png", "x.gif"):
        assert cli(["render", "codevs", case, "-o", str(tmp_path / "missing" / name)]) == 1
        assert f"error: the folder {tmp_path / 'missing'} does not exist" in capsys.readouterr().err
