#!/usr/bin/env bash
# concurrentimmix against immix on a large live set (widetree, heap 3x its maximum live size, 2 GC threads),
# interleaved: each round, for each jar and scale, runs immix and then concurrentimmix at each pacing
# through org.jmmtk.benchmarks.PauseCpu (one unreported run for the JIT, then one measured), alternating
# the jars; prints one row per run and then, per jar, scale and pacing, the medians and the median
# per-round ratios concurrentimmix / immix of pause CPU, replay CPU and replay wall time. CPU times are
# those of the collection threads (ThreadMXBean): on a loaded machine they are the steadier measure.
#
#   benchmarks/concurrent-pauses.sh LABEL=JAR[,LABEL=JAR...] ROUNDS [SCALES] [PACINGS]
#   benchmarks/concurrent-pauses.sh main=/tmp/main.jar,new=tools/target/jmmtk.jar 5 "0.5 2" "1000"
#
# JAR: a shaded jmmtk.jar (tools/target/jmmtk.jar of a build). PACINGS: K values or "real" (1000 is the
# default). EXTRA (environment): concurrentimmix's plan options as OPTION=VALUE,..., e.g. the occupancy
# trigger: EXTRA=initial-mark-occupancy=90,initial-mark-percent=0.
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/load.sh
SPECS=$1 ROUNDS=$2 SCALES=${3:-"0.5 2"} PACINGS=${4:-"1000"}
IFS=',' read -ra SPEC <<< "$SPECS"
for s in "${SPEC[@]}"; do
  [[ "$s" == *=* && -f "${s#*=}" ]] || { echo "not LABEL=JAR with an existing jar: $s" >&2; exit 2; }
done
CLASSES=benchmarks/target/classes
[[ -f "$CLASSES/org/jmmtk/benchmarks/PauseCpu.class" ]] || mvn -q -B -DskipTests -pl benchmarks -am package
ROWS=$(mktemp)
run() { # label jar plan scale pacing [options]
  note_load
  printf '%s\t%s\t%s\n' "$1" "$LOAD" "$(java -cp "$2:$CLASSES" org.jmmtk.benchmarks.PauseCpu "$3" widetree "$4" 3 "${@:5}")" \
    | tee -a "$ROWS"
}
printf 'jar\tload\tplan\tscale\tpacing\tpauseCpuMs\tpauses\treplayCpuMs\tpauseWallMs\treplayWallMs\tkind:count/cpuMs/maxCpuMs\n'
for round in $(seq 1 "$ROUNDS"); do
  for s in "${SPEC[@]}"; do
    for scale in $SCALES; do
      run "${s%%=*}" "${s#*=}" immix "$scale" -
      for p in $PACINGS; do
        run "${s%%=*}" "${s#*=}" concurrentimmix "$scale" "$p" ${EXTRA:+"$EXTRA"}
      done
    done
  done
done
python3 - "$ROWS" <<'EOF'
import sys, statistics as st
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
# columns: 0 jar, 1 load, 2 plan, 3 scale, 4 pacing, 5 pauseCpu, 6 pauses, 7 replayCpu, 8 pauseWall, 9 replayWall
print('\njar\tscale\tpacing\tpause CPU ms ci (immix)\tpauses ci (immix)\tpause CPU ci/immix\treplay CPU ci/immix\treplay wall ci/immix')
for key in sorted({(r[0], r[3], r[4]) for r in rows if r[2] == 'concurrentimmix'}):
    pairs, last = [], None
    for r in rows:
        if r[2] == 'immix' and (r[0], r[3]) == key[:2]:
            last = r
        elif r[2] == 'concurrentimmix' and (r[0], r[3], r[4]) == key:
            pairs.append((r, last))
    med = lambda i, j: st.median(float(p[j][i]) for p in pairs)
    ratio = lambda i: st.median(float(c[i]) / float(m[i]) for c, m in pairs)
    print(f"{key[0]}\t{key[1]}\t{key[2]}\t{med(5, 0):.1f} ({med(5, 1):.1f})\t{med(6, 0):.0f} ({med(6, 1):.0f})"
          f"\t{ratio(5):.2f}\t{ratio(7):.2f}\t{ratio(9):.2f}")
EOF
rm -f "$ROWS"
warn_if_busy
