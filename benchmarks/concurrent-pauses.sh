#!/usr/bin/env bash
# concurrentimmix against immix, interleaved: for each round, each jar, each scale, runs immix and then
# concurrentimmix at each pacing (`jmmtk run --workload widetree --heap-factor 3 --threads 2 --warmup 1
# --json`), alternating the jars, and prints one row per run (total pause, pauses and max per kind, wall
# and CPU time of the whole process, user+sys, which includes the warm-up run and start-up) and then, per
# jar, scale and pacing, the medians and the median per-round ratios concurrentimmix / immix.
#
#   benchmarks/concurrent-pauses.sh LABEL=JAR[,LABEL=JAR...] ROUNDS [SCALES] [PACINGS]
#   benchmarks/concurrent-pauses.sh main=/tmp/cmark-main.jar,new=tools/target/jmmtk.jar 5 "0.5 2" "default 1000"
#
# PACINGS: "default" (the plan's default, the trace's mean record spacing per collection) or K values.
# EXTRA (environment) is added to concurrentimmix's runs, e.g. EXTRA="--initial-mark-percent 50".
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/load.sh
SPECS=$1 ROUNDS=$2 SCALES=${3:-"0.5 2"} PACINGS=${4:-"default 1000"}
IFS=',' read -ra SPEC <<< "$SPECS"
for s in "${SPEC[@]}"; do
  [[ "$s" == *=* && -f "${s#*=}" ]] || { echo "not LABEL=JAR with an existing jar: $s" >&2; exit 2; }
done
OUT=$(mktemp -d)
ROWS="$OUT/rows.tsv"
one() { # label jar scale plan pacing round
  local label=$1 jar=$2 scale=$3 plan=$4 pacing=$5 round=$6 args=()
  [[ "$plan" == concurrentimmix && "$pacing" != default ]] && args+=(--pacing "$pacing")
  [[ "$plan" == concurrentimmix ]] && read -ra extra <<< "${EXTRA:-}" && args+=("${extra[@]}")
  local json="$OUT/$round-$label-$scale-$plan-$pacing.json"
  note_load
  /usr/bin/time -f "%e %U %S" -o "$OUT/time" java -jar "$jar" run --plan "$plan" --workload widetree \
    --scale "$scale" --heap-factor 3 --threads 2 --warmup 1 --json "${args[@]}" > "$json" 2>/dev/null
  python3 - "$json" "$OUT/time" "$label" "$scale" "$plan" "$pacing" "$round" "$LOAD" >> "$ROWS" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
wall, user, sys_ = map(float, open(sys.argv[2]).read().split())
kinds = ' '.join(f"{k}:{v['count']}/{v['totalMs']:.1f}/{v['maxMs']:.1f}" for k, v in d['pausesByKind'].items() if v['count'])
print('\t'.join(map(str, [sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6], sys.argv[7], f"{d['pauseTotalMs']:.1f}",
      d['gcCount'], f"{d['pauseMaxMs']:.1f}", f"{d['wallMs']:.0f}", f"{user + sys_:.2f}", kinds, sys.argv[8]])))
EOF
}
printf 'jar\tscale\tplan\tpacing\tround\tpauseMs\tpauses\tmaxMs\treplayWallMs\tcpuS\tkind:count/totalMs/maxMs\tload\n'
for round in $(seq 1 "$ROUNDS"); do
  for s in "${SPEC[@]}"; do
    for scale in $SCALES; do
      one "${s%%=*}" "${s#*=}" "$scale" immix - "$round"
      tail -1 "$ROWS"
      for p in $PACINGS; do
        one "${s%%=*}" "${s#*=}" "$scale" concurrentimmix "$p" "$round"
        tail -1 "$ROWS"
      done
    done
  done
done
python3 - "$ROWS" <<'EOF'
import sys, statistics as st
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
immix = {(r[0], r[1], r[4]): r for r in rows if r[2] == 'immix'}
print('\njar\tscale\tpacing\tpause ms ci (immix)\tpauses ci (immix)\treplay wall ci/immix\tcpu ci/immix\tpause ci/immix')
for key in sorted({(r[0], r[1], r[3]) for r in rows if r[2] == 'concurrentimmix'}):
    ci = [r for r in rows if r[2] == 'concurrentimmix' and (r[0], r[1], r[3]) == key]
    im = [immix[(r[0], r[1], r[4])] for r in ci]
    med = lambda xs: st.median(xs)
    ratio = lambda i: med([float(a[i]) / float(b[i]) for a, b in zip(ci, im)])
    print(f"{key[0]}\t{key[1]}\t{key[2]}\t{med([float(r[5]) for r in ci]):.1f} ({med([float(r[5]) for r in im]):.1f})"
          f"\t{med([int(r[6]) for r in ci])} ({med([int(r[6]) for r in im])})\t{ratio(8):.2f}\t{ratio(9):.2f}\t{ratio(5):.2f}")
EOF
echo "raw results: $OUT" >&2
warn_if_busy
