"""The window as a view of the Session's events: whatever changes the session redraws the window,
and each position is scored once however many panels show it."""

AHC011_CASE = "cases/ahc011/0000.txt"
AHC011_ANSWER = "answers/ahc011/0000-120.txt"  # the first 120 moves of the scramble walked back


def test_a_move_played_on_the_session_itself_redraws_the_window(window):
    window.files.generate("comesolo", 3)
    session = window.session
    move = session.puzzle.legal_moves(session.instance, session.state)[0]
    session.play(move)  # not through the window: the session's events redraw it
    assert window.step_panel.slider.maximum() == 1 and window.step_panel.slider.value() == 1
    assert window.score_label.text().startswith(f"comesolo  |  move 1  |  {session.report().summary()}")
    assert window.history_panel.currentItem() is window.history_panel.item_for(session.history.current)
    assert window.view.state == session.state and window.playing.undo_action.isEnabled()
    session.jump(session.history.root)
    assert window.step_panel.slider.value() == 0 and window.view.state == session.history.root.state


def test_a_board_left_no_longer_redraws_the_window(window):
    window.files.generate("comesolo", 3)
    left = window.session
    listeners = len(left.step_changed), len(left.board_changed)
    assert min(listeners) >= 1
    left.play(left.puzzle.legal_moves(left.instance, left.state)[0])
    window.files.generate("comesolo", 4)
    assert window.session is not left
    assert len(left.step_changed) == 0 and len(left.board_changed) == 0  # nothing of the window listens
    # each widget moved to the new board, none listening twice
    assert (len(window.session.step_changed), len(window.session.board_changed)) == listeners


def test_scrubbing_an_answer_scores_no_position_twice(qtbot, window, data_root, monkeypatch):
    assert window.files.open_path(data_root / AHC011_CASE)
    # Loading the kernels runs a solver's set-up, which scores a start of its own, on a thread.
    qtbot.waitUntil(lambda: window.kernels.is_ready("ahc011"), timeout=600000)
    puzzle = window.session.puzzle
    scored = []
    evaluate = type(puzzle).evaluate
    monkeypatch.setattr(type(puzzle), "evaluate", lambda self, *args: scored.append(args[2]) or evaluate(self, *args))
    assert window.files.open_path(data_root / AHC011_ANSWER)
    # each position of the answer once, for the status line, the caption and the plot together (the
    # start was scored when the board opened)
    assert sorted(scored) == list(range(1, 121))
    scored.clear()
    slider = window.step_panel.slider
    for step in list(range(120, -1, -1)) + list(range(121)):
        slider.setValue(step)
    assert scored == []
    session = window.session
    final = evaluate(puzzle, session.instance, session.history.current.state, 120)
    assert window.step_panel.caption.text() == f"Step 120 / 120: {final.summary()}"
