#!/usr/bin/env bash
# How often `record` refuses its own trace when threads first-see the same objects at once (the id table's
# publication order, docs/recording.md "The order of a first sight across threads"): RUNS recordings of
# SharedFirstSights (tools/src/test/resources/record: THREADS threads store into the same BOXES objects,
# made uninstrumented, ROUNDS rounds) with each jmmtk launcher, interleaved so that all see the same load.
#
#   scripts/first-sight-race.sh LAUNCHER... [-- ROUNDS BOXES THREADS]
#   e.g. RUNS=5 scripts/first-sight-race.sh /work/ci37/jmmtk ./jmmtk -- 20 20000 2
#
# Prints one line per recording (the launcher, its exit status, record's error if any) and, per launcher,
# how many were refused; the load (/proc/loadavg) before each round. RECORD_OPTS adds record options
# (e.g. the app-only --exclude list); JAVA_OPTS adds options of the recorded JVM (e.g. -XX:+UseG1GC).
set -euo pipefail
cd "$(dirname "$0")/.."
launchers=()
while [[ $# -gt 0 && $1 != -- ]]; do launchers+=("$(realpath "$1")"); shift; done
[[ ${#launchers[@]} -gt 0 ]] || { echo "usage: $0 LAUNCHER... [-- ROUNDS BOXES THREADS]" >&2; exit 2; }
[[ $# -gt 0 ]] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac -d "$work/classes" tools/src/test/resources/record/SharedFirstSights.java
declare -A refused
for ((run = 1; run <= ${RUNS:-5}; run++)); do
  echo "round $run, load $(cut -d' ' -f1-3 /proc/loadavg)"
  for l in "${launchers[@]}"; do
    status=0
    # shellcheck disable=SC2086
    "$l" record -o "$work/t.trace" --binary --exclude UnseenBoxes ${RECORD_OPTS:-} -- java ${JAVA_OPTS:-} \
        -cp "$work/classes" SharedFirstSights "$@" >"$work/out" 2>&1 || status=$?
    error=$(grep -Ev '^record: |boxes stored into|^jmmtk: (building|built)' "$work/out" | head -1 || true)
    echo "$l: exit $status${error:+: $error}"
    [[ $status -eq 0 ]] || refused[$l]=$(( ${refused[$l]:-0} + 1 ))
  done
done
for l in "${launchers[@]}"; do
  echo "$l: ${refused[$l]:-0} of ${RUNS:-5} recordings refused"
done
