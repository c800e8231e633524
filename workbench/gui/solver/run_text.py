"""A solver run in words and on the contest's scale (Qt-free): the rescoring done off the GUI
thread, and the lines the panel and the status bar show."""

from __future__ import annotations

from workbench.core.errors import IllegalMove
from workbench.core.line_scores import LineScorer
from workbench.core.words import translate


def score_text(score) -> str:
    """A score in full (never 2.51476e+06); "none yet" before the first answer."""
    if score is None or score != score:
        return translate("SolverRun", "none yet")
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    if isinstance(score, int):
        return str(score)
    return f"{score:.7f}".rstrip("0").rstrip(".")


def rescore(scorer: LineScorer, best: tuple | None, entries: list | None):
    """(best, its report, its transitions, entries, their reports, their states): contest scores
    from the game's start, the best line as played (applied later without playing it again) and
    the state each entry reaches (None for an illegal entry).

    Runs on the run's scoring thread, so a long line never stalls the window; the states let a
    click on a row preview it without replaying its moves on the GUI thread.
    """
    best_report = scorer.report(best) if best is not None else None
    played = scorer.transitions(best) if best is not None else ()  # kept by the report above
    reports, states = [], []
    for entry in entries or ():
        try:
            state = scorer.state_after(entry.moves)
            reports.append(scorer.puzzle.evaluate(scorer.instance, state, scorer.origin_depth + len(entry.moves)))
            states.append(state)
        except IllegalMove:
            reports.append(None)
            states.append(None)
    return best, best_report, played, entries, reports, states


def progress_line(run, sample) -> str:
    """The run's line while it goes: time, nodes, what it has, the frontier's size."""
    progress = sample.progress
    return translate("SolverRun", "{0}: {1:.1f} s, {2} nodes, {3}, frontier {4}").format(
        run.job.name, sample.elapsed, progress.expansions, found_so_far(run), progress.frontier_size
    )


def found_so_far(run) -> str:
    """What a run under way has: its best answer, or an online game's score so far (an unfinished
    game is no answer, and the best score it once had is no score of any answer)."""
    if run.puzzle.online:
        if run.game_score is None:
            return translate("SolverRun", "no move played yet")
        return translate("SolverRun", "the game so far {0} after {1} moves").format(
            score_text(run.game_score), run.best_length()
        )
    return translate("SolverRun", "best {0}").format(run.best_text())


def found(run) -> str:
    """What the run that ended found, in words."""
    if run.puzzle.online and not run.answers:
        if not run.best_moves:
            return translate("SolverRun", "no move played")
        return translate(
            "SolverRun", "the game stops after {0} moves with {1} so far, not an answer until every turn is played"
        ).format(run.best_length(), score_text(run.game_score))
    if run.best_moves:
        return translate("SolverRun", "best {0} ({1} moves)").format(run.best_text(), run.best_length())
    why = getattr(run.job.target, "no_answer", lambda: "")()  # as the solver says it
    return translate("SolverRun", "no answer: {0}").format(
        why or translate("SolverRun", "none was found within the budget")
    )
