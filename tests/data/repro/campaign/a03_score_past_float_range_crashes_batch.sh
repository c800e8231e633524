#!/bin/bash
# A vis printing a whole score of 401 digits (10^400 + 1): read exactly since 05's fix, it crashed the
# batch's live mean (OverflowError: int too large to convert to float, a traceback). Expected: the
# case is WA saying the score is past what can be compared and averaged; the batch ends normally.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
big=$("$P" -c "print(10**400+1)")
mkdir -p c/tools; printf '#!/bin/sh\necho "Score = %s"\n' "$big" > c/tools/vis; chmod +x c/tools/vis
printf '3\n1 2 3\n' > c/in0.txt
printf "name = 'c'\ntime_limit = 2\n[inputs]\nfile = 'in{SEED}.txt'\n[run]\ncommand = '{CMD}'\n[score]\ncommand = '{DIR}/tools/vis {IN} {OUT}'\n" > c/contest.toml
printf '#!/bin/sh\ncat >/dev/null\necho 1 2 3\n' > prog.sh; chmod +x prog.sh
(cd c && wb batch . --seeds 0-0 --cmd "$W/prog.sh" --jobs 1 --out r > ../out.txt 2>&1); echo "exit $?"
grep -E "Error" out.txt | tail -n 1; cut -d, -f8,9 c/r/results.csv 2>/dev/null | tail -n 1
if grep -q Traceback out.txt; then verdict defect; else verdict fixed; fi
