"""The cases the tests read, made by the project itself, so that a fresh clone tests alone.

The official inputs of AHC011 and AHC015 (seeds 0-99), RollingBalls (seeds 1-10) and the
Comesolo boards are written by our own generators, which reproduce ../shared/cases byte for
byte (each generator's test checks that when ../shared is beside the checkout). Real CODE VS
pack files, which no generator makes, and the fault reproductions are small files in
tests/data (see its README). All of it lands in tests/.data (not in git) with the layout of
../shared: cases/PUZZLE/... and repro/...; it is made again when a generator or a data file
changes. answers/ahc011/SEED.txt are answers of our own for stepping through and rendering:
the generator's scramble walked back (a full tree in exactly T moves, score 500000), and its
first 120 moves (a replay short enough to export every frame).
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SOURCES = TESTS / "data"
DATA = TESTS / ".data"

# name: (seed, generator options), as ../shared/cases/README.md lists them
COMESOLO_BOARDS = {
    "rand_07_d70": (101, {"size": 7, "density": 0.7}),
    "rand_10_d50": (102, {"size": 10, "density": 0.5}),
    "rand_15_d90": (103, {"size": 15, "density": 0.9}),
    "rand_20_d30": (104, {"size": 20, "density": 0.3}),
    "rand_30_d60": (105, {"size": 30, "density": 0.6}),
    "rand_30_d40": (106, {"size": 30, "density": 0.4}),
    "rand_12x18_d50": (107, {"rows": 12, "cols": 18, "density": 0.5}),
    "full_09_center_hole": (0, {"size": 9, "shape": "full-hole"}),
    "blockcheck_30": (0, {"size": 30, "shape": "blockcheck"}),
}
GENERATORS = [
    REPO / "workbench" / "puzzles" / name / "generator.py" for name in ("ahc011", "ahc015", "rolling_balls", "comesolo")
]


def _files() -> dict[str, bytes]:
    """Every file of the tree: its path under DATA and its bytes (a reproduction may hold a lone CR)."""
    from workbench.puzzles import ahc011, ahc015, comesolo, rolling_balls
    from workbench.puzzles.ahc011.generator import unscramble_answer
    from workbench.puzzles.comesolo.generator import generate as comesolo_board

    files = {}
    for seed in range(100):
        files[f"cases/ahc011/{seed:04d}.txt"] = ahc011.PUZZLE.format_input(ahc011.PUZZLE.generate(seed))
        files[f"cases/ahc015/{seed:04d}.txt"] = ahc015.PUZZLE.format_input(ahc015.PUZZLE.generate(seed))
    for seed in range(2):
        files[f"answers/ahc011/{seed:04d}.txt"] = "".join(unscramble_answer(seed)) + "\n"
    files["answers/ahc011/0000-120.txt"] = "".join(unscramble_answer(0)[:120]) + "\n"  # under 400 frames
    for seed in range(1, 11):
        files[f"cases/rolling-balls/seed_{seed}.txt"] = rolling_balls.PUZZLE.format_input(
            rolling_balls.PUZZLE.generate(seed)
        )
    for name, (seed, options) in COMESOLO_BOARDS.items():
        files[f"cases/comesolo/{name}.txt"] = comesolo.PUZZLE.format_input(comesolo_board(seed, **options))
    for path in SOURCES.rglob("*"):
        if path.is_file() and path.name != "README.md":
            folder = "cases/codevs" if path.parent.name == "codevs" else path.parent.relative_to(SOURCES).as_posix()
            files[f"{folder}/{path.name}"] = path.read_bytes()
    return {relative: text if isinstance(text, bytes) else text.encode() for relative, text in files.items()}


def _stamp() -> str:
    """What the tree is made from: this file, the generators and tests/data."""
    digest = hashlib.sha256()
    for path in [Path(__file__), *GENERATORS, *sorted(p for p in SOURCES.rglob("*") if p.is_file())]:
        digest.update(path.relative_to(REPO).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def build() -> Path:
    """DATA, made when it is missing or stale; two test sessions at once each make a whole copy
    and the last one's rename wins, so no session reads a half-written tree."""
    stamp = _stamp()
    if (DATA / "STAMP").is_file() and (DATA / "STAMP").read_text() == stamp:
        return DATA
    fresh = DATA.with_name(f".data-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    for relative, text in _files().items():
        (fresh / relative).parent.mkdir(parents=True, exist_ok=True)
        (fresh / relative).write_bytes(text)
    (fresh / "STAMP").write_text(stamp)
    stale = DATA.with_name(f".data-old-{os.getpid()}")
    if DATA.exists():
        DATA.rename(stale)
    try:
        fresh.rename(DATA)
    except OSError:  # another session made it first: its tree is the same
        shutil.rmtree(fresh, ignore_errors=True)
    shutil.rmtree(stale, ignore_errors=True)
    return DATA
