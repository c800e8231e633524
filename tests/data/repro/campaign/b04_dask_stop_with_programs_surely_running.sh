#!/bin/bash
# Repro 15 made sure: it waits (up to 60 s) until two programs run on the workers before the Ctrl+C
# (on a loaded machine the shared one may stop the batch before any program started: a FIXED that proves nothing).
# --dask with a local cluster; Ctrl+C (or SIGTERM) the batch while cases run. README: "Ctrl+C stops
# cleanly: finished cases are kept and written, running programs killed". Observed: the batch exits
# (130/143, "stopped: 0 of 6 cases finished"), but the programs running on the Dask workers go on
# until they end by themselves (here sleep 95 with --time 120: up to the time limit), holding the
# workers' threads. The local pool kills them at once.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
D=$(dirname "$P")/dask
[ -x "$D" ] || { echo "needs dask.distributed in .venv (pip install -e '.[cluster]')"; exit 2; }
PORT=$("$P" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$D" scheduler --host 127.0.0.1 --port $PORT --no-dashboard > sched.log 2>&1 & sp=$!
sleep 4
"$D" worker tcp://127.0.0.1:$PORT --nthreads 1 --no-dashboard > w1.log 2>&1 & n1=$!
"$D" worker tcp://127.0.0.1:$PORT --nthreads 1 --no-dashboard > w2.log 2>&1 & n2=$!
sleep 8
printf '#!/bin/sh\ncat >/dev/null\nexec sleep 95\n' > slow_$$.sh; chmod +x slow_$$.sh
# a non-interactive shell starts background jobs with SIGINT ignored: reset it, then exec
"$P" -c 'import os,signal,sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
  "$P" "$M" batch ahc011 --seeds 0-5 --cmd "$W/slow_$$.sh" --time 120 --dask tcp://127.0.0.1:$PORT --out run > /dev/null 2> err.txt &
bp=$!; for i in $(seq 60); do [ "$(pgrep -fc "sleep 95")" -ge 2 ] && break; sleep 1; done
echo "programs running: $(pgrep -fc "sleep 95")"; kill -INT $bp; wait $bp; echo "batch exit $?: $(tail -n 1 err.txt)"
sleep 2; left=$(pgrep -f "sleep 95" | wc -l); echo "programs still running 2 s after the batch ended: $left"
kill $n1 $n2 $sp 2>/dev/null; sleep 3
if [ "$left" -gt 0 ]; then verdict defect; else verdict fixed; fi
