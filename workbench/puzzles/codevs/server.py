"""The CODE VS Reborn game server's side of the client protocol (spec §3.1), single-player.

The mirror of ``agent.py``: read the AI's name, send the 500 packs, then before
each turn send the turn number, the time left, the stock, gauge, score and
field (16 rows, top first, then ``END``) of the player and of an idle
opponent, and read the player's ``X R`` or ``S``. Every command is played on
the engine before the next turn is sent, so the player sees the field the
rules make. The commands read are returned as an answer file.
"""

from __future__ import annotations

from workbench.core.errors import FormatError, IllegalMove, ProtocolError, shown

from . import formats
from .field import VISIBLE, WIDTH, Field
from .rules import Case, State, play_turn

# The contest's parse of one command line: a name line first, so the command is line 2.
_NAME_LINE = "PuzzleWorkbench\n"


def field_lines(field: Field) -> str:
    grid = field.array()
    rows = (" ".join(str(grid[x, y]) for x in range(WIDTH)) for y in range(VISIBLE - 1, -1, -1))
    return "\n".join(rows) + "\nEND\n"


def turn_input(turn: int, millis: int, state: State) -> str:
    idle = f"{millis}\n0\n0\n0\n" + field_lines(Field())
    return f"{turn}\n{millis}\n{state.stock}\n{state.gauge}\n{state.total_score}\n" + field_lines(state.field) + idle


def serve(case: Case, program) -> str:
    """Play the whole game against ``program`` (a ``JudgeChannel``); return its commands."""
    program.read_line("the AI's name")
    program.send(formats.format_input(case))
    state, commands = case.start(), []
    # The game goes on until K turns are played or a turn ended over the danger line.
    while state.turn < case.turns and not state.field.over_danger_line():
        turn = state.turn
        program.send(turn_input(turn, int(program.seconds_left() * 1000), state))
        line = program.read_line(f"the command of turn {turn}")
        try:
            parsed = formats.parse_solution(case, _NAME_LINE + line + "\n")
        except FormatError:
            parsed = None
        if parsed is None or len(parsed.moves) != 1:
            raise ProtocolError(f"turn {turn}: expected 'X R' or 'S', got {shown(line)}")
        try:
            state = play_turn(case, state, parsed.moves[0]).state
        except IllegalMove as error:
            raise IllegalMove(f"turn {turn}: {error.reason}") from None
        commands.append(line)
    program.close_input()
    return "".join(f"{command}\n" for command in commands)
