"""Sokoban: push every box onto a goal, in as few moves (or pushes) as you can.

A puzzle package of its own, found by the same loader as any plugin (workbench.core.registry): the
rules and formats here, its solver in ``solvers/``, and no painter of its own: the app draws it
with the generic grid painter from ``grid_picture``. Inputs are XSB levels, several to a file
with titles (a level collection: batch runs each, the app and ``--case`` pick one); answers are
LURD. An answer that leaves a box off its goal is valid but not solved (WA in a batch).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from workbench.core.errors import EditError, FormatError, IllegalMove
from workbench.core.grid import Cell, GridPicture, GridPuzzle
from workbench.core.objective import Objective
from workbench.core.puzzle import Option, ParsedSolution, Puzzle, ScoreReport, Smoke, Transition
from workbench.core.words import QT_TRANSLATE_NOOP, translate

from .answers import format_answer, parse_answer
from .deadlock import deadlock
from .generator import generate
from .level import DIRECTIONS, Level, State, format_level, parse_levels

METRICS = ("moves", "pushes")
STEP_NAMES = {"l": "left", "u": "up", "r": "right", "d": "down"}
OUTSIDE, WALL_FILL, FLOOR_FILL, GOAL_FILL = "#e4ded1", "#5b4f3f", "#f6f1e6", "#f2d0c4"
BOX, BOX_HOME, PLAYER, GOAL_MARK = "#c98a3b", "#3d9b5a", "#3b5b92", "#c0504d"
DEADLOCK_MARK = "#d0021b"
BRUSHES = (
    ("Wall", "#"),
    ("Floor", " "),
    ("Goal", "."),
    ("Box", "$"),
    ("Box on goal", "*"),
    ("Player", "@"),
    ("Player on goal", "+"),
)


@dataclass(frozen=True)
class Case:
    """A level, and what a score counts (an instance option: ``--metric pushes``)."""

    level: Level
    metric: str = "moves"


@dataclass
class Sokoban(GridPuzzle, Puzzle):
    id: str = "sokoban"
    title: str = "Sokoban"
    rules: str = QT_TRANSLATE_NOOP(
        "PuzzleRules",
        "You are the warehouse keeper: walk up, down, left or right, and push a box by walking into it "
        "(one box at a time, never pulled). A level is solved when every box is on a goal. A box pushed "
        "into a corner that is not a goal can never come out: undo. Score: the moves (or, with --metric "
        "pushes, the pushes) of a solution, fewer is better.",
    )
    rules_summary: str = QT_TRANSLATE_NOOP("PuzzleRules", "Push every box onto a goal, in as few moves as you can.")
    objective: Objective = Objective.MIN
    input_suffixes: tuple[str, ...] = (".xsb", ".sok", ".txt")
    solution_suffixes: tuple[str, ...] = (".lurd", ".out", ".txt")
    generator_options: tuple = field(
        default_factory=lambda: (
            Option("rows", int, 8, "rows of the level, its walls included", label="Rows", low=5, high=30),
            Option("cols", int, 8, "columns of the level, its walls included", label="Columns", low=5, high=30),
            Option("boxes", int, 3, "boxes (and goals)", label="Boxes", low=1, high=100),
        )
    )
    instance_options: tuple = field(
        default_factory=lambda: (
            Option(
                "metric", str, "moves", "what the score counts: moves or pushes", label="Score counts", choices=METRICS
            ),
        )
    )
    smoke: Smoke = field(
        default_factory=lambda: Smoke(generator={"rows": 6, "cols": 6, "boxes": 2}, nodes=2000, bench_nodes=20000)
    )
    grid_help: str = QT_TRANSLATE_NOOP(
        "Painter",
        "Play: the arrow keys (or W A S D) walk; walking into a box pushes it. A click on a "
        "cell next to the player steps there. Undo takes back a step.\n\n"
        "Edit: choose a square in the editor panel and click or drag to paint it; painting the "
        "player moves it. A level needs as many goals as boxes to be played.",
    )
    grid_keys: tuple = (
        ("Left", "l"),
        ("Up", "u"),
        ("Right", "r"),
        ("Down", "d"),
        ("A", "l"),
        ("W", "u"),
        ("D", "r"),
        ("S", "d"),
    )
    brushes: tuple = BRUSHES

    # ----------------------------------------------------------------- files
    def sniff(self, text: str) -> bool:
        try:
            return bool(parse_levels(text))
        except FormatError:
            return False

    def split_cases(self, text: str) -> list[tuple[str, str]]:
        levels = parse_levels(text)
        return [(level.title or f"level {i}", format_level(level)) for i, level in enumerate(levels, start=1)]

    def parse_input(self, text: str) -> Case:
        levels = parse_levels(text)
        if len(levels) > 1:
            raise FormatError(
                f"the file holds {len(levels)} levels: choose one (--case K on the command line, "
                "a list in the app) or run them all with batch"
            )
        return Case(levels[0])

    def format_input(self, instance: Case) -> str:
        return format_level(instance.level)

    def generate(self, seed: int, **options) -> Case:
        return Case(generate(seed, **options))

    def configure(self, instance: Case, **options) -> Case:
        metric = options.get("metric", instance.metric)
        if metric not in METRICS:
            raise ValueError(f"metric must be moves or pushes, got '{metric}'")
        return replace(instance, metric=metric)

    def parse_solution(self, instance: Case, text: str) -> ParsedSolution:
        return parse_answer(text)

    def format_solution(self, instance: Case, moves: Sequence[str]) -> str:
        state, letters = self.initial_state(instance), []
        for move in moves:
            after = self.apply(instance, state, move).state
            letters.append(move.upper() if after.pushes > state.pushes else move.lower())
            state = after
        return format_answer("".join(letters))

    # ----------------------------------------------------------------- rules
    def initial_state(self, instance: Case) -> State:
        return State(instance.level.player, instance.level.boxes)

    def legal_moves(self, instance: Case, state: State) -> list[str]:
        return [m for m in DIRECTIONS if self._blocked(instance.level, state, m) is None]

    def _blocked(self, level: Level, state: State, move: str) -> str | None:
        nxt = level.step(state.player, move)
        if not level.open(nxt):
            return "a wall is in the way"
        if nxt in state.boxes:
            beyond = level.step(nxt, move)
            r, c = level.rc(nxt)
            if not level.open(beyond):
                return f"the box at ({r + 1},{c + 1}) has a wall behind it"
            if beyond in state.boxes:
                return f"the box at ({r + 1},{c + 1}) has another box behind it"
        return None

    def apply(self, instance: Case, state: State, move: str) -> Transition:
        move = str(move).lower()
        if move not in DIRECTIONS:
            raise IllegalMove(f"'{move}' is not a step (l, u, r, d)")
        level = instance.level
        reason = self._blocked(level, state, move)
        if reason:
            raise IllegalMove(f"cannot step {STEP_NAMES[move]}: {reason}")
        nxt = level.step(state.player, move)
        assert nxt is not None  # _blocked refuses a step off the board
        if nxt in state.boxes:
            beyond = level.step(nxt, move)
            assert beyond is not None  # and a box pushed off it
            boxes = (state.boxes - {nxt}) | {beyond}
            return Transition(State(nxt, frozenset(boxes), state.pushes + 1))
        return Transition(State(nxt, state.boxes, state.pushes))

    def evaluate(self, instance: Case, state: State, moves_played: int) -> ScoreReport:
        level = instance.level
        home = sum(1 for b in state.boxes if level.goals[b])
        solved = home == len(state.boxes)
        score = moves_played if instance.metric == "moves" else state.pushes
        text = f"{score}" if solved else f"{score} (not solved)"
        return ScoreReport(
            score,
            text,
            (
                ("solved", "yes" if solved else "no"),
                ("moves", moves_played),
                ("pushes", state.pushes),
                ("boxes on goals", f"{home}/{len(state.boxes)}"),
            ),
            complete=solved,
        )

    def plotted(self, report: ScoreReport) -> tuple[str, float]:
        """Boxes on goals: the moves score grows by one every step, a straight line that says nothing."""
        return translate("Deadlock", "boxes on goals"), float(str(report.fact("boxes on goals", "0/0")).split("/")[0])

    def move_text(self, move: str) -> str:
        return str(move).upper()

    def played_text(self, instance: Case, before: State, move: str, after: State) -> str:
        """LURD, as the answer file writes it: a push upper case, a walk lower case."""
        return str(move).upper() if after.pushes > before.pushes else str(move).lower()

    def case_features(self, instance: Case) -> dict[str, int | float]:
        level = instance.level
        return {"boxes": len(level.boxes), "floor": len(level.interior()), "rows": level.rows, "cols": level.cols}

    # ----------------------------------------------------------------- the grid painter
    def grid_picture(self, instance: Case, state: State, last_move=None, selected=None) -> GridPicture:
        level = instance.level
        inside = level.interior()
        cells = []
        for cell in range(level.rows * level.cols):
            goal = level.goals[cell]
            if level.walls[cell]:
                cells.append(Cell(WALL_FILL))
            elif cell not in inside and cell not in state.boxes and not goal:
                cells.append(Cell(OUTSIDE))
            elif cell == state.player:
                cells.append(Cell(GOAL_FILL if goal else FLOOR_FILL, "disc", PLAYER))
            elif cell in state.boxes:
                cells.append(Cell(GOAL_FILL if goal else FLOOR_FILL, "square", BOX_HOME if goal else BOX))
            else:
                cells.append(Cell(GOAL_FILL, "diamond", GOAL_MARK) if goal else Cell(FLOOR_FILL))
        marks: tuple = ()
        if last_move is not None and str(last_move).lower() in DIRECTIONS:
            ahead = level.step(state.player, str(last_move).lower())
            if ahead is not None and ahead in state.boxes:
                marks = ((*level.rc(ahead), "#e07a1f"),)
        lost = deadlock(level, state) if sum(level.goals) == len(level.boxes) else None
        if lost is not None:  # the boxes that lost the level, outlined in red (grid_status says why)
            marks = tuple((*level.rc(box), DEADLOCK_MARK) for box in lost.boxes)
        return GridPicture(level.rows, level.cols, tuple(cells), marks, first=1)

    def grid_size(self, instance: Case) -> tuple[int, int]:
        return instance.level.rows, instance.level.cols

    def click_move(self, instance: Case, state: State, cell, selected):
        level = instance.level
        pr, pc = level.rc(state.player)
        for move, (dr, dc) in DIRECTIONS.items():
            if (pr + dr, pc + dc) == tuple(cell):
                return move, None
        raise IllegalMove("click a cell next to the player, or walk with the arrow keys")

    def paint(self, instance: Case, cell, value: str) -> Case:
        level = instance.level
        r, c = cell
        index = r * level.cols + c
        walls, goals = bytearray(level.walls), bytearray(level.goals)
        boxes, player = set(level.boxes), level.player
        if index == player and value not in "@+":
            raise EditError("the player stands there: paint the player somewhere else first")
        walls[index] = 1 if value == "#" else 0
        goals[index] = 1 if value in ".*+" else 0
        boxes.discard(index)
        if value in "$*":
            boxes.add(index)
        if value in "@+":
            player = index
        return replace(
            instance,
            level=replace(level, walls=bytes(walls), goals=bytes(goals), boxes=frozenset(boxes), player=player),
        )

    def resized(self, instance: Case, rows: int, cols: int) -> Case:
        level = instance.level
        if not 3 <= rows <= 100 or not 3 <= cols <= 100:
            raise EditError(f"a level is 3..100 a side, got {rows}x{cols}")

        def moved(cell: int) -> int | None:
            r, c = divmod(cell, level.cols)
            return r * cols + c if r < rows and c < cols else None

        player = moved(level.player)
        if player is None:
            raise EditError("the player would be cut off: move it nearer the top left first")

        walls, goals = bytearray(rows * cols), bytearray(rows * cols)
        for cell in range(level.rows * level.cols):
            new = moved(cell)
            if new is not None:
                walls[new], goals[new] = level.walls[cell], level.goals[cell]
        boxes = frozenset(m for m in map(moved, level.boxes) if m is not None)
        return replace(instance, level=Level(rows, cols, bytes(walls), bytes(goals), boxes, player, level.title))

    def grid_status(self, instance: Case, state: State) -> str:
        level = instance.level
        goals = sum(level.goals)
        if goals != len(level.boxes):
            return f"{len(level.boxes)} boxes, {goals} goals: a level needs as many of each"
        lost = deadlock(level, state)
        if lost is None:
            return ""
        where = ", ".join(f"({r + 1},{c + 1})" for r, c in map(level.rc, lost.boxes))
        if lost.why == "dead square" and len(lost.boxes) == 1:
            said = translate(
                "Deadlock", "Deadlock: the box at {0} is where no goal can be reached from — Undo (Ctrl+Z)"
            )
        elif lost.why == "dead square":
            said = translate(
                "Deadlock", "Deadlock: the boxes at {0} are where no goal can be reached from — Undo (Ctrl+Z)"
            )
        else:
            said = translate(
                "Deadlock",
                "Deadlock: the boxes at {0} are frozen, one off its goal, and can never move again — Undo (Ctrl+Z)",
            )
        return said.format(where)


PUZZLE = Sokoban()

__all__ = ["PUZZLE", "Case", "Level", "State"]
