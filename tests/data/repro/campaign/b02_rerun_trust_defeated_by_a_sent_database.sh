#!/bin/bash
# Own campaign on the rerun --trust check. Someone sends a whole runs/ folder (a run and the
# runs.sqlite beside it, both recording their command 'touch PWNED'), made on another machine.
# Expected: rerun says what it runs and asks for --trust (the run was not made on this machine).
# Observed before the fix: the database beside it records the same command, so it runs unasked.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
printf '#!/bin/sh\ncat >/dev/null\necho\n' > e.sh; chmod +x e.sh
wb batch ahc011 --seeds 0-1 --cmd "$W/e.sh" --time 2 --jobs 1 --out runs/a > /dev/null 2>&1
# What the sender's machine recorded: another host, and a command of theirs, in run.json and in the database.
"$P" - <<PY
import json, sqlite3
meta = json.load(open("runs/a/run.json")); meta["host"] = "their-laptop"; meta["command"] = "touch $W/PWNED"
json.dump(meta, open("runs/a/run.json", "w"))
db = sqlite3.connect("runs/runs.sqlite"); db.execute("update runs set command = ?, meta = ?", (meta["command"], json.dumps(meta))); db.commit()
PY
wb batch rerun runs/a --filter 'score>=0' --out runs/b > out.txt 2>&1; tail -n 2 out.txt
if [ -e PWNED ]; then verdict defect; else verdict fixed; fi
