"""Your program, live: [SCORE] lines and snapshots (several answers in stdout, files in
$PWB_SNAPSHOT_DIR), scored by the engine or the contest's vis, kept in the run database, the anytime
profile of a run and `batch compare --at`.

The program is tests/data/live_program.py following a script; the built-in puzzle's case and answer
are real (../shared: AHC011 seed 0 and nagiss's answer to it, 868,056), the contest is tiny_contest.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import tiny_contest
from batch_cli import batch_main
from live_script import ANSWER, CASE, ahc011_script, command

from workbench.batch.anytime import run_anytime_profile
from workbench.batch.database import run_traces
from workbench.batch.live import LiveRecorder, LiveTrace, Snapshot, anytime_profile, case_curve, rows_at
from workbench.batch.results import read_run
from workbench.cli import main
from workbench.core.objective import Objective
from workbench.core.registry import get_puzzle

needs_shared = pytest.mark.skipif(not CASE.is_file(), reason="needs ../shared")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)


def engine_score(text: str) -> int:
    puzzle = get_puzzle("ahc011")
    return puzzle.score_solution(puzzle.parse_input(CASE.read_text()), text).score


@needs_shared
def test_a_programs_score_lines_and_snapshots_on_ahc011_are_kept_in_the_run_database(tmp_path, capsys):
    answer = ANSWER.read_text().strip()
    out = tmp_path / "runs" / "live"
    assert (
        main(["batch", "ahc011", str(CASE), "--cmd", command(tmp_path, ahc011_script(answer)), "--out", str(out)]) == 0
    )
    assert (
        "live: 1 of 1 cases wrote 3 [SCORE] lines and 2 snapshots; 1 [SCORE] lines were not a number (ignored)"
    ) in capsys.readouterr().err
    _, rows = read_run(out)
    assert [(r["score"], r["verdict"]) for r in rows] == [("868056", "OK")]
    assert (out / "answers" / f"{rows[0]['name']}.out").read_text().strip() == answer
    trace = run_traces(out)[rows[0]["name"]]
    assert [v for _, v in trace.series] == [100.0, 200.5, 868056.0]
    assert trace.bad_lines == 1
    assert [(s.source, s.score) for s in trace.snapshots] == [
        ("0001.txt", engine_score(answer[:20])),
        ("0002.txt", engine_score(answer[:60])),
    ]
    assert engine_score(answer[:20]) < engine_score(answer[:60]) < 868056  # distinct points
    times = [t for t, _ in trace.series]
    assert times == sorted(times) and [s.t for s in trace.snapshots] == sorted(s.t for s in trace.snapshots)
    assert trace.snapshots[1].t - trace.snapshots[0].t >= 0.1  # the program slept between them
    # The table is the run's: keyed by run id and case, gone with the run.
    with sqlite3.connect(tmp_path / "runs" / "runs.sqlite") as db:
        assert db.execute("SELECT run_id, name FROM case_live").fetchall() == [(1, rows[0]["name"])]
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("DELETE FROM runs")
        assert db.execute("SELECT COUNT(*) FROM case_live").fetchone() == (0,)


@needs_shared
def test_two_answers_on_ahc011s_stdout_are_wrong_as_its_judge_says(tmp_path, capsys):
    """AHC011's output is one line of moves: a second line is a character outside UDLR to its judge,
    so stdout snapshots are no protocol for it (snapshot files are)."""
    answer = ANSWER.read_text().strip()
    out = tmp_path / "runs" / "two"
    script = {"*": [{"stdout": answer[:20] + "\n"}, {"stdout": answer + "\n"}]}
    assert main(["batch", "ahc011", str(CASE), "--cmd", command(tmp_path, script), "--out", str(out)]) == 0
    _, rows = read_run(out)
    assert [(r["score"], r["verdict"]) for r in rows] == [("0", "WA")]


@needs_shared
def test_a_program_that_says_nothing_live_runs_as_before(tmp_path, capsys):
    answer = ANSWER.read_text().strip()
    out = tmp_path / "runs" / "quiet"
    assert (
        main(["batch", "ahc011", str(CASE), "--cmd", command(tmp_path, {"*": [{"stdout": answer}]}), "--out", str(out)])
        == 0
    )
    _, rows = read_run(out)
    assert [(r["score"], r["verdict"]) for r in rows] == [("868056", "OK")]
    # One answer on stdout is the answer, nothing said live: no trace is kept, nothing more is printed.
    assert run_traces(out) == {}
    assert "live:" not in capsys.readouterr().err


def test_a_database_made_before_the_live_table_gets_it_and_reads_without_it(tmp_path):
    from workbench.batch.database import RunDatabase

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:  # the schema before case_live
        db.executescript(
            "CREATE TABLE runs (id INTEGER PRIMARY KEY, folder TEXT UNIQUE NOT NULL, puzzle TEXT "
            "NOT NULL); INSERT INTO runs (id, folder, puzzle) VALUES (1, '/x', 'ahc011');"
        )
    base = RunDatabase(path)
    assert base.traces(1) == {}  # read-only: no table, no traces, nothing written
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'case_live'").fetchone() is None
    base.check()  # the first write migrates
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'case_live'").fetchone() == ("case_live",)


def test_score_lines_are_parsed_and_bad_ones_counted():
    recorder = LiveRecorder()
    for line in (
        b"[SCORE] 12",
        b"[SCORE]  3.5\r",
        b"[SCORE] nan",
        b"[SCORE] 1 2",
        b"[SCORE]",
        b"other",
        b"[DATA] x = 1",
        b"[SCORE] -7",
    ):
        recorder.stderr_line(line)
    assert [v for _, v in recorder.trace.series] == [12.0, 3.5, -7.0]
    assert recorder.trace.bad_lines == 3


def test_stdout_answers_become_snapshots_as_their_lines_end():
    from workbench.core.answer_split import split_blocks, split_lines

    recorder = LiveRecorder(split_lines)
    recorder.stdout_data(b"UUD")
    assert recorder.take_new()[1] == []  # a line still being written is no answer yet
    recorder.stdout_data(b"L\nRR")
    assert [s.text for s in recorder.take_new()[1]] == ["UUDL"]
    recorder.finish()
    assert [s.text for s in recorder.take_new()[1]] == ["RR"]  # the output ended: its last line counts
    assert split_blocks("1\n2\n\n3\n", False) == ["1\n2\n"]
    assert split_blocks("1\n2\n\n3\n", True) == ["1\n2\n", "3\n"]


def test_the_anytime_profile_counts_a_case_as_failed_before_its_first_point():
    objective = Objective.MAX
    early = LiveTrace(snapshots=[Snapshot(0.5, "a", score=50.0), Snapshot(1.0, "b", score=80.0)])
    late = LiveTrace(series=[(1.5, 40.0)])
    curves = [
        case_curve(early, 100.0, True, 2.0, 100.0, objective),
        case_curve(late, 90.0, True, 3.0, 100.0, objective),
        case_curve(None, 0.0, False, 1.0, 100.0, objective),
    ]  # failed, said nothing
    times, means = anytime_profile(curves)
    assert times == [0.0, 0.5, 1.0, 1.5, 2.0, 3.0]
    assert means == pytest.approx([0.0, 0.5 / 3, 0.8 / 3, 1.2 / 3, 1.4 / 3, 1.9 / 3])


def contest_with_answers(tmp_path: Path, answers: str) -> Path:
    folder = tmp_path / "live-min"
    folder.mkdir()
    tiny_contest.lay_out(folder, "min", seeds=3)
    assert main(["contest", "init", str(folder), "--objective", "min", "--time-limit", "5"]) == 0
    toml = folder / "contest.toml"
    text = toml.read_text()
    assert "answers = 'one'" in text  # the default: stdout is one answer
    toml.write_text(text.replace("answers = 'one'", f"answers = '{answers}'"))
    return folder


def test_a_contest_programs_snapshots_are_scored_by_its_vis(tmp_path, capsys):
    folder = contest_with_answers(tmp_path, "lines")
    targets = tiny_contest.targets(folder / "tools")  # target -> seed
    inputs = {
        seed: (folder / "tools" / "in" / f"{i:04d}.txt").read_text().strip()
        for i, seed in enumerate(sorted(targets.values()))
    }
    script = {}
    for target, seed in targets.items():  # |x - T| + 1: 6, then 3 (a file), then 1
        script[inputs[seed]] = [
            {"score": str(target + 5)},
            {"stdout": f"{target + 5}\n"},
            {"sleep": 0.05},
            {"file": "a.txt", "text": f"{target + 2}\n"},
            {"sleep": 0.05},
            {"stdout": f"{target}\n"},
            {"score": "garbage"},
        ]
    out = folder / "runs" / "live"
    capsys.readouterr()
    assert main(["batch", str(folder), "--seeds", "0-2", "--cmd", command(tmp_path, script), "--out", str(out)]) == 0
    _, rows = read_run(out)
    assert [(r["score"], r["verdict"]) for r in rows] == [("1", "OK")] * 3
    traces = run_traces(out)
    for row in rows:
        trace = traces[row["name"]]
        assert [(s.source, s.score) for s in trace.snapshots] == [
            ("stdout #1", 6.0),
            ("a.txt", 3.0),
            ("stdout #2", 1.0),
        ]
        assert len(trace.series) == 1 and trace.bad_lines == 1


def test_a_snapshot_file_of_one_case_is_not_taken_for_the_next_ones(tmp_path, capsys):
    folder = contest_with_answers(tmp_path, "lines")
    targets = tiny_contest.targets(folder / "tools")  # target -> seed
    first = (folder / "tools" / "in" / "0000.txt").read_text().strip()
    target = {seed: t for t, seed in targets.items()}[min(targets.values())]
    # Seed 0 leaves a snapshot file behind; the others write none, in the same worker after it.
    script = {
        first: [{"file": "a.txt", "text": f"{target + 2}\n"}, {"stdout": f"{target}\n"}],
        "*": [{"sleep": 0.05}, {"stdout": "1\n"}],
    }
    out = folder / "runs" / "left"
    assert batch_main(folder, seeds="0-2", cmd=command(tmp_path, script), jobs="1", out=out) == 0
    _, rows = read_run(out)
    traces = run_traces(out)
    assert [(s.source, s.score) for s in traces[rows[0]["name"]].snapshots] == [("a.txt", 3.0), ("stdout #1", 1.0)]
    assert [r["name"] in traces for r in rows[1:]] == [False, False]  # nothing live: no trace at all


def test_a_daemon_of_one_case_cannot_write_into_the_next_cases_snapshots(tmp_path):
    """Case 0 leaves a daemon (setsid: out of reach of the group kill) that writes a snapshot file by
    $PWB_SNAPSHOT_DIR while case 1 runs in the same worker: case 1's trace holds nothing of it."""
    flag, second, wrote = tmp_path / "first.flag", tmp_path / "second.flag", tmp_path / "daemon.txt"
    program = tmp_path / "prog.sh"
    program.write_text(f"""#!/bin/sh
cat > /dev/null
if [ ! -e {flag} ]; then
  touch {flag}
  setsid sh -c "i=0; while [ ! -e {second} ] && [ \\$i -lt 200 ]; do i=\\$((i + 1)); sleep 0.05; done; echo 1 > \"$PWB_SNAPSHOT_DIR/zzz.txt\" && echo wrote > {wrote} \
      || echo refused > {wrote}" > /dev/null 2>&1 < /dev/null &
  sleep 0.3; echo; exit 0  # (the daemon out of the group before the group is killed)
fi
touch {second}
sleep 1.5
echo
""")
    program.chmod(0o755)
    out = tmp_path / "runs" / "daemon"
    assert batch_main("ahc011", seeds="0-1", cmd=program, time="5", jobs="1", out=out) == 0
    assert run_traces(out) == {}  # neither case's own program wrote a snapshot
    # Where each case has a cgroup of its own (process_tree) the daemon ended with its case; else it
    # wrote while case 1 ran, and found no folder.
    assert not wrote.exists() or wrote.read_text() == "refused\n"


def test_a_contest_file_names_a_bad_answers_setting(tmp_path, capsys):
    contest_with_answers(tmp_path, "paragraphs")
    assert main(["batch", str(tmp_path / "live-min"), "--seeds", "0", "--cmd", "true"]) != 0
    err = capsys.readouterr().err
    assert "run.answers" in err and "'paragraphs'" in err and "Traceback" not in err


def test_compare_at_a_time_counts_cases_by_their_best_so_far(tmp_path, capsys):
    """Run A answers well at once then stops; run B answers badly at once and better late: at 1 s
    A leads, at the end B does."""
    folder = contest_with_answers(tmp_path, "lines")
    targets = tiny_contest.targets(folder / "tools")
    inputs = [(folder / "tools" / "in" / f"{i:04d}.txt").read_text().strip() for i in range(3)]
    by_input = {text: int(text.split()[1]) for text in inputs}
    fast = {text: [{"stdout": f"{t + 1}\n"}] for text, t in by_input.items()}  # score 2, at once
    slow = {text: [{"stdout": f"{t + 9}\n"}, {"sleep": 2.0}, {"stdout": f"{t}\n"}] for text, t in by_input.items()}
    runs = folder / "runs"
    for name, script in (("a", fast), ("b", slow)):
        assert batch_main(folder, seeds="0-2", cmd=command(tmp_path, script, name), out=runs / name) == 0
    assert len(targets) == 3
    capsys.readouterr()
    assert main(["batch", "compare", str(runs / "a"), str(runs / "b"), "--at", "1.0"]) == 0
    out = capsys.readouterr().out
    early, end = out.split("at the end:")
    assert "at 1 s into each case" in early
    # At 1 s into each case: A's 2 against B's 10 (B still running), relative 1 and 0.2; at the end B's 1.
    assert "B wins 0, loses 3" in early and "mean A 1.0000, mean B 0.2000" in early
    assert "B wins 3, loses 0" in end and "mean A 0.5000, mean B 1.0000" in end
    assert out.strip().splitlines()[-1] == "0.5"
    # B's anytime profile: each case 10 (relative 1/10 against the best-known 1) soon after its start,
    # then 1 at its end; 0 before its first answer.
    profile = run_anytime_profile(runs / "b")
    assert (profile.cases, profile.traced) == (3, 3)
    assert profile.means == pytest.approx([0.0, 1 / 30, 2 / 30, 0.1, 0.4, 0.7, 1.0])
    assert profile.times == sorted(profile.times) and profile.times[0] == 0.0


def test_rows_at_a_time_before_any_point_are_failed():
    rows = [{"name": "c", "key": "k", "case": "c", "score": "5", "verdict": "OK", "time_s": "2.0"}]
    assert rows_at(rows, {}, 1.0, "max")[0]["verdict"] == "none yet"
    assert rows_at(rows, {}, 2.0, "max") == rows
    trace = LiveTrace(series=[(0.5, 3.0), (0.9, 2.0)])
    assert rows_at(rows, {"c": trace}, 1.0, "max")[0]["score"] == 3.0


def test_a_long_output_of_many_answers_keeps_the_first_snapshots_and_counts_the_rest():
    from workbench.batch.live import MAX_SNAPSHOTS
    from workbench.core.answer_split import split_lines

    recorder = LiveRecorder(split_lines)
    line = b"U" * 2000 + b"\n"
    for _ in range(100):  # 6.6 MB, 3,300 answers, in 64 KB pieces
        recorder.stdout_data(line * 33)
    recorder.finish()
    assert len(recorder.trace.snapshots) == MAX_SNAPSHOTS
    assert recorder.trace.dropped == 3300 - MAX_SNAPSHOTS
    assert {s.text for s in recorder.trace.snapshots} == {"U" * 2000}


def test_snapshot_files_are_taken_in_name_order_without_those_being_written(tmp_path):
    recorder = LiveRecorder(snapshot_dir=tmp_path)
    (tmp_path / "0002.txt").write_text("two")
    (tmp_path / "0001.txt").write_text("one")
    (tmp_path / "0003.txt.tmp").write_text("being written")
    (tmp_path / ".0004.txt").write_text("hidden")
    (tmp_path / "0000-folder").mkdir()
    recorder.poll(final=True)
    assert [(s.source, s.text) for s in recorder.trace.snapshots] == [("0001.txt", "one"), ("0002.txt", "two")]
    (tmp_path / "0003.txt.tmp").rename(tmp_path / "0003.txt")
    recorder.poll(final=True)
    assert [s.source for s in recorder.take_new()[1]] == ["0001.txt", "0002.txt", "0003.txt"]
