#!/bin/bash
# Own campaign on repro 09's fix (results.csv paths checked to stay in the run folder): the answer
# column holds a NUL byte, a 5000-character name, or a path through a FIFO. Expected: a one-line
# message or the answer shown as missing; never a traceback, never a hang.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
printf '#!/bin/sh\ncat >/dev/null\necho\n' > e.sh; chmod +x e.sh
wb batch ahc011 --seeds 0-0 --cmd "$W/e.sh" --time 2 --jobs 1 --out A > /dev/null 2>&1
bad=0
for answer in 'answers/a\x00b' "answers/$(printf 'x%.0s' $(seq 5000))" 'fifo'; do
  rm -rf B; cp -r A B; mkfifo B/fifo
  "$P" - "$answer" <<'PY'
import csv, sys
answer = sys.argv[1].replace("\\x00", "\x00")
rows = list(csv.DictReader(open("B/results.csv")))
rows[0]["answer"] = answer
w = csv.DictWriter(open("B/results.csv", "w", newline=""), fieldnames=list(rows[0])); w.writeheader(); w.writerows(rows)
PY
  TO=20 wb batch compare A B --diff 0 > out.txt 2>&1; code=$?
  echo "answer ${answer:0:20}...: exit $code: $(tail -n 1 out.txt | cut -c1-150)"
  { grep -q Traceback out.txt || [ $code = 124 ]; } && bad=1
done
if [ $bad = 1 ]; then verdict defect; else verdict fixed; fi
