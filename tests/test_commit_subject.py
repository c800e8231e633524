"""The commit-msg hook (.ci/commit_subject.py) keeps a commit's subject under 72 characters."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOOK = REPO / ".ci" / "commit_subject.py"


def hook(tmp_path: Path, message: str) -> subprocess.CompletedProcess:
    (tmp_path / "COMMIT_EDITMSG").write_text(message, encoding="utf-8")
    return subprocess.run([sys.executable, str(HOOK), str(tmp_path / "COMMIT_EDITMSG")], capture_output=True, text=True)


def test_a_subject_of_71_characters_passes_whatever_the_body(tmp_path):
    done = hook(tmp_path, "é" * 71 + "\n\n" + "a body line may be longer than the subject " * 5 + "\n")
    assert (done.returncode, done.stderr) == (0, "")


def test_a_subject_of_72_characters_is_refused_with_its_length(tmp_path):
    done = hook(tmp_path, "x" * 72 + "\n\nwhy\n")
    assert done.returncode == 1
    assert done.stderr == (
        f"the commit subject is 72 characters; keep it under 72 and put the why in the body:\n  {'x' * 72}\n"
    )


def test_an_empty_subject_is_refused(tmp_path):
    done = hook(tmp_path, "\nbody only\n")
    assert (done.returncode, done.stderr) == (1, "the commit message has no subject (its first line is empty)\n")
