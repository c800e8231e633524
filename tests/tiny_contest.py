"""A tiny contest made in a test: Python gen, vis and tester with AtCoder's conventions, and programs.

The problem: the input is ``N T`` on one line (N a size, T a target); the answer is one number X.
``vis IN OUT`` prints ``Score = |X - T| + 1`` (lower wins, ``objective = "min"``) or, for a
higher-wins contest, ``Score = 1000 - |X - T|``; an answer that is not a number scores 0 with the
reason, as the official vis does. ``tester CMD...`` (interactive) sends the input to the program,
reads its answer, relays it to stdout and prints the score on stderr.

Programs (``program(tmp_path, behaviour)``) answer each seed's T with an offset, and on chosen
seeds misbehave: sleep past the limit (TLE), print garbage (WA), exit 3 (RE).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

PYTHON = sys.executable

GEN = """\
import random, sys
from pathlib import Path
seeds = [int(s) for s in Path(sys.argv[1]).read_text().split()]
Path("in").mkdir(exist_ok=True)
for index, seed in enumerate(seeds):
    rng = random.Random(seed)
    Path("in", f"{index:04d}.txt").write_text(f"{5 + seed % 4} {rng.randrange(100, 1000)}\\n")
"""

VIS = """\
import sys
from pathlib import Path
n, target = map(int, Path(sys.argv[1]).read_text().split())
text = Path(sys.argv[2]).read_text().strip()
try:
    x = int(text)
except ValueError:
    print("Score = 0")
    print(f"the answer {text[:20]!r} is not a number")
    sys.exit(0)
print(f"Score = {SCORE}")
Path("vis.html").write_text(f"<html><body>target {target}, answer {x}</body></html>")
"""

TESTER = """\
import subprocess, sys
text = sys.stdin.read()
n, target = map(int, text.split())
program = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
out, _ = program.communicate(text)
sys.stdout.write(out)
if program.returncode != 0:
    print("Your program has terminated unexpectedly", file=sys.stderr)
    print("Score = 0", file=sys.stderr)
    sys.exit(0)
try:
    x = int(out.strip())
except ValueError:
    print("Score = 0", file=sys.stderr)
    sys.exit(0)
print(f"Score = {SCORE}", file=sys.stderr)
"""

SCORES = {"min": "abs(x - target) + 1", "max": "1000 - abs(x - target)"}


def lay_out(folder: Path, objective: str = "min", seeds: int = 6, interactive: bool = False) -> Path:
    """``folder/tools`` with gen, vis (and tester), seeds.txt and in/; returns the tools folder."""
    tools = folder.resolve() / "tools"
    sources = {"gen": GEN, "vis": VIS.replace("SCORE", SCORES[objective])}
    if interactive:
        sources["tester"] = TESTER.replace("SCORE", SCORES[objective])
    for name, source in sources.items():
        (tools / f"{name}.py").parent.mkdir(parents=True, exist_ok=True)
        (tools / f"{name}.py").write_text(source)
    return install_tools(
        tools, tools / "target" / "release", {name: f"'{PYTHON}' '{tools / (name + '.py')}'" for name in sources}, seeds
    )


def install_tools(tools: Path, binaries: Path, commands: dict[str, str], seeds: int) -> Path:
    """Each tool as an executable in ``binaries`` that runs its command with the arguments given,
    seeds.txt with 0..seeds-1, and in/ made by the gen. Returns ``tools``."""
    binaries.mkdir(parents=True, exist_ok=True)
    for name, command in commands.items():
        script = binaries / name
        script.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
        script.chmod(0o755)
    (tools / "seeds.txt").write_text("".join(f"{s}\n" for s in range(seeds)))
    subprocess.run([str(binaries / "gen"), "seeds.txt"], cwd=tools, check=True)
    return tools


PROGRAM = """\
import random, sys, time
n, target = map(int, sys.stdin.read().split())
seed = {SEEDS}.get(target)
behaviour = {BEHAVIOUR}
what = behaviour.get(seed, "ok")
if what == "tle":
    time.sleep(30)
elif what == "wa":
    print("garbage")
    sys.exit(0)
elif what == "re":
    print("about to fail", file=sys.stderr)
    sys.exit(3)
print(target + {OFFSET} + (seed or 0) % 3)
"""


def targets(tools: Path) -> dict[int, int]:
    """Each seed's target, from in/ (the program finds its seed by it)."""
    seeds = [int(s) for s in (tools / "seeds.txt").read_text().split()]
    return {int((tools / "in" / f"{i:04d}.txt").read_text().split()[1]): seed for i, seed in enumerate(seeds)}


def program(folder: Path, name: str, tools: Path, behaviour: dict[int, str] | None = None, offset: int = 0) -> str:
    """A program answering every seed (``offset`` away from its target, plus seed % 3), misbehaving on
    the seeds ``behaviour`` names ("tle", "wa", "re"); the command that runs it."""
    path = folder / f"{name}.py"
    path.write_text(
        textwrap.dedent(PROGRAM)
        .replace("{SEEDS}", repr(targets(tools)))
        .replace("{BEHAVIOUR}", repr(behaviour or {}))
        .replace("{OFFSET}", str(offset))
    )
    return f"{PYTHON} {path}"
