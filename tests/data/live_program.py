"""A contestant's program that speaks the live protocol, following a script (tests of batch.live).

    python live_program.py SCRIPT.json

SCRIPT.json maps an input's first line (stripped; "*" for any other) to steps, done in order:
{"score": "123"} writes "[SCORE] 123" on stderr, {"stderr": TEXT} writes a line of stderr,
{"stdout": TEXT} writes TEXT on stdout, {"file": NAME, "text": TEXT} writes a snapshot file into
$PWB_SNAPSHOT_DIR (as NAME.tmp, then renamed), {"sleep": SECONDS} waits, {"exit": CODE} ends.
Every write is flushed at once, as a program reporting live must.
"""

import json
import os
import sys
import time
from pathlib import Path

script = json.loads(Path(sys.argv[1]).read_text())
text = sys.stdin.read()
first = text.strip().splitlines()[0].strip() if text.strip() else ""
for step in script.get(first, script.get("*", [])):
    if "score" in step:
        print(f"[SCORE] {step['score']}", file=sys.stderr, flush=True)
    elif "stderr" in step:
        print(step["stderr"], file=sys.stderr, flush=True)
    elif "stdout" in step:
        sys.stdout.write(step["stdout"])
        sys.stdout.flush()
    elif "file" in step:
        folder = Path(os.environ["PWB_SNAPSHOT_DIR"])
        (folder / (step["file"] + ".tmp")).write_text(step["text"])
        os.replace(folder / (step["file"] + ".tmp"), folder / step["file"])
    elif "sleep" in step:
        time.sleep(step["sleep"])
    elif "exit" in step:
        sys.exit(step["exit"])
