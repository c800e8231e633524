"""CaseRun.of_program: a program's outcome becomes a case run field for field."""

from workbench.batch.case_run import CaseRun
from workbench.batch.live import LiveTrace
from workbench.batch.program_run import ProgramOutcome


def test_a_case_run_keeps_every_field_the_program_outcome_gives_it():
    outcome = ProgramOutcome(
        "1 2 3\n",
        "TLE",
        "over 2 s",
        2.5,
        "stderr end",
        data={"turns": 7},
        cpu_seconds=2.25,
        returncode=-9,
        tester_cpu_seconds=0.125,
    )
    trace = LiveTrace(series=[(0.5, 10.0)])
    assert CaseRun.of_program(4, outcome, trace) == CaseRun(
        4,
        "1 2 3\n",
        "TLE",
        "over 2 s",
        2.5,
        "stderr end",
        data={"turns": 7},
        cpu_seconds=2.25,
        tester_cpu_seconds=0.125,
        live=trace,
    )
