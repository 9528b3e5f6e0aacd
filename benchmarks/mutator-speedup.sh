#!/usr/bin/env bash
# Two mutator threads against one on a per-thread stream trace (issue 37's target: `search` at 1 GC thread,
# 2 mutator threads at least 1.4x one), for each jar given, the jars run alternately so that a change in the
# machine's load hits them alike. Per jar and pair of runs:
#   sweep   `sweep --mutator-threads 1,2` speedup (mutator wall time less pauses, median and 95% interval)
#   cpu     org.jmmtk.benchmarks.MutatorCpu: the one-thread run's mutator CPU over the busier of the two
#           threads' (medians of its rounds): what a quiet machine's wall-time speedup would be with a
#           processor per thread and nothing else running; robust to load
# and once, with the first jar, org.jmmtk.benchmarks.IndependentReplays: two replays that share nothing side
# by side against one alone, the speedup this machine gives two threads at all.
# usage: benchmarks/mutator-speedup.sh TRACE PAIRS JAR...
#   TRACE  e.g. made by `jmmtk trace gen search --scale 3 --streams -o m3.jmts`
#   JAR    a shaded jmmtk jar (tools/target/jmmtk.jar); MutatorCpu comes from this tree's benchmarks/target/classes
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRACE="$1"; PAIRS="$2"; shift 2
JARS=("$@")
CLASSES="$ROOT/benchmarks/target/classes"
SWEEP=(sweep --plan immix --trace "$TRACE" --heap 32m --threads 1 --mutator-threads 1,2 --repeat 8 --warmup 2)
med() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2)? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
declare -A sweeps=() cpus=()
for i in $(seq "$PAIRS"); do
  for j in "${!JARS[@]}"; do
    echo "== pair $i, ${JARS[$j]}; $(uptime | sed 's/.*load/load/')"
    s="$(java -Xmx2g -jar "${JARS[$j]}" "${SWEEP[@]}" | awk '$1 == 2 {print $(NF-3), $(NF-2), $(NF-1)}')"
    echo "sweep speedup $s"
    sweeps[$j]="${sweeps[$j]:-} ${s%% *}"
    r="$(java -Xmx2g -cp "${JARS[$j]}:$CLASSES" org.jmmtk.benchmarks.MutatorCpu "$TRACE" immix 32 1 1,2 5 2 \
      | awk -F'\t' '$1 == 2 {print $8}')"
    echo "cpu ratios" $r
    cpus[$j]="${cpus[$j]:-} $(med $r)"
  done
done
for j in "${!JARS[@]}"; do
  # shellcheck disable=SC2086
  echo "${JARS[$j]}: sweep speedup median $(med ${sweeps[$j]}) (${sweeps[$j]# }); cpu ratio median $(med ${cpus[$j]}) (${cpus[$j]# })"
done
echo "== independent replays, ${JARS[0]}; $(uptime | sed 's/.*load/load/')"
java -Xmx2g -cp "${JARS[0]}:$CLASSES" org.jmmtk.benchmarks.IndependentReplays "$TRACE" immix 32 1 5 2 | tail -1
