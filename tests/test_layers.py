"""The layers stay apart, and no module reaches back up the stack or round in a circle.

import-linter checks pyproject.toml's contracts over every import in the source, function-level ones
included: the layers (cli, gui, contest | scaffold, batch, each puzzle's solvers, the solver
toolkit, the puzzles, core), and no Qt below the app. A circle of imports (two modules that need
each other, inside one package too) is found on the same import graph. A fresh interpreter then
proves at run time that a batch worker and every puzzle load without Qt.
"""

import subprocess
import sys
from pathlib import Path

import grimp

REPO = Path(__file__).resolve().parents[1]


def test_the_import_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--config", str(REPO / "pyproject.toml")], cwd=REPO, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "2 kept, 0 broken" in done.stdout


def circles(graph) -> list[list[str]]:
    """The groups of modules that import each other, directly or round about (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(start: str) -> None:
        # iterative: the graph's depth would pass Python's recursion limit
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, following = work[-1]
            for other in following:
                if other not in index:
                    index[other] = low[other] = len(index)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(sorted(graph.find_modules_directly_imported_by(other)))))
                    break
                if other in on_stack:
                    low[module] = min(low[module], index[other])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_modules_import_each_other():
    # Imports for type checking only (under TYPE_CHECKING) count too: a circle of names is one for readers.
    graph = grimp.build_graph("workbench", "solvers", exclude_type_checking_imports=False)
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle():
    class Graph:
        modules = {"a", "b", "c", "d"}
        edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}

        def find_modules_directly_imported_by(self, module):
            return self.edges.get(module, set())

    assert circles(Graph()) == [["a", "b", "c"]]


def test_a_batch_worker_and_every_puzzle_load_without_qt():
    probe = (
        "import sys\n"
        "import workbench.cli, workbench.cli.batch, workbench.cli.contest, solvers.run_setup\n"
        "from workbench.core.registry import puzzles, solvers\n"
        "for puzzle_id in puzzles():\n"
        "    solvers(puzzle_id)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'pyqtgraph', 'shiboken6'))\n"
        "print(loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
