"""The default `solve` budget of a puzzle played turn by turn is per turn."""

import pytest

from solvers.run_setup import DEFAULT_SECONDS, TURN_SLACK, choose_solver, parse_params, run_budget
from workbench.core.registry import get_puzzle


def test_codevs_gets_a_share_per_turn_and_the_beam_its_cap():
    codevs = get_puzzle("codevs")
    case = codevs.configure(codevs.generate(1), turns=40)
    cls = choose_solver(codevs)
    assert cls.turn_cap == "turn_seconds"  # declared by the solver, not guessed from its parameters
    chosen = run_budget(codevs, case, cls, {})
    assert chosen.budget.seconds == pytest.approx(codevs.turn_seconds * 40 * TURN_SLACK)
    assert chosen.budget.nodes is None
    assert chosen.params == {"turn_seconds": codevs.turn_seconds}
    assert "0.6 s per turn x 40 turns" in chosen.note


def test_a_cap_given_on_the_command_line_is_kept():
    codevs = get_puzzle("codevs")
    case = codevs.configure(codevs.generate(1), turns=10)
    cls = choose_solver(codevs)
    chosen = run_budget(codevs, case, cls, parse_params(cls, ["turn_seconds=2"]))
    assert chosen.params["turn_seconds"] == 2.0


def test_an_online_game_shares_the_total_over_its_turns():
    ahc015 = get_puzzle("ahc015")
    cls = choose_solver(ahc015)
    chosen = run_budget(ahc015, ahc015.generate(1), cls, {})
    assert chosen.budget.seconds == pytest.approx(ahc015.turn_seconds * ahc015.max_moves(ahc015.generate(1)))
    assert chosen.params == {}


def test_other_puzzles_and_explicit_budgets_keep_the_whole_answer_budget():
    comesolo = get_puzzle("comesolo")
    assert comesolo.turn_seconds is None
    cls = choose_solver(comesolo)
    assert run_budget(comesolo, comesolo.generate(1), cls, {}).budget.seconds == DEFAULT_SECONDS
    codevs = get_puzzle("codevs")
    chosen = run_budget(codevs, codevs.generate(1), choose_solver(codevs), {}, seconds=3.0)
    assert (chosen.budget.seconds, chosen.note) == (3.0, "")
    assert (
        run_budget(codevs, codevs.generate(1), choose_solver(codevs), {}, whole_game=False).budget.seconds
        == DEFAULT_SECONDS
    )


def test_solve_codevs_uses_the_per_turn_default(data_root, tmp_path, capsys):
    from workbench.cli import main as cli

    packs = str(data_root / "cases/codevs/packs_1.txt")
    small = ["--turns", "2", "--param", "width=4", "--param", "depth=1"]
    assert cli(["solve", "codevs", packs, "-o", str(tmp_path / "a.out")] + small) == 0
    err = capsys.readouterr().err
    assert "default budget: 0.6 s per turn x 2 turns" in err
    assert "turns played 2" in err
    assert cli(["solve", "codevs", packs, "-o", str(tmp_path / "b.out"), "--time", "5"] + small) == 0
    assert "default budget" not in capsys.readouterr().err
