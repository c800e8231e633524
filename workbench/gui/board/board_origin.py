"""Where a board came from (a file's case, or a generator's seed and options), Qt-free: what
the case box steps from, what a left board is recognised by, and what the window reopens on the
next start."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class BoardOrigin:
    """Where a board came from: a file (a case of it), or a generator seed and options."""

    puzzle_id: str
    path: str | None = None
    case: int | None = None  # which case of a file that holds several
    seed: int | None = None
    options: dict = field(default_factory=dict)
    instance: Any = field(default=None, repr=False, compare=False)  # the board it describes

    def to_json(self) -> str:
        fields = asdict(self)
        fields.pop("instance")
        return json.dumps(fields)

    @classmethod
    def from_json(cls, text: str) -> BoardOrigin | None:
        try:
            fields = json.loads(text)
            return cls(**{k: fields[k] for k in ("puzzle_id", "path", "case", "seed", "options")})
        except (TypeError, ValueError, KeyError):
            return None  # an old or damaged setting: start on the sample board
