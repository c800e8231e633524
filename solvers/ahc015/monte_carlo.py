"""Monte Carlo playouts: the tilt whose random futures end best on average.

For the one tilt to choose now, each candidate is followed by many random
futures (uniform drops for the unrevealed candies; their flavours are public)
played out with rule 2, and the best mean final score wins (ymatsux's 3rd
place solution). One playout is one expansion. Playouts go in rounds: round r
plays the same future after every tilt, so a slice may stop anywhere and the
same seed and node budget give the same choice. The tilts race: once one is
clearly beaten (``confidence`` standard errors) it gets no more playouts, and
the turn ends when one tilt is left, so its time goes to the later turns.

A turn has about 20 ms of a 2 s game, while callers slice by a fixed number of
expansions (2000 by default: 40 ms of whole-game playouts). So a slice also
stops after ``DROPS_PER_SLICE`` simulated drops, keeping the budget checks a
few milliseconds apart; and a turn left without any playout (its budget spent)
plays rule 2 rather than a blind tilt.
"""

from __future__ import annotations

import numpy as np

from workbench.puzzles.ahc015.box import CANDIES, TILTS, Box, contest_score, score_parts, tilted_cells

from ..base import FrontierEntry, Param, Progress, Solver
from .kernels import CELLS, NO_TILT, RULE2, monte_carlo_slice, rule_tilt

# After candy 99 drops, candy 100 can only go into the last empty cell: no randomness left.
LAST_RANDOM_TURN = CANDIES - 2
DROPS_PER_SLICE = 16384  # about 3 ms of playouts
# Time a turn saves goes to the turns after it; from here on few are left to use it.
LAST_EARLY_STOP_TURN = 80


def last_vertical_code(view: Box) -> int:
    move = view.last_vertical_tilt
    return NO_TILT if move is None else TILTS.index(move)


def box_arrays(view: Box) -> tuple[np.ndarray, np.ndarray]:
    return (np.frombuffer(view.cells, dtype=np.uint8).copy(), np.frombuffer(view.flavours, dtype=np.uint8).copy())


class MonteCarloSolver(Solver):
    name = "monte-carlo"
    description = (
        "Per turn, plays random futures after each tilt with rule 2 (by default) and "
        "picks the best mean final score (one playout = one expansion)."
    )
    params = (
        Param(
            "playout_rule",
            int,
            2,
            1,
            2,
            "policy of the playouts: 1 = rule 1, 2 = rule 2",
            label="Playout policy",
            turn="2 (the default) plays the playouts out like a good player, so the estimates are closer "
            "to real games; 1 is simpler and a little faster.",
        ),
        Param(
            "confidence",
            float,
            3.0,
            0.0,
            100.0,
            "a tilt the leader beats by this many standard errors gets no more playouts, and "
            "the turn ends when one is left (0: all four to the end of the budget); the time "
            f"saved goes to the later turns, so turns after {LAST_EARLY_STOP_TURN} use their whole share",
            label="Early-stop confidence",
            turn="Higher: fewer early stops, each choice is surer but uses more of the turn; lower: turns "
            "end sooner and leave time to later turns; 0 switches early stops off.",
        ),
        Param(
            "min_rounds",
            int,
            32,
            1,
            1 << 30,
            "playouts per tilt before any tilt leaves the race",
            label="Playouts before an early stop",
            turn="Higher: a tilt needs more evidence before it is dropped (safer, slower); lower: quicker "
            "decisions that are sometimes wrong.",
        ),
    )

    def __init__(self, puzzle, view: Box, seed: int = 0, **params):
        super().__init__(puzzle, view, seed, **params)
        self.root, self.flavours = box_arrays(view)
        self.den = score_parts(view)[1]
        self.now = contest_score(score_parts(view)[0], self.den)
        self.last_vertical = last_vertical_code(view)
        self.confidence = self.settings["confidence"] if view.turn <= LAST_EARLY_STOP_TURN else 0.0
        self.salt = np.uint64(seed & (2**64 - 1))
        # playouts done, 1 once one tilt is left in the race, the round under way, the next tilt
        self.counters = np.zeros(4, dtype=np.int64)
        self.active = np.ones(len(TILTS), dtype=np.uint8)  # the tilts still in the race
        self.round_values = np.zeros(len(TILTS), dtype=np.float64)
        self.round_sums = np.zeros(len(TILTS), dtype=np.float64)
        self.diff_squares = np.zeros((len(TILTS), len(TILTS)), dtype=np.float64)
        self.sums = np.zeros(len(TILTS), dtype=np.float64)
        self.counts = np.zeros(len(TILTS), dtype=np.int64)
        self.work = np.zeros(CELLS, dtype=np.uint8)
        self.seen = np.zeros(CELLS, dtype=np.uint8)
        self.stack = np.zeros(CELLS, dtype=np.int64)

    @classmethod
    def warm_up(cls) -> None:
        cls(None, Box.empty(bytes([1, 2, 3] * 33 + [1]))).run_slice(8)

    @property
    def finished(self) -> bool:
        """Nothing left to learn: the last tilt is a no-op, or the futures are all alike."""
        if self.view.turn == CANDIES or self.counters[1]:
            return True
        return self.view.turn > LAST_RANDOM_TURN and self.counters[0] >= len(TILTS)

    def _capped_slice(self, asked: int) -> int:
        """At most ``DROPS_PER_SLICE`` simulated drops; one round once the futures are all alike."""
        if self.view.turn > LAST_RANDOM_TURN:
            return min(asked, len(TILTS) - int(self.counters[0]))
        return min(asked, max(len(TILTS), DROPS_PER_SLICE // (CANDIES - self.view.turn)))

    def run_slice(self, max_expansions: int) -> Progress:
        if not self.finished:
            monte_carlo_slice(
                self._capped_slice(max_expansions),
                self.counters,
                self.sums,
                self.counts,
                self.round_values,
                self.round_sums,
                self.diff_squares,
                self.active,
                self.root,
                self.view.turn,
                self.flavours,
                self.last_vertical,
                self.settings["playout_rule"],
                self.salt,
                self.confidence,
                self.settings["min_rounds"],
                self.work,
                self.seen,
                self.stack,
            )
        return Progress(int(self.counters[0]), max(self.means(), default=self.now), len(TILTS), self.finished)

    def means(self) -> list[float]:
        """Mean final contest score after each tilt (only tilts with a playout)."""
        return [1e6 * self.sums[t] / self.counts[t] / self.den for t in range(len(TILTS)) if self.counts[t]]

    def ranked(self) -> list[int]:
        """Tilt codes: those still in the race first, each group by best mean (the first
        tilt in FBLR order wins a tie)."""
        tried = [t for t in range(len(TILTS)) if self.counts[t]]
        return sorted(tried, key=lambda t: (not self.active[t], -self.sums[t] / self.counts[t], t))

    def best_moves(self):
        ranked = self.ranked()
        if ranked:
            return (TILTS[ranked[0]],)
        if self.view.next_flavour is None:
            return (TILTS[0],)  # the last tilt: the box is full, any tilt will do
        return (TILTS[rule_tilt(RULE2, self.view.next_flavour, self.last_vertical)],)

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        """This turn's tilts in ``ranked`` order (the one it plays first); tilts that leave the
        same box are one row ("F or L"), since they are the same position."""
        if self.view.turn == CANDIES:  # the box is full: any tilt ends the game at today's score
            return [FrontierEntry(float(self.now), 1, (TILTS[0],), (("tilt", "any (the box is full)"),))]
        rows: dict[bytes, list[int]] = {}
        for t in self.ranked():
            rows.setdefault(tilted_cells(self.view.cells, TILTS[t]), []).append(t)
        entries = []
        for tilts in list(rows.values())[:limit]:
            t = tilts[0]
            mean = 1e6 * self.sums[t] / self.counts[t] / self.den
            entries.append(
                FrontierEntry(
                    mean,
                    1,
                    (TILTS[t],),
                    (
                        ("tilt", " or ".join(TILTS[u] for u in tilts)),
                        ("playouts", int(sum(self.counts[u] for u in tilts))),
                        ("mean", round(mean)),
                    ),
                )
            )
        return entries
