#!/usr/bin/env bash
# Total time of some work packets in whole jmmtk runs, launchers alternated run by run so that the
# machine's load hits them alike: records each run's tracepoints with `run --jfr`, reads the per-type
# totals with `probes --report packets` (this tree's launcher), and prints, per launcher, the median
# total milliseconds of each packet type named and the load average.
#
#   benchmarks/packet-times.sh N "PACKET..." LAUNCHER [LAUNCHER...] -- RUN ARGS...
#   benchmarks/packet-times.sh 9 "SweepBlocks ProcessEdges" /work/ci37/jmmtk ./jmmtk -- \
#       --trace t.trace --plan marksweep --heap 1000000
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 4 ]] || { echo "usage: $0 N \"PACKET...\" LAUNCHER... -- RUN ARGS..." >&2; exit 2; }
N=$1 PACKETS=$2
shift 2
LAUNCHERS=()
while [[ $# -gt 0 && $1 != -- ]]; do LAUNCHERS+=("$1"); shift; done
[[ $# -gt 0 ]] || { echo "$0: no -- before the run's arguments" >&2; exit 2; }
shift
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "load at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 0; i < N; i++)); do
  for l in "${!LAUNCHERS[@]}"; do
    "${LAUNCHERS[$l]}" run "$@" --jfr "$TMP/r.jfr" >/dev/null 2>&1
    ./jmmtk probes --report packets "$TMP/r.jfr" | awk -v want="$PACKETS" -v l="$l" '
      BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) keep[w[i]] = 1 }
      ($1 in keep) { print l, $1, $3 }' >>"$TMP/times"
  done
done
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg); median total ms of $N runs each:"
for l in "${!LAUNCHERS[@]}"; do
  line="${LAUNCHERS[$l]}:"
  for p in $PACKETS; do
    m=$(awk -v l="$l" -v p="$p" '$1 == l && $2 == p { print $3 }' "$TMP/times" | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print "none"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    line+=" $p $m"
  done
  echo "$line"
done
