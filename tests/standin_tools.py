"""Stand-in contest tools with the official AtCoder command-line conventions, for the contest tests.

Three problems, built on the workbench's own engines so that its agents can play them:

- ``pegs-max``: comesolo boards (7x7); ``vis`` prints ``Score = jumps`` (higher wins).
- ``pegs-min``: the same boards; ``vis`` prints ``Score = pieces left`` (lower wins).
- ``candy``: AHC015, interactive; ``tester CMD...`` plays the game with the program and prints
  ``Score = N`` on stderr, as the official tester does; ``vis`` draws and scores.

Conventions kept: ``gen seeds.txt`` writes ``in/0000.txt``... one per line; ``vis IN OUT`` prints
``Score = N`` (``Score = 0`` and the reason for a bad answer) and writes ``vis.html`` where it
runs; ``tester`` reads the input on stdin, relays the program's output to stdout and its stderr
to stderr. ``lay_out(folder, problem)`` makes ``tools/`` with ``target/release/{gen,vis,tester}``
(small shell scripts running this file), ``seeds.txt`` and ``in/``. Run as
``python standin_tools.py TOOL PROBLEM ARGS...``.
"""

from __future__ import annotations

import html
import subprocess
import sys
import time
from pathlib import Path

from tiny_contest import install_tools

HERE = Path(__file__).resolve()
REPO = HERE.parents[1]
PROBLEMS = ("pegs-max", "pegs-min", "candy")


def _puzzle(problem: str):
    sys.path.insert(0, str(REPO))
    from workbench.core.registry import get_puzzle

    return get_puzzle("ahc015" if problem == "candy" else "comesolo")


def _instance(puzzle, problem: str, seed: int):
    return puzzle.generate(seed) if problem == "candy" else puzzle.generate(seed, size=7)


def gen(problem: str, args: list[str]) -> int:
    seeds_file, folder = args[0], Path("in")
    if "--dir" in args:
        folder = Path(args[args.index("--dir") + 1])
    folder.mkdir(parents=True, exist_ok=True)
    puzzle = _puzzle(problem)
    seeds = [int(line) for line in Path(seeds_file).read_text().split()]
    for index, seed in enumerate(seeds):
        (folder / f"{index:04d}.txt").write_text(puzzle.format_input(_instance(puzzle, problem, seed)))
    return 0


def score_of(problem: str, input_text: str, output_text: str) -> tuple[int, str, str]:
    """(score, error, picture): the official vis's three results."""
    puzzle = _puzzle(problem)
    instance = puzzle.parse_input(input_text)
    try:
        report = puzzle.score_solution(instance, output_text)
    except Exception as error:  # the official vis says what is wrong and scores 0
        return 0, str(error), "<p>invalid output</p>"
    if problem == "pegs-min":
        score = report.fact("pieces left")
    else:
        score = int(report.score)
    picture = f"<svg id='board' width='200' height='40'><text x='4' y='24'>{html.escape(report.summary())}</text></svg>"
    return score, "", picture


def vis(problem: str, args: list[str]) -> int:
    input_text, output_text = Path(args[0]).read_text(), Path(args[1]).read_text()
    score, error, picture = score_of(problem, input_text, output_text)
    print(f"Score = {score}")
    if error:
        print(error)
    Path("vis.html").write_text(
        f"<html><body><h1>{problem}</h1>{picture}<p id='score'>Score = {score}</p></body></html>\n"
    )
    return 0


def tester(problem: str, args: list[str]) -> int:
    sys.path.insert(0, str(REPO))
    from workbench.batch.program_run import ProgramChannel

    puzzle = _puzzle(problem)
    instance = puzzle.parse_input(sys.stdin.read())
    process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    output, error = "", ""
    try:
        output = puzzle.judge(instance, ProgramChannel(process, time.perf_counter(), 3600.0))
    except Exception as problem_error:
        error = str(problem_error)
    process.wait()
    sys.stdout.write(output)
    sys.stdout.flush()
    score = 0 if error else score_of(problem, puzzle.format_input(instance), output)[0]
    if error:
        print(error, file=sys.stderr)
    print(f"Score = {score}", file=sys.stderr)
    return 0


# ------------------------------------------------------------------ laying out a tools folder
def lay_out(folder: Path, problem: str, seeds: int = 5, built: bool = True) -> Path:
    """``folder/tools`` for ``problem``: the tools (in target/release/ when ``built``, else as files
    in tools/), seeds.txt with 0..seeds-1 and in/ made by gen. Returns the tools folder."""
    tools = folder.resolve() / "tools"
    names = ("gen", "vis", "tester") if problem == "candy" else ("gen", "vis")
    return install_tools(
        tools,
        tools / "target" / "release" if built else tools,
        {name: f"'{sys.executable}' '{HERE}' {name} {problem}" for name in names},
        seeds,
    )


# A stand-in for a downloaded web visualizer: an ES module that starts asynchronously (fetching a
# file, as AtCoder's fetch their wasm), then fills the input from its seed box as AtCoder's do and
# draws on every input event. Browsers refuse modules and fetch from file://: it needs serving.
WEB_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Visualizer</title></head><body>
<label>Seed <input type="number" id="seed" value="0"></label>
<textarea id="input" rows="4"></textarea>
<textarea id="output" rows="4"></textarea>
<p id="result">loading</p>
<script type="module">
import { init, draw } from './vis.js';
await init();
document.getElementById('input').value = 'the input of seed 0';
document.getElementById('input').addEventListener('input', draw);
document.getElementById('output').addEventListener('input', draw);
draw();
</script>
</body></html>
"""
WEB_MODULE = """let settings = null;
export async function init() { settings = await (await fetch('./settings.json')).json(); }
export function draw() {
  const input = document.getElementById('input').value;
  const output = document.getElementById('output').value;
  const jumps = output.split('\\n').filter(line => line.trim()).length - 1;
  document.getElementById('result').textContent =
    `${settings.label}: first line ${input.split('\\n')[0]}, ${Math.max(jumps, 0)} jumps`;
}
"""


def lay_out_web(tools: Path) -> Path:
    """A web visualizer's folder in ``tools/web``; returns its page."""
    web = tools / "web"
    web.mkdir(parents=True, exist_ok=True)
    (web / "index.html").write_text(WEB_PAGE)
    (web / "vis.js").write_text(WEB_MODULE)
    (web / "settings.json").write_text('{"label": "stand-in visualizer"}\n')
    return web / "index.html"


def main(argv: list[str]) -> int:
    tool, problem, rest = argv[0], argv[1], argv[2:]
    if problem not in PROBLEMS:
        raise SystemExit(f"unknown problem {problem}")
    return {"gen": gen, "vis": vis, "tester": tester}[tool](problem, rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
