"""Which tasks the ahc011 solver runs next, decided from finished results alone (pure: no kernels,
no threads, no clock; under a time budget the caller says what time it is).

A new search waits until ``screen()`` targets per search are annealed and goes toward the
best-ranked one not searched yet (``rank``); once there is an answer, searches also run again on
the shortest answer's target, and answers that may still come out shortest are shortened before
anything else. 7x7 and 8x8 boards pool their targets into one search, 9x9 boards group each new
search's targets, 6x6 and 7x7 boards search again from part of the way along the best answer.
Under a node budget tasks come in batches of WORKERS (``next_batch``); under a time budget one at
a time, whenever a thread is free (``next_task``). Every task is charged an estimate of its work in
expansions (``spent``) against the expansions the slices have granted (``allowance``), so which
tasks run depends on the node budget only. Why each rule and constant is as it is:
bench/ahc011_search_notes.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from .tasks import (
    Answer,
    Beam,
    BuildTarget,
    Built,
    Found,
    GroupedSearch,
    PlanSearch,
    PooledSearch,
    Ranked,
    Result,
    Search,
    ShortenAnswer,
    SlideSearch,
    TailSearch,
    Task,
    slide_search_width,
)

WORKERS = 2  # tasks in a batch (this machine's cores); the batch is the same on fewer threads
SHORTEN_MARGIN = 0.06  # answers this much longer than the best shortened one stay as they are (notes: "Shortening")
SHORTEN_COST = 10  # expansions charged per slide of a shortened answer (notes: "Budget accounting")
ANNEAL_STEPS_PER_EXPANSION = 50  # annealing steps charged as one expansion (notes: "Budget accounting")
# Past the deadline with no answer yet, at most this many targets are annealed (notes: "The grace for a first answer").
FIRST_TARGETS = 200
GRACE_SIDE = 10  # boards past this side get no grace for a first answer (notes: "The grace for a first answer")
RUN_STRIDE = 1 << 24  # run r of target k searches on stream k + r * RUN_STRIDE (notes: "Random streams")
POOL_STREAM = 1 << 40  # pooled search r's stream is POOL_STREAM + r (notes: "Random streams")
# A late search gets FIT_SHARE of the widths that fit the time left, at least MIN_SCALE of them, and a beam's
# first search is guessed to take FIRST_SEARCH_SECONDS_PER_COST (notes: "Fitting a search to the time left").
FIT_SHARE, MIN_SCALE = 0.8, 0.05
FIRST_SEARCH_SECONDS_PER_COST = {Beam.PLAN: 55e-6, Beam.SLIDES: 20e-6}
PILOT_SIDE = 7  # boards up to this side rank new targets by a trial search (notes: "Trial searches")
POOL_SIDES = (7, 8)  # boards that pool their targets into one search (notes: "Pooled searches")
POOL_BUILD_SHARE = 0.3  # the share of a time budget spent annealing the pooled targets (notes: "Pooled searches")
# A pooled search's time grows as its widths ** POOL_TIME_POWER; the second one gets POOL_FIT_SHARE of
# the time left (notes: "Pooled searches").
POOL_TIME_POWER, POOL_FIT_SHARE = 1.1, 0.65
# Boards whose new searches go toward all their screened targets at once (notes: "Grouped searches on 9x9 boards").
GROUP_SIDES = (9,)
HALF_SCREEN_SIDES = (10,)  # boards that screen half of move_screen per search (notes: "Half screens on 10x10 boards")
# Searches again start TAIL_SHARE of the way along the best answer on boards up to TAIL_SIDE (notes: "Tail searches").
TAIL_SHARE, TAIL_SIDE = 0.33, 7
CENTRE_TRIES = 4  # targets tried with the empty square in the centre before the corner (notes: "Centre targets")


class Schedule:
    """The solver's state between tasks: targets annealed and searched, answers kept, the budget.

    ``settings`` are the solver's parameters; ``centre`` the cell the slide search's targets leave
    the empty square on; ``iterations`` the annealing steps per target. ``deadline`` is None under
    a node budget, else the ``time.perf_counter()`` time the search must end by (the solver keeps it
    the driver's); ``started`` when the first slice began.
    """

    def __init__(self, n: int, limit: int, settings: dict, centre: int, iterations: int):
        self.n, self.limit, self.settings, self.centre, self.iterations = n, limit, settings, centre, iterations
        self.deadline: float | None = None
        self.started: float | None = None
        self.allowance = 0  # expansions granted by all slices so far
        self.spent = 0  # expansions charged for the tasks run so far
        self.targets = 0  # targets annealed
        self.next_target = 0  # the index of the next target to anneal
        self.centre_built = [0, 0]  # targets annealed with the empty square in the centre: tried, found
        self.searched = 0  # searches run (new targets and runs again on the best one)
        self.fresh = 0  # searches of targets never searched before (a grouped search counts once)
        self.unsearched: list[Ranked] = []  # targets annealed and not searched yet
        self.built: list[Ranked] = []  # every target annealed (the pooled search goes toward them all)
        self.searched_targets: dict[int, np.ndarray] = {}  # k -> target, once searched
        self.last_run: dict[int, int] = {}  # k -> its last search's run number (0: the first)
        self.found: list[Answer] = []  # the shortest answers, shortest first
        self.unshortened: list[Answer] = []  # searches' answers not shortened yet
        self.best_shortened = math.inf  # the shortest shortened answer's length
        self.pooled_runs = 0  # pooled searches started
        self.pooled_done = False  # the pool stage is over (``in_pool_stage``)
        self.pooled_seconds: float | None = None  # the first (full-width) pooled search's seconds
        self.full_seconds: dict[Beam, float] = {}  # the longest full-width search's seconds, by beam

    # ------------------------------------------------------------------ budget
    def grant(self, expansions: int) -> None:
        """A slice's expansions, added to the allowance."""
        self.allowance += max(0, expansions)

    def can_spend(self) -> bool:
        """Whether a node budget's next batch starts: the cost spent is below the allowance."""
        return self.spent < self.allowance

    def search_cost(self, beam: Beam) -> int:
        """Expansions charged for one search, roughly in proportion to its time."""
        settings = self.settings
        cost = self.n * self.n * settings["width"] * settings["branch"] // 4
        if beam is Beam.SLIDES:
            cost += self.limit * slide_search_width(self.n, settings["move_width"]) // 40
        return cost

    def pilot_cost(self) -> int:
        """Expansions charged for a trial search: a full search's, scaled by the widths."""
        settings = self.settings
        return (
            self.search_cost(Beam.SLIDES)
            * settings["pilot_width"]
            // slide_search_width(self.n, settings["move_width"])
        )

    # ------------------------------------------------------------------ what runs next
    def next_batch(self) -> list[Task]:
        """Under a node budget: WORKERS tasks of one kind (so the threads finish together).

        Answers that may beat the shortest once shortened come first. Searches run once
        ``screen()`` targets per new search are annealed: once there is an answer, one search of
        each batch runs again on the target of the shortest answer (a good target's next run
        beats a new target's first on average), the others on the best-ranked targets not
        searched yet; otherwise more targets are annealed.
        """
        shortenings: list[Task] = []
        while len(shortenings) < WORKERS and (task := self.next_shortening()) is not None:
            shortenings.append(task)
        if shortenings:
            return shortenings
        if self.in_pool_stage():  # once there is an answer (see ``in_pool_stage``)
            if len(self.built) < self.settings["pool_targets"] and self.targets < FIRST_TARGETS:
                return [self.new_target() for _ in range(WORKERS)]
            self.pooled_done = True
            return [self.new_pooled(self.settings["pool_width"])]
        again = 1 if self.found else 0
        new = WORKERS - again
        if len(self.unsearched) >= new and self.targets >= self.screen() * (self.fresh + new):
            searches: list[Task] = [self.new_search() for _ in range(new)]
            return searches + [self.search_again() for _ in range(again)]
        return [self.new_target() for _ in range(WORKERS)]

    def next_task(self, now: float, under_way: Sequence[Task]) -> Task | None:
        """Under a time budget, the next task for a free thread by the rules of ``next_batch`` one task
        at a time: once there is an answer, about every other search runs again on the best
        answer's target. A search gets the widths that fit the time left (``fit``). None: the
        thread waits (no task starts beside a pooled search: see ``next_pooled_task``)."""
        if any(isinstance(task, PooledSearch) for task in under_way):
            return None
        task = self._next_unfitted_task(now)
        if isinstance(task, (PlanSearch, SlideSearch, TailSearch, GroupedSearch)):
            task = replace(task, scale=self.fit(task.beam, now))
        return task

    def _next_unfitted_task(self, now: float) -> Task | None:
        shortening = self.next_shortening()
        if shortening is not None:
            return shortening
        if self.in_pool_stage():
            task = self.next_pooled_task(now)
            if task is not None or not self.pooled_done:
                return task
        if self.found and sum(self.last_run.values()) < self.fresh - 1:
            return self.search_again()
        if self.unsearched and self.targets >= self.screen() * (self.fresh + 1):
            return self.new_search()
        return self.new_target()

    def owes_answer(self, now: float) -> bool:
        """Past the deadline with no answer and the first searches not yet run (a board no
        target fits never gets one: it gives up after FIRST_TARGETS annealed targets)."""
        return (
            self.deadline is not None
            and now >= self.deadline
            and not self.found
            and self.searched < WORKERS
            and self.targets < FIRST_TARGETS
            and self.n <= GRACE_SIDE
        )

    def fit(self, beam: Beam, now: float) -> float:
        """The share of the widths a search of ``beam`` starting at ``now`` gets under a time budget:
        all of them when the time left is at least what the longest full search of its beam took
        (or, before one has, is guessed to take), else FIT_SHARE of the share that fits (so the
        last searches end by the deadline instead of being cut off and wasted)."""
        taken = self.full_seconds.get(beam) or self.search_cost(beam) * FIRST_SEARCH_SECONDS_PER_COST[beam]
        assert self.deadline is not None  # it sizes a time budget's searches
        left = self.deadline - now
        if left >= taken:
            return 1.0
        return max(MIN_SCALE, FIT_SHARE * left / taken)

    def next_shortening(self) -> ShortenAnswer | None:
        """A task shortening the shortest answer not shortened yet, if it could still come out
        shortest (within SHORTEN_MARGIN of the best shortened answer); None when there is none."""
        if not self.settings["shortcut_cells"]:
            return None
        self.unshortened = [
            entry for entry in self.unshortened if entry.length * (1 - SHORTEN_MARGIN) < self.best_shortened
        ]
        if not self.unshortened:
            return None
        self.unshortened.sort(key=lambda entry: entry[:2])
        entry = self.unshortened.pop(0)
        return ShortenAnswer(entry.k, entry.moves)

    def in_pool_stage(self) -> bool:
        """Whether the pooled search is still to come: on boards of POOL_SIDES searched slide by
        slide, ``pool_targets`` targets are annealed first, then one search over all of them
        keeps whichever it reaches cheapest (see ``pool_targets``). Under a node budget only once
        there is an answer (as ``screen``: a small budget should reach its first search)."""
        return not self.pooled_done and self.pool_on() and (self.deadline is not None or bool(self.found))

    def next_pooled_task(self, now: float) -> Task | None:
        """Under a time budget: anneal targets (for at most POOL_BUILD_SHARE of the budget); then a
        pooled search at full width, started once the targets are in, with no task starting beside
        it (so its time is the machine's); then one as wide as fits POOL_FIT_SHARE of the time
        left, at most ``pool_width`` (none under 2), beside which only the first answer's
        shortening, started before it, may still run. Then the plain searches' rules take over.
        None: wait for the tasks under way."""
        assert self.deadline is not None and self.started is not None  # a time budget's run, started
        building = self.next_target - self.targets
        if self.pooled_runs == 0:
            budget = self.deadline - self.started
            if (
                len(self.built) + building < self.settings["pool_targets"]
                and now - self.started < POOL_BUILD_SHARE * budget
            ):
                return self.new_target()
            if building:
                return None
            if not self.built:
                self.pooled_done = True  # no tree fits: the plain searches' rules take over
                return None
            return self.new_pooled(1.0)
        self.pooled_done = True
        fits = POOL_FIT_SHARE * (self.deadline - now) / max(self.pooled_seconds or math.inf, 1e-3)
        scale = min(self.settings["pool_width"], max(fits, 0.0) ** (1 / POOL_TIME_POWER))
        return self.new_pooled(scale) if scale >= 2 else None

    # ------------------------------------------------------------------ the tasks
    def new_target(self) -> BuildTarget:
        self.next_target += 1
        return BuildTarget(self.next_target - 1, self.new_hole(), self.piloted())

    def new_hole(self) -> int:
        """Where a new target leaves the empty square (see CENTRE_TRIES): the centre for the slide
        search, the corner (-1) for the placement plan, which ends there, and for every target
        once CENTRE_TRIES with it in the centre found no tree."""
        tried, found = self.centre_built
        if self.n > self.settings["move_side"] or (tried >= CENTRE_TRIES and not found):
            return -1
        return self.centre

    def new_search(self) -> Search:
        """A search toward the best-ranked target not searched yet; on boards of GROUP_SIDES toward
        as many of the best as are annealed per search (``screen``) at once (rows, best first):
        each of them counts as searched once, the search as one new search."""
        self.unsearched.sort(key=lambda entry: entry[:2])
        if not self.grouped():
            _, k, target = self.unsearched.pop(0)
            return self._search_toward(k, target)
        group, self.unsearched = self.unsearched[: self.screen()], self.unsearched[self.screen() :]
        targets = np.stack([entry.target for entry in group])
        for row, entry in enumerate(group):
            self.searched_targets[entry.k], self.last_run[entry.k] = targets[row], 0
        self.fresh += 1
        return GroupedSearch(tuple(entry.k for entry in group), group[0].k, targets)

    def search_again(self) -> Search:
        """A search again on the shortest answer's target: slide by slide up to TAIL_SIDE, from the
        board TAIL_SHARE of the way along that answer; otherwise from the start."""
        best = self.found[0]
        target = self.searched_targets[best.k]
        if self.search_beam() is not Beam.SLIDES or self.n > TAIL_SIDE:
            return self._search_toward(best.k, target)
        return TailSearch(best.k, self._next_run(best.k, target), target, best.moves[: round(TAIL_SHARE * best.length)])

    def _search_toward(self, k: int, target: np.ndarray) -> PlanSearch | SlideSearch:
        kind = SlideSearch if self.search_beam() is Beam.SLIDES else PlanSearch
        return kind(k, self._next_run(k, target), target)

    def _next_run(self, k: int, target: np.ndarray) -> int:
        """Book the next search of target ``k``; its random stream."""
        self.searched_targets[k] = target
        self.fresh += k not in self.last_run
        self.last_run[k] = self.last_run.get(k, -1) + 1
        return k + self.last_run[k] * RUN_STRIDE

    def new_pooled(self, scale: float) -> PooledSearch:
        """A pooled search over every target annealed, least travel first, at ``scale`` times the widths."""
        self.built.sort(key=lambda entry: entry[:2])
        self.pooled_runs += 1
        return PooledSearch(
            tuple(entry.k for entry in self.built),
            POOL_STREAM + self.pooled_runs - 1,
            np.stack([entry.target for entry in self.built]),
            scale,
        )

    # ------------------------------------------------------------------ the rules' conditions
    def search_beam(self) -> Beam:
        """Slide by slide up to ``move_side``, the plan above it."""
        return Beam.SLIDES if self.n <= self.settings["move_side"] else Beam.PLAN

    def screen(self) -> int:
        """Targets annealed per new search: ``move_screen`` for the slide-by-slide search (half as
        many on HALF_SCREEN_SIDES), ``screen`` for the plan, and under a node budget until there
        is an answer (notes: "Budget accounting")."""
        if self.search_beam() is Beam.SLIDES and (self.found or self.deadline is not None):
            halved = self.n in HALF_SCREEN_SIDES
            return max(1, self.settings["move_screen"] // 2) if halved else self.settings["move_screen"]
        return self.settings["screen"]

    def piloted(self) -> bool:
        """Whether a new target gets a trial search (``pilot_width``): for the slide-by-slide search,
        up to PILOT_SIDE, not on pooled boards. Under a node budget, not until there is an answer
        (as with ``screen``; ``found`` changes only between batches, so the tasks of one batch all
        get trials or none)."""
        return (
            self.n <= PILOT_SIDE
            and self.search_beam() is Beam.SLIDES
            and self.settings["pilot_width"] > 0
            and not self.pool_on()
            and (self.deadline is not None or bool(self.found))
        )

    def pool_on(self) -> bool:
        """Whether this board gets a pooled search (then its targets get no trials: it searches them all)."""
        return self.n in POOL_SIDES and self.search_beam() is Beam.SLIDES and self.settings["pool_targets"] > 0

    def grouped(self) -> bool:
        """Whether new searches go toward several targets at once (GROUP_SIDES)."""
        return self.n in GROUP_SIDES and self.search_beam() is Beam.SLIDES

    def rank(self, built: Built) -> tuple[int, int]:
        """A target's place among the unsearched (least first): targets with a trial come first, by
        the trial's slides (a trial that found no answer: last of them), then the others, by travel."""
        if built.trial is None:
            return 1, built.travel
        return 0, built.trial if built.trial >= 0 else self.limit + 1

    # ------------------------------------------------------------------ results
    def finish(self, task: Task, result: Result, seconds: float | None = None) -> None:
        """Book a finished task and charge its cost; ``seconds``: how long it ran (time budgets: a
        full-width search's time sizes the later ones)."""
        # Each kind of task hands back its own kind of result (``tasks.Result``).
        if isinstance(task, BuildTarget):
            assert isinstance(result, Built)
            self._built(task, result)
        elif isinstance(task, ShortenAnswer):
            assert isinstance(result, tuple)
            self.spent += SHORTEN_COST * len(task.moves)
            self.best_shortened = min(self.best_shortened, len(result))
            self.keep(Answer(len(result), task.k, result, len(task.moves) - len(result)))
        else:
            assert result is None or isinstance(result, Found)
            self._searched(task, result, seconds)

    def _built(self, task: BuildTarget, built: Built) -> None:
        self.targets += 1
        if task.hole >= 0:
            self.centre_built[0] += 1
            self.centre_built[1] += built.travel >= 0
        self.spent += self.iterations // ANNEAL_STEPS_PER_EXPANSION
        if built.trial is not None:
            self.spent += self.pilot_cost()
        if built.travel >= 0:
            entry = Ranked(self.rank(built), task.k, built.target)
            self.unsearched.append(entry)
            self.built.append(entry)

    def _searched(self, task: Search, found: Found | None, seconds: float | None) -> None:
        self.searched += 1
        cost = self.search_cost(task.beam)
        self.spent += round(cost * task.scale) if isinstance(task, PooledSearch) else cost
        if seconds is not None and task.scale == 1.0 and found is not None:
            if isinstance(task, PooledSearch):
                self.pooled_seconds = seconds
            elif not isinstance(task, TailSearch):  # (a tail is only part of a search)
                self.full_seconds[task.beam] = max(self.full_seconds.get(task.beam, 0.0), seconds)
        if found is None:
            return
        if isinstance(task, PooledSearch):
            k = task.ks[found.row]
            self.searched_targets[k] = task.targets[found.row]
        elif isinstance(task, GroupedSearch):  # (its targets were booked as searched when it started)
            k = task.ks[found.row]
        else:
            k = task.k
        self.keep(Answer(len(found.moves), k, found.moves))
        self.unshortened.append(Answer(len(found.moves), k, found.moves))

    def keep(self, answer: Answer) -> None:
        """Keep ``answer`` among the ``keep`` shortest (ties: the lower target first), once each."""
        if len(self.found) >= self.settings["keep"] and answer.length >= self.found[-1].length:
            return
        if any(answer.moves == entry.moves for entry in self.found):
            return
        self.found.append(answer)
        self.found.sort(key=lambda entry: entry[:2])
        del self.found[self.settings["keep"] :]
