"""Playing AHC015 turn by turn: per-turn policies, a local judge and the stdin agent.

p_{t+1} is unknown when tilt t is chosen, so every player here picks one tilt
at a time from the public view (a ``Box``). A ``TurnPolicy`` is a fast rule
given the view and the tilts it has already played; ``run_agent`` takes any
per-turn decider (the solvers arrive as a ``solvers.online.TurnDecider``), so
both run against the real interactive judge as well as against a case file
revealed one step at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

from workbench.core.errors import FormatError, ProtocolError, shown
from workbench.core.judge_text import RUST, read_line

from . import formats
from .box import CANDIES, TILTS, Box, Candies, place, tilt

Choose = Callable[[Box, tuple[str, ...]], str]
Decide = Callable[[Box, int], str]  # (public view, tilts left to play) -> the next tilt


@dataclass(frozen=True)
class TurnPolicy:
    name: str
    description: str
    choose: Choose  # (public view, tilts played so far) -> the next tilt


def play_game(puzzle, instance: Candies, policy: TurnPolicy) -> tuple[str, ...]:
    """All 100 tilts ``policy`` plays, each chosen from the public view only."""
    state = puzzle.initial_state(instance)
    while puzzle.legal_moves(instance, state):
        view = puzzle.public_view(instance, state)
        state = puzzle.apply(instance, state, policy.choose(view, tuple(view.played))).state
    return tuple(state.played)


def policy_decider(policy: TurnPolicy) -> Decide:
    """A policy as a per-turn decider: the tilts it played are in the view."""
    return lambda view, turns_left: policy.choose(view, tuple(view.played))


def _judge_line(stdin: IO[str], number: int, what: str) -> str:
    line = read_line(stdin, number)
    if not line:
        raise FormatError(f"the judge's input ended before {what}", number)
    return line


def run_agent(stdin: IO[str], stdout: IO[str], decide: Decide) -> tuple[str, ...]:
    """Speak the contest protocol: read the flavours, then answer each p_t with a tilt.

    ``decide(view, turns_left)`` (a ``solvers.online.TurnDecider``, or a policy
    through ``policy_decider``) sees the box with p_1..p_t only: the agent reads
    one line at a time, so p_{t+1} is never read before tilt t is sent.
    Judge lines are numbered as the judge sends them (line 1: flavours, line t+1: p_t).
    """
    state = Box.empty(formats.parse_flavours(_judge_line(stdin, 1, "the flavours"), 1))
    for t in range(1, CANDIES + 1):
        p = formats.parse_placement(_judge_line(stdin, t + 1, f"p_{t}"), t + 1, t)
        state = place(state, p)
        move = decide(state, CANDIES - state.tilts)
        state = tilt(state, move)
        stdout.write(move + "\n")
        stdout.flush()  # the judge waits for this line before sending p_{t+1}
    return tuple(state.played)


def run_judge(instance: Candies, program) -> str:
    """The interactive judge's side: reveal p_t, read tilt t, and only then reveal p_{t+1}.

    ``program`` is a ``workbench.core.judge_channel.JudgeChannel``; the tilts read are
    returned as an answer file. A line that is not one tilt letter ends the game
    there, as the judge's own check does.
    """
    lines = formats.format_input(instance).split("\n")
    program.send(lines[0] + "\n")
    tilts = []
    for t in range(1, CANDIES + 1):
        program.send(lines[t] + "\n")
        line = program.read_line(f"tilt {t}")
        tilt_letter = RUST.trim(line)  # the judge's own trim, not Python's
        if tilt_letter not in TILTS:
            raise ProtocolError(f"tilt {t}: expected one of F, B, L, R, got {shown(line)}")
        tilts.append(tilt_letter)
    return "".join(f"{tilt}\n" for tilt in tilts)
