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
