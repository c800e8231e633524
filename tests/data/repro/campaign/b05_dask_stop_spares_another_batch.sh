#!/bin/bash
# Own campaign on repro 15's fix (a stopped --dask batch has the workers kill its programs): two
# batches share one worker; stopping A must kill A's programs only. Expected: B's program still runs
# and B finishes its cases OK.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
D=$(dirname "$P")/dask
[ -x "$D" ] || { echo "needs dask.distributed in .venv"; exit 2; }
PORT=$("$P" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$D" scheduler --host 127.0.0.1 --port $PORT --no-dashboard > sched.log 2>&1 & sp=$!
sleep 4
"$D" worker tcp://127.0.0.1:$PORT --nthreads 2 --no-dashboard > w1.log 2>&1 & n1=$!
sleep 8
printf '#!/bin/sh\ncat >/dev/null\nexec sleep 91\n' > a_$$.sh; printf '#!/bin/sh\ncat >/dev/null\nsleep 12\necho\n' > b_$$.sh; chmod +x a_$$.sh b_$$.sh
"$P" -c 'import os,signal,sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
  "$P" "$M" batch ahc011 --seeds 0-0 --cmd "$W/a_$$.sh" --time 120 --dask tcp://127.0.0.1:$PORT --out runA > /dev/null 2> errA.txt &
ap=$!
"$P" "$M" batch ahc011 --seeds 0-0 --cmd "$W/b_$$.sh" --time 60 --dask tcp://127.0.0.1:$PORT --out runB > /dev/null 2> errB.txt &
bp=$!
for i in $(seq 60); do [ "$(pgrep -fc 'sleep 91')" -ge 1 ] && [ "$(pgrep -fc 'sleep 12')" -ge 1 ] && break; sleep 1; done
echo "A's program running: $(pgrep -fc 'sleep 91'), B's: $(pgrep -fc 'sleep 12')"
kill -INT $ap; wait $ap; echo "A exit $?"
sleep 1; echo "after A stopped: A's program running: $(pgrep -fc 'sleep 91'), B's: $(pgrep -fc 'sleep 12')"
wait $bp; echo "B exit $?: $(cut -d, -f9 runB/results.csv 2>/dev/null | tail -n 1)"
kill $n1 $sp 2>/dev/null; sleep 2
if grep -q ",OK," runB/results.csv 2>/dev/null && [ "$(pgrep -fc 'sleep 91')" = 0 ]; then verdict fixed; else verdict defect; fi
