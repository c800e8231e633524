"""The ahc011 solver: screen many target trees greedily, beam-search the best.

A restart (``attempt.attempt``) anneals a target tree with the case's tile
multiset, then slides the tiles into it cell by cell. With width 1 the slide
is greedy and cheap (a few ms); the greedy length predicts well what a wide
beam search reaches on the same target. So the solver works in rounds: screen
``screen`` new targets greedily, then run the beam search on the best
screened target not searched yet. The shortest full-tree answer wins. Each
restart is one numba call that releases the GIL; target k always comes from
the random stream (seed, k), whatever the width.

Budget accounting: a restart costs tree_iterations/100 + N*N*width*branch/4
expansions, roughly in proportion to its time. A slice adds its allowance to a
running total and starts restarts while the expansions spent are below that
total, so which restarts run depends on the node budget only, not on how it
is sliced: same seed + same node budget -> same answer.
"""

from __future__ import annotations

import numpy as np

from workbench.puzzles.ahc011.scoring import contest_score

from ..base import FrontierEntry, Param, Progress, Solver
from .attempt import attempt
from .grid import LETTERS

MIN_SIDE = 3  # the row-by-row order needs a 2x3 block at the end
UNSCREENED = 1 << 40  # sorts after every greedy length


class ScreenedBeamSolver(Solver):
    name = "screened-beam"
    description = ("Target trees by annealing, screened by a greedy row-by-row slide; "
                   "beam search over which tile fills each cell on the best targets")
    params = (
        Param("tree_iterations", int, 3_000, 100, 10_000_000, "annealing steps per target tree"),
        Param("screen", int, 10, 1, 1000, "targets screened greedily per beam search"),
        Param("width", int, 100, 1, 2000, "beam width over placement steps"),
        Param("branch", int, 3, 1, 10, "tiles of the wanted type tried per state and step"),
        Param("noise", float, 3.0, 0.0, 100.0, "random spread when ranking the tiles of a type"),
        Param("keep", int, 20, 1, 200, "best answers kept for the frontier"),
    )

    def __init__(self, puzzle, view, seed: int = 0, **params):
        super().__init__(puzzle, view, seed, **params)
        case, board = view
        self.case = case
        self.n = board.n
        self.tiles = np.frombuffer(board.tiles, dtype=np.uint8).astype(np.int64)
        self.limit = case.limit
        self.moves = np.zeros(4 * self.limit + 4 * self.n ** 3, dtype=np.int64)
        self.allowance = 0  # expansions granted by all slices so far
        self.spent = 0  # expansions used by the restarts run so far
        self.targets = 0  # targets drawn (and screened)
        self.searched = 0  # targets beam-searched
        self.screened: list[tuple[int, int]] = []  # (greedy K, target) not beam-searched yet
        self.found: list[tuple[int, int, tuple]] = []  # (K, target, moves), shortest first
        self.tile_count = self.n * self.n - 1
        # Until a restart succeeds, the best answer is the empty one.
        self.best_score = puzzle.evaluate(case, board, 0).score

    def run_slice(self, max_expansions: int) -> Progress:
        self.allowance += max(0, max_expansions)
        while self.spent < self.allowance and self.n >= MIN_SIDE:
            if self.targets < self.settings["screen"] * (self.searched + 1) or not self.screened:
                self._restart(self.targets, 1, 1)
                self.targets += 1
            else:
                self.screened.sort()
                _, target = self.screened.pop(0)
                self._restart(target, self.settings["width"], self.settings["branch"])
                self.searched += 1
        return Progress(self.allowance, float(self.best_score), len(self.found), self.n < MIN_SIDE)

    def _restart(self, target: int, width: int, branch: int) -> None:
        iterations = self.settings["tree_iterations"]
        length = attempt(self.n, self.tiles, self.limit, self.seed, target, iterations, width, branch,
                         self.settings["noise"], self.moves)
        self.spent += iterations // 100 + self.n * self.n * width * branch // 4
        if width == 1:
            # A greedy slide that fails (the last block in the wrong parity) is searched
            # last: the beam tries other tiles of the same types, which can fix the parity.
            self.screened.append((length if length >= 0 else UNSCREENED, target))
        if length < 0:
            return
        self._keep(length, target, tuple(LETTERS[m] for m in self.moves[:length]))

    def _keep(self, length: int, target: int, moves: tuple) -> None:
        if len(self.found) >= self.settings["keep"] and length >= self.found[-1][0]:
            return
        if any(moves == kept for _, _, kept in self.found):
            return
        self.found.append((length, target, moves))
        self.found.sort(key=lambda entry: entry[:2])
        del self.found[self.settings["keep"]:]
        self.best_score = max(self.best_score, self._score(self.found[0][0]))

    def _score(self, length: int) -> int:
        """Every kept answer ends on a full tree, so K alone gives its score."""
        return contest_score(self.tile_count, self.tile_count, length, self.limit)

    def best_moves(self) -> tuple:
        return self.found[0][2] if self.found else ()

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        """The shortest full-tree answers found so far."""
        entries = []
        for length, target, moves in self.found[:limit]:
            entries.append(FrontierEntry(float(self._score(length)), length, moves,
                                         (("K", length), ("K/T", round(length / self.limit, 3)),
                                          ("target", target))))
        return entries

    @classmethod
    def warm_up(cls) -> None:
        from workbench.puzzles.ahc011 import PUZZLE

        case = PUZZLE.generate(0, size=MIN_SIDE)
        cls(PUZZLE, PUZZLE.public_view(case, case.start)).run_slice(1)
