"""The codevs chain builder: its kernels against the engine, legal and reproducible answers,
the chains it builds on a shared pack file, its live plan and the CLI."""

import random

import numpy as np
import pytest

from solvers.codevs import ChainBuilder
from solvers.codevs.kernels import NODE, candidate_chain, drop, field_of, node_of, play_turn
from solvers.driver import Budget, run
from workbench.cli import main
from workbench.core.errors import IllegalMove
from workbench.puzzles.codevs import PUZZLE, Case, Drop, Field, chain_score
from workbench.puzzles.codevs.field import rotate

PACKS_1 = "cases/codevs/packs_1.txt"


@pytest.fixture(scope="module")
def packs_1(data_root):
    return PUZZLE.parse_input((data_root / PACKS_1).read_text())


def solver(case, **params):
    return ChainBuilder(PUZZLE, (case, PUZZLE.initial_state(case)), **params)


def scratch():
    return np.zeros(10, dtype=np.int64), np.zeros(NODE, dtype=np.int8)


def test_the_turn_kernel_matches_the_engine_on_random_play_with_incoming_ojama(packs_1):
    rng = random.Random(3)
    dirty, marks = scratch()
    ojama_of = np.array([chain_score(c) // 2 for c in range(40)], dtype=np.int64)
    case = Case(packs_1.packs, 500, incoming=tuple(rng.choice((0, 0, 3, 9)) for _ in range(500)))
    state, compared, chained, rows = PUZZLE.initial_state(case), 0, 0, 0
    while compared < 600:
        move = Drop(rng.randrange(9), rng.randrange(4))
        node = node_of(state.field)
        chains, stock = play_turn(
            node,
            state.stock,
            case.incoming_before(state.turn),
            np.array(rotate(case.packs[state.turn], move.r), dtype=np.int8),
            move.x,
            ojama_of,
            dirty,
            marks,
        )
        try:
            after = PUZZLE.apply(case, state, move).state
        except IllegalMove:
            assert chains == -1
            state = PUZZLE.initial_state(case)
            continue
        assert (chains, stock, field_of(node)) == (after.last.chains, after.stock, after.field)
        assert not marks.any()
        compared += 1
        chained += chains > 0
        rows += after.field.column(0).count(11) > state.field.column(0).count(11)
        state = after
    assert chained > 100 and rows > 50  # plenty of chains and falling ojama rows were compared


def test_a_dying_drop_is_reported_and_the_candidate_chain_counts_a_single_block():
    dirty, marks = scratch()
    tall = node_of(Field.from_columns([[1, 2] * 8]))
    assert drop(tall, np.array((3, 3, 3, 3), dtype=np.int8), 0, dirty, marks) == -1
    # A 2 dropped on column 0 erases with the 8 and lets the 3 fall beside the 7: two chains.
    node = node_of(Field.from_columns([[3], [8, 3, 7]]))
    assert candidate_chain(node, np.zeros(NODE, dtype=np.int8), dirty, marks) == 2


def test_the_answer_is_legal_and_builds_a_fourteen_chain(packs_1):
    s = solver(packs_1, turns=16, width=50, depth=6)
    result = run(s, Budget(nodes=100_000))
    assert result.stopped_by == "done" and len(result.moves) == 16
    final = PUZZLE.replay(packs_1, result.moves)[-1]
    assert (final.max_chain, final.best_ojama, final.best_ojama_turn) == (14, 79, 15)
    assert result.progress.expansions == 2970
    assert dict(s.frontier()[0].facts) == {"answer": "final", "chain": 14, "ojama": 79}


def test_the_same_budget_gives_the_same_answer_however_it_is_sliced(packs_1):
    answers = set()
    for size in (5000, 333, 7):
        s = solver(packs_1, turns=10, width=20, depth=5, discount=1.05)
        result = run(s, Budget(nodes=700), slice_expansions=size)
        answers.add(tuple(result.moves))
    assert len(answers) == 1


def test_best_moves_run_to_the_planned_fire_and_the_frontier_shows_it(packs_1):
    s = solver(packs_1, turns=40, width=40, depth=8)
    s.run_slice(1500)  # mid-game: some turns committed, a plan under way
    committed, moves = list(s.committed), s.best_moves()
    assert committed and moves[: len(committed)] == committed
    fire = s.frontier()[0]
    facts = dict(fire.facts)
    assert fire.moves == tuple(moves) and facts["chain"] >= 10
    final = PUZZLE.replay(packs_1, moves)[-1]
    assert final.last.chains == facts["chain"] and final.last.ojama == facts["ojama"]
    nodes = s.frontier()[1:]
    wanted = {"candidate chain", "candidate ojama", "blocks"}
    assert nodes and all(wanted <= set(dict(e.facts)) for e in nodes)


def test_a_custom_start_is_planned_from_and_the_turn_budget_respected(packs_1):
    # Under pack 1 (4 8 / 0 2) column 3 = 1, 6, 9 fires a 3-chain (see tests/test_gui_codevs.py).
    case = Case(packs_1.packs, 2, start_field=Field.from_columns([[], [], [], [1, 6, 9]]))
    result = run(solver(case, width=10, depth=4), Budget(nodes=1000))
    assert len(result.moves) == 2
    first = PUZZLE.replay(case, result.moves)[1]
    assert first.last.chains == 3  # fired at once: a 3-chain now beats any 2 turns ahead


def test_a_case_start_is_checked_and_carried_into_the_initial_state(packs_1):
    with pytest.raises(ValueError, match="over the danger line"):
        Case(packs_1.packs, start_field=Field.from_columns([[1] * 17]))
    with pytest.raises(ValueError, match="the gauge is 0..100"):
        Case(packs_1.packs, start_gauge=101)
    case = Case(packs_1.packs, 5, start_field=Field.from_columns([[2, 2]]), start_gauge=80, start_stock=7)
    state = PUZZLE.initial_state(case)
    assert (state.field.column(0), state.gauge, state.stock, state.turn) == (bytes([2, 2]), 80, 7, 0)
    assert case.custom_start and not packs_1.custom_start


def test_a_stock_of_ojama_is_planned_with(packs_1):
    """Rows of ojama fall on the first four turns; the plans play through them."""
    case = Case(packs_1.packs, 12, start_stock=45)
    s = solver(case, width=30, depth=6)
    result = run(s, Budget(nodes=20_000))
    final = PUZZLE.replay(case, result.moves)[-1]
    assert len(result.moves) == 12 and final.turn == 12
    assert sum(final.field.column(x).count(11) for x in range(10)) == 40  # 45 -> 35, 25, 15, 5
    assert (final.max_chain, final.best_ojama, final.stock) == (9, 18, 0)  # the 18 cancel the last 5


def test_warm_up_compiles_the_kernels():
    ChainBuilder.warm_up()


def test_cli_solve_writes_an_answer_the_cli_scores(data_root, tmp_path, capsys):
    out = tmp_path / "answer.out"
    assert (
        main(
            [
                "solve",
                "codevs",
                str(data_root / PACKS_1),
                "--nodes",
                "100000",
                "--param",
                "turns=16",
                "--param",
                "width=50",
                "--param",
                "depth=6",
                "-o",
                str(out),
            ]
        )
        == 0
    )
    assert len(out.read_text().splitlines()) == 16
    capsys.readouterr()
    assert main(["score", "codevs", str(data_root / PACKS_1), str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert "max chain: 14" in printed and printed[-1] == "79"


def test_a_turn_time_cap_commits_each_turn_early(packs_1):
    s = solver(packs_1, turns=5, width=5000, depth=12, turn_seconds=0.01)
    result = run(s, Budget(nodes=10**9))
    assert result.stopped_by == "done" and len(result.moves) == 5
    PUZZLE.replay(packs_1, result.moves)
    # Uncapped, the first turn alone expands 1 + 36 + 5000 * 10 nodes.
    assert result.progress.expansions < 50_000
