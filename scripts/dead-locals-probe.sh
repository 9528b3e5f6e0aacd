#!/usr/bin/env bash
# Which HotSpot 17 frames keep a dead local's object alive at a young collection (issue 32, Matrix).
# Runs scripts/dead-locals-probe/DeadLocalsProbe.java once per case, one JVM at a time, with validate's
# HotSpot options (Serial GC, fixed 64 MB heap, 8 MB young generation, threshold 0, uncompressed oops,
# no escape analysis) plus the case's flags and -XX:+PrintCompilation, and prints one table row per case:
# the probe method's compilations (tier level, or C2 without tiers; % for OSR, "x" for made not entrant)
# before and during the big call, young collections during the big call, KB promoted during it, and
# whether the 2,344 KB array held only by the dead local was promoted (promoted > 1,500 KB; the control
# promotes ~300 KB). docs/recording.md, "Dead locals in interpreted frames: HotSpot's rule, measured".
#
#   scripts/dead-locals-probe.sh     environment: OUT (folder for the logs, default a temporary one),
#                                    JAVA_HOME (the JDK to probe, default the java and javac on PATH)
set -euo pipefail
BIN=${JAVA_HOME:+$JAVA_HOME/bin/}
if ! command -v "${BIN}javac" >/dev/null || ! command -v "${BIN}java" >/dev/null; then
  echo "dead-locals-probe: no java and javac in ${JAVA_HOME:-PATH} (JAVA_HOME must name a JDK)" >&2
  exit 2
fi
OUT=$(realpath -m "${OUT:-$(mktemp -d)}")
cd "$(dirname "$0")"
mkdir -p "$OUT/classes"
"${BIN}javac" -d "$OUT/classes" dead-locals-probe/DeadLocalsProbe.java
BASE=(-XX:+UseSerialGC -Xms64m -Xmx64m -Xmn8m -XX:MaxTenuringThreshold=0 -XX:-UseCompressedOops
  -XX:-UseCompressedClassPointers -XX:-DoEscapeAnalysis -XX:+PrintCompilation)
NOINLINE=-XX:CompileCommand=quiet,dontinline,DeadLocalsProbe::churn
# name | extra JVM flags | probe arguments
CASES=(
  "control: local nulled, interpreted||nulled"
  "interpreted, first call||once"
  "interpreted, -Xint|-Xint|once"
  "interpreted, local set in one branch of an if, unset on the other|-Xint|branch"
  "interpreted, local set in one branch, null on the other|-Xint|branch-init"
  "interpreted, local made in round 1 of a loop, unset before the loop, GCs in round 2|-Xint|loop"
  "interpreted, local made in round 1 of a loop, null before the loop, GCs in round 2|-Xint|loop-init"
  "interpreted, 150 calls before (< Tier3InvocationThreshold 200)||warm 150"
  "C1 level 1 (TieredStopAtLevel=1), churn inlined|-XX:TieredStopAtLevel=1|warm 20000"
  "C1 level 1, churn not inlined|-XX:TieredStopAtLevel=1 $NOINLINE|warm 20000"
  "C1 level 2 (TieredStopAtLevel=2), churn not inlined|-XX:TieredStopAtLevel=2 $NOINLINE|warm 20000"
  "C1 level 3 (TieredStopAtLevel=3), churn inlined|-XX:TieredStopAtLevel=3|warm 20000"
  "C1 level 3, churn not inlined|-XX:TieredStopAtLevel=3 $NOINLINE|warm 20000"
  "C1 level 3 after 1000 calls (default tiers)||warm 1000"
  "250 calls, no pause before the big call (default tiers)||warm-nopause 250"
  "300 calls, no pause||warm-nopause 300"
  "1000 calls, no pause||warm-nopause 1000"
  "C2 (default), churn inlined||warm 20000"
  "C2 (default), churn not inlined|$NOINLINE|warm 20000"
  "C2 only (-TieredCompilation), churn not inlined|-XX:-TieredCompilation $NOINLINE|warm 20000"
  "C2 (default), escape analysis on, churn not inlined|-XX:+DoEscapeAnalysis $NOINLINE|warm 20000"
  "OSR (default tiers), churn not inlined|$NOINLINE|osr"
  "OSR at C1 level 1 only, churn not inlined|-XX:TieredStopAtLevel=1 $NOINLINE|osr"
  "OSR at C1 level 3 only, churn not inlined|-XX:TieredStopAtLevel=3 $NOINLINE|osr"
  "OSR at C2 only (-TieredCompilation), churn not inlined|-XX:-TieredCompilation $NOINLINE|osr"
  "OSR at C2, no uncommon traps (PerMethodTrapLimit=0)|-XX:PerMethodTrapLimit=0 $NOINLINE|osr"
  "loop of 50,000 back-branches (< Tier3BackEdgeThreshold 60000)|$NOINLINE|osr 50000"
  "loop of 70,000 back-branches|$NOINLINE|osr 70000"
  "loop of 150,000 back-branches|$NOINLINE|osr 150000"
  "loop of 5,000,000 back-branches (default tiers)|$NOINLINE|osr 5000000"
  "loop of 5,000,000 back-branches at C1 level 1 only|-XX:TieredStopAtLevel=1 $NOINLINE|osr 5000000"
  "OSR loop, -XX:-UseOnStackReplacement|-XX:-UseOnStackReplacement $NOINLINE|osr"
  "OSR loop, -Xint|-Xint|osr"
)
printf '| case | probe compilations: before big call ; during | young GCs | promoted KB | dead local kept |\n'
printf '| --- | --- | --- | --- | --- |\n'
i=0
for c in "${CASES[@]}"; do
  IFS='|' read -r name flags pargs <<< "$c"
  i=$((i + 1))
  rc=0
  # shellcheck disable=SC2086
  "${BIN}java" "${BASE[@]}" $flags -Xlog:gc:file="$OUT/case$i.gc.log" -cp "$OUT/classes" DeadLocalsProbe $pargs \
    > "$OUT/case$i.out" 2> "$OUT/case$i.err" || rc=$?
  # PrintCompilation's lines come from compiler threads and may cut into the probe's own lines
  if ! grep -q 'RESULT mode=' "$OUT/case$i.out"; then
    printf '| %s | JVM exited with status %s, no result (%s) | | | |\n' "$name" "$rc" "$OUT/case$i.err"
    continue
  fi
  comp=$(awk '
    /BIG CALL/ { printf " ;" }
    / DeadLocalsProbe::probe/ {
      lvl = ""; osr = ""
      for (f = 2; f <= NF; f++) {
        if ($f ~ /^[0-4]$/) { lvl = $f; break }
        if ($f ~ /::/) { lvl = "C2"; break }
        if ($f ~ /%/) osr = "%"
      }
      printf " %s%s%s", lvl, osr, (/made not entrant/ ? "x" : "")
    }' "$OUT/case$i.out")
  res=$(grep -o 'RESULT mode=[a-z-]* young_gcs=[0-9]* promoted_kb=[0-9]* kept=[a-z]*' "$OUT/case$i.out")
  gcs=$(sed 's/.*young_gcs=\([0-9]*\).*/\1/' <<< "$res")
  kb=$(sed 's/.*promoted_kb=\([0-9]*\).*/\1/' <<< "$res")
  kept=$(sed 's/.* kept=\([a-z]*\).*/\1/' <<< "$res")
  printf '| %s | %s | %s | %s | %s |\n' "$name" "${comp# }" "$gcs" "$kb" "$kept"
done
echo "logs: $OUT" >&2
