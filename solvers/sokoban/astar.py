"""Optimal Sokoban: A* over push states (``kernels.astar_slice``), fewest moves or fewest pushes.

The case's metric chooses what a push costs: the walk to it plus one (moves) or one (pushes).
The node arrays start small and double when the kernel asks for room, up to ``max_nodes``; the
search then gives up. A line that leaves a box off its goal is no answer, so the solver offers
none until a solution is popped, and ``no_answer`` says why there is none (no solution exists
from the position, or the state limit came first). The answer's walks are found again by
breadth-first search when the moves are asked for.
"""

from __future__ import annotations

import numpy as np

from solvers.base import FrontierEntry, Param, Progress, Solver

from .kernels import (
    DONE,
    EXHAUSTED,
    EXPANDED,
    FAR,
    FULL,
    HEAP,
    SOLUTION,
    SOLVED,
    USED,
    astar_slice,
    heap_key,
    matching_cost,
    neighbour_table,
    push_distances,
    rebuild_table,
)

LETTERS = "lurd"
OUT_OF_ROOM = 3  # meta[DONE] once max_nodes states are kept (the kernel stops at any non-zero DONE)
START_NODES = 1 << 14
BYTES_PER_NODE = 64  # about, for ten boxes: node arrays, the table at half load and the heap


def _zobrist(cells: int, salt: int) -> np.ndarray:
    rng = np.random.default_rng(salt)
    return rng.integers(1, np.iinfo(np.uint64).max, size=cells, dtype=np.uint64)


class AStarSolver(Solver):
    name = "astar"
    resumable = True  # astar_slice may stop after any expansion
    description = (
        "A* over pushes, h the cheapest matching of boxes to goals, with dead-square, frozen-box "
        "and matching deadlocks pruned: the fewest moves (or pushes, with --metric pushes); the "
        "frontier shows each state's f = g + h."
    )
    params = (
        Param(
            "max_nodes",
            int,
            4_000_000,
            1_000,
            64_000_000,
            f"the most states kept (about {BYTES_PER_NODE} bytes each)",
            label="State limit",
            turn="Higher: larger levels can be solved, with more memory; when the limit is reached the "
            "search stops without an answer.",
        ),
    )

    def __init__(self, puzzle, view, seed=0, **params):
        super().__init__(puzzle, view, seed, **params)
        case, state = view
        level = case.level
        self.level, self.start = level, state
        self.rows, self.cols = level.rows, level.cols
        cells = level.rows * level.cols
        self.walls = np.frombuffer(level.walls, dtype=np.uint8).copy()
        self.goals = np.frombuffer(level.goals, dtype=np.uint8).copy()
        self.nb = neighbour_table(level.rows, level.cols, self.walls)
        self.goal_dist = push_distances(self.nb, self.walls, self.goals)
        self.h_cell = self.goal_dist.min(axis=0) if len(self.goal_dist) else np.full(cells, FAR, dtype=np.int32)
        self.count_moves = case.metric == "moves"
        boxes = np.array(sorted(state.boxes), dtype=np.int16)
        self.zob_box, self.zob_player = _zobrist(cells, 1 + seed), _zobrist(cells, 2 + seed)
        self.meta = np.zeros(8, dtype=np.int64)
        self._allocate(min(START_NODES, self.settings["max_nodes"]), len(boxes))
        self.dist = np.zeros(cells, dtype=np.int32)
        self.stamp = np.zeros(cells, dtype=np.int64)
        self.queue = np.zeros(cells, dtype=np.int32)
        self.occ = np.zeros(cells, dtype=np.uint8)
        self.child = np.zeros(len(boxes), dtype=np.int16)
        # The matching's cost matrix and the Hungarian method's work rows (1-based, a spare slot).
        self.cost = np.zeros((len(boxes), len(boxes)), dtype=np.int64)
        self.work = np.zeros((6, len(boxes) + 1), dtype=np.int64)
        h = int(matching_cost(self.goal_dist, boxes, self.cost, self.work))
        root_hash = np.uint64(0)
        for b in boxes:
            root_hash ^= self.zob_box[b]
        root_hash ^= self.zob_player[state.player]
        self.nbox[0] = boxes
        self.nplayer[0], self.ng[0], self.npush[0], self.nh[0], self.nparent[0] = state.player, 0, 0, h, -1
        self.nhash[0] = root_hash
        self.meta[USED] = 1
        rebuild_table(self.table, self.nhash, 1)
        if h >= FAR:  # a box that can reach no goal: nothing to search
            self.meta[DONE] = EXHAUSTED
        else:
            self.hkey[0], self.hnode[0] = heap_key(h, 0), 0
            self.meta[HEAP] = 1
        self._answer: tuple | None = None

    def _allocate(self, nodes: int, boxes: int, keep: int = 0) -> None:
        """Node arrays for ``nodes`` states (the first ``keep`` copied over), the heap and the table."""
        old: tuple[np.ndarray | None, ...] = (
            self.__dict__.get("nbox"),
            self.__dict__.get("nplayer"),
            self.__dict__.get("ng"),
            self.__dict__.get("npush"),
            self.__dict__.get("nh"),
            self.__dict__.get("nparent"),
            self.__dict__.get("nclosed"),
            self.__dict__.get("nhash"),
        )
        self.nbox = np.zeros((nodes, max(boxes, 1)), dtype=np.int16)
        self.nplayer, self.ng, self.npush, self.nh, self.nparent = (np.zeros(nodes, dtype=np.int32) for _ in range(5))
        self.nclosed = np.zeros(nodes, dtype=np.uint8)
        self.nhash = np.zeros(nodes, dtype=np.uint64)
        arrays: tuple[np.ndarray, ...] = (
            self.nbox,
            self.nplayer,
            self.ng,
            self.npush,
            self.nh,
            self.nparent,
            self.nclosed,
            self.nhash,
        )
        for new, before in zip(arrays, old):
            if before is not None and keep:
                new[:keep] = before[:keep]
        heap = self.__dict__.get("hkey")
        self.hkey = np.zeros(4 * nodes, dtype=np.int64)
        hnode = self.__dict__.get("hnode")
        self.hnode = np.zeros(4 * nodes, dtype=np.int32)
        if heap is not None and hnode is not None:  # both or neither: made together
            size = int(self.meta[HEAP])
            self.hkey[:size], self.hnode[:size] = heap[:size], hnode[:size]
        self.table = np.full(1 << (2 * nodes - 1).bit_length(), -1, dtype=np.int32)
        if keep:
            rebuild_table(self.table, self.nhash, keep)

    @classmethod
    def warm_up(cls) -> None:
        from workbench.puzzles.sokoban import PUZZLE

        case = PUZZLE.generate(1, rows=6, cols=6, boxes=2)
        cls(PUZZLE, (case, PUZZLE.initial_state(case))).run_slice(100)

    def run_slice(self, max_expansions: int) -> Progress:
        left = max_expansions
        while left > 0 and not self.meta[DONE] and not self.stop_flag[0]:
            before = int(self.meta[EXPANDED])
            astar_slice(
                left,
                self.meta,
                self.nbox,
                self.nplayer,
                self.ng,
                self.npush,
                self.nh,
                self.nparent,
                self.nclosed,
                self.nhash,
                self.table,
                self.hkey,
                self.hnode,
                self.nb,
                self.walls,
                self.h_cell,
                self.goal_dist,
                self.goals,
                self.rows,
                self.cols,
                self.zob_box,
                self.zob_player,
                self.count_moves,
                self.dist,
                self.stamp,
                self.queue,
                self.occ,
                self.child,
                self.cost,
                self.work,
                self.stop_flag,
            )
            left -= int(self.meta[EXPANDED]) - before
            if not self.meta[FULL]:
                break
            self.meta[FULL] = 0
            size = self.nbox.shape[0]
            if size >= self.settings["max_nodes"]:
                self.meta[DONE] = OUT_OF_ROOM
                break
            self._allocate(min(2 * size, self.settings["max_nodes"]), self.nbox.shape[1], int(self.meta[USED]))
        solved = self.meta[DONE] == SOLVED
        best = float(self.ng[self.meta[SOLUTION]]) if solved else float("-inf")  # -inf: no answer yet
        return Progress(int(self.meta[EXPANDED]), best, int(self.meta[HEAP]), bool(self.meta[DONE]))

    @property
    def solved(self) -> bool:
        return self.meta[DONE] == SOLVED

    def best_moves(self):
        """The solution, once one is found; () before (a line with a box off its goal is no answer)."""
        return tuple(self._moves_to(int(self.meta[SOLUTION]))) if self.solved else ()

    def no_answer(self) -> str:
        if self.meta[DONE] == EXHAUSTED:
            return "no solution exists from this position: every push state it can reach was tried"
        if self.meta[DONE] == OUT_OF_ROOM:
            return (
                f"no solution found within the state limit ({self.settings['max_nodes']} states); "
                "a higher State limit may find one"
            )
        return ""

    # ------------------------------------------------------------ moves from push states
    def _walk(self, start: int, goal: int, boxes: set[int]) -> str:
        """The steps from ``start`` to ``goal`` around ``boxes`` (breadth-first, l u r d order)."""
        if start == goal:
            return ""
        came = {start: (-1, "")}
        todo, head = [start], 0
        while head < len(todo):
            cell = todo[head]
            head += 1
            for d in range(4):
                nxt = int(self.nb[cell, d])
                if nxt < 0 or nxt in boxes or nxt in came:
                    continue
                came[nxt] = (cell, LETTERS[d])
                if nxt == goal:
                    steps = []
                    while nxt != start:
                        nxt, letter = came[nxt]
                        steps.append(letter)
                    return "".join(reversed(steps))
                todo.append(nxt)
        raise RuntimeError("a push state the player cannot walk to")  # the kernel only pushes from reached cells

    def _moves_to(self, node: int) -> list[str]:
        chain = []
        while node >= 0:
            chain.append(node)
            node = int(self.nparent[node])
        chain.reverse()
        moves: list[str] = []
        for before, after in zip(chain, chain[1:]):
            old, new = set(self.nbox[before].tolist()), set(self.nbox[after].tolist())
            (box,), (to,) = old - new, new - old
            d = next(d for d in range(4) if int(self.nb[box, d]) == to)
            stand = int(self.nb[box, (d + 2) % 4])
            moves.extend(self._walk(int(self.nplayer[before]), stand, old))
            moves.append(LETTERS[d])
        return moves

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        size = int(self.meta[HEAP])
        order = np.argsort(self.hkey[:size], kind="stable")
        entries, seen = [], set()
        for index in order:
            node = int(self.hnode[index])
            if self.nclosed[node] or node in seen:
                continue
            seen.add(node)
            g, h = int(self.ng[node]), int(self.nh[node])
            home = int(sum(int(self.goals[b]) for b in self.nbox[node]))
            moves = tuple(self._moves_to(node))
            entries.append(
                FrontierEntry(
                    float(-(g + h)),
                    len(moves),
                    moves,
                    (("f", g + h), ("g", g), ("h", h), ("pushes", int(self.npush[node])), ("boxes home", home)),
                )
            )
            if len(entries) >= limit:
                break
        return entries
