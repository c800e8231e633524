"""The engine workloads of specs/engine-workloads.md at the spec's quick-check counts.

Each figure drives the engine functions the solvers call (see bench/engines.py);
the checksums are the spec's, reproduced there by an independent re-implementation.
"""

from __future__ import annotations

import pytest

from bench.engines import BY_NAME, EXTRA_CHECKS, FIGURES, main, measure


@pytest.fixture(autouse=True)
def project_cases(data_root, monkeypatch):
    """Every figure reads its case from bench.engines.CASES (../shared/cases for the benchmark);
    the project's own copies are the same bytes."""
    monkeypatch.setattr("bench.engines.CASES", data_root / "cases")


@pytest.mark.parametrize("figure", FIGURES, ids=[f.name for f in FIGURES])
def test_quick_check_checksum(figure):
    assert measure(figure, figure.quick_ops).checksum == figure.quick_checksum


@pytest.mark.parametrize("name, ops", sorted(EXTRA_CHECKS), ids=[f"{n}-{o}" for n, o in sorted(EXTRA_CHECKS)])
def test_codevs_quick_check_with_dead_field_resets(name, ops):
    assert measure(BY_NAME[name], ops).checksum == EXTRA_CHECKS[(name, ops)]


def test_the_command_prints_the_spec_line_and_exits_zero_on_matching_checksums(capsys):
    assert main(["--figure", "ahc011.moves", "--quick", "--no-cpp"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[0]
    assert line.startswith("ahc011.moves ops=20000 seconds=")
    assert line.endswith(" checksum=959085")


def test_the_command_exits_non_zero_when_a_checksum_differs(monkeypatch, capsys):
    import dataclasses

    import bench.engines as engines

    wrong = dataclasses.replace(BY_NAME["ahc011.moves"], quick_checksum=959086)
    monkeypatch.setitem(engines.BY_NAME, "ahc011.moves", wrong)
    assert main(["--figure", "ahc011.moves", "--quick", "--no-cpp"]) == 1
    assert "CHECKSUM MISMATCH" in capsys.readouterr().out


def test_the_ratios_are_against_the_reference_engines_which_agree_on_every_checksum(shared, capsys):
    """The reference C++ of ../shared/specs/engine-cpp, built by its build.sh, runs each figure in
    the same run at the quick-check counts: every checksum equals the project's engine's."""
    import shutil

    if shutil.which("g++") is None:
        pytest.skip("no g++ to build the reference engines")
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("figure ") :].splitlines()[1 : 1 + len(FIGURES)]
    assert [row.split()[0] for row in table] == [f.name for f in FIGURES]
    assert all(row.endswith("ok = reference") for row in table)
    # the cpu ratio: "-" where the quick counts run the reference for under 20 ms of CPU
    assert all(row.split()[4] == "-" or float(row.split()[4]) > 0 for row in table)
    assert "reference c++ " in out and "own c++ " in out


def test_the_cpu_ratio_is_the_reference_cpu_time_over_the_engines_for_the_same_work():
    from bench.engines import Measure, cpu_rate_ratio

    engine = Measure("rolling-balls.rolls", 10_000_000, seconds=0.30, checksum=1, cpu_seconds=0.125)
    reference = Measure("rolling-balls.rolls", 10_000_000, seconds=0.14, checksum=1, cpu_seconds=0.1125)
    assert cpu_rate_ratio(engine, reference) == "0.90"  # 0.1125 / 0.125, whatever the wall clocks said
    assert cpu_rate_ratio(engine, None) == "-"
    assert cpu_rate_ratio(Measure("x", 1, 1.0, 0), reference) == "-"  # a measure without CPU time
