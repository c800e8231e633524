"""Playing AHC015 turn by turn: per-turn policies, a local judge and the stdin agent.

The generic solver protocol hands a solver a whole instance and takes back a
whole answer, which cannot work online: p_{t+1} is unknown when tilt t is
chosen. A ``TurnPolicy`` instead picks one tilt from the public view (a
``Box``) and the tilts it has already played, so it can run against the real
interactive judge as well as against a case file revealed one step at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Callable

from workbench.core.errors import FormatError

from . import formats
from .box import CANDIES, Box, Candies, place, tilt

Choose = Callable[[Box, tuple[str, ...]], str]


@dataclass(frozen=True)
class TurnPolicy:
    name: str
    description: str
    choose: Choose  # (public view, tilts played so far) -> the next tilt


def play_game(puzzle, instance: Candies, policy: TurnPolicy) -> tuple[str, ...]:
    """All 100 tilts ``policy`` plays, each chosen from the public view only."""
    state = puzzle.initial_state(instance)
    played: tuple[str, ...] = ()
    while puzzle.legal_moves(instance, state):
        move = policy.choose(puzzle.public_view(instance, state), played)
        state = puzzle.apply(instance, state, move).state
        played += (move,)
    return played


def _judge_line(stdin: IO[str], number: int, what: str) -> str:
    line = stdin.readline()
    if not line:
        raise FormatError(f"the judge's input ended before {what}", number)
    return line


def run_agent(stdin: IO[str], stdout: IO[str], policy: TurnPolicy) -> tuple[str, ...]:
    """Speak the contest protocol: read the flavours, then answer each p_t with a tilt.

    Reads one line at a time, so p_{t+1} is never read before tilt t is sent.
    Judge lines are numbered as the judge sends them (line 1: flavours, line t+1: p_t).
    """
    state = Box.empty(formats.parse_flavours(_judge_line(stdin, 1, "the flavours"), 1))
    played: tuple[str, ...] = ()
    for t in range(1, CANDIES + 1):
        p = formats.parse_placement(_judge_line(stdin, t + 1, f"p_{t}"), t + 1, t)
        state = place(state, p)
        move = policy.choose(state, played)
        state = tilt(state, move)
        stdout.write(move + "\n")
        stdout.flush()  # the judge waits for this line before sending p_{t+1}
        played += (move,)
    return played
