#!/bin/bash
# Own campaign on repro 14's fix (a case's snapshot folder renamed to snapshots-N each case).
# A program replaces its $PWB_SNAPSHOT_DIR by a symlink to another folder (or by a file). The next
# case "empties" its snapshot folder: through the link, the files of the folder linked to are
# deleted; a file in its place makes the next case FAIL (mkdir: File exists).
# Expected: the next case gets a real, empty folder of its own; nothing outside the case folder is touched.
source "${PWB_REPRO:-../shared/repro/hostile}/common.sh"
mkdir keep; echo precious > keep/data.txt
cat > prog.sh <<SH
#!/bin/sh
cat > /dev/null
if [ ! -e "$W/first.flag" ]; then
  touch "$W/first.flag"
  rm -rf "\$PWB_SNAPSHOT_DIR"; ln -s "$W/keep" "\$PWB_SNAPSHOT_DIR"
elif [ ! -e "$W/second.flag" ]; then
  touch "$W/second.flag"
  rm -rf "\$PWB_SNAPSHOT_DIR"; echo x > "\$PWB_SNAPSHOT_DIR"
fi
echo
SH
chmod +x prog.sh
wb batch ahc011 --seeds 0-2 --cmd "$W/prog.sh" --time 3 --jobs 1 --out run > out.txt 2> err.txt
say "kept file outside the run: $(cat keep/data.txt 2>/dev/null || echo GONE)"
say "verdicts"; cut -d, -f1,9 run/results.csv 2>/dev/null | head -5; grep -i "error\|traceback" err.txt | head -3
if [ ! -e keep/data.txt ] || grep -q FAIL run/results.csv 2>/dev/null || grep -qi traceback err.txt; then verdict defect; else verdict fixed; fi
