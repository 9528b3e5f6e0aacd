#!/usr/bin/env bash
# The recording slowdown of issue 32's target, measured two ways on the programs of examples/validate:
# validate's own column (record's wall time over HotSpot's median wall time, both with JVM start-up) and
# CPU seconds (user + system of the whole `record` command over those of one unrecorded run with
# validate's HotSpot options), each program's figure and the median over the programs.
#
#   scripts/record-slowdown.sh [JAR] [PROGRAM...]     default: tools/target/jmmtk.jar, every program
#
# Prints one line per program and the medians. Run it on a quiet machine: the wall-time ratio moves with
# the load; the CPU ratio much less. Environment: OUT (folder for the outputs, default a temporary one).
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=$(realpath "${1:-tools/target/jmmtk.jar}")
shift || true
OUT=${OUT:-$(mktemp -d)}
CLASSES="$OUT/classes"
mkdir -p "$CLASSES"
javac -d "$CLASSES" examples/validate/*.java
if [[ $# -eq 0 ]]; then
  set -- $(cd examples/validate && ls *.java | sed 's/\.java$//')
fi
HOTSPOT=(-XX:+UseSerialGC -Xms64m -Xmx64m -Xmn8m -XX:MaxTenuringThreshold=0 -XX:-UseCompressedOops
  -XX:-UseCompressedClassPointers -XX:-DoEscapeAnalysis)
cpu() { awk '{print $1 + $2}' "$1"; }
printf '%-12s %10s %12s %12s %10s\n' program validate plain-cpu-s record-cpu-s cpu-ratio
walls=(); cpus=()
for p in "$@"; do
  /usr/bin/time -f '%U %S' -o "$OUT/$p.plain.time" java "${HOTSPOT[@]}" -cp "$CLASSES" "$p" > /dev/null 2>&1
  /usr/bin/time -f '%U %S' -o "$OUT/$p.validate.time" java -jar "$JAR" validate --heap 64m --nursery 8m \
    --max-tenuring-threshold 0 -- java -cp "$CLASSES" "$p" > "$OUT/$p.validate.txt" 2> "$OUT/$p.validate.err"
  /usr/bin/time -f '%U %S' -o "$OUT/$p.record.time" java -jar "$JAR" record -o "$OUT/$p.trace" --binary \
    -- java -cp "$CLASSES" "$p" > /dev/null 2> "$OUT/$p.record.err"
  wall=$(awk '/recording slowdown/ {sub("x", "", $3); print $3}' "$OUT/$p.validate.txt")
  plain=$(cpu "$OUT/$p.plain.time")
  rec=$(cpu "$OUT/$p.record.time")
  ratio=$(awk -v a="$rec" -v b="$plain" 'BEGIN {printf "%.1f", a / b}')
  printf '%-12s %9sx %12s %12s %9sx\n' "$p" "$wall" "$plain" "$rec" "$ratio"
  walls+=("$wall"); cpus+=("$ratio")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}'; }
echo "median: validate $(median "${walls[@]}")x, CPU $(median "${cpus[@]}")x (load $(cut -d' ' -f1-3 /proc/loadavg))"
