"""The RollingBalls solver: per-target beam searches over a few balls (see search.py)."""

from __future__ import annotations

import numpy as np

from ..base import FrontierEntry, Param, Progress, Solver
from .kernels import EMPTY
from .layout import WARM_UP_CASE, layout_of
from .search import (
    BEAM,
    BEAMS,
    BEST_LEN,
    BEST_POINTS,
    COMPACTED_AT,
    COUNT,
    CUR,
    DONE,
    EXPANDED,
    FILL_ROUNDS,
    LEVEL,
    META_SIZE,
    MOVES,
    PHASE,
    PICK,
    SLOT,
    TARGET,
    K,
    count_points,
    doubled_tally,
    same_count,
    search_slice,
)

SET_BITS = 22  # the hash set's size cap (32 MB); the default beam needs 2**19 slots


class TargetBeamSolver(Solver):
    name = "target-beam"
    resumable = True  # search_slice may stop after any pass of its loop
    description = (
        "Picks an unfinished target, then beam-searches the rolls of the 1..10 balls "
        "around the nearest ball of its colour (MM90 2nd place); keeps a change when "
        "the score improves, or does not drop while the rolls used stay within 20 "
        "per matched target; tries any colour (half a point) on targets its own "
        "cannot reach, and drops needless rolls when the budget runs short."
    )
    params = (
        # The highs keep one beam's hash set within 2**SET_BITS slots at half load.
        Param(
            "width",
            int,
            250,
            1,
            1000,
            "boards kept per beam level",
            label="Beam width",
            turn="Higher: better roll sequences, but each search is slower and uses more memory; "
            "lower: faster and rougher.",
        ),
        Param(
            "depth",
            int,
            20,
            1,
            50,
            "most rolls one beam search may add",
            label="Rolls per search",
            turn="Higher: one search can reach targets that need long roll sequences (slower); lower: "
            "shorter plans, faster searches.",
        ),
        Param(
            "max_balls",
            int,
            10,
            1,
            10,
            "most balls one beam search may move",
            label="Balls per search",
            turn="Higher: one search may rearrange more balls (slower); lower: simpler, faster searches.",
        ),
        Param(
            "fill",
            int,
            1,
            0,
            1,
            "1: a target its colour cannot reach gets attempts with any colour (half a point)",
            label="Fill unreachable targets",
            turn="1 (on): such targets still earn half a point with a ball of another colour; 0 (off): they "
            "stay empty and the search is a little faster.",
        ),
    )

    def __init__(self, puzzle, view, seed=0, **params):
        super().__init__(puzzle, view, seed, **params)
        case, board = view
        self.layout = lay = layout_of(case, board)
        width, depth, max_balls = (self.settings[n] for n in ("width", "depth", "max_balls"))
        self.limits = (lay.max_rolls, depth, width, max_balls)
        self.meta = np.zeros(META_SIZE, dtype=np.int64)
        self.meta[PHASE] = PICK
        self.meta[FILL_ROUNDS] = self.settings["fill"] and len(set(lay.ball_colour.tolist())) > 1
        self.rng = np.array([seed & (2**64 - 1)], dtype=np.uint64)
        self.grid, self.ball_pos = lay.grid.copy(), lay.ball_pos.copy()
        count_points(self.meta, self.grid, lay.ball_colour, lay.target_colour, lay.target_cells)
        self.meta[BEST_POINTS] = doubled_tally(self.meta)
        self.order = np.zeros(max_balls, dtype=np.int64)
        self.chosen = np.zeros(max_balls, dtype=np.int64)
        self.root_pos = np.zeros(max_balls, dtype=np.int64)
        boards = 4 * max_balls * depth * width  # most boards one beam can make
        self.set_keys = np.zeros(1 << min(int(2 * boards).bit_length(), SET_BITS), dtype=np.uint64)
        self.npos = np.zeros((2, width, max_balls), dtype=np.int64)
        self.nscore = np.zeros((2, width), dtype=np.int64)
        self.ndist = np.zeros((2, width), dtype=np.int64)
        self.nhash = np.zeros((2, width), dtype=np.uint64)
        self.nkey = np.zeros((2, width), dtype=np.int64)
        self.hkey = np.zeros(width, dtype=np.int64)
        self.hdata = np.zeros((width, 6), dtype=np.int64)
        self.hist_par = np.zeros((depth + 1, width), dtype=np.int64)
        self.hist_move = np.zeros((depth + 1, width), dtype=np.int64)
        rolls = lay.max_rolls
        self.move_from, self.move_dir, self.move_ball = (np.zeros(rolls, dtype=np.int64) for _ in range(3))
        self.best_from, self.best_dir = (np.zeros(rolls, dtype=np.int64) for _ in range(2))
        # scratch boards of the roll-dropping replays
        self.trial = (np.empty_like(lay.grid), np.empty_like(lay.ball_pos), np.zeros(rolls, dtype=np.int64))
        self.meta[COMPACTED_AT] = -1
        self._roll_of: dict[tuple[int, int], object] = {}
        self._played_known = None  # (cells, directions, rolls) of the rolls kept at the last look
        if same_count(self.meta) == lay.target_cells.shape[0]:
            self.meta[DONE] = 1

    @classmethod
    def warm_up(cls) -> None:
        case = WARM_UP_CASE
        cls(None, (case, case.start), width=4).run_slice(200)

    def run_slice(self, max_expansions: int) -> Progress:
        lay = self.layout
        search_slice(
            max_expansions,
            self.meta,
            self.rng,
            self.order,
            self.chosen,
            self.root_pos,
            self.grid,
            self.ball_pos,
            lay.ball_colour,
            lay.target_colour,
            lay.target_cells,
            lay.distance,
            lay.zobrist,
            lay.deltas,
            lay.width,
            self.set_keys,
            self.npos,
            self.nscore,
            self.ndist,
            self.nhash,
            self.nkey,
            self.hkey,
            self.hdata,
            self.hist_par,
            self.hist_move,
            self.move_from,
            self.move_dir,
            self.move_ball,
            self.best_from,
            self.best_dir,
            lay.grid,
            lay.ball_pos,
            *self.trial,
            *self.limits,
            self.stop_flag,
        )
        return self.progress()

    def _score(self, doubled_points: int) -> float:
        return float(doubled_points) / 2 / self.layout.target_cells.shape[0]

    def progress(self) -> Progress:
        m = self.meta
        waiting = int(m[COUNT] - m[SLOT]) if m[PHASE] == BEAM and not m[DONE] else 0
        return Progress(int(m[EXPANDED]), self._score(m[BEST_POINTS]), waiting, bool(m[DONE]))

    def best_moves(self):
        n = int(self.meta[BEST_LEN])
        return self._rolls(self.best_from[:n], self.best_dir[:n])

    def _played(self):
        """The rolls the run keeps so far: the same tuple while they have not changed (each frontier
        snapshot starts with them, and a big board's run keeps thousands)."""
        n = int(self.meta[MOVES])
        known = self._played_known
        if (
            known is None
            or len(known[2]) != n
            or not np.array_equal(known[0], self.move_from[:n])
            or not np.array_equal(known[1], self.move_dir[:n])
        ):
            known = self._played_known = (
                self.move_from[:n].copy(),
                self.move_dir[:n].copy(),
                self._rolls(self.move_from[:n], self.move_dir[:n]),
            )
        return known[2]

    def _rolls(self, cells: np.ndarray, directions: np.ndarray) -> tuple:
        """The rolls of (padded cell, direction) pairs; each Roll is made once per run. Made anew
        each time, the rolls of a run held the GIL for milliseconds on the solver's thread at
        every snapshot and every better answer, while the window's thread waited for it."""
        made = self._roll_of
        rolls = []
        for z, d in zip(cells.tolist(), directions.tolist()):
            roll = made.get((z, d))
            if roll is None:
                roll = made[z, d] = self.layout.roll(z, d)
            rolls.append(roll)
        return tuple(rolls)

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        """The boards of the running beam not yet expanded, as rolls from the start."""
        m = self.meta
        if m[PHASE] != BEAM or m[DONE]:
            return []
        played, level, cur = self._played(), int(m[LEVEL]), int(m[CUR])
        target = self.layout.cell(self.layout.target_cells[m[TARGET]])
        entries = []
        for slot in range(int(m[SLOT]), min(int(m[COUNT]), int(m[SLOT]) + limit)):
            path, s = [], slot
            for lv in range(level, 0, -1):
                move = int(self.hist_move[lv, s])
                path.append(move)
                s = int(self.hist_par[lv, s])
            rolls = self._path_rolls(path[::-1])
            facts = (("target", target), ("distance", int(self.ndist[cur, slot])), ("beams", int(m[BEAMS])))
            entries.append(FrontierEntry(float(self.nscore[cur, slot]), len(played) + level, played + rolls, facts))
        return entries

    def _path_rolls(self, moves) -> tuple:
        """Replay a beam path (ball slot * 4 + direction) from the beam's root positions."""
        grid = self.grid.copy()  # the chosen balls are off the grid while the beam runs
        k = int(self.meta[K])
        pos = {int(b): int(z) for b, z in zip(self.chosen[:k], self.root_pos[:k])}
        for b, z in pos.items():
            grid[z] = b
        deltas = self.layout.deltas
        rolls = []
        for move in moves:
            b, d = int(self.chosen[move >> 2]), move & 3
            z = end = pos[b]
            while grid[end + deltas[d]] == EMPTY:
                end += deltas[d]
            rolls.append(self.layout.roll(z, d))
            grid[z], grid[end] = EMPTY, b
            pos[b] = end
        return tuple(rolls)
