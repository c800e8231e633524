#!/bin/bash
# contest init --name with a newline: the name goes into contest.toml's first comment line unescaped,
# the rest is read as TOML. Expected: one line refusing the name. Observed: TOMLDecodeError traceback.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
mkdir -p c/tools/in
printf '#!/bin/sh\necho "Score = 5"\n' > c/tools/vis; chmod +x c/tools/vis
printf '3\n1 2 3\n' > c/tools/in/0000.txt
wb contest init c --name $'x\ny' > out.txt 2>&1; echo "exit $?"; tail -n 2 out.txt
if grep -q Traceback out.txt; then verdict defect; else verdict fixed; fi
