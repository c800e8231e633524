"""Topcoder Marathon testers: a contest whose official tester makes each case from its seed.

Topcoder ships a tester jar (on the ``com.topcoder.marathon`` framework), run as
``java -jar tester.jar -exec "<command>" -seed N -novis``: it makes the case, runs the program
(``-exec`` split on spaces, no shell), talks to it over stdin/stdout, echoes its stderr and prints
``Score = X`` last (-1.0 when the answer is invalid, after the reason). ``-timeLimit MS`` sets its
limit; ``-saveAll DIR`` keeps ``SEED.in``, ``SEED.out`` and ``SEED.err``. Without ``-novis`` a
JVM with no display prints an exception and hangs, so every run passes it. The tester's picture
needs its window (``-saveVis`` saves what the window shows), so the case view is the app's.
"""

from __future__ import annotations

import re
import shlex
import shutil
import tempfile
import zipfile
from pathlib import Path

from workbench.batch.processes import run_tool
from workbench.core.errors import WorkbenchError
from workbench.core.objective import Objective

from .config import DEFAULT_SCORE_REGEX, ContestConfig
from .steps import find_score

DEFAULT_TIME_LIMIT = 10.0  # most marathon matches give 10 s a case
ERROR_SCORE = -1.0
CHECK_SECONDS = 60.0  # a JVM's start on a loaded machine, and the tester's first case
NO_JAVA = (
    "needs Java to run: install a JDK (Debian/Ubuntu: sudo apt-get install default-jdk-headless; "
    "macOS: brew install openjdk)"
)
_MAIN = re.compile(r"public\s+static\s+void\s+main\s*\(")
_PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.M)


def is_tester_jar(path: Path) -> bool:
    """A jar of Topcoder's marathon framework, or one named as Topcoder names its testers."""
    if path.suffix != ".jar" or not path.is_file():
        return False
    try:
        with zipfile.ZipFile(path) as jar:
            names = jar.namelist()
    except (OSError, zipfile.BadZipFile):
        return False
    return any(name.startswith("com/topcoder/marathon/") for name in names) or "tester" in path.stem.lower()


def tester_sources(folder: Path) -> list[Path]:
    """Java sources of a tester (the framework's, or a problem's ``*Tester.java``) in ``folder``."""
    sources = sorted(folder.rglob("*.java"))
    if any("com.topcoder.marathon" in _read(p) or p.stem.endswith("Tester") for p in sources):
        return sources
    return []


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


def find_tester(folder: Path) -> Path | None:
    """The tester jar in ``folder`` (or its tools/ or tester/ folder), built from its Java sources
    when there is no jar yet; None when ``folder`` holds neither."""
    for place in (folder, folder / "tools", folder / "tester"):
        jars = [p for p in sorted(place.glob("*.jar")) if is_tester_jar(p)]
        if jars:
            return next((p for p in jars if p.name == "tester.jar"), jars[0])
    for place in (folder / "tester", folder / "tools", folder):
        if place.is_dir() and tester_sources(place):
            return build_jar(place)
    return None


def build_jar(folder: Path) -> Path:
    """tester.jar compiled from the Java sources in ``folder`` with the machine's javac."""
    javac, jar_tool = shutil.which("javac"), shutil.which("jar")
    if not javac or not jar_tool:
        raise WorkbenchError(f"{folder} holds a Topcoder tester's Java sources; compiling them {NO_JAVA}")
    sources = tester_sources(folder)
    mains = [p for p in sources if _MAIN.search(_read(p))]
    if not mains:
        raise WorkbenchError(f"{folder}: no class of the tester's sources has a main method")
    main = next((p for p in mains if p.stem in ("MarathonTester", "Tester")), mains[0])
    package = _PACKAGE.search(_read(main))
    main_class = f"{package.group(1)}.{main.stem}" if package else main.stem
    with tempfile.TemporaryDirectory(prefix="wb-javac-") as classes:
        compiled = run_tool(
            f"{shlex.quote(javac)} -d {shlex.quote(classes)} " + " ".join(shlex.quote(str(p)) for p in sources),
            folder,
            timeout=300,
        )
        if compiled.returncode != 0:
            raise WorkbenchError(f"javac could not compile the tester in {folder}: {compiled.failure()}")
        jar = folder / "tester.jar"
        packed = run_tool(
            f"{shlex.quote(jar_tool)} cfe {shlex.quote(str(jar))} {main_class} -C {shlex.quote(classes)} .",
            folder,
            timeout=120,
        )
        if packed.returncode != 0:
            raise WorkbenchError(f"jar could not pack the tester: {packed.failure()}")
    return jar


def tester_command(root: Path, jar: Path) -> str:
    """How the contest file runs the tester: through java, the jar's path from {DIR} when inside."""
    try:
        where = "{DIR}/" + shlex.quote(jar.relative_to(root).as_posix())
    except ValueError:
        where = shlex.quote(str(jar))
    return f"java -jar {where}"


def config_for(root: Path, tester: str, name: str, objective: str, time_limit: float | None) -> ContestConfig:
    """The contest file's settings for a Topcoder tester run as ``tester`` (a command line)."""
    return ContestConfig(
        path=root / "contest.toml",
        name=name,
        objective=Objective.of(objective),
        interactive=True,
        time_limit=time_limit or DEFAULT_TIME_LIMIT,
        score_regex=DEFAULT_SCORE_REGEX,
        error_score=ERROR_SCORE,
        by_run=True,
        run=f"{tester} -exec {{CMD}} -seed {{SEED}} -novis -timeLimit {{LIMIT_MS}} -saveAll {{WORK}}",
        run_input="{SEED}.in",
        run_answer="{SEED}.out",
    )


def check_tester(config: ContestConfig) -> list[str]:
    """Run the tester once (seed 1) with a program that answers nothing: it must run the program and
    print a score line (its error score). WorkbenchError says what it did instead."""
    from .steps import fill

    if config.run.startswith("java ") and not shutil.which("java"):
        raise WorkbenchError(f"the Topcoder tester {NO_JAVA}")
    with tempfile.TemporaryDirectory(prefix="wb-tc-check-") as folder:
        work = Path(folder)
        marker = work / "ran"
        probe = work / "probe.sh"
        probe.write_text(f"#!/bin/sh\necho ran > {shlex.quote(str(marker))}\n")
        probe.chmod(0o755)
        (work / "saved").mkdir()
        values = {
            "CMD": str(probe),
            "SEED": "1",
            "SEED04": "0001",
            "LIMIT_MS": "10000",
            "WORK": str(work / "saved"),
            "DIR": str(config.folder),
        }
        output = run_tool(fill(config.run, values), work, timeout=CHECK_SECONDS)
        if output.returncode is None:
            raise WorkbenchError(
                f"the tester did not end within {CHECK_SECONDS:g} s of seed 1 (with -novis): {output.failure()}"
            )
        score = find_score(config.score_pattern, [output.stdout, output.stderr])
        if not marker.is_file():
            lines = output.lines()
            raise WorkbenchError(
                "the tester, tried on seed 1, did not run the program it was given with -exec"
                + (f" (it printed: {lines[-1][:160]!r})" if lines else "")
            )
        if score is None:
            raise WorkbenchError("the tester, tried on seed 1, printed no 'Score = ' line")
        saved = sorted(p.name for p in (work / "saved").iterdir())
    return [
        f"checked: the tester ran a program on seed 1 and printed 'Score = {score:g}'"
        + (f", and saved {', '.join(saved)}" if saved else "")
    ]
