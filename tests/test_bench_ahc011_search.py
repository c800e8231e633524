"""The ahc011 search benchmark prints, by board size, slide counts that repeat exactly."""

from __future__ import annotations

from bench.ahc011_search import main


def table(capsys, argv):
    assert main(argv) == 0
    header, *rows = capsys.readouterr().out.strip().splitlines()
    assert header.split() == [
        "N",
        "travel",
        "s/target",
        "searches",
        "slides",
        "failed",
        "s/search",
        "shortened",
        "s/shorten",
    ]
    return [row.split() for row in rows]


def test_the_benchmark_prints_one_row_per_board_size_with_repeatable_slide_counts(capsys):
    first = table(capsys, ["--seeds", "503,508", "--targets", "1"])  # two 9x9 cases
    again = table(capsys, ["--seeds", "503,508", "--targets", "1"])
    assert [row[0] for row in first] == ["9"] and first[0][3] == "2" and first[0][5] == "0"
    assert int(first[0][1]) > 0 and first[0][1] == again[0][1]  # the targets' travel repeats too
    assert int(first[0][4]) > 0 and first[0][3:6] == again[0][3:6]
    assert 0 < int(first[0][7]) < int(first[0][4]) and first[0][7] == again[0][7]  # shortcuts cut slides
