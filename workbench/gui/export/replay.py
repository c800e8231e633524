"""Which pictures a replay holds: the positions along a line of moves, stage by stage.

Qt-free: this module only walks the rules. A replay of ``n`` moves shows the
start, then each move's intermediate stages (a codevs chain erasing and falling,
ahc015's tilt then drop) when stages are on, then the settled position. A long
answer has more positions than a shareable GIF can hold, so ``sample`` picks an
evenly spaced subset (always the first and the last), and ``frames`` walks the
line again yielding only those: no more than the chosen frames exist at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

DEFAULT_MAX_FRAMES = 400  # a GIF of 400 frames at 480 px is a few MB; more is rarely shared


@dataclass(frozen=True)
class ReplayFrame:
    state: Any
    step: int  # moves played so far (a stage of move k has step k - 1: the move is under way)
    total: int  # moves in the line
    last_move: Any = None  # the move that just settled (None at the start and during stages)
    highlight: tuple = ()
    caption: str = ""  # a stage's caption, or the move just played
    score: str = ""  # the contest score text at this point


def count_frames(puzzle, instance, moves: Sequence, stages: bool = True, start_state=None) -> int:
    """How many frames the line makes: the start, every move, and its stages when shown."""
    if not stages:
        return len(moves) + 1
    state = puzzle.initial_state(instance) if start_state is None else start_state
    count = 1
    for move in moves:
        transition = puzzle.apply(instance, state, move)
        count += 1 + len(transition.frames)
        state = transition.state
    return count


def sample(total: int, limit: int) -> list[int] | None:
    """Evenly spaced frame indices, first and last included; None when all ``total`` fit."""
    if limit < 2:
        raise ValueError("a replay needs at least 2 frames (the start and the end)")
    if total <= limit:
        return None
    return sorted({round(i * (total - 1) / (limit - 1)) for i in range(limit)})


def frames(
    puzzle, instance, moves: Sequence, stages: bool = True, keep: Sequence[int] | None = None, start_state=None
) -> Iterator[ReplayFrame]:
    """The replay's frames in order; with ``keep``, only the frames at those indices."""
    wanted = None if keep is None else set(keep)
    state = puzzle.initial_state(instance) if start_state is None else start_state
    total = len(moves)
    index = 0

    def score(state, played):
        return puzzle.evaluate(instance, state, played).text

    if wanted is None or index in wanted:
        yield ReplayFrame(state, 0, total, caption="start", score=score(state, 0))
    for k, move in enumerate(moves, start=1):
        transition = puzzle.apply(instance, state, move)
        if stages:
            for stage in transition.frames:
                index += 1
                if wanted is None or index in wanted:
                    # The score shown is the one before the move: it changes when the move settles.
                    yield ReplayFrame(
                        stage.state,
                        k - 1,
                        total,
                        None,
                        tuple(stage.highlight),
                        f"move {k}: {stage.caption}",
                        score(state, k - 1),
                    )
        state = transition.state
        index += 1
        if wanted is None or index in wanted:
            yield ReplayFrame(state, k, total, move, (), f"move {k}: {puzzle.move_text(move)}", score(state, k))


def position(puzzle, instance, moves: Sequence, step: int) -> ReplayFrame:
    """The settled position after ``step`` moves (0 = the start), as a single frame."""
    if not 0 <= step <= len(moves):
        raise ValueError(f"step {step} is outside the answer's 0..{len(moves)} moves")
    last = None
    for last in frames(puzzle, instance, moves[:step], stages=False, keep=(step,)):  # noqa: B007 (the last)
        pass
    return ReplayFrame(last.state, step, len(moves), last.last_move, (), last.caption, last.score)
