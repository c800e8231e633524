"""The one protocol every puzzle implements.

A puzzle is a Qt-free rules module that turns files into *instances*, plays
*moves* on *states*, and scores them exactly as the contest's judge does.
Everything else in the workbench (CLI, GUI, solver driver, history,
step-through) talks to puzzles only through this class, so a new puzzle is a
new package under ``workbench/puzzles/`` (plus its solvers under ``solvers/``
and its board painter under ``workbench/gui/board/painters/``) and nothing else.

Vocabulary
----------
instance
    What a contest input file holds (immutable). For online puzzles it also
    holds information that is revealed only as play goes on.
state
    A position during play (immutable). A state holds only what a player may
    know at that point: for an online puzzle the future stays in the instance,
    and ``public_view`` is all a solver ever receives.
move
    A hashable value object; ``move_text`` renders it for people.
Transition
    The result of ``apply``: the settled state, plus the intermediate frames of
    a multi-stage resolution (a chain that erases, falls and erases again), so
    the GUI can step through them.
ScoreReport
    The contest score at a state, computed with the contest's own arithmetic
    and rounding, with the figures behind it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from .errors import FormatError, IllegalMove
from .judge_text import read_all
from .objective import Objective
from .words import translate

RULES_CONTEXT = "PuzzleRules"  # the catalog's context of every puzzle's rules

if TYPE_CHECKING:
    from .judge_channel import JudgeChannel


@dataclass(frozen=True)
class Frame:
    """One stage inside a move's resolution (for example one erase of a chain)."""

    state: Any
    caption: str
    highlight: tuple[Any, ...] = ()  # puzzle coordinates to emphasise in this frame


@dataclass(frozen=True)
class Transition:
    state: Any  # the state once the move has fully resolved
    frames: tuple[Frame, ...] = ()  # stages in between; empty for one-stage moves


@dataclass(frozen=True)
class ScoreReport:
    score: int | float  # exactly what the judge computes (0 when invalid)
    text: str  # the score as printed, e.g. "868056" or "0.9700000"
    facts: tuple[tuple[str, Any], ...] = ()  # ("moves", 12), ("pieces left", 3), ...
    # False when the answer is valid but does not count (a level left unsolved): a batch
    # gives such a case WA, whatever its score, so a "min" puzzle never ranks it best.
    complete: bool = True

    def fact(self, name: str, default: Any = None) -> Any:
        return dict(self.facts).get(name, default)

    def summary(self) -> str:
        parts = [f"score {self.text}"] + [f"{k} {v}" for k, v in self.facts]
        return ", ".join(parts)


@dataclass(frozen=True)
class ParsedSolution:
    moves: tuple[Any, ...]  # the moves, in order
    lines: tuple[int | None, ...]  # the 1-based file line each move came from


@dataclass(frozen=True)
class Option:
    """A generator option (``gen PUZZLE SEED --name value``)."""

    name: str
    kind: type
    default: Any
    help: str = ""
    label: str = ""  # its name for people (the Generate dialog's label)
    low: Any = None  # the smallest accepted value, when there is one
    high: Any = None
    choices: tuple[Any, ...] = ()  # the accepted values of a text option
    special: str = ""  # what the ``low`` value means when it is special ("official size")


@dataclass(frozen=True)
class Smoke:
    """Small settings a puzzle declares for the shared test kit (tests/test_every_puzzle.py) and the
    benches: a case that solves in a second or two, and what the kit may expect of it."""

    generator: dict[str, Any] = field(default_factory=dict)  # generator options of a small case (comesolo: size 7)
    instance: dict[str, Any] = field(default_factory=dict)  # instance options (codevs: turns 6)
    seeds: tuple[int, ...] = (1, 2)
    nodes: int = 200  # a node budget every solver finishes a small case with
    bench_nodes: int = 2000  # the cold-start bench's budget on a contest-size case (seed 1, defaults)
    staged: bool = False  # some moves resolve in stages (frames): a replay shows them


class ModuleFiles:
    """The file half of a puzzle whose rules package has a ``formats`` module (``parse_input``,
    ``format_input``) and a ``generator`` module (``generate(seed, **options)``): the puzzle class
    names them (``FORMATS = formats``, ``GENERATOR = generator``) and lists this before ``Puzzle``."""

    FORMATS: Any
    GENERATOR: Any

    def parse_input(self, text: str) -> Any:
        return self.FORMATS.parse_input(text)

    def format_input(self, instance: Any) -> str:
        text: str = self.FORMATS.format_input(instance)
        return text

    def generate(self, seed: int, **options: Any) -> Any:
        return self.GENERATOR.generate(seed, **options)


@dataclass
class Puzzle(ABC):
    """Rules, formats and generator of one contest puzzle."""

    id: str = ""
    title: str = ""
    # True when the instance holds information revealed during play (ahc015's
    # drop positions). Solvers then see ``public_view`` only, turn by turn.
    online: bool = False
    input_suffixes: tuple[str, ...] = (".txt", ".in")
    solution_suffixes: tuple[str, ...] = (".out", ".txt")
    generator_options: tuple[Option, ...] = field(default_factory=tuple)
    # Settings of an instance that its contest file cannot hold (codevs's turn budget K);
    # ``score`` and ``solve`` take them on the command line and apply them with ``configure``.
    instance_options: tuple[Option, ...] = field(default_factory=tuple)
    # Seconds per turn of the default `solve` budget for a puzzle played turn by turn
    # (online puzzles, codevs): the default run then gives every turn this long, however
    # many turns the case has. None: the default budget is for the whole answer.
    turn_seconds: float | None = None
    # Which way scores are better: MAX (every contest here so far) or MIN (fewest moves); a plugin
    # may say "max" or "min". Scores are only ever compared through it (workbench.core.objective).
    objective: Objective = Objective.MAX
    smoke: Smoke = field(default_factory=Smoke)
    # What a newcomer reads first (Help ▸ Rules, the start page, the line under the board): the
    # contest's rules and score in a short paragraph, and in one line. Each is written as
    # ``words.QT_TRANSLATE_NOOP(RULES_CONTEXT, "...")`` so the translation catalog holds it, and
    # shown through ``Puzzle.rules_in_language``. The conformance kit checks both are there.
    rules: str = ""
    rules_summary: str = ""

    def plotted(self, report: ScoreReport) -> tuple[str, float]:
        """What the step-through plot follows along a line: (its name, its value at a position).
        The score, unless that says little move by move (a count of moves rises by one a step)."""
        return "score", float(report.score)

    def rules_in_language(self) -> tuple[str, str]:
        """The rules paragraph and its one-line summary, in the user's language."""
        return translate(RULES_CONTEXT, self.rules), translate(RULES_CONTEXT, self.rules_summary)

    # ----------------------------------------------------------------- files
    def sniff(self, text: str) -> bool:
        """Whether ``text`` is an input file of this puzzle (by default: it parses).

        Used to detect the puzzle of a file, so it must be strict; puzzles
        with a cheaper or stricter test override it.
        """
        try:
            self.parse_input(text)
        except FormatError:
            return False
        return True

    @abstractmethod
    def parse_input(self, text: str) -> Any:
        """Parse a contest input file; raise FormatError naming the line."""

    def split_cases(self, text: str) -> list[tuple[str, str]]:
        """The cases a file holds, as (title, input text): one for most puzzles, a level collection
        for some (batch runs each, and the app and CLI ask which one). FormatError when none."""
        return [("", text)]

    @abstractmethod
    def format_input(self, instance: Any) -> str:
        """The input file, byte for byte as the contest's generator writes it."""

    @abstractmethod
    def generate(self, seed: int, **options: Any) -> Any:
        """The instance the (official or documented) generator makes for ``seed``."""

    @abstractmethod
    def parse_solution(self, instance: Any, text: str) -> ParsedSolution:
        """Parse an answer as strictly as the contest's judge; FormatError on failure.

        A judge that plays each move as it reads it reports an illegal earlier
        move before a malformed later line; such puzzles raise IllegalMove here.
        """

    @abstractmethod
    def format_solution(self, instance: Any, moves: Sequence[Any]) -> str:
        """The answer file the judge accepts for ``moves``."""

    def configure(self, instance: Any, **options: Any) -> Any:
        """The instance with ``instance_options`` set; ValueError names a bad value."""
        return instance

    # ----------------------------------------------------------------- rules
    @abstractmethod
    def initial_state(self, instance: Any) -> Any: ...

    @abstractmethod
    def legal_moves(self, instance: Any, state: Any) -> list[Any]: ...

    @abstractmethod
    def apply(self, instance: Any, state: Any, move: Any) -> Transition:
        """Play ``move``; raise IllegalMove (with a reason) when it breaks the rules."""

    @abstractmethod
    def evaluate(self, instance: Any, state: Any, moves_played: int) -> ScoreReport:
        """The contest score if the answer stopped here."""

    @abstractmethod
    def move_text(self, move: Any) -> str:
        """A short human-readable form of a move, for history and status lines."""

    def played_text(self, instance: Any, before: Any, move: Any, after: Any) -> str:
        """A move as played from ``before`` to ``after``, for the history: what the answer file
        would write when it tells more than the move alone (a push written upper case)."""
        return self.move_text(move)

    def public_view(self, instance: Any, state: Any) -> Any:
        """What a player or a solver may see at ``state``.

        Offline puzzles show everything; online puzzles override this so the
        unrevealed part of the instance never reaches a solver.
        """
        return (instance, state)

    def max_moves(self, instance: Any) -> int | None:
        """The contest's limit on the answer length, if it has one."""
        return None

    def agent(self, stdin: IO[str], stdout: IO[str], solve: Callable[..., Any]) -> None:
        """Speak the contest's own stdin/stdout protocol (``puzzle-workbench agent``).

        For an offline puzzle ``solve(instance)`` returns the whole answer. For
        an online puzzle ``solve(view, turns_left)`` returns the next move from
        a public view (a ``solvers.online.TurnDecider``); the puzzle overrides
        this method to read each revealed piece of input and answer it at once.

        The default suits batch contests: the whole input arrives on stdin and
        the whole answer goes to stdout.
        """
        instance = self.parse_input(read_all(stdin))
        stdout.write(self.format_solution(instance, solve(instance)))
        stdout.flush()

    def split_answers(self, text: str, final: bool = True) -> list[str] | None:
        """The successive answers in a program's output, for a puzzle whose judge takes the last of
        several (each one is a snapshot of the program's run, scored as it arrives): the complete
        ones in ``text`` (``final``: the output has ended). None (the default): the output is one
        answer."""
        return None

    def case_features(self, instance: Any) -> dict[str, int | float]:
        """What sets this case apart in a batch table (ahc011: N; rolling-balls: balls, colours).

        The first feature is the one batch summaries group cases by.
        """
        return {}

    def judge(self, instance: Any, program: JudgeChannel) -> str:
        """The contest judge's side of the protocol ``agent`` speaks (``puzzle-workbench batch --cmd``).

        ``program`` is a running contestant program; the judge feeds it the case
        the way the contest does and returns everything it answered, as an
        answer file that ``score_solution`` then scores. Raise ProtocolError when
        the program breaks the protocol. The default suits batch contests: the
        whole input on stdin, then the whole answer from stdout.
        """
        program.send(self.format_input(instance))
        program.close_input()
        return program.read_rest()

    # ------------------------------------------------------- shared behaviour
    def replay(self, instance: Any, moves: Sequence[Any], lines: Sequence[int | None] | None = None) -> list[Any]:
        """All states from the start through every move; IllegalMove names the move."""
        states = [self.initial_state(instance)]
        for index, move in enumerate(moves, start=1):
            try:
                states.append(self.apply(instance, states[-1], move).state)
            except IllegalMove as error:
                line = lines[index - 1] if lines is not None else None
                raise error.at(index, line) from None
        return states

    def final_state(self, instance: Any, moves: Sequence[Any], lines: Sequence[int | None] | None = None) -> Any:
        """The state after every move, keeping only the current one (a long answer
        scores in constant memory); IllegalMove names the move."""
        state = self.initial_state(instance)
        for index, move in enumerate(moves, start=1):
            try:
                state = self.apply(instance, state, move).state
            except IllegalMove as error:
                line = lines[index - 1] if lines is not None else None
                raise error.at(index, line) from None
        return state

    def score_solution(self, instance: Any, text: str) -> ScoreReport:
        """Validate an answer file the way the judge does and score it.

        Raises FormatError or IllegalMove with the first bad line or move.
        """
        parsed = self.parse_solution(instance, text)
        limit = self.max_moves(instance)
        if limit is not None and len(parsed.moves) > limit:
            line = parsed.lines[limit] if len(parsed.lines) > limit else None
            raise FormatError(f"{len(parsed.moves)} moves, more than the limit of {limit}", line)
        final = self.final_state(instance, parsed.moves, parsed.lines)
        return self.evaluate(instance, final, len(parsed.moves))
