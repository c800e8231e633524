"""Online puzzles through the generic solver machinery: one decision per turn,
from the public view only, with the future revealed by the engine alone."""

from solvers.ahc015 import POLICIES
from solvers.base import Progress, Solver
from solvers.driver import Budget
from solvers.online import OnlineGame, build_run, execute
from workbench.puzzles.ahc015 import PUZZLE, Box, play_game
from workbench.puzzles.ahc015.box import CANDIES


class RuleOneSolver(Solver):
    """Rule 1 as a one-expansion solver, recording every view it was given."""

    name = "rule1-test"
    views: list = []

    def __init__(self, puzzle, view, seed=0, **params):
        super().__init__(puzzle, view, seed, **params)
        RuleOneSolver.views.append(view)
        self.plan = ()

    def run_slice(self, max_expansions):
        self.plan = (POLICIES["rule1"].choose(self.view, ()),)
        return Progress(1, 0, 0, True)

    def best_moves(self):
        return self.plan


def test_an_online_game_plays_every_turn_from_the_public_view_only(data_root):
    instance = PUZZLE.parse_input((data_root / "cases/ahc015/0000.txt").read_text())
    RuleOneSolver.views = []
    target = build_run(
        PUZZLE, instance, PUZZLE.initial_state(instance), RuleOneSolver, seed=0, params={}, budget=Budget(nodes=1000)
    )
    assert isinstance(target, OnlineGame)
    RuleOneSolver.views = []  # building the game checked the parameters with a first view
    result = execute(target, Budget(nodes=1000))
    assert result.stopped_by == "done"
    assert result.moves == play_game(PUZZLE, instance, POLICIES["rule1"])
    assert len(result.moves) == CANDIES
    # Each turn's solver saw a Box holding exactly the placements revealed so far.
    assert all(isinstance(view, Box) for view in RuleOneSolver.views)
    assert [view.turn for view in RuleOneSolver.views] == list(range(1, CANDIES + 1))
    final = PUZZLE.replay(instance, result.moves)[-1]
    assert result.progress.best_score == PUZZLE.evaluate(instance, final, CANDIES).score


def test_the_game_budget_is_shared_out_over_the_remaining_turns(data_root):
    instance = PUZZLE.parse_input((data_root / "cases/ahc015/0001.txt").read_text())
    game = OnlineGame(
        PUZZLE, instance, PUZZLE.initial_state(instance), RuleOneSolver, budget=Budget(nodes=1000, seconds=50.0)
    )
    first = game.decider.turn_budget(game.turns_left())
    assert (first.nodes, first.seconds) == (10, 0.5)  # 100 turns to play
