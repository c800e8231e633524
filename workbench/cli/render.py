"""``puzzle-workbench render``: a board or a replay drawn headless with the app's painters (PNG, GIF, MP4)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from workbench.core.files import check_destination, read_text

from .common import add_case_option, add_options, first_puzzle, load_instance, puzzle_named

# ------------------------------------------------------------------ render
MIN_FPS, MAX_FPS = 0.1, 60.0
MIN_SIZE, MAX_SIZE = 64, 4096


def _fps(text: str) -> float:
    value = float(text)
    if not MIN_FPS <= value <= MAX_FPS:  # also refuses nan
        raise argparse.ArgumentTypeError(f"frames per second must be {MIN_FPS:g}..{MAX_FPS:g}, got {text}")
    return value


def _size(text: str) -> int:
    value = int(text)
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise argparse.ArgumentTypeError(f"the size must be {MIN_SIZE}..{MAX_SIZE} pixels, got {text}")
    return value


def cmd_render(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="puzzle-workbench render",
        description="Draw a board headless with the app's painters: OUTPUT .png is "
        "one position (the end of ANSWER, or the start without it), .gif or .mp4 the replay of ANSWER.",
    )
    parser.add_argument("puzzle")
    parser.add_argument("input")
    parser.add_argument("answer", nargs="?", help="an answer file to replay (default: none, the start)")
    add_case_option(parser)
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="FILE.png, FILE.gif or FILE.mp4")
    parser.add_argument("--step", type=int, metavar="K", help="for .png: the position after K moves (default: the end)")
    parser.add_argument("--fps", type=_fps, default=4.0, help="replay frames per second, 0.1..60 (default 4)")
    parser.add_argument(
        "--size",
        type=_size,
        default=480,
        help=f"pixels along the board's longer side, {MIN_SIZE}..{MAX_SIZE} (default 480)",
    )
    parser.add_argument(
        "--max-frames",
        type=int,
        default=400,
        help="a longer replay is sampled down to this many evenly spaced frames (default 400)",
    )
    parser.add_argument(
        "--no-stages", action="store_true", help="one frame per move, without a move's stages (chains, tilt then drop)"
    )
    add_options(parser, getattr(first_puzzle(argv), "instance_options", ()))
    args = parser.parse_args(argv)
    puzzle = puzzle_named(args.puzzle)
    # Checked first, as solve -o is: a device, a folder or an input is never replaced by the picture.
    check_destination(args.output, [args.input] + ([args.answer] if args.answer else []))
    instance = load_instance(puzzle, args.input, args)
    moves = ()
    if args.answer:
        text = read_text(args.answer)
        puzzle.score_solution(instance, text)  # a bad answer is refused naming its line, as by `score`
        moves = puzzle.parse_solution(instance, text).moves
    from workbench.gui.export.replay_export import render_file

    render_file(
        puzzle,
        instance,
        moves,
        args.output,
        step=args.step,
        fps=args.fps,
        size=args.size,
        stages=not args.no_stages,
        max_frames=args.max_frames,
        say=lambda words: print(words, file=sys.stderr),
    )
    return 0
