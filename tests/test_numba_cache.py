"""Stale numba kernels after an edit: a kernel calling a kernel of another module must not keep
the old callee compiled in (workbench.core.numba_cache.drop_stale_kernel_caches).

The subprocess tests compile real kernels in a throwaway package; each process starts numba
afresh, as the app does after a git pull.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.core import numba_cache
from workbench.core.numba_cache import KernelGroup, cache_folder, drop_stale_kernel_caches, kernel_groups

REPO = Path(__file__).resolve().parents[1]

CALLER = """from numba import njit

from {callee} import value


@njit(cache=True)
def result():
    return value() + 1
"""
CALLEE = """from numba import njit


@njit(cache=True)
def value():
    return {number}
"""

# Imports the given modules and calls their ``result`` kernel, after the hook when asked.
START = """
import json, sys
plan = json.loads(sys.argv[1])
sys.path.insert(0, plan["root"])
from workbench.core.numba_cache import KernelGroup, drop_stale_kernel_caches
dropped = None
if plan["hook"]:
    dropped = drop_stale_kernel_caches([KernelGroup(n, tuple(f), tuple(s)) for n, f, s in plan["groups"]])
import importlib
answers = {}
for name in plan["modules"]:
    kernel = importlib.import_module(name).result
    answers[name] = {"result": kernel(), "cache": kernel._cache.cache_path,
                     "cache_hits": sum(kernel.stats.cache_hits.values())}
print(json.dumps({"dropped": dropped, "answers": answers}))
"""


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def start(root: Path, groups: list[KernelGroup], modules: list[str], hook: bool, env: dict, wait: bool = True):
    plan = {
        "root": str(root),
        "hook": hook,
        "modules": modules,
        "groups": [[g.name, list(g.folders), list(g.shared)] for g in groups],
    }
    # -B: no .pyc, so Python itself never runs an older callee than the file holds
    command = [sys.executable, "-B", "-c", START, json.dumps(plan)]
    process = subprocess.Popen(command, cwd=REPO, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return finish(process) if wait else process


def finish(process) -> dict:
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    return json.loads(out.splitlines()[-1])


def numba_env(cache_dir: Path | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = str(REPO)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(cache_dir)
    return env


@pytest.fixture(params=["beside the sources", "NUMBA_CACHE_DIR"])
def env(request, tmp_path):
    return numba_env(tmp_path / "numba-cache" if request.param == "NUMBA_CACHE_DIR" else None)


@pytest.fixture
def kit(tmp_path):
    """A package whose kernel ``kit.caller.result`` calls ``kit.callee.value`` (10)."""
    root = tmp_path / "src"
    write(root / "kit" / "__init__.py", "")
    write(root / "kit" / "caller.py", CALLER.format(callee="kit.callee"))
    write(root / "kit" / "callee.py", CALLEE.format(number=10))
    return root


def test_numba_alone_keeps_the_old_callee_and_the_hook_recompiles_the_caller(kit, env):
    groups = [KernelGroup("kit", (str(kit / "kit"),))]
    first = start(kit, groups, ["kit.caller"], hook=True, env=env)
    assert first["answers"]["kit.caller"]["result"] == 11
    assert first["dropped"] == ["kit"]  # no stamp yet: nothing to drop, but the stamp gets written
    cached = start(kit, groups, ["kit.caller"], hook=True, env=env)["answers"]["kit.caller"]
    assert cached["result"] == 11 and cached["cache_hits"] == 1  # unchanged sources: the cache serves

    write(kit / "kit" / "callee.py", CALLEE.format(number=2000))  # only the callee changes
    stale = start(kit, groups, ["kit.caller"], hook=False, env=env)["answers"]["kit.caller"]
    assert stale["result"] == 11 and stale["cache_hits"] == 1  # the bug: numba alone runs the old callee
    fresh = start(kit, groups, ["kit.caller"], hook=True, env=env)
    assert fresh["dropped"] == ["kit"]
    assert fresh["answers"]["kit.caller"]["result"] == 2001 and fresh["answers"]["kit.caller"]["cache_hits"] == 0
    again = start(kit, groups, ["kit.caller"], hook=True, env=env)
    assert again["dropped"] == []
    assert again["answers"]["kit.caller"] == {**fresh["answers"]["kit.caller"], "cache_hits": 1}
    # the hook looked where numba keeps the cache
    assert again["answers"]["kit.caller"]["cache"] == cache_folder(str(kit / "kit"), env.get("NUMBA_CACHE_DIR", ""))


def test_a_shared_module_change_drops_every_group_calling_it(tmp_path):
    root = tmp_path / "src"
    write(root / "shared_kernels.py", CALLEE.format(number=5))
    groups = []
    for name in ("kit_a", "kit_b"):
        write(root / name / "__init__.py", "")
        write(root / name / "caller.py", CALLER.format(callee="shared_kernels"))
        groups.append(KernelGroup(name, (str(root / name),), (str(root / "shared_kernels.py"),)))
    write(root / "kit_c" / "__init__.py", "")  # a group that does not use it
    write(root / "kit_c" / "caller.py", CALLER.format(callee="kit_c.callee"))
    write(root / "kit_c" / "callee.py", CALLEE.format(number=7))
    groups.append(KernelGroup("kit_c", (str(root / "kit_c"),)))
    modules = ["kit_a.caller", "kit_b.caller", "kit_c.caller"]
    env = numba_env(None)
    assert {m: a["result"] for m, a in start(root, groups, modules, True, env)["answers"].items()} == {
        "kit_a.caller": 6,
        "kit_b.caller": 6,
        "kit_c.caller": 8,
    }

    write(root / "shared_kernels.py", CALLEE.format(number=300))
    after = start(root, groups, modules, True, env)
    assert after["dropped"] == ["kit_a", "kit_b"]
    assert {m: (a["result"], a["cache_hits"]) for m, a in after["answers"].items()} == {
        "kit_a.caller": (301, 0),
        "kit_b.caller": (301, 0),
        "kit_c.caller": (8, 1),
    }


def test_two_processes_starting_at_once_both_run_the_new_callee(kit):
    groups = [KernelGroup("kit", (str(kit / "kit"),))]
    env = numba_env(None)
    assert start(kit, groups, ["kit.caller"], True, env)["answers"]["kit.caller"]["result"] == 11
    write(kit / "kit" / "callee.py", CALLEE.format(number=2000))
    both = [start(kit, groups, ["kit.caller"], True, env, wait=False) for _ in range(2)]
    assert [finish(p)["answers"]["kit.caller"]["result"] for p in both] == [2001, 2001]
    last = start(kit, groups, ["kit.caller"], True, env)
    assert last["dropped"] == [] and last["answers"]["kit.caller"]["result"] == 2001


def test_the_hook_deletes_only_the_groups_cache_and_the_warm_up_stamp(tmp_path):
    source = tmp_path / "kit"
    write(source / "caller.py", "x = 1\n")
    cache = source / "__pycache__"
    kept = ["caller.cpython-311.pyc", "notes.txt"]
    dropped = ["caller.result-5.py311.nbi", "caller.result-5.py311.1.nbc", "warm_up_kit.stamp"]
    for name in kept + dropped:
        write(cache / name, "x")
    group = KernelGroup("kit", (str(source),))
    assert drop_stale_kernel_caches([group]) == ["kit"]
    assert sorted(p.name for p in cache.iterdir()) == sorted(kept + ["kernel_sources_kit.stamp"])
    for name in dropped:
        write(cache / name, "x")
    assert drop_stale_kernel_caches([group]) == []  # sources unchanged: the cache stays
    assert all((cache / name).exists() for name in dropped)
    write(source / "caller.py", "x = 22\n")  # another size: a changed file even on a coarse clock
    assert drop_stale_kernel_caches([group]) == ["kit"]
    assert not any((cache / name).exists() for name in dropped)


def test_a_cache_that_cannot_be_written_is_left_alone_quietly(tmp_path):
    source = tmp_path / "kit"
    write(source / "caller.py", "x = 1\n")
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    group = KernelGroup("kit", (str(source),))
    assert drop_stale_kernel_caches([group], cache_dir=str(not_a_folder)) == []
    assert (
        drop_stale_kernel_caches([KernelGroup("gone", (str(tmp_path / "missing"),))], cache_dir=str(not_a_folder)) == []
    )


def test_a_read_only_package_caches_in_the_users_cache_folder_else_the_temp_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(numba_cache, "_tree_writable", lambda: True)
    assert numba_cache.fallback_cache_dir() is None  # numba caches beside the sources
    monkeypatch.setattr(numba_cache, "_tree_writable", lambda: False)
    assert numba_cache.fallback_cache_dir() == tmp_path / "cache" / "puzzle-workbench" / "numba"
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a-file"))  # no writable home
    assert numba_cache.fallback_cache_dir() == numba_cache.temp_cache_dir()


def test_the_cache_folders_are_the_ones_numba_picks(tmp_path):
    from numba.core import caching

    module = tmp_path / "kit" / "caller.py"
    write(module, "def result():\n    return 1\n")
    namespace = {}
    exec(compile(module.read_text(), str(module), "exec"), namespace)
    function = namespace["result"]
    folder = str(module.parent)
    assert cache_folder(folder, "") == caching.InTreeCacheLocator(function, str(module)).get_cache_path()
    user_wide = caching.UserWideCacheLocator(function, str(module)).get_cache_path()
    assert os.path.join(numba_cache._user_wide_cache(), numba_cache._cache_subpath(folder)) == user_wide
    chosen = tmp_path / "chosen"
    from numba.core import config

    saved, config.CACHE_DIR = config.CACHE_DIR, str(chosen)
    try:
        expected = caching.UserProvidedCacheLocator(function, str(module)).get_cache_path()
    finally:
        config.CACHE_DIR = saved
    assert cache_folder(folder, str(chosen)) == expected


NJIT = re.compile(r"^\s*@(numba\.)?njit\b|^\s*\w+\s*=\s*(numba\.)?njit\(", re.MULTILINE)  # decorated or wrapped


def test_every_kernel_module_outside_the_solver_packages_is_listed_as_shared():
    outside = [*(REPO / "solvers").glob("*.py"), *(REPO / "workbench" / "core").glob("*.py")]
    defining = {str(p.relative_to(REPO)) for p in outside if NJIT.search(p.read_text())}
    assert defining == set(numba_cache.SHARED_KERNEL_MODULES)


def test_no_solver_package_compiles_in_another_puzzles_code():
    from workbench.core.registry import module_name, puzzles, solvers, sources

    names = {group.name for group in kernel_groups()}
    # A group for every built-in puzzle with solvers (a plugin another test of this worker loaded, such
    # as new-puzzle's lights-out, compiles in its own folder).
    built_in = {p for p in puzzles() if sources()[p].package.startswith("workbench.puzzles.")}
    assert names == {module_name(p) for p in built_in if solvers(p)}
    for group in kernel_groups():
        others = "|".join(sorted(names - {group.name}))
        crossing = re.compile(rf"^\s*(from|import)\s+(solvers|workbench\.puzzles|\.\.)\.?({others})\b", re.MULTILINE)
        for folder in group.folders:
            for path in Path(folder).glob("*.py"):
                assert not crossing.search(path.read_text()), f"{path} imports another group: list it as shared"
