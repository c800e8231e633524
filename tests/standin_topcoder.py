"""A stand-in Topcoder Marathon tester, with the official tester's command line, for the contest tests.

The problem ("sort"): a seed's case is N numbers; the program prints them sorted, one a line; the
score is 100 * (numbers in their right place) / N, a real number ("Score = 52.0"). A wrong answer
(not N numbers, or numbers not of the case) is "Score = -1.0" after the tester's reason, as
Topcoder's testers print it. The command line is the official one:

    tester -exec "<command>" -seed N [-novis] [-timeLimit MS] [-saveAll DIR]
           [-saveSolInput DIR] [-saveSolOutput DIR] [-saveSolError DIR] [-printRuntime]

``-exec`` is split on spaces, with no shell; the program's stderr is echoed into the tester's
stdout; without ``-novis`` and with no display the tester prints an exception and a score of -1,
then hangs, as a JVM does. Two builds of the same tester: ``python_tester(folder)`` (always) and
``java_tester(folder)`` (a tester.jar compiled from ``JAVA_SOURCE`` when ``javac`` exists).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def case_of(seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(1000) for _ in range(5 + seed % 7)]


def expected_score(seed: int, answer: list[int]) -> float:
    numbers = case_of(seed)
    right = sum(a == b for a, b in zip(sorted(numbers), answer))
    return 100.0 * right / len(numbers)


def _value(args: list[str], flag: str) -> str | None:
    return args[args.index(flag) + 1] if flag in args else None


def _save(folder: str | None, name: str, text: str) -> None:
    if folder is not None:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / name).write_text(text)


def tester(args: list[str]) -> int:
    seed = int(_value(args, "-seed") or 1)
    if "-novis" not in args and not os.environ.get("DISPLAY"):
        print("java.awt.HeadlessException: No X11 DISPLAY variable was set")
        print("Score = -1.0", flush=True)
        while True:  # a JVM whose visualizer failed never exits
            time.sleep(60)
    time.sleep(float(os.environ.get("TC_STANDIN_START_SECONDS", "0")))  # a JVM's start, before any case
    every = _value(args, "-saveAll")
    numbers = case_of(seed)
    input_text = f"{len(numbers)}\n" + " ".join(map(str, numbers)) + "\n"
    _save(_value(args, "-saveSolInput") or every, f"{seed}.in", input_text)
    limit = int(_value(args, "-timeLimit") or 10000) / 1000
    command = (_value(args, "-exec") or "").split(" ")
    started = time.perf_counter()
    program = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        output, errors = program.communicate(input_text, timeout=limit)
    except subprocess.TimeoutExpired:
        program.kill()
        output, errors = program.communicate()
        print(f"Time limit exceeded: {limit * 1000:.0f} ms")
        print("Score = -1.0")
        return 0
    runtime = time.perf_counter() - started
    _save(_value(args, "-saveSolOutput") or every, f"{seed}.out", output)
    _save(_value(args, "-saveSolError") or every, f"{seed}.err", errors)
    for line in errors.splitlines():  # the official tester echoes the program's stderr
        print(line)
    try:
        answer = [int(word) for word in output.split()]
        if len(answer) != len(numbers) or sorted(answer) != sorted(numbers):
            raise ValueError(f"expected the case's {len(numbers)} numbers, got {len(answer)}")
    except ValueError as error:
        print(f"Invalid output: {error}")
        print("Score = -1.0")
        return 0
    print(f"Score = {expected_score(seed, answer)!r}")
    if "-printRuntime" in args:
        print(f"Run Time = {runtime * 1000:.0f} ms")
    return 0


def python_tester(folder: Path) -> str:
    """The command that runs the Python tester (kept in ``folder``)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(HERE, folder / "tc_tester.py")
    return f"{sys.executable} {folder / 'tc_tester.py'}"


JAVA_SOURCE = textwrap.dedent("""\
    package com.topcoder.marathon;

    import java.io.*;
    import java.util.*;

    // The stand-in Topcoder tester, in Java: the same problem and command line as standin_topcoder.py.
    public class MarathonTester {
        static String value(String[] a, String f) {
            for (int i = 0; i + 1 < a.length; i++) if (a[i].equals(f)) return a[i + 1];
            return null;
        }
        static boolean has(String[] a, String f) { return Arrays.asList(a).contains(f); }
        static void save(String folder, String name, String text) throws IOException {
            if (folder == null) return;
            new File(folder).mkdirs();
            try (Writer w = new FileWriter(new File(folder, name))) { w.write(text); }
        }
        public static void main(String[] a) throws Exception {
            long seed = Long.parseLong(value(a, "-seed") == null ? "1" : value(a, "-seed"));
            if (!has(a, "-novis") && System.getenv("DISPLAY") == null) {
                System.out.println("java.awt.HeadlessException: No X11 DISPLAY variable was set");
                System.out.println("Score = -1.0");
                System.out.flush();
                while (true) Thread.sleep(60000);
            }
            String every = value(a, "-saveAll");
            Random rng = new Random(seed);
            int n = 5 + (int) (seed % 7);
            int[] numbers = new int[n];
            StringBuilder in = new StringBuilder(n + "\\n");
            for (int i = 0; i < n; i++) { numbers[i] = rng.nextInt(1000); in.append(i > 0 ? " " : "").append(numbers[i]); }
            in.append("\\n");
            save(value(a, "-saveSolInput") != null ? value(a, "-saveSolInput") : every, seed + ".in", in.toString());
            Process p = new ProcessBuilder(value(a, "-exec").split(" ")).start();
            try (Writer w = new OutputStreamWriter(p.getOutputStream())) { w.write(in.toString()); }
            catch (IOException e) { }  // the program ended without reading its input
            String out = new String(p.getInputStream().readAllBytes());
            String err = new String(p.getErrorStream().readAllBytes());
            p.waitFor();
            save(value(a, "-saveSolOutput") != null ? value(a, "-saveSolOutput") : every, seed + ".out", out);
            save(value(a, "-saveSolError") != null ? value(a, "-saveSolError") : every, seed + ".err", err);
            if (!err.isEmpty()) System.out.print(err.endsWith("\\n") ? err : err + "\\n");
            String[] words = out.trim().isEmpty() ? new String[0] : out.trim().split("\\\\s+");
            int[] sorted = numbers.clone();
            Arrays.sort(sorted);
            if (words.length != n) {
                System.out.println("Invalid output: expected the case's " + n + " numbers, got " + words.length);
                System.out.println("Score = -1.0");
                return;
            }
            int right = 0;
            for (int i = 0; i < n; i++) if (Integer.parseInt(words[i]) == sorted[i]) right++;
            System.out.println("Score = " + (100.0 * right / n));
        }
    }
    """)


def java_tester(folder: Path) -> Path | None:
    """tester.jar built in ``folder`` from ``JAVA_SOURCE`` (None without a JDK)."""
    if not (shutil.which("javac") and shutil.which("jar") and shutil.which("java")):
        return None
    source = folder / "src" / "com" / "topcoder" / "marathon" / "MarathonTester.java"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(JAVA_SOURCE)
    classes = folder / "classes"
    subprocess.run(["javac", "-d", str(classes), str(source)], check=True)
    jar = folder / "tester.jar"
    subprocess.run(
        ["jar", "cfe", str(jar), "com.topcoder.marathon.MarathonTester", "-C", str(classes), "."], check=True
    )
    shutil.rmtree(folder / "src")
    shutil.rmtree(classes)
    return jar


SORTER = textwrap.dedent("""\
    import sys
    numbers = [int(w) for w in sys.stdin.read().split()[1:]]
    print("sorting", len(numbers), file=sys.stderr)
    print("[DATA] N = %d" % len(numbers), file=sys.stderr)
    print("\\n".join(map(str, sorted(numbers)[:SPOIL] + list(reversed(sorted(numbers)[SPOIL:])))))
    """)


def sorter(folder: Path, name: str = "sorter.py", spoil: int = 100) -> str:
    """A program for the problem: sorted numbers, the first ``spoil`` of them in place and the rest
    reversed (a weaker program); its command as -exec runs it (no spaces in its path)."""
    path = folder / name
    path.write_text(SORTER.replace("SPOIL", str(spoil)))
    return f"{sys.executable} {path}"


if __name__ == "__main__":
    sys.exit(tester(sys.argv[1:]))
