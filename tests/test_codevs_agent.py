"""`main.py agent codevs` under the contest's client protocol (spec §3.1)."""

import io

from workbench.cli import main as cli
from workbench.puzzles.codevs import PUZZLE, Drop, Field
from workbench.puzzles.codevs.agent import NAME, run_agent
from workbench.puzzles.codevs.formats import format_input

SOLVER = ["--nodes", "1500", "--param", "width=40", "--param", "depth=4"]


def field_lines(field):
    grid = field.array()  # [column, row from the floor]
    return [" ".join(str(grid[x, y]) for x in range(10)) for y in range(15, -1, -1)] + ["END"]


def turn_block(turn, state):
    empty = ["0 0 0 0 0 0 0 0 0 0"] * 16 + ["END"]
    return (
        [str(turn), "180000", str(state.stock), str(state.gauge), str(state.total_score)]
        + field_lines(state.field)
        + ["180000", "0", "0", "0"]
        + empty
    )


class ScriptedServer:
    """Plays the server: sends the packs, then each turn the position our answers led to."""

    def __init__(self, case, turns):
        self.case, self.turns = case, turns
        self.state = case.start()
        self.pending = format_input(case).splitlines() + turn_block(0, self.state)
        self.answers = []
        self.sent_turns = 1

    # the agent's stdout
    def write(self, text):
        for line in text.splitlines():
            if line == NAME:
                continue
            self.answers.append(line)
            x, r = map(int, line.split())
            self.state = PUZZLE.apply(self.case, self.state, Drop(x, r)).state
            if self.sent_turns < self.turns:
                self.pending += turn_block(self.sent_turns, self.state)
                self.sent_turns += 1

    def flush(self):
        pass

    # the agent's stdin: a turn's lines exist only once the previous answer arrived
    def readline(self):
        return self.pending.pop(0) + "\n" if self.pending else ""


def test_the_agent_plays_a_scripted_server_turn_by_turn(data_root, monkeypatch, capsys):
    case = PUZZLE.parse_input((data_root / "cases/codevs/packs_1.txt").read_text())
    server = ScriptedServer(case, turns=6)
    monkeypatch.setattr("sys.stdin", server)
    monkeypatch.setattr("sys.stdout", server)
    assert cli(["agent", "codevs", *SOLVER]) == 0
    assert len(server.answers) == 6
    # The answers, replayed from the start, are a legal game that reaches the server's position.
    text = "\n".join(server.answers) + "\n"
    report = PUZZLE.score_solution(case, text)
    assert report.fact("turns played") == 6
    assert PUZZLE.replay(case, PUZZLE.parse_solution(case, text).moves)[-1].field == server.state.field


def test_the_agent_answers_every_turn_of_a_recorded_contest_input(data_root):
    recorded = (data_root / "cases/codevs/packs_counter_check.txt").read_text()
    packs = PUZZLE.parse_input(recorded).packs
    out = io.StringIO()
    seen = []
    answered = run_agent(io.StringIO(recorded), out, lambda case: seen.append(case) or [Drop(3, 1)])
    assert answered == 16  # the recording holds 16 turns, each of 43 lines
    assert out.getvalue() == NAME + "\n" + "3 1\n" * 16
    # Each turn's case starts at that turn's pack, from the field the server sent.
    assert [case.packs[0] for case in seen] == list(packs[:16])
    turn_blocks = [line for line in recorded.splitlines()[1500:] if line.strip()]
    last_own_field = turn_blocks[15 * 43 + 5 : 15 * 43 + 21]
    expected = Field.from_rows([[int(v) for v in row.split()] for row in last_own_field])
    assert seen[-1].start_field == expected
    assert seen[-1].start_field != Field()


def test_a_broken_server_line_is_reported_with_its_number(data_root, capsys, monkeypatch):
    packs = format_input(PUZZLE.parse_input((data_root / "cases/codevs/packs_1.txt").read_text()))
    monkeypatch.setattr("sys.stdin", io.StringIO(packs + "zero\n"))
    assert cli(["agent", "codevs", *SOLVER]) == 1
    assert "line 1501: expected the turn number, got 'zero'" in capsys.readouterr().err
