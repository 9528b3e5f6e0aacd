#!/usr/bin/env bash
# The recorded JVM's own cost under `jmmtk record`, apart from record's post-pass: runs record with a
# `java` wrapper that times each JVM it starts (/usr/bin/time: wall, user and system seconds), for
# each jar given, one program at a time, the jars alternating so that their runs see the same load.
#
#   scripts/recorded-jvm-cost.sh PROGRAM RUNS JAR...        e.g. WordCount 2 OLD/jmmtk.jar tools/target/jmmtk.jar
#
# Prints per run: the jar, the recorded JVM's wall/user/sys, the start-up probe's, and the whole record's.
# PROGRAM is a class of examples/validate. Environment: OUT (folder for the outputs, default a temporary one).
set -euo pipefail
cd "$(dirname "$0")/.."
PROGRAM=$1 RUNS=$2
shift 2
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT/classes"
javac -d "$OUT/classes" examples/validate/*.java
printf '%-40s %-22s %-22s %s\n' jar 'recorded JVM wall/usr/sys' 'probe wall/usr/sys' 'record wall/usr/sys'
for ((r = 1; r <= RUNS; r++)); do
  for jar in "$@"; do
    times="$OUT/jvm.$r.$(basename "$(dirname "$(dirname "$(realpath "$jar")")")").times"
    : > "$times"
    JVM_TIMES="$times" /usr/bin/time -f '%e %U %S' -o "$times.record" java -jar "$jar" record -o "$OUT/t.trace" --binary \
      -- "$PWD/scripts/timed-jvm/java" -cp "$OUT/classes" "$PROGRAM" > "$OUT/record.out" 2>&1
    printf '%-40s %-22s %-22s %s\n' "$jar" "$(awk '$1 == "recorded" {print $2, $3, $4}' "$times")" \
      "$(awk '$1 == "probe" {print $2, $3, $4}' "$times")" "$(cat "$times.record")"
  done
done
