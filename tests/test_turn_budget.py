"""The default `solve` budget of a puzzle played turn by turn is per turn (issue 13)."""

from types import SimpleNamespace

import pytest

from workbench.cli import DEFAULT_SECONDS, TURN_SLACK, budget_of, per_turn_default, solver_choice
from workbench.core.registry import get_puzzle


def test_codevs_gets_a_share_per_turn_and_the_beam_its_cap(capsys):
    codevs = get_puzzle("codevs")
    case = codevs.configure(codevs.generate(1), turns=40)
    cls, params = solver_choice(codevs, None, [])
    budget = per_turn_default(codevs, case, cls, params)
    assert budget.seconds == pytest.approx(codevs.turn_seconds * 40 * TURN_SLACK)
    assert budget.nodes is None
    assert params == {"turn_seconds": codevs.turn_seconds}
    assert "0.6 s per turn x 40 turns" in capsys.readouterr().err


def test_a_cap_given_on_the_command_line_is_kept():
    codevs = get_puzzle("codevs")
    case = codevs.configure(codevs.generate(1), turns=10)
    cls, params = solver_choice(codevs, None, ["turn_seconds=2"])
    per_turn_default(codevs, case, cls, params)
    assert params["turn_seconds"] == 2.0


def test_an_online_game_shares_the_total_over_its_turns():
    ahc015 = get_puzzle("ahc015")
    cls, params = solver_choice(ahc015, None, [])
    budget = per_turn_default(ahc015, ahc015.generate(1), cls, params)
    assert budget.seconds == pytest.approx(ahc015.turn_seconds * ahc015.max_moves(ahc015.generate(1)))
    assert params == {}


def test_other_puzzles_and_explicit_budgets_keep_the_whole_answer_budget():
    assert get_puzzle("comesolo").turn_seconds is None
    args = SimpleNamespace(time=None, nodes=None)
    assert budget_of(args).seconds == DEFAULT_SECONDS
    assert budget_of(SimpleNamespace(time=3.0, nodes=None)).seconds == 3.0


def test_solve_codevs_uses_the_per_turn_default(shared, tmp_path, capsys):
    from workbench.cli import main as cli

    packs = str(shared / "cases/codevs/packs_1.txt")
    small = ["--turns", "2", "--param", "width=4", "--param", "depth=1"]
    assert cli(["solve", "codevs", packs, "-o", str(tmp_path / "a.out")] + small) == 0
    err = capsys.readouterr().err
    assert "default budget: 0.6 s per turn x 2 turns" in err
    assert "turns played 2" in err
    assert cli(["solve", "codevs", packs, "-o", str(tmp_path / "b.out"), "--time", "5"] + small) == 0
    assert "default budget" not in capsys.readouterr().err
