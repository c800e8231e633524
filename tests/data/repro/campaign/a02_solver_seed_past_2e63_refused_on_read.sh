#!/bin/bash
# A run made with --seed 2^64-1 (the solver's seed, accepted by batch) is refused by every command that
# reads its folder: the run.json check (06's fix) bounded solver_seed by SQLite's 2^63-1, which no
# column of the database holds. Expected: batch show reads it.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
wb batch comesolo --seeds 1 --size 6 --solver beam --nodes 50 --seed 18446744073709551615 --out r > /dev/null 2>&1
wb batch show r > out.txt 2>&1; echo "exit $?"; tail -n 1 out.txt
if grep -q "solver_seed must be" out.txt; then verdict defect; else verdict fixed; fi
