"""The Solver panel's model, without Qt: a SolverRun follows the AppState, runs a solver, rescores
its lines and hands the best one to the session as played (no widget, no qtbot)."""

import time

import pytest
from qt_free import qt_loaded_by

from workbench.core.registry import solvers
from workbench.core.session import Session
from workbench.gui.app_state import AppState
from workbench.gui.solver.run_model import RunRequest, RunState, SolverRun
from workbench.puzzles.comesolo import PUZZLE

BEAM = solvers("comesolo")["beam"]


def session_of(data_root, name="rand_07_d70.txt"):
    return Session(PUZZLE, PUZZLE.parse_input((data_root / "cases/comesolo" / name).read_text()))


def recorded(run):
    """Every event of ``run``, in order, as (name, args)."""
    events = []
    for name in ("state_changed", "puzzle_changed", "started", "best_changed", "cleared", "message"):
        getattr(run, name).connect(lambda *args, name=name: events.append((name, args)))
    return events


def run_to_end(run, request, timeout=120.0):
    run.start(request)
    deadline = time.monotonic() + timeout
    while run.running and time.monotonic() < deadline:
        time.sleep(0.02)
        run.poll()
    assert not run.running


@pytest.fixture
def shown(data_root):
    app_state = AppState()
    run = SolverRun(app_state)
    session = session_of(data_root)
    app_state.replace_session(session)
    yield app_state, run, session
    run.shutdown()


def test_it_follows_the_session_shown_and_its_position_with_no_push(shown, data_root):
    app_state, run, session = shown
    assert run.puzzle is PUZZLE and run.board is session.instance and run.node is session.history.root
    session.play(PUZZLE.legal_moves(session.instance, session.state)[0])
    assert run.node is session.history.current and run.node.depth == 1
    other = session_of(data_root, "rand_10_d50.txt")
    app_state.replace_session(other)
    assert run.board is other.instance and run.node is other.history.root
    session.play(PUZZLE.legal_moves(session.instance, session.state)[0])  # the board left is not followed
    assert run.node is other.history.root


def test_a_run_reports_its_end_its_best_line_and_where_it_started(shown):
    app_state, run, session = shown
    events = recorded(run)
    run_to_end(run, RunRequest(BEAM, {}, seconds=None, nodes=2000, seed=7))
    assert app_state.solver_start is session.history.root is run.start_node
    assert [e for e in events if e[0] == "state_changed"] == [
        ("state_changed", (RunState.RUNNING,)),
        ("state_changed", (RunState.DONE,)),
    ]
    assert events[-1] == ("state_changed", (RunState.DONE,))
    assert ("best_changed", (run.best_moves,)) in events and run.best_moves
    report = PUZZLE.score_solution(session.instance, PUZZLE.format_solution(session.instance, run.best_moves))
    assert run.best_score == report.score == len(run.best_moves)  # a comesolo score: the moves left
    assert run.status.startswith("beam: ") and run.status.endswith(
        f" nodes; best {report.text} ({len(run.best_moves)} moves)"
    )
    assert ("message", (run.status,)) in events
    times = run.samples.times.values
    assert len(times) >= 2 and list(times) == sorted(times)
    assert run.samples.best[-1] == run.best_score
    assert run.rows and run.rows[0].answer and run.rows[0].entry.moves == run.best_moves


def test_the_best_line_is_applied_from_its_transitions_without_playing_it_again(shown, monkeypatch):
    app_state, run, session = shown
    run_to_end(run, RunRequest(BEAM, {}, seconds=None, nodes=2000, seed=7))
    played = run.played(run.best_moves, app_state.solver_start)
    assert len(played) == len(run.best_moves)
    assert run.played(run.best_moves[:-1], app_state.solver_start) is None  # not the best line
    assert run.played(run.best_moves, None) is None  # not from where the run began
    expected = [
        PUZZLE.apply(session.instance, node_state, move).state
        for node_state, move in zip([session.state, *(t.state for t in played[:-1])], run.best_moves)
    ]
    calls = []
    monkeypatch.setattr(PUZZLE, "apply", lambda *args: calls.append(args))
    session.add_line(run.best_moves, start=app_state.solver_start, played=played)
    assert calls == []
    assert [node.state for node in session.history.line()[1:]] == expected
    assert session.moves() == list(run.best_moves)


def test_a_run_of_a_board_no_longer_shown_is_cleared(shown, data_root):
    app_state, run, session = shown
    run_to_end(run, RunRequest(BEAM, {}, seconds=None, nodes=300))
    events = recorded(run)
    other = session_of(data_root, "rand_10_d50.txt")
    app_state.replace_session(other)
    assert ("cleared", ()) in events
    assert run.best_moves == () and run.rows == [] and len(run.samples.times) == 0
    assert app_state.solver_start is None and not run.owns_best
    assert run.status == "Idle. The last run (beam) was on another board; its results are cleared."


def test_a_start_waits_for_the_kernels_and_begins_once_they_are_loaded(shown):
    app_state, run, session = shown
    run.set_not_ready("Compiling the comesolo solver kernels: 3 s")
    events = recorded(run)
    run.start(RunRequest(BEAM, {}, seconds=None, nodes=300))
    assert run.state is RunState.WAITING and run.job is None
    assert run.status == (
        "beam waits: Compiling the comesolo solver kernels: 3 s. It starts by itself "
        "when they are ready (Cancel to give up)."
    )
    assert events == [("state_changed", (RunState.WAITING,)), ("started", (session.history.root,))]
    run.kernels_ready()
    assert run.state is RunState.RUNNING and run.job is not None and run.pending is None
    run.cancel()
    run.job.join(30)


def test_a_waiting_start_can_be_cancelled_and_one_solver_loaded_ahead_starts_alone(shown):
    app_state, run, session = shown
    run.set_not_ready("Compiling")
    run.start(RunRequest(BEAM, {}, seconds=None, nodes=300))
    run.cancel()
    assert run.state is RunState.IDLE and run.pending is None
    assert run.status == "Start cancelled before the kernels were ready"
    run.start(RunRequest(BEAM, {}, seconds=None, nodes=300))
    run.solver_loaded("best-first")
    assert run.state is RunState.WAITING
    run.solver_loaded("beam")
    assert run.state is RunState.RUNNING and run.not_ready == "Compiling"
    run.cancel()
    run.job.join(30)


def test_a_run_without_any_budget_is_refused_with_a_message(shown):
    app_state, run, session = shown
    events = recorded(run)
    run.start(RunRequest(BEAM, {}, seconds=None, nodes=None))
    assert events == [("message", ("Set a time or a node budget before starting a solver",))]
    assert run.job is None and run.state is RunState.IDLE


def test_cancel_ends_the_run_as_cancelled_and_pause_is_a_state(shown):
    app_state, run, session = shown
    run.start(RunRequest(BEAM, {}, seconds=600, nodes=None))
    run.toggle_pause()
    assert run.state is RunState.PAUSED and run.status.endswith(" (paused)")
    run.toggle_pause()
    assert run.state is RunState.RUNNING
    run.cancel()
    run.job.join(60)
    deadline = time.monotonic() + 60
    while run.running and time.monotonic() < deadline:
        run.poll()
        time.sleep(0.02)
    assert run.state is RunState.CANCELLED and run.last_result.stopped_by == "cancelled"
    assert ": cancelled after " in run.status


def test_the_model_does_not_load_qt():
    assert qt_loaded_by("workbench.gui.solver.run_model", "workbench.gui.solver.run_text") == []
