"""The `batch` command line as the tests type it, in one call: leading words, then each option as a
keyword (``seeds="1-3"`` is ``--seeds 1-3``, ``sampler_seed`` is ``--sampler-seed``) in the order
given; paths and numbers become their text. Run in this process or as a child's argv."""

import sys

from case_data import REPO

from workbench.cli import main


def batch_words(words: tuple[object, ...], options: dict[str, object]) -> list[str]:
    """``batch`` and its words: ``words`` as they are, then ``--name value`` for each option."""
    flags = [part for name, value in options.items() for part in ("--" + name.replace("_", "-"), value)]
    return ["batch", *map(str, words), *map(str, flags)]


def batch_main(*words: object, **options: object) -> int:
    """``puzzle-workbench batch WORDS... --OPTION VALUE...`` run in this process; its exit code."""
    return main(batch_words(words, options))


def batch_command(*words: object, **options: object) -> list[str]:
    """The argv that runs ``puzzle-workbench batch WORDS... --OPTION VALUE...`` as a child process."""
    return [sys.executable, str(REPO / "main.py"), *batch_words(words, options)]
