"""Reading an AtCoder-style tools folder into a contest file (``puzzle-workbench contest init DIR``).

AtCoder Heuristic Contest tools (and many others since) follow one set of
conventions: ``gen seeds.txt`` writes ``in/0000.txt``... one per line of
seeds.txt; ``vis IN OUT`` prints ``Score = N`` and writes ``vis.html``; for an
interactive problem ``tester CMD...`` runs the program with the input on its
stdin, relays the program's output to stdout and prints ``Score = N`` on stderr.
The tools come as Rust sources built into ``target/release/`` (or as binaries).
"""

from __future__ import annotations

import os
import re
import shlex
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from workbench.batch.processes import run_tool
from workbench.core.errors import WorkbenchError, shown
from workbench.core.files import read_text, temporary_prefix
from workbench.core.judge_text import RUST, content_lines
from workbench.core.objective import Objective

from .config import DEFAULT_SCORE_REGEX, ContestConfig
from .steps import find_score

TOOL_NAMES = ("gen", "vis", "tester")


@dataclass
class ToolsFolder:
    root: Path  # the contest folder: contest.toml goes here
    tools: Path
    commands: dict[str, str] = field(default_factory=dict)  # tool name -> command (with {DIR})
    seeds: list[int] = field(default_factory=list)  # seeds.txt
    inputs: int = 0  # files in in/
    notes: list[str] = field(default_factory=list)
    tester_runs_program: bool | None = None  # what the tester did when tried (None: not tried)

    @property
    def interactive(self) -> bool:
        """An official tester runs the program it is given; a tool named tester that does not (a
        contestant's own runner, say) makes no contest interactive."""
        return "tester" in self.commands and self.tester_runs_program is not False


def _is_tools(folder: Path) -> bool:
    return folder.is_dir() and any(
        (folder / "target" / "release" / name).is_file()
        or (folder / name).is_file()
        or (folder / "src" / "bin" / f"{name}.rs").is_file()
        for name in TOOL_NAMES
    )


def find_tools(folder: Path) -> tuple[Path, Path]:
    """(contest folder, tools folder) for ``folder``: the tools folder itself or the folder holding tools/."""
    folder = folder.resolve()
    if _is_tools(folder / "tools"):
        return folder, folder / "tools"
    if _is_tools(folder):
        # contest.toml goes beside tools/, where the contestant's program usually is.
        return (folder.parent if folder.name == "tools" else folder), folder
    raise WorkbenchError(
        f"{folder} holds no contest tools: expected gen, vis or tester (built in "
        "tools/target/release/, or as files) or their sources in tools/src/bin/; or a Topcoder "
        "tester (tester.jar or its Java sources), an output-only contest (inputs/ and a scorer), "
        "or --from a pahcer_config.toml or psytester's tester.cfg"
    )


def _in_dir(root: Path, path: Path) -> str:
    """``path`` for a command: {DIR}/relative when it is inside the contest folder, else absolute."""
    try:
        relative = path.relative_to(root)
    except ValueError:
        return shlex.quote(str(path))
    return "{DIR}/" + shlex.quote(relative.as_posix())


def tool_command(root: Path, tools: Path, name: str) -> tuple[str | None, str]:
    """The command that runs tool ``name``, and a note when it is not built."""
    for candidate in (tools / "target" / "release" / name, tools / name):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return _in_dir(root, candidate), ""
    if (tools / "src" / "bin" / f"{name}.rs").is_file() and (tools / "Cargo.toml").is_file():
        manifest = _in_dir(root, tools / "Cargo.toml")
        return (
            f"cargo run --quiet --release --manifest-path {manifest} --bin {name} --",
            f"{name} is not built, so it runs through cargo (slow); build the tools once: "
            f"(cd {tools} && cargo build --release), then run this again",
        )
    return None, ""


def without_run_bit(tools: Path, name: str) -> Path | None:
    """Tool ``name``'s file when it is there but not executable (an unzip or a copy can lose the bit)."""
    for candidate in (tools / "target" / "release" / name, tools / name):
        if candidate.is_file() and not os.access(candidate, os.X_OK):
            return candidate
    return None


def read_seeds(path: Path) -> list[int]:
    """The seeds of seeds.txt as AtCoder's gen reads them (a u64 of ASCII digits a line)."""
    seeds = []
    for number, line in content_lines(read_text(path), RUST):
        if line:
            seed = RUST.integer(line, 0, 2**64 - 1)
            if seed is None:
                raise WorkbenchError(f"{path}: line {number}: {shown(line, 40)} is not a seed")
            seeds.append(seed)
    return seeds


def survey(folder: Path) -> ToolsFolder:
    root, tools = find_tools(folder)
    found = ToolsFolder(root, tools)
    for name in TOOL_NAMES:
        command, note = tool_command(root, tools, name)
        if command:
            found.commands[name] = command
        if note:
            found.notes.append(note)
    # Left out, a tester would make the contest "not interactive", a vis "nothing can score": say why.
    stuck = [
        str(path)
        for name in TOOL_NAMES
        if name not in found.commands or "cargo " in found.commands[name]
        if (path := without_run_bit(tools, name)) is not None
    ]
    if stuck:
        raise WorkbenchError(
            f"{' and '.join(stuck)} {'is' if len(stuck) == 1 else 'are'} not executable (an unzip "
            f"or a copy can lose the run bit): chmod +x {' '.join(map(shlex.quote, stuck))}, "
            "then run contest init again"
        )
    if (tools / "seeds.txt").is_file():
        found.seeds = read_seeds(tools / "seeds.txt")
    if (tools / "in").is_dir():
        found.inputs = sum(1 for p in (tools / "in").iterdir() if re.fullmatch(r"\d{4,}\.txt", p.name))
    if "tester" in found.commands:
        found.tester_runs_program = try_tester(found.commands["tester"], root, tools / "in" / "0000.txt")
        if (
            found.tester_runs_program is None
            and (tools / "in" / "0000.txt").is_file()
            and not found.commands["tester"].startswith("cargo ")
        ):
            found.notes.append(
                f"{found.commands['tester']} ran past {CHECK_SECONDS:g} s when tried on in/0000.txt "
                "with a program that ends at once, and was stopped: it is taken as the contest's "
                "tester, but check that it ends"
            )
        elif found.tester_runs_program is False:
            found.notes.append(
                f"{found.commands['tester']} did not run the program it was given (the official "
                "tester does): it is not the contest's tester, so the contest is not interactive"
            )
            if "vis" not in found.commands:
                raise WorkbenchError(
                    f"{tools} has no vis, and its tester is not the contest's: nothing can score a case"
                )
    if "vis" not in found.commands and "tester" not in found.commands:
        raise WorkbenchError(f"{tools} has neither vis nor tester: nothing can score a case")
    return found


# init tries each built tool once on the first input: an official tool takes well under a second, so one
# still going after this long waits for something that will not come (input, a network, a key).
CHECK_SECONDS = 20.0
BUILD_SECONDS = 600.0  # through cargo, the check builds the tool first


def try_tester(command: str, root: Path, first_input: Path) -> bool | None:
    """Whether ``command`` behaves as an official tester: given the first input on stdin and a program,
    it runs the program. None when it cannot be tried (no input yet, or not built: cargo would build
    it first) or when it ran past CHECK_SECONDS without running it. It runs in an empty folder, so a
    tool that is something else touches nothing here."""
    if not first_input.is_file() or command.startswith("cargo "):
        return None
    from .steps import fill

    with tempfile.TemporaryDirectory(prefix=temporary_prefix("tester")) as folder:
        work = Path(folder)
        marker = work / "ran"
        probe = f"/bin/sh -c {shlex.quote(f'echo ran > {shlex.quote(str(marker))}')}"
        (work / "cwd").mkdir()
        output = run_tool(
            f"{fill(command, {'DIR': str(root)})} {probe}",
            work / "cwd",
            timeout=CHECK_SECONDS,
            stdin=read_text(first_input),
        )
        return True if marker.is_file() else (None if output.returncode is None else False)


def config_from_tools(found: ToolsFolder, name: str, objective: str, time_limit: float, web: str = "") -> ContestConfig:
    """The contest file's settings for a surveyed tools folder."""
    root, tools = found.root, found.tools
    tools_rel = tools.relative_to(root).as_posix() if tools != root else ""
    in_pattern = f"{tools_rel + '/' if tools_rel else ''}in/{{SEED04}}.txt"
    by_line = found.seeds == list(range(len(found.seeds)))
    if found.seeds and not by_line:
        # gen names in/ files by line of seeds.txt, not by seed: they cannot be found by seed.
        in_pattern = ""
        found.notes.append(
            "seeds.txt is not 0, 1, 2, ...: its in/ files are named by line, not by seed, "
            "so every input is made by gen from its seed"
        )
    if not in_pattern and "gen" not in found.commands:
        raise WorkbenchError(f"{tools} has no gen and its in/ files cannot be found by seed")
    vis, tester = found.commands.get("vis", ""), found.commands.get("tester", "")
    interactive = found.interactive
    return ContestConfig(
        path=root / "contest.toml",
        name=name,
        objective=Objective.of(objective),
        interactive=interactive,
        time_limit=time_limit,
        score_regex=DEFAULT_SCORE_REGEX,
        input_file=in_pattern,
        gen=f"{found.commands['gen']} seeds.txt" if "gen" in found.commands else "",
        run=f"{tester} {{CMD}}" if interactive else "{CMD}",
        # An interactive tester prints the score itself; vis then only draws.
        score="" if interactive else f"{vis} {{IN}} {{OUT}}",
        view_command=f"{vis} {{IN}} {{OUT}}" if interactive and vis else "",
        view_html=("vis.html", "out.svg"),
        web=web,
    )


def check_vis(config: ContestConfig, found: ToolsFolder) -> list[str]:
    """Run the view (or score) step once on the first input with an empty answer, as a smoke test:
    what it printed and which picture it wrote."""
    from .steps import fill

    command = config.view_step
    first = found.tools / "in" / "0000.txt"
    if not command or not first.is_file():
        return []
    with tempfile.TemporaryDirectory(prefix=temporary_prefix("init")) as folder:
        work = Path(folder)
        (work / "out.txt").write_text("")
        (work / "draw").mkdir()
        values = {
            "IN": str(first),
            "OUT": str(work / "out.txt"),
            "DIR": str(config.folder),
            "SEED": "0",
            "SEED04": "0000",
        }
        seconds = BUILD_SECONDS if command.startswith("cargo ") else CHECK_SECONDS
        output = run_tool(fill(command, values), work / "draw", timeout=seconds)
        pictures = sorted(p.name for p in (work / "draw").iterdir() if p.suffix in (".html", ".svg"))
    notes: list[str] = []
    if output.returncode is None:
        hung = (
            f"the {'score' if config.score else 'view'} step '{command}' ran past {seconds:g} s on in/0000.txt "
            "with an empty answer and was stopped (does it wait for input?)"
        )
        if config.score:  # it scores the cases: every case would wait as long, then fail
            raise CheckFailed(hung, notes)
        return [hung + ": the app cannot draw the cases with it"]
    score = find_score(config.score_pattern, [output.stdout, output.stderr])
    said = f"printed 'Score = {score:g}'" if score is not None else "printed no score line"
    notes.append(
        f"checked: {command.split()[0].rsplit('/', 1)[-1]} on in/0000.txt with an empty answer "
        f"{said}" + (f" and wrote {', '.join(pictures)}" if pictures else ", and wrote no picture")
    )
    if score is None and config.score:  # it scores the cases: a case could never be scored
        lines = output.lines()
        raise CheckFailed(
            f"the score step '{command}' printed no line that score_regex finds on in/0000.txt "
            "with an empty answer" + (f" (it printed: {lines[-1][:120]!r})" if lines else " (it printed nothing)"),
            notes,
        )
    return notes


class CheckFailed(WorkbenchError):
    """contest init's own check of the tools failed: no contest.toml is written (unless --force)."""

    def __init__(self, message: str, notes: list[str]):
        super().__init__(message)
        self.notes = notes
