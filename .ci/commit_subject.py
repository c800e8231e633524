"""The commit-msg hook (.pre-commit-config.yaml): a commit's subject, its message's first line, stays
under 72 characters, so `git log --oneline` and a review list show it whole; the why goes in the body."""

import sys
from pathlib import Path

LIMIT = 72


def subject_problem(message: str) -> str:
    """Why the message's subject is refused, "" when it is fine."""
    subject = message.split("\n", 1)[0].rstrip()
    if not subject:
        return "the commit message has no subject (its first line is empty)"
    if len(subject) >= LIMIT:
        return (
            f"the commit subject is {len(subject)} characters; keep it under {LIMIT} "
            f"and put the why in the body:\n  {subject}"
        )
    return ""


def main(argv: list[str]) -> int:
    problem = subject_problem(Path(argv[1]).read_text(encoding="utf-8"))
    if problem:
        print(problem, file=sys.stderr)
    return 1 if problem else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
