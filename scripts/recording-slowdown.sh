#!/usr/bin/env bash
# Issue 32's recording slowdown: `record`'s wall time over HotSpot's (the program alone with validate's
# Serial GC options), per program and the median over the programs, for one or more jmmtk launchers,
# interleaved so that every launcher's runs see the same load: for each program and round, HotSpot
# HOTSPOT_RUNS times, then each launcher's `record` once. Also CPU (user + system) and the recorded JVM's
# own wall time and CPU apart from record's post-pass (through a `java` wrapper timing each JVM started).
#
#   scripts/recording-slowdown.sh LAUNCHER... -- PROGRAM...
#   e.g. scripts/recording-slowdown.sh /work/ci33/jmmtk ./jmmtk -- WordCount Strings LruCache Orders JsonDocs Pipeline
#
# PROGRAM is a class of examples/validate. Environment: ROUNDS (rounds of record runs, default 1; the
# figure is the median over them), HOTSPOT_RUNS (per round, default 3), OUT (folder for the outputs and
# the last trace of each launcher and program, default a temporary one). Prints the load (/proc/loadavg)
# before each program and at the end: on a loaded machine compare the launchers' ratios, not absolutes.
set -euo pipefail
cd "$(dirname "$0")/.."
launchers=()
while [[ $# -gt 0 && $1 != -- ]]; do launchers+=("$(realpath "$1")"); shift; done
[[ $# -gt 1 && ${#launchers[@]} -gt 0 ]] || { echo "usage: $0 LAUNCHER... -- PROGRAM..." >&2; exit 2; }
shift
ROUNDS=${ROUNDS:-1} HOTSPOT_RUNS=${HOTSPOT_RUNS:-3}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT/classes"
rm -f "$OUT"/summary.*
javac -d "$OUT/classes" examples/validate/*.java
HOTSPOT=(-XX:+UseSerialGC -Xms64m -Xmx64m -Xmn8m -XX:-UseCompressedOops -XX:-UseCompressedClassPointers
  -XX:-DoEscapeAnalysis)
load() { cut -d' ' -f1-3 /proc/loadavg; }
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
# the launchers built first, so that no build falls inside a timed run
for l in "${launchers[@]}"; do "$l" plans > /dev/null; done
for p in "$@"; do
  echo "# $p (load $(load))"
  : > "$OUT/$p.hotspot"
  for i in "${!launchers[@]}"; do : > "$OUT/$p.$i.record"; : > "$OUT/$p.$i.jvm"; done
  for ((r = 1; r <= ROUNDS; r++)); do
    for ((h = 1; h <= HOTSPOT_RUNS; h++)); do
      /usr/bin/time -f '%e %U %S' -a -o "$OUT/$p.hotspot" java "${HOTSPOT[@]}" -cp "$OUT/classes" "$p" > /dev/null 2>&1
    done
    for i in "${!launchers[@]}"; do
      JVM_TIMES="$OUT/$p.$i.times" ; : > "$JVM_TIMES"
      JVM_TIMES="$JVM_TIMES" /usr/bin/time -f '%e %U %S' -a -o "$OUT/$p.$i.record" "${launchers[$i]}" record \
        -o "$OUT/$p.$i.trace" --binary -- "$PWD/scripts/timed-jvm/java" -cp "$OUT/classes" "$p" > "$OUT/$p.$i.out" 2>&1
      awk '$1 == "recorded" {print $2, $3, $4}' "$JVM_TIMES" >> "$OUT/$p.$i.jvm"
    done
  done
  hw=$(awk '{print $1}' "$OUT/$p.hotspot" | median)
  hc=$(awk '{print $2 + $3}' "$OUT/$p.hotspot" | median)
  printf '%-10s %-8s %8s %8s %8s %8s %8s %8s %8s\n' program launcher wall cpu jvm-wall jvm-cpu wall-x cpu-x jvm-x
  printf '%-10s %-8s %8s %8s\n' "$p" hotspot "$hw" "$hc"
  for i in "${!launchers[@]}"; do
    rw=$(awk '{print $1}' "$OUT/$p.$i.record" | median)
    rc=$(awk '{print $2 + $3}' "$OUT/$p.$i.record" | median)
    jw=$(awk '{print $1}' "$OUT/$p.$i.jvm" | median)
    jc=$(awk '{print $2 + $3}' "$OUT/$p.$i.jvm" | median)
    awk -v p="$p" -v i="$i" -v rw="$rw" -v rc="$rc" -v jw="$jw" -v jc="$jc" -v hw="$hw" -v hc="$hc" 'BEGIN {
      printf "%-10s %-8s %8.2f %8.2f %8.2f %8.2f %7.1fx %7.1fx %7.1fx\n", p, "L" i, rw, rc, jw, jc, rw / hw, rc / hc, jw / hw }' \
      | tee -a "$OUT/summary.$i"
  done
done
echo "# median over the programs (load $(load))"
for i in "${!launchers[@]}"; do
  echo "L$i ${launchers[$i]}: wall $(awk '{sub("x", "", $7); print $7}' "$OUT/summary.$i" | median)x," \
    "CPU $(awk '{sub("x", "", $8); print $8}' "$OUT/summary.$i" | median)x," \
    "recorded JVM wall $(awk '{sub("x", "", $9); print $9}' "$OUT/summary.$i" | median)x"
done
echo "outputs and traces in $OUT"
