"""The ahc011 solver: anneal many target trees, beam-search the most promising.

Work comes in jobs (``attempt``): annealing target tree k (a few
ms to 0.1 s; for the slide-by-slide search, a tree that leaves the empty square in
the centre: CENTRE_TRIES), and a search sliding the tiles toward target k (on one thread,
0.2 s slide by slide on a 6x6 board, 0.5-0.7 s on a 10x10). The travel of a
target (how far its tiles must go, ``matching``) predicts the search's answer,
so the solver anneals ``screen`` targets (``move_screen`` for the
slide-by-slide search) for every new search and searches the least-travel
target not searched yet (on 10x10 boards, where a target takes 80 ms to anneal, half as many:
HALF_SCREEN_SIDES). On boards up to PILOT_SIDE not pooled (see below: 6x6) the slide search's own
answer at a twentieth of its width (a trial, ``pilot_width``) predicts it
better (at N = 6, the best of 8 targets by trial came within 3.2 slides of the
best full search, by travel within 6.5), so there each new target gets a trial
and the shortest trial is searched first. Once there is an answer, one search
of each batch runs again on the target of the shortest answer with a new
random stream (on 9x9 and 10x10 boards the best target's next runs averaged
about 5% fewer slides than new targets' first); on boards up to 7x7 it starts
from the board a third of the way along that answer (TAIL_SHARE). The search is a beam over
single slides ranked by travel (``move_beam``) on boards up to
``move_side``; it ends early on a near board finished through one small window
(``window_finish``), and where it stalls that finish or, if the tiles left are far
apart, the beam over the ring-by-ring placement plan (``beam``) finishes from
the least-travel board it reached. Larger boards use
the plan only. The plan ends on a 3x3 block solved exactly. On 7x7 and 8x8
boards the first searches pool the targets instead (``pool_targets``): that
many targets are annealed, then one slide search starts from one board per
target, each board ranked toward its own, and keeps whichever target it
reaches cheapest (a search at full width, then one as wide as the time left
allows; no other job starts while one runs, so the first one's time sizes the second). On 9x9
boards each new search goes toward all its ``move_screen`` screened targets at once the same way
(GROUP_SIDES). A third kind of
job shortens answers (``shortcut``: stretches of slides that only rearrange a
window of up to ``shortcut_cells`` cells, replaced by the fewest that do; 2-8%
of the slides at N = 7..10): each answer that may still come out shortest
(within SHORTEN_MARGIN of the shortest shortened one), before any new search.
The shortest full-tree answer wins.

Jobs run two at a time on worker threads (the kernels release the GIL; in the
app, on as many threads as leave the window a core: ``base.limit_threads``).
Under a node budget they run in batches, decided between batches from finished
results only, so the answer never depends on timing. Budget accounting: a job
costs an estimate of its work in expansions; a slice adds its allowance to a
running total and starts batches while the cost spent is below that total, so
which jobs run depends on the node budget only, not on how it is sliced: same
seed + same node budget -> same answer. Under a time budget a thread starts its
next job as soon as it is free (the jobs under way run on between slices until
the run ends: ``end_run``), and a search that would not end by the deadline at
full width gets narrower beams that fit the time left (``_scale``). Once there
is an answer, searches still running at the deadline are stopped (their answers
dropped), so a run ends on time. Until there is one (say the kernels were
still compiling on a first run), the run goes on past the deadline until a
search ends with one, for at most NO_ANSWER_GRACE seconds (the driver's
watchdog then stops it), so a timed run rarely comes back empty. Boards larger
than the contest's (GRACE_SIDE) get no grace: their first search can take
minutes, and the budget is the user's. A cancel stops the jobs under way at
once (every kernel reads the stop flag).
"""

from __future__ import annotations

import math
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from functools import reduce

import numpy as np

from workbench.puzzles.ahc011.board import slide
from workbench.puzzles.ahc011.scoring import contest_score

from ..base import FrontierEntry, Param, Progress, Solver, threads_for
from .attempt import cut_shortcuts, make_target, slide_into, slide_toward_any
from .grid import LETTERS, cancel_back_and_forth
from .target import centre_cell
from .tiny import best_tiny_answer

MIN_SIDE = 3  # the smallest board the plan's final block fits
WORKERS = 2  # this machine's cores; a batch runs this many jobs at once
# Anneal a target; search by the plan; slide by slide, then the plan; cut shortcuts into an answer;
# slide by slide toward whichever of many targets is cheapest (``pool_targets``); slide by slide toward
# whichever of a new search's screened targets is cheapest (GROUP_SIDES); slide by slide from a board
# part of the way along the shortest answer (TAIL_SHARE).
BUILD, SLIDE, SLIDE_MOVES, SHORTEN, POOLED, GROUPED, TAIL = 0, 1, 2, 3, 4, 5, 6
# An answer is shortened while it is at most this much longer than the shortest shortened answer
# (shortcuts cut 2-8% of the slides at N = 7..10, and not the same share from every answer).
SHORTEN_MARGIN = 0.06
SHORTEN_COST = 10  # expansions charged per slide of a shortened answer
# Annealing steps charged as one expansion (25 before the annealer cached each type's travel,
# which made a step about twice as fast).
ANNEAL_STEPS_PER_EXPANSION = 50
HANDOVER_RATE = 100.0  # the slide-by-slide search hands its least-travel board to the plan
NO_ANSWER_GRACE = 5.0  # seconds past a time budget's end allowed to find a first answer
GRACE_SIDE = 10  # the contest's largest board: past it a first answer can take minutes, so no grace
FIRST_TARGETS = 200  # past the deadline with no answer yet, anneal at most this many targets
# A search's random stream is its target's index k; run r >= 1 of the same target uses k + r * RUN_STRIDE.
RUN_STRIDE = 1 << 24
# Under a time budget, a search that would not end by the deadline at full width (it starts with
# less time left than the longest full search so far took) gets FIT_SHARE of the widths that fit,
# at least MIN_SCALE of them (a search's time grows about as its widths).
FIT_SHARE = 0.8
MIN_SCALE = 0.05
# Until a full-width search of a kind has been timed, its seconds are guessed from its cost
# (``_search_cost``): the slowest per-cost times seen at N = 6..10 on one core (slide by slide:
# 19e-6 s at N = 7, by ``bench.ahc011_search``; the 10e-6 guessed before was 3.5x short). Without
# the guess a short budget's first search always ran at full width, and ``solve --time 1`` at
# N = 7 or 10 ended 0.2-0.6 s late waiting for it.
FIRST_SEARCH_SECONDS_PER_COST = {SLIDE: 55e-6, SLIDE_MOVES: 20e-6}
# ``move_width`` is the slide search's width up to WIDTH_SIDE; a larger board of side N gets
# (WIDTH_SIDE / N) ** WIDTH_POWER of it. A search's time grows about as N ** 3 at one width (its depth),
# each child's cost hardly with N since its travel is updated (``moved_matching``): 2680 at N = 8 and
# 1882 at N = 9. Against (7 / N) ** 4 (2345, 1464), +3.6k points a case at N = 8 (3 s, one core, seeds
# 7000-7099).
WIDTH_SIDE, WIDTH_POWER = 7, 3
# Boards up to this side rank new targets by a trial search (``pilot_width``). On larger boards a
# trial 150-200 wide ranked targets worse than travel (Spearman 0.21-0.26 with the full search's
# slides at N = 8-9, travel 0.35-0.36), and at 3 s on one core cost 5.2k points a case at N = 8-10.
# 7x7 boards pool their targets instead (POOL_SIDES), so only 6x6 boards get trials by default.
PILOT_SIDE = 7
# Boards of these sides get the pooled search (``pool_targets``; see ``_in_pool_stage``).
POOL_SIDES = (7, 8)
# Under a time budget, targets for the pooled search are annealed for at most this share of it (0.45
# gave -0.5k points a case at N = 6-8, 96 cases, seeds 39000-39159: more targets, narrower searches).
POOL_BUILD_SHARE = 0.3
# A pooled search's time grows a little faster than its widths: at N = 6, 8 and 12 times as wide took 10
# and 14 times as long (a larger hash table, fewer cache hits). Its time varies more than a single
# search's, so the wide one gets POOL_FIT_SHARE of the time left (at FIT_SHARE, 1 in 4 at N = 7 was
# still running at the deadline, and its answer was lost).
POOL_TIME_POWER, POOL_FIT_SHARE = 1.1, 0.65
# A pooled search's random stream: POOL_STREAM + its run number (targets' streams are far below).
POOL_STREAM = 1 << 40
# On boards of these sides each new slide search goes toward its ``move_screen`` screened targets at
# once (least travel first) and keeps whichever it reaches cheapest, in about the time of a search
# toward the least-travel one alone. Offline, one search each, shortened (24 cases a side, seeds
# 51000-51119), toward 8 targets / the best 4 / the least-travel one alone: N = 9 313.3 / 315.8 /
# 327.8 slides (322.3 against 328.0 on seeds 51120-51239), but N = 10 425.0 / 416.2 / 413.5 (its
# narrower beam spread over more boards), N = 8 244.3 / 241.8 / 241.0 and N = 6 110.4 / 110.3 / 109.8.
# At 3 s on one core, N = 9: +1.0k points a case (160 cases, seeds 53003-53798, p = 0.065; K 304.0 ->
# 301.0) and +0.6k (160 cases, seeds 54003-54798, p = 0.27). Groups of 16 (move_screen 16) went 4.5
# slides shorter offline but lost 1.2k points a case in the solver (seeds 55003-55798, p = 0.03): each
# search waited for twice the annealing; groups of 4 tied (-0.2k, seeds 56003-56798, p = 0.76).
GROUP_SIDES = (9,)
# On boards of these sides a new slide search waits for half of ``move_screen`` annealed targets: there
# annealing one takes 80 ms, and the first search started at 0.55-0.7 s of 3; three searches ran in all.
# At 3 s on one core, N = 10: move_screen 4 against 8, +0.9k points a case (160 cases, seeds 59004-59799,
# p = 0.11, Wilcoxon 0.018; K 412.5 -> 408.9), confirmed +2.3k (seeds 62004-62799, p = 5e-4) and +1.9k
# (seeds 63004-63799, p = 0.002); 2 against 4 tied (+0.1k, seeds 60004-60799), and with 4, tree_steps 500
# lost 0.7k (seeds 61004-61799, p = 0.32).
HALF_SCREEN_SIDES = (10,)
# Once there is an answer, the slide search runs again on its target from the board TAIL_SHARE of the
# way along the shortest answer, with a new random stream, rather than from the start: the beam
# starts again from one good board, so it takes another way through the rest, and it has fewer
# levels to go. Offline, 40 cases each (seeds 70600-70799), one tail search against one whole
# search again: N = 6 116.2 -> 113.0 slides (again from the start: 115.3) in 0.77 of the time,
# N = 7 170.2 -> 165.5 (167.9) in 0.66; from half way 114.5 and 166.8, from two thirds 115.6 and 167.3;
# on seeds 70800-70999, 115.3 -> 112.7 (113.9) and 166.9 -> 162.9 (165.6), from 0.15 or 0.25 of the
# way 111.8-112.0 and 162.8-164.5. At 3 s on one core, N = 6: +0.6k points a case (160 cases, seeds
# 71000-71795, p = 0.027), +1.0k (72000-72795, p = 0.002), +1.1k (73000-73795, p = 2e-5); N = 7 +0.4k
# (71001-71796, p = 0.27). Twice as many tails as new searches lost 0.4k at N = 6 (p = 0.11). Boards
# past TAIL_SIDE keep the whole search again: on 53 cases each (seeds 71002-71799) N = 8, 9, 10
# gave +0.8k, -0.05k, -0.6k, and on 32 each (74000-74159) -1.1k, -1.2k, -1.1k (N = 6 +1.5k, N = 7 +0.5k).
TAIL_SHARE, TAIL_SIDE = 0.33, 7
# Targets of the slide search leave the empty square in the centre: at equal travel its last tiles
# are nearer the empty square's end, where a corner has two neighbours and is as far from most cells
# as a cell can be. Offline, one search toward the least-travel of 4 targets (80 cases a side, seeds
# 96500-96899): N = 6 -0.9 slides (-0.8%), 7 -7.1 (-4.2%), 8 -10.7 (-4.4%), 9 -17.9 (-5.6%), 10 -28.1
# (-6.6%), though its travel is 1-2 steps more (the cells nearest the start's empty square, or random ones,
# gave 7-12 fewer at N = 9, the centre 18). At 3 s on one core: +4.6k, +3.4k and +3.7k points a case (160
# cases each, seeds 97000-99159, t = 6.0, 4.7, 5.3; N = 6 +1.5k to +2.6k, N = 10 +5.4k to +7.4k). A case's
# tiles may fit no tree with the empty square there (at N = 6, 1 case in 60 found none in 4 tries; the
# generator's tree has it in the corner): after CENTRE_TRIES such targets and no tree, targets go back
# to the corner.
CENTRE_TRIES = 4
_pools: dict[int, ThreadPoolExecutor] = {}  # by thread count


def slide_search_width(n: int, move_width: int) -> int:
    """The slide-by-slide search's beam width on an n x n board (see WIDTH_SIDE)."""
    if n <= WIDTH_SIDE:
        return move_width
    return max(1, round(move_width * (WIDTH_SIDE / n) ** WIDTH_POWER))


def _pool() -> ThreadPoolExecutor:
    """The threads the jobs run on: WORKERS, or fewer when the app keeps a core for its window
    (the jobs of a batch are the same either way, so the answer is too)."""
    count = threads_for(WORKERS)
    if count not in _pools:
        _pools[count] = ThreadPoolExecutor(max_workers=count, thread_name_prefix="ahc011")
    return _pools[count]


def _tiles_of(board) -> np.ndarray:
    """A board's tiles as the kernels take them."""
    return np.frombuffer(board.tiles, dtype=np.uint8).astype(np.int64)


class ScreenedBeamSolver(Solver):
    name = "screened-beam"
    description = ("Target trees annealed toward short tile travel; beam search over slides "
                   "(the contest's boards) or over which tile fills each cell (larger ones), on the most "
                   "promising targets (on 7x7 and 8x8 boards, one search toward many targets at once)")
    params = (
        # 1000 rather than 300 since the annealer caches each type's travel (twice as fast). At 3 s
        # on one core, against 300 uncached: +2.5k points a case on seeds 31000-31079 (where 600 to
        # 2000 all gave +1.5k to +2.0k over the cache alone), +1.7k and +1.5k on 32000-32079 and
        # 33000-33079.
        Param("tree_steps", int, 1000, 1, 100_000, "annealing steps per target tree, per cell",
              label="Annealing steps per cell",
              turn="Higher: target trees closer to the start board (fewer slides), slower; lower: faster."),
        Param("screen", int, 3, 1, 1000, "targets annealed per placement search", label="Targets screened",
              turn="Higher: more candidate trees compared before one is placed (slower, often shorter "
                   "answers); lower: faster."),
        Param("width", int, 100, 1, 2000, "beam width over placement steps", label="Placement beam width",
              turn="Higher: better tile placements, slower and more memory; lower: faster, rougher."),
        Param("branch", int, 3, 1, 10, "tiles of the wanted type tried per state and step",
              label="Tiles tried per step",
              turn="Higher: a wider choice for each cell (slower); lower: greedier and faster."),
        Param("noise", float, 3.0, 0.0, 100.0, "random spread when ranking the tiles of a type",
              label="Tile ranking noise",
              turn="Higher: more varied attempts, which helps escape a bad first choice; lower: greedier "
                   "ranking; 0: no randomness."),
        Param("lookahead", float, 1.0, 0.0, 10.0, "weight of the coming cells' distance to their tiles",
              label="Look-ahead weight",
              turn="Higher: keeps tiles near the cells still to fill; 0: only the current cell counts."),
        # 9: since the slide search minds swapped pairs (move_beam.SWAP_WEIGHT) it beats the plan at N = 8
        # (+10.5k points a case at 3 s on one core, seeds 7000-7199), and since it keeps each board's matching
        # (twice as fast) at N = 9 too: with the faster search and these widths, N = 9 gained +6.7k on the
        # tuning range (seeds 7000-7099), +4.7k and +7.4k held out (20000-20099, 21000-21099; 20 cases each).
        # 10: at N = 10 it lost 1.5k to the plan then (20 cases, seeds 7000-7099), but with today's search
        # (the late beam, window finishes, swapped pairs) it takes 8% fewer slides: +9.0k points a case at
        # 3 s on one core (80 cases, seeds 36004-36399, 65 wins, 14 losses).
        Param("move_side", int, 10, 0, 20, "boards up to this side are searched slide by slide",
              label="Slide-search board size",
              turn="Higher: bigger boards also get the slide-by-slide search (fewer slides, much slower); "
                   "lower: faster placement-only answers; 0 switches it off."),
        Param("move_width", int, 4000, 1, 100_000, "beam width of the slide-by-slide search up to 7x7 (then less)",
              label="Slide-search beam width",
              turn="Higher: fewer slides in the answer, slower and more memory; lower: faster."),
        # 8: at 3 s on one core, +5.1k points a case over screen's 3 (80 cases of N = 6-7, seeds 7000-7199,
        # p = 0.001; 20 gave +3.8k), and +3.0k on 200 held-out cases of N = 6-7 (seeds 12000-12199,
        # 14000-14099, 15000-15199; p = 4e-4). On the larger boards 8 changed nothing (-0.9k, p = 0.14).
        Param("move_screen", int, 8, 1, 1000,
              "targets annealed per slide-by-slide search (on 9x9 boards it goes toward all of them at once; "
              "10x10 boards anneal half as many)",
              label="Targets screened (slide search)",
              turn="Higher: the slide search starts from trees with less travel (each search waits for "
                   "more annealing); lower: more searches in the same time."),
        # 200: at 3 s on one core, +1.8k points a case at N = 6-7 against travel alone (80 cases, seeds
        # 36000-36199, 39 wins / 20 losses, p = 0.014); 400 wide gave -0.2k more, and move_screen 16 with
        # trials -0.5k (neither significant). Each trial costs about 7% of a full search.
        Param("pilot_width", int, 200, 0, 100_000,
              "beam width of a quick trial search toward each new target; its slides rank the targets",
              label="Trial search width",
              turn="Higher: the trial predicts the full search better but takes longer; 0: targets are "
                   "ranked by travel alone."),
        # The pooled search (7x7 and 8x8 boards): at 3 s on one core, +0.7k points a case at N = 7-8 (160
        # cases, seeds 40000-40399; N = 7 +1.2k), +1.5k on 41000-41399 (160 cases, p = 0.006; N = 7 +2.7k,
        # N = 8 +0.3k) and +1.5k on 44000-44399 (160 cases, p = 0.017; N = 7 +2.0k, N = 8 +1.0k). At N = 6
        # the searches one target at a time, ranked by trials, did as well (-1.9k on 32 cases, seeds
        # 39000-39159; +0.4k on 80, seeds 43000-43395, p = 0.56). At N = 9 pooled searches 1.5-2 times
        # as wide took 317-321 slides where the solver's answers took 309.5 (12 cases); at N = 8, 3 times
        # as wide, 210.2 against 215.5.
        # Offline at N = 7 (24 cases): over 48 targets, 4 times as wide, 153.5 slides; over the least-travel
        # 48 of 96, 148.8; 2 times as wide, 155.1. So more targets (annealing) and more width both pay.
        Param("pool_targets", int, 48, 0, 1000,
              "targets searched together by one slide search that keeps the cheapest (7x7 and 8x8 boards)",
              label="Targets pooled in one search",
              turn="Higher: more trees to choose from (more annealing first); 0: every target is searched "
                   "on its own."),
        Param("pool_width", float, 12.0, 1.0, 100.0,
              "the pooled search's beam width, in slide-search widths (less when the time left is short)",
              label="Pooled search width",
              turn="Higher: fewer slides, slower; it is cut to fit a time budget."),
        Param("move_noise", float, 0.5, 0.0, 100.0, "random spread when ranking boards by travel",
              label="Slide ranking noise",
              turn="Higher: more varied slide sequences; lower: greedier; 0: no randomness."),
        Param("shortcut_cells", int, 12, 0, 16,
              "cells of the largest window searched for shortcuts and for the slide search's finishes",
              label="Shortcut window",
              turn="Higher: more slides cut from the answers, much slower past 12; 0 switches both off."),
        Param("keep", int, 20, 1, 200, "best answers kept for the frontier", label="Answers kept",
              turn="Higher: more rows in the frontier table (a little memory); it does not change the best "
                   "answer."),
    )

    def __init__(self, puzzle, view, seed: int = 0, **params):
        super().__init__(puzzle, view, seed, **params)
        case, board = view
        self.case = case
        self.n = board.n
        self.start = board
        self.tiles = _tiles_of(board)
        self.limit = case.limit
        self.iterations = self.settings["tree_steps"] * self.n * self.n
        self.holes: dict[int, int] = {}  # target k -> its empty square's cell (-1: the corner)
        self.centre_built = [0, 0]  # targets annealed with the empty square in the centre: tried, found
        self.allowance = 0  # expansions granted by all slices so far
        self.spent = 0  # expansions used by the jobs run so far
        self.targets = 0  # targets annealed
        self.next_target = 0  # the index of the next target to anneal
        self.searched = 0  # searches run (new targets and runs again on the best one)
        self.fresh = 0  # targets searched for the first time
        self.unsearched: list[tuple[tuple, int, np.ndarray]] = []  # (rank, k, target): see ``_rank``
        self.searched_targets: dict[int, np.ndarray] = {}  # k -> target, once searched
        self.last_run: dict[int, int] = {}  # k -> its last search's run number (0: the first)
        self.found: list[tuple[int, int, tuple, int]] = []  # (K, target, moves, slides cut), shortest first
        self.unshortened: list[tuple[int, int, tuple]] = []  # searches' answers not shortened yet
        self.best_shortened = math.inf  # the shortest shortened answer's K
        self.tile_count = self.n * self.n - 1
        # Set at the deadline (here, or by the driver's watchdog) or on cancel to end the jobs under way.
        self.stop = self.stop_flag
        self._ready_at: float | None = None  # when the running jobs' kernels were seen compiled
        self._running = BUILD  # the kind of the jobs under way
        self._flying: dict[Future, tuple] = {}  # time budgets: the jobs under way, across slices
        self._full_seconds: dict[int, float] = {}  # search kind -> the longest full-width search's seconds
        self.built: list[tuple[tuple, int, np.ndarray]] = []  # every target annealed: (rank, k, target)
        self.pooled_runs = 0  # pooled searches started
        self.pooled_done = False  # the pool stage is over (``_in_pool_stage``)
        self._pooled_ks: list[int] = []  # the targets of the pooled search under way, by row
        self._pooled_scale = 1.0  # its widths' scale
        self._pooled_seconds: float | None = None  # the first (scale 1) pooled search's seconds
        self._started: float | None = None  # when the first slice of a time budget began
        self._groups: dict[int, list[int]] = {}  # a grouped search's first target -> its targets, by row
        # Until a search succeeds, the best answer is the empty one.
        self.best_score = puzzle.evaluate(case, board, 0).score
        # A tiny move limit or a board already solved: the exact answer, and nothing to search.
        self.exact = best_tiny_answer(puzzle, case, board)
        # Seeds are 0..2^64-1; the kernels take an int64 with the same bits (a seed past 2^63
        # would otherwise be refused by an int64 kernel numba has already compiled).
        self.kernel_seed = self.seed - 2**64 if self.seed >= 2**63 else self.seed
        if self.exact is not None:
            self.best_score = self.exact[0]

    def run_slice(self, max_expansions: int) -> Progress:
        if self.exact is not None:
            return Progress(0, float(self.best_score), 0, True)
        self.allowance += max(0, max_expansions)
        self.stop[0] = 0
        if self._started is None:
            self._started = time.perf_counter()
        if self.n >= MIN_SIDE and self.deadline is not None:
            self._run_timed()
        elif self.n >= MIN_SIDE:
            while self.spent < self.allowance and not self.stop[0]:
                self._run_batch()
        return Progress(self.allowance, float(self.best_score), len(self.found), self.n < MIN_SIDE)

    def stop_time(self, deadline: float) -> float:
        """The driver stops the jobs under way at the deadline; while there is no answer yet,
        NO_ANSWER_GRACE after the deadline or after the kernels are compiled, whichever is
        later (a huge board may have no answer for minutes: the budget wins)."""
        if self.found or self.n > GRACE_SIDE:
            return deadline
        if self._running == POOLED:
            kernels = (slide_toward_any,)
        elif self._running != BUILD:
            kernels = (slide_into,) + ((slide_toward_any,) if self.n <= self.settings["move_side"] else ())
        else:
            kernels = (make_target, slide_toward_any) if self._piloted() else (make_target,)
        if not all(kernel.signatures for kernel in kernels):  # compiled or loaded on first call
            self._ready_at = None
            return math.inf  # still compiling: the grace starts once the kernels are ready
        if self._ready_at is None:
            self._ready_at = time.perf_counter()
        return max(deadline, self._ready_at) + NO_ANSWER_GRACE

    def _owes_answer(self) -> bool:
        """Past the deadline with no answer and the first searches not yet run (a board no
        target fits never gets one: it gives up after FIRST_TARGETS annealed targets)."""
        return (self.deadline is not None and time.perf_counter() >= self.deadline and not self.found
                and self.searched < WORKERS and self.targets < FIRST_TARGETS and self.n <= GRACE_SIDE)

    def _next_jobs(self) -> list[tuple]:
        """WORKERS jobs of one kind (so the threads finish together), chosen from finished results.

        Searches run once ``_screen()`` targets per new search are annealed: once
        there is an answer, one search of each batch runs again on the target of
        the shortest answer (a new random stream: a good target's next run beats
        a new target's first on average), the others on the best-ranked targets
        not searched yet (``_rank``); otherwise more targets are annealed. Answers that may
        beat the shortest once shortened come before all of these.
        """
        shortenings = []
        while len(shortenings) < WORKERS and (job := self._next_shortening()) is not None:
            shortenings.append(job)
        if shortenings:
            return shortenings
        if self._in_pool_stage():  # once there is an answer (see ``_in_pool_stage``)
            if len(self.built) < self.settings["pool_targets"] and self.targets < FIRST_TARGETS:
                return [self._new_target() for _ in range(WORKERS)]
            self.pooled_done = True
            return [self._new_pooled(self.settings["pool_width"])]
        again = 1 if self.found else 0
        new = WORKERS - again
        if len(self.unsearched) >= new and self.targets >= self._screen() * (self.fresh + new):
            return [self._new_search() for _ in range(new)] + [self._search_again() for _ in range(again)]
        return [self._new_target() for _ in range(WORKERS)]

    def _next_job(self) -> tuple | None:
        """The next job for a free thread, by the rules of ``_next_jobs`` one job at a time: once
        there is an answer, about every other search runs again on the best answer's target.
        None: the thread waits (no job starts beside a pooled search: see ``_next_pooled_job``)."""
        if any(kind == POOLED for kind, _, _ in self._flying.values()):
            return None
        shortening = self._next_shortening()
        if shortening is not None:
            return shortening
        if self._in_pool_stage():
            job = self._next_pooled_job()
            if job is not None or not self.pooled_done:
                return job
        if self.found and sum(self.last_run.values()) < self.fresh - 1:
            return self._search_again()
        if self.unsearched and self.targets >= self._screen() * (self.fresh + 1):
            return self._new_search()
        return self._new_target()

    def _next_shortening(self) -> tuple | None:
        """A job shortening the shortest answer not shortened yet, if it could still come out
        shortest (within SHORTEN_MARGIN of the best shortened answer); None when there is none."""
        if not self.settings["shortcut_cells"]:
            return None
        self.unshortened = [entry for entry in self.unshortened
                            if entry[0] * (1 - SHORTEN_MARGIN) < self.best_shortened]
        if not self.unshortened:
            return None
        self.unshortened.sort(key=lambda entry: entry[:2])
        _, k, moves = self.unshortened.pop(0)
        return SHORTEN, k, moves

    def _in_pool_stage(self) -> bool:
        """Whether the pooled search is still to come: on boards of POOL_SIDES searched slide by
        slide, ``pool_targets`` targets are annealed first, then one search over all of them
        keeps whichever it reaches cheapest (see ``pool_targets``). Under a node budget only once
        there is an answer (as ``_screen``: a small budget should reach its first search)."""
        return not self.pooled_done and self._pool_on() and (self.deadline is not None or bool(self.found))

    def _next_pooled_job(self) -> tuple | None:
        """Under a time budget: anneal targets (for at most POOL_BUILD_SHARE of the budget); then a
        pooled search at full width, started once the targets are in, with no job starting beside
        it (so its time is the machine's); then one as wide as fits POOL_FIT_SHARE of the time
        left, at most ``pool_width`` (none under 2), beside which only the first answer's
        shortening, started before it, may still run. Then the plain searches' rules take over.
        None: wait for the jobs under way."""
        building = self.next_target - self.targets
        if self.pooled_runs == 0:
            budget = self.deadline - self._started
            if (len(self.built) + building < self.settings["pool_targets"]
                    and time.perf_counter() - self._started < POOL_BUILD_SHARE * budget):
                return self._new_target()
            if building:
                return None
            if not self.built:
                self.pooled_done = True  # no tree fits: the plain searches' rules take over
                return None
            return self._new_pooled(1.0)
        self.pooled_done = True
        fits = POOL_FIT_SHARE * (self.deadline - time.perf_counter()) / max(self._pooled_seconds or math.inf, 1e-3)
        scale = min(self.settings["pool_width"], max(fits, 0.0) ** (1 / POOL_TIME_POWER))
        return self._new_pooled(scale) if scale >= 2 else None

    def _new_pooled(self, scale: float) -> tuple:
        """A pooled search over every target annealed, least travel first, at ``scale`` times the widths."""
        self.built.sort(key=lambda entry: entry[:2])
        self._pooled_ks = [k for _, k, _ in self.built]
        self._pooled_scale = scale
        self.pooled_runs += 1
        return POOLED, POOL_STREAM + self.pooled_runs - 1, np.stack([target for _, _, target in self.built])

    def _search_kind(self) -> int:
        return SLIDE_MOVES if self.n <= self.settings["move_side"] else SLIDE

    def _screen(self) -> int:
        """Targets annealed per new search: more of them helped the slide-by-slide search, not
        the plan (see ``move_screen``). Under a node budget, until there is an answer, ``screen``:
        a small budget (3,000 on a 4x4 board) went to annealing 16 targets and found no answer. A
        time budget has its grace for that, and its first searches gained most from the screening
        (with ``screen`` until the first answer, 2.1k points a case fewer at N = 6-7, p = 0.05). Half as many
        on HALF_SCREEN_SIDES."""
        if self._search_kind() == SLIDE_MOVES and (self.found or self.deadline is not None):
            halved = self.n in HALF_SCREEN_SIDES
            return max(1, self.settings["move_screen"] // 2) if halved else self.settings["move_screen"]
        return self.settings["screen"]

    def _piloted(self) -> bool:
        """Whether a new target gets a trial search (``pilot_width``): for the slide-by-slide search,
        up to PILOT_SIDE. Under a node budget, not until there is an answer (as with ``_screen``: a
        small budget should reach its first search; in a batch, ``found`` changes only between
        batches, so the jobs of one batch all get trials or none)."""
        return (self.n <= PILOT_SIDE and self._search_kind() == SLIDE_MOVES and self.settings["pilot_width"] > 0
                and not self._pool_on() and (self.deadline is not None or bool(self.found)))

    def _pool_on(self) -> bool:
        """Whether this board gets a pooled search (then its targets get no trials: it searches them all)."""
        return self.n in POOL_SIDES and self._search_kind() == SLIDE_MOVES and self.settings["pool_targets"] > 0

    def _rank(self, built: tuple[int, int | None]) -> tuple[int, int]:
        """A target's place among the unsearched (least first): targets with a trial come first, by
        the trial's slides (a trial that found no answer: last of them), then the others, by travel."""
        travel, trial = built
        if trial is None:
            return 1, travel
        return 0, trial if trial >= 0 else self.limit + 1

    def _new_search(self) -> tuple:
        """A search toward the best-ranked target not searched yet; on boards of GROUP_SIDES toward
        as many of the best as are annealed per search (``_screen``) at once (rows, best first)."""
        self.unsearched.sort(key=lambda entry: entry[:2])
        if not self._grouped():
            _, k, target = self.unsearched.pop(0)
            return self._search_kind(), k, target
        group, self.unsearched = self.unsearched[:self._screen()], self.unsearched[self._screen():]
        self._groups[group[0][1]] = [k for _, k, _ in group]
        return GROUPED, group[0][1], np.stack([target for _, _, target in group])

    def _grouped(self) -> bool:
        """Whether new searches go toward several targets at once (GROUP_SIDES)."""
        return self.n in GROUP_SIDES and self._search_kind() == SLIDE_MOVES

    def _search_again(self) -> tuple:
        """A search again on the shortest answer's target: slide by slide up to TAIL_SIDE, from the
        board TAIL_SHARE of the way along that answer (the job holds the target and that answer's
        slides up to there); otherwise from the start."""
        length, k, moves, _ = self.found[0]
        if self._search_kind() != SLIDE_MOVES or self.n > TAIL_SIDE:
            return self._search_kind(), k, self.searched_targets[k]
        return TAIL, k, (self.searched_targets[k], moves[:round(TAIL_SHARE * length)])

    def _new_target(self) -> tuple:
        self.next_target += 1
        self.holes[self.next_target - 1] = self._new_hole()
        return BUILD, self.next_target - 1, np.zeros(self.n * self.n, dtype=np.int64)

    def _new_hole(self) -> int:
        """Where a new target leaves the empty square (see CENTRE_TRIES): the centre for the slide
        search, the corner (-1) for the placement plan, which ends there, and for every target
        once CENTRE_TRIES with it in the centre found no tree."""
        tried, found = self.centre_built
        if self.n > self.settings["move_side"] or (tried >= CENTRE_TRIES and not found):
            return -1
        return centre_cell(self.n)

    def _stream(self, kind: int, k: int, target: np.ndarray) -> int:
        """The random stream of a job starting now (a search's run number is booked here)."""
        if kind in (BUILD, SHORTEN, POOLED):
            return k
        if kind == GROUPED:  # each of its targets counts as searched once; the search, as one new search
            for row, member in enumerate(self._groups[k]):
                self.searched_targets[member], self.last_run[member] = target[row], 0
            self.fresh += 1
            return k
        self.searched_targets[k] = target[0] if kind == TAIL else target
        self.fresh += k not in self.last_run
        self.last_run[k] = self.last_run.get(k, -1) + 1
        return k + self.last_run[k] * RUN_STRIDE

    def _finish(self, job: tuple, result) -> None:
        """Book a finished job: a target's travel (-1: none) and its trial's slides (``_rank``), a search's
        moves (None: none), or an answer shortened."""
        kind, k, target = job
        if kind == BUILD:
            self.targets += 1
            if self.holes[k] >= 0:
                self.centre_built[0] += 1
                self.centre_built[1] += result[0] >= 0
            self.spent += self.iterations // ANNEAL_STEPS_PER_EXPANSION
            if result[1] is not None:
                self.spent += self._pilot_cost()
            if result[0] >= 0:
                self.unsearched.append((self._rank(result), k, target))
                self.built.append((self._rank(result), k, target))
        elif kind == SHORTEN:
            self.spent += SHORTEN_COST * len(target)
            self.best_shortened = min(self.best_shortened, len(result))
            self._keep(len(result), k, result, len(target) - len(result))
        else:  # a search; one toward several targets (rows) answers with the row it reached
            self.searched += 1
            cost = self._search_cost(SLIDE_MOVES if kind in (POOLED, GROUPED, TAIL) else kind)
            self.spent += round(cost * self._pooled_scale) if kind == POOLED else cost
            if result is None:
                return
            moves = result
            if kind == POOLED:
                moves, row = result
                k = self._pooled_ks[row]
                self.searched_targets[k] = target[row]
            elif kind == GROUPED:  # (its targets were booked as searched when it started)
                moves, row = result
                k = self._groups[k][row]
            self._keep(len(moves), k, moves)
            self.unshortened.append((len(moves), k, moves))

    def _run_batch(self) -> None:
        """Under a node budget: WORKERS jobs at once, chosen from the results before them, so the
        answer never depends on timing."""
        jobs = self._next_jobs()
        self._running = jobs[0][0]
        pool = _pool()
        futures = [pool.submit(self._run_job, kind, self._stream(kind, k, target), target,
                                   self._pooled_scale if kind == POOLED else 1.0)
                   for kind, k, target in jobs]
        for job, future in zip(jobs, futures):
            self._finish(job, future.result())

    def _run_timed(self) -> None:
        """Under a time budget: a thread starts its next job as soon as it has finished one (the
        two jobs of a batch take unequal times: at N = 8 a thread sat idle for up to 0.6 s of
        the 3), so which jobs run depends on timing, as a deadline's answer does anyway. A
        slice returns once a job is done; the others run on into the next slice (``end_run``
        stops them). Past the deadline with an answer, the jobs under way are stopped and
        their answers dropped; until there is one, jobs go on starting (``_owes_answer``)."""
        pool = _pool()
        while True:
            while len(self._flying) < threads_for(WORKERS) and not self.stop[0] and (
                    time.perf_counter() < self.deadline or self._owes_answer()):
                job = self._next_job()
                if job is None:
                    break
                kind, k, target = job
                stream, scale = self._stream(kind, k, target), self._scale(kind)
                self._flying[pool.submit(self._timed_job, kind, stream, target, scale)] = job
            if not self._flying:
                return
            self._running = max(kind for kind, _, _ in self._flying.values())
            left = max(0.0, self.deadline - time.perf_counter()) if self.found else None
            done = wait(self._flying, timeout=left, return_when=FIRST_COMPLETED).done
            if not done:  # the deadline, with an answer
                self.stop[0] = 1
            if self.stop[0]:
                done = wait(self._flying).done
            for future in done:
                self._finish(self._flying.pop(future), future.result())
            if not self._owes_answer() and (time.perf_counter() < self.deadline or not self._flying):
                return

    def end_run(self) -> None:
        """Stop the jobs still under way (a time budget's run ends between slices)."""
        if self._flying:
            self.stop[0] = 1
            for future in wait(self._flying).done:
                self._finish(self._flying.pop(future), future.result())

    def _scale(self, kind: int) -> float:
        """The share of the widths a search starting now gets under a time budget: all of them
        when the time left is at least what the longest full search of its kind took (or, before
        one has, is guessed to take), else
        FIT_SHARE of the share that fits (so the last searches end by the deadline instead of
        being cut off and wasted)."""
        if kind == POOLED:
            return self._pooled_scale
        kind = SLIDE_MOVES if kind in (GROUPED, TAIL) else kind  # (it takes about as long, or less)
        if kind not in FIRST_SEARCH_SECONDS_PER_COST:  # annealing and shortening run whole
            return 1.0
        taken = self._full_seconds.get(kind) or self._search_cost(kind) * FIRST_SEARCH_SECONDS_PER_COST[kind]
        left = self.deadline - time.perf_counter()
        if left >= taken:
            return 1.0
        return max(MIN_SCALE, FIT_SHARE * left / taken)

    def _timed_job(self, kind: int, stream: int, target: np.ndarray, scale: float):
        """``_run_job``, timing a full-width search that ends with an answer."""
        started = time.perf_counter()
        result = self._run_job(kind, stream, target, scale)
        if kind in (SLIDE, SLIDE_MOVES, GROUPED) and scale == 1.0 and result is not None:
            taken = time.perf_counter() - started
            kind = SLIDE_MOVES if kind == GROUPED else kind
            self._full_seconds[kind] = max(self._full_seconds.get(kind, 0.0), taken)
        if kind == POOLED and scale == 1.0 and result is not None:
            self._pooled_seconds = time.perf_counter() - started
        return result

    def _search_cost(self, kind: int) -> int:
        """Expansions charged for one search, roughly in proportion to its time."""
        settings = self.settings
        cost = self.n * self.n * settings["width"] * settings["branch"] // 4
        if kind == SLIDE_MOVES:
            cost += self.limit * slide_search_width(self.n, settings["move_width"]) // 40
        return cost

    def _pilot_cost(self) -> int:
        """Expansions charged for a trial search: a full search's, scaled by the widths."""
        settings = self.settings
        return self._search_cost(SLIDE_MOVES) * settings["pilot_width"] // slide_search_width(
            self.n, settings["move_width"])

    def _run_job(self, kind: int, k: int, target: np.ndarray, scale: float = 1.0):
        """A BUILD job returns the target's travel (-1: none) and its trial search's slides (-1: none;
        None: no trial); a search the moves, or None (it runs with ``scale`` times the beam
        widths); a SHORTEN job the answer ``target`` shortened (or as far as it got when stopped:
        still a full tree)."""
        if kind == BUILD:
            travel = make_target(self.n, self.tiles, self.kernel_seed, k, self.iterations, target, self.stop,
                                 self.holes[k])
            if travel < 0 or not self._piloted():
                return travel, None
            # The trial: the slide search at pilot_width (the plan's beam, where it hands over,
            # narrowed as much), on the stream of the target's first full search.
            full = slide_search_width(self.n, self.settings["move_width"])
            return travel, self._slide_search(k, target.reshape(1, -1), self.settings["pilot_width"] / full)[0]
        if kind == SHORTEN:
            moves = np.array([LETTERS.index(letter) for letter in target], dtype=np.int64)
            length = cut_shortcuts(self.n, self.tiles, moves, len(moves), self.settings["shortcut_cells"],
                                   self.stop)
            return target if length < 0 else tuple(LETTERS[m] for m in moves[:length])
        if kind == SLIDE_MOVES:
            length, moves, _ = self._slide_search(k, target.reshape(1, -1), scale)
            return None if length < 0 else tuple(LETTERS[m] for m in moves[:length])
        if kind == TAIL:
            target, prefix = target
            length, moves, _ = self._slide_search(k, target.reshape(1, -1), scale, prefix)
            if length < 0:
                return None
            # The first new slide may undo the last of ``prefix``.
            whole = np.array([LETTERS.index(letter) for letter in prefix] + list(moves[:length]), dtype=np.int64)
            return tuple(LETTERS[m] for m in whole[:cancel_back_and_forth(whole, len(whole))])
        if kind in (POOLED, GROUPED):
            length, moves, row = self._slide_search(k, target, scale)
            return None if length < 0 else (tuple(LETTERS[m] for m in moves[:length]), row)
        settings = self._scaled_settings(scale)
        moves = np.zeros(4 * self.limit + 4 * self.n ** 3, dtype=np.int64)
        length = slide_into(self.n, self.tiles, target, self.limit, self.kernel_seed, k, settings["width"],
                            settings["branch"], settings["noise"], settings["lookahead"], self.stop, moves)
        return None if length < 0 else tuple(LETTERS[m] for m in moves[:length])

    def _scaled_settings(self, scale: float) -> dict:
        """The settings with the beams' widths (the slide search's for this board) times ``scale``."""
        settings = dict(self.settings)
        settings["move_width"] = slide_search_width(self.n, settings["move_width"])
        for name in ("width", "move_width"):
            settings[name] = max(1, round(settings[name] * scale))
        return settings

    def _slide_search(self, k: int, targets: np.ndarray, scale: float,
                      prefix: tuple = ()) -> tuple[int, np.ndarray, int]:
        """The slide-by-slide search on stream ``k`` at ``scale`` times the widths from the board after
        ``prefix`` (letters; within the slides left) toward whichever of ``targets`` (rows; one row:
        ``slide_by_moves``' search) it reaches cheapest: its slides' count (-1: none), the array they
        are in and the row it went to."""
        settings = self._scaled_settings(scale)
        moves = np.zeros(4 * self.limit + 4 * self.n ** 3, dtype=np.int64)
        row = np.zeros(1, dtype=np.int64)
        board = _tiles_of(reduce(slide, prefix, self.start)) if prefix else self.tiles
        length = slide_toward_any(self.n, board, targets, self.limit - len(prefix), self.kernel_seed, k,
                                  settings["move_width"], settings["move_noise"], HANDOVER_RATE, settings["width"],
                                  settings["branch"], settings["noise"], settings["lookahead"],
                                  settings["shortcut_cells"], self.stop, moves, row)
        return length, moves, int(row[0])

    def _keep(self, length: int, target: int, moves: tuple, cut: int = 0) -> None:
        if len(self.found) >= self.settings["keep"] and length >= self.found[-1][0]:
            return
        if any(moves == entry[2] for entry in self.found):
            return
        self.found.append((length, target, moves, cut))
        self.found.sort(key=lambda entry: entry[:2])
        del self.found[self.settings["keep"]:]
        self.best_score = max(self.best_score, self._score(self.found[0][0]))

    def _score(self, length: int) -> int:
        """Every kept answer ends on a full tree, so K alone gives its score."""
        return contest_score(self.tile_count, self.tile_count, length, self.limit)

    def best_moves(self) -> tuple:
        if self.exact is not None:
            return self.exact[1]
        return self.found[0][2] if self.found else ()

    def frontier(self, limit: int = 20) -> list[FrontierEntry]:
        """The shortest full-tree answers found so far (``cut``: slides the shortcuts took out)."""
        entries = []
        for length, target, moves, cut in self.found[:limit]:
            entries.append(FrontierEntry(float(self._score(length)), length, moves,
                                         (("K", length), ("K/T", round(length / self.limit, 3)),
                                          ("target", target), ("cut", cut))))
        return entries

    @classmethod
    def warm_up(cls) -> None:
        from workbench.puzzles.ahc011 import PUZZLE

        case = PUZZLE.generate(0, size=MIN_SIDE)
        for move_side in (0, MIN_SIDE):  # the placement plan, then the slide-by-slide search
            solver = cls(PUZZLE, PUZZLE.public_view(case, case.start), move_side=move_side)
            while solver.searched == 0 or solver.best_shortened == math.inf:  # a search, then its shortening
                solver.run_slice(1)
