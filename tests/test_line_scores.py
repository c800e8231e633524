"""LineScorer: contest scores of a solver's lines from the game's start, replaying only what changed."""

from workbench.core.line_scores import LineScorer
from workbench.puzzles.comesolo import PUZZLE


def walk(instance, count):
    """``count`` legal moves from the start, each the first the puzzle offers."""
    state, moves = PUZZLE.initial_state(instance), []
    for _ in range(count):
        moves.append(PUZZLE.legal_moves(instance, state)[0])
        state = PUZZLE.apply(instance, state, moves[-1]).state
    return moves


def counting(monkeypatch):
    calls = []
    apply = PUZZLE.apply

    def counted(*args):
        calls.append(args[2])
        return apply(*args)

    monkeypatch.setattr(PUZZLE, "apply", counted)
    return calls


def test_a_line_s_transitions_are_its_moves_as_played_and_a_shared_prefix_is_not_replayed(data_root, monkeypatch):
    instance = PUZZLE.parse_input((data_root / "cases/comesolo/rand_07_d70.txt").read_text())
    moves = walk(instance, 4)
    scorer = LineScorer(PUZZLE, instance, PUZZLE.initial_state(instance), 0)
    calls = counting(monkeypatch)
    assert scorer.report(moves[:3]).score == PUZZLE.evaluate(instance, scorer.state_after(moves[:3]), 3).score
    played = scorer.transitions(moves)
    assert calls == moves  # the first three once, then only the fourth
    state = PUZZLE.initial_state(instance)
    for move, transition in zip(moves, played):
        expected = PUZZLE.apply(instance, state, move)
        assert transition.state == expected.state and transition.frames == expected.frames
        state = expected.state
    assert len(played) == 4


def test_the_empty_line_has_no_transitions_and_ends_at_the_origin(data_root):
    instance = PUZZLE.parse_input((data_root / "cases/comesolo/rand_07_d70.txt").read_text())
    origin = PUZZLE.initial_state(instance)
    scorer = LineScorer(PUZZLE, instance, origin, 5)
    assert scorer.transitions(()) == ()
    assert scorer.state_after(()) is origin
