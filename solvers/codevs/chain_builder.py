"""Chain builder: plays the game turn by turn, replanning with a beam search each turn.

Each turn a beam plan (``beam.plan_slice``) looks ``depth`` packs ahead; the
best fire plan is the one whose ``ojama * discount^-d`` is largest (the
write-up's timing rule), and the turn plays its first command: that fires when
the peak is now and builds towards it otherwise. With no fire in sight the
turn plays the first command towards the best-evaluated node. Commands are
committed through the engine, so the answer is legal by construction.

``best_moves()`` is the committed commands followed by the current plan up to
its firing turn. The generic ``solve`` runs one solver on the start state, so
the turn loop lives here, and the number of turns to play is the ``turns``
parameter. A node budget makes the answer reproducible however it is sliced;
``turn_seconds`` (off by default) caps a turn's search by the clock instead.
"""

from __future__ import annotations

import time

import numpy as np

from workbench.puzzles.codevs import PUZZLE, Case, Drop, State
from workbench.puzzles.codevs.field import HEIGHT, WIDTH, rotate
from workbench.puzzles.codevs.rules import chain_score

from ..base import FrontierEntry, Param, Progress, Solver
from . import beam
from .beam import COUNT, CUR, DEPTH, DONE, EXPANDED, FIRE_CHAIN, FIRE_DEPTH, META
from .kernels import NODE, key_facts, node_of, zobrist_table

CHUNK = 16  # expansions between clock checks when a turn has a time cap
MAX_CHAIN = WIDTH * HEIGHT // 2  # every chain erases at least a pair


def decode(code: int) -> Drop:
    return Drop(int(code) >> 2, int(code) & 3)


class ChainBuilder(Solver):
    name = "chain-beam"
    resumable = True  # plan_slice may stop after any expansion
    description = (
        "Turn-by-turn beam search over drops (Zobrist dedup, candidate-chain "
        "evaluation); fires when ojama * discount^-depth peaks."
    )
    turn_cap = "turn_seconds"  # a per-turn default budget caps each turn here
    params = (
        Param(
            "turns",
            int,
            500,
            1,
            500,
            "turns to play (the answer's length, at most the case's K)",
            label="Turns to play",
            turn="Fewer: a shorter answer, found sooner; more: the whole game (up to the case's K).",
        ),
        Param(
            "width",
            int,
            300,
            1,
            20000,
            "beam width: nodes kept per depth",
            label="Beam width",
            turn="Higher: longer chains, slower turns; lower: faster, smaller chains.",
        ),
        Param(
            "depth",
            int,
            10,
            1,
            30,
            "packs looked ahead each turn",
            label="Look-ahead (packs)",
            turn="Higher: plans bigger chains further ahead, slower turns; lower: faster, shorter plans.",
        ),
        Param(
            "discount",
            float,
            1.1,
            1.0,
            2.0,
            "a fire d turns ahead is worth ojama * discount^-d",
            label="Future discount",
            turn="Higher: prefers firing a chain sooner; 1.0: a later, bigger chain counts in full.",
        ),
        Param(
            "turn_seconds",
            float,
            0.0,
            0.0,
            600.0,
            "clock cap on one turn's search (0: none; a cap makes runs irreproducible)",
            label="Turn time cap (s)",
            turn="0 (no cap): every turn searches its whole beam, same seed same answer; a cap bounds each "
            "turn's time but the answer then depends on the machine's speed.",
        ),
    )

    def __init__(self, puzzle, view, seed=0, **params):
        super().__init__(puzzle, view, seed, **params)
        self.case, self.state = view
        self.start_turn = self.state.turn
        self.last_turn = min(self.case.turns, self.start_turn + self.settings["turns"])
        width, depth = self.settings["width"], self.settings["depth"]
        self.width = width
        self.zobrist = zobrist_table(seed)
        self.buf = beam.buffers(width, depth)
        self.meta = np.zeros(META, dtype=np.int64)
        self.fire_value = np.zeros(1, dtype=np.float64)
        self.child = np.zeros(NODE, dtype=np.int8)
        self.scratch = np.zeros(NODE, dtype=np.int8)
        self.dirty = np.zeros(10, dtype=np.int64)
        self.marks = np.zeros(NODE, dtype=np.int8)
        self.ojama_of = np.array([chain_score(c) // 2 for c in range(MAX_CHAIN + 1)], dtype=np.int64)
        self.committed: list = []
        self.turn_started = time.perf_counter()
        self.finished = False
        self._start_turn()

    # ------------------------------------------------------------- turns
    def _start_turn(self) -> None:
        turn = self.state.turn
        depth = min(self.settings["depth"], self.last_turn - turn)
        if depth <= 0 or self.state.field.over_danger_line():
            self.finished = True
            return
        packs = np.zeros((depth, 4, 4), dtype=np.int8)
        for d in range(depth):
            for r in range(4):
                packs[d, r] = rotate(self.case.packs[turn + d], r)
        self.packs = packs
        self.incoming = np.array([self.case.incoming_before(turn + d) for d in range(depth)], dtype=np.int64)
        self.fire_value[0] = 0.0
        beam.start_plan(
            self.meta, self.buf["nodes"], self.buf["stocks"], node_of(self.state.field), self.state.stock, depth
        )
        self.turn_started = time.perf_counter()

    def _plan(self) -> list[Drop]:
        """The current plan: to the best fire, else to the best node of the deepest level."""
        if self.meta[FIRE_DEPTH]:
            return [decode(c) for c in self.buf["fire_path"][: self.meta[FIRE_DEPTH]]]
        path = np.zeros(self.settings["depth"] + 1, dtype=np.int32)
        length = beam.leaf_path(self.meta, self.buf["hist_par"], self.buf["hist_move"], path)
        return [decode(c) for c in path[:length]]

    def _commit(self) -> None:
        plan = self._plan()
        if not plan:  # every drop of this turn's pack ends over the danger line
            self.finished = True
            return
        self.state = self.puzzle.apply(self.case, self.state, plan[0]).state
        self.committed.append(plan[0])
        self._start_turn()

    # ------------------------------------------------------------- Solver
    def run_slice(self, max_expansions: int) -> Progress:
        left = max_expansions
        cap = self.settings["turn_seconds"]
        while left > 0 and not self.finished and not self.stop_flag[0]:
            before = self.meta[EXPANDED]
            chunk = min(left, CHUNK) if cap else left
            b = self.buf
            beam.plan_slice(
                chunk,
                self.meta,
                self.fire_value,
                *(b[name] for name in beam.PLAN_BUFFERS),
                self.packs,
                self.incoming,
                self.ojama_of,
                self.settings["discount"],
                self.width,
                self.zobrist,
                self.child,
                self.scratch,
                self.dirty,
                self.marks,
                self.stop_flag,
            )
            left -= int(self.meta[EXPANDED] - before)
            out_of_time = cap and self.meta[DEPTH] >= 1 and time.perf_counter() - self.turn_started >= cap
            if self.meta[DONE] or out_of_time:
                self._commit()
        return self.progress()

    def progress(self) -> Progress:
        planned = 0 if self.finished else int(self.ojama_of[self.meta[FIRE_CHAIN]])
        best = max(self.state.best_ojama, planned)
        open_nodes = 0 if self.finished else int(self.meta[COUNT])
        return Progress(int(self.meta[EXPANDED]), best, open_nodes, self.finished)

    def best_moves(self) -> list:
        return self.committed + ([] if self.finished else self._plan())

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        if self.finished:  # nothing left to expand: show the answer played
            s = self.state
            return [
                FrontierEntry(
                    float(s.best_ojama),
                    len(self.committed),
                    tuple(self.committed),
                    (("answer", "final"), ("chain", s.max_chain), ("ojama", s.best_ojama)),
                )
            ]
        entries = []
        if self.meta[FIRE_DEPTH]:
            chain = int(self.meta[FIRE_CHAIN])
            plan = self._plan()
            entries.append(
                FrontierEntry(
                    float(self.fire_value[0]),
                    len(self.committed) + len(plan),
                    tuple(self.committed + plan),
                    (
                        ("planned fire", f"turn {self.state.turn + len(plan)}"),
                        ("chain", chain),
                        ("ojama", int(self.ojama_of[chain])),
                    ),
                )
            )
        b = self.buf
        depth = int(self.meta[DEPTH])
        path = np.zeros(depth + 1, dtype=np.int32)
        for slot in range(min(limit - len(entries), int(self.meta[COUNT]))):
            beam.path_to(b["hist_par"], b["hist_move"], depth, slot, path)
            chain, blocks = key_facts(int(b["node_keys"][self.meta[CUR], slot]))
            entries.append(
                FrontierEntry(
                    float(chain),
                    len(self.committed) + depth,
                    tuple(self.committed + [decode(c) for c in path[:depth]]),
                    (("candidate chain", chain), ("candidate ojama", int(self.ojama_of[chain])), ("blocks", blocks)),
                )
            )
        return entries

    @classmethod
    def warm_up(cls) -> None:
        case = Case(((1, 9, 2, 8), (5, 5, 3, 7), (4, 6, 1, 0)), 3)
        cls(PUZZLE, (case, State()), width=4, depth=2, turns=3).run_slice(100)
