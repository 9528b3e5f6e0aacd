#!/usr/bin/env bash
# Runs one benchmark from two or more builds' benchmark jars as interleaved single forks, round after
# round (like interleave.sh, whose noise argument applies), then prints each build's median fork mean
# and its ratio to the first build's, with 95% bootstrap intervals. METRIC=NAME compares the secondary
# metric NAME (an @AuxCounters counter) instead of the primary one.
#
#   benchmarks/interleave-jars.sh LABEL=JAR,LABEL=JAR,... ROUNDS BENCHMARK [JMH OPTIONS...]
#   METRIC=records benchmarks/interleave-jars.sh old=/work/wt-old/benchmarks/target/benchmarks.jar,new=benchmarks/target/benchmarks.jar \
#       6 'ReplayBenchmark.nogc$' -p format=binary
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/load.sh
RATIOS_JAR=benchmarks/target/benchmarks.jar
[[ -f "$RATIOS_JAR" ]] || mvn -q -B -DskipTests -pl benchmarks -am package
SPECS=$1 ROUNDS=$2 BENCH=$3
shift 3
IFS=',' read -ra SPEC <<< "$SPECS"
LABELS=()
for s in "${SPEC[@]}"; do
  [[ "$s" == *=* && -f "${s#*=}" ]] || { echo "not LABEL=JAR with an existing jar: $s" >&2; exit 2; }
  LABELS+=("${s%%=*}")
done
OUT=$(mktemp -d)
FILES=()
for round in $(seq 1 "$ROUNDS"); do
  for s in "${SPEC[@]}"; do
    label=${s%%=*} jar=${s#*=}
    note_load
    echo "round $round/$ROUNDS: $label ($jar) $LOAD" >&2
    java -jar "$jar" "$BENCH" -f 1 "$@" -rf json -rff "$OUT/$round-$label.json" > "$OUT/$round-$label.log"
    FILES+=("$label=$OUT/$round-$label.json")
  done
done
java -cp "$RATIOS_JAR" org.jmmtk.benchmarks.Ratios ${METRIC:+--metric "$METRIC"} build "$(IFS=','; echo "${LABELS[*]}")" "${FILES[@]}"
echo "raw results: $OUT" >&2
warn_if_busy
