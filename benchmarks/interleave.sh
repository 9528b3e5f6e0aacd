#!/usr/bin/env bash
# Runs the values of one JMH parameter as interleaved single forks, round after round, so that slow
# changes in a noisy machine's speed hit every value alike; then prints each value's median fork mean
# and its ratio to the first value, with 95% bootstrap intervals.
#
#   benchmarks/interleave.sh BENCHMARK PARAM V1,V2,... ROUNDS [JMH OPTIONS...]
#   benchmarks/interleave.sh TracepointOverheadBenchmark probes compiled-out,not-recorded,recorded 8
#
# METRIC=NAME compares the secondary metric NAME (an @AuxCounters counter) instead of the primary one.
# A value written VALUE=JVM-ARGS runs its forks with -jvmArgsAppend JVM-ARGS (which replaces the
# @Fork's jvmArgsAppend, not its jvmArgs), for switches that must be set when the JVM starts:
#   benchmarks/interleave.sh PluginHostBenchmark host 'compiled-out=-Djmmtk.plugins.off=true,no-plugin,events' 8
set -euo pipefail
cd "$(dirname "$0")/.."
. benchmarks/load.sh
JAR=benchmarks/target/benchmarks.jar
[[ -f "$JAR" ]] || mvn -q -B -DskipTests -pl benchmarks -am package
BENCH=$1 PARAM=$2 SPECS=$3 ROUNDS=$4
shift 4
IFS=',' read -ra SPEC <<< "$SPECS"
NAMES=()
for s in "${SPEC[@]}"; do NAMES+=("${s%%=*}"); done
VALUES=$(IFS=','; echo "${NAMES[*]}")
OUT=$(mktemp -d)
for round in $(seq 1 "$ROUNDS"); do
  for s in "${SPEC[@]}"; do
    value=${s%%=*}
    jvm=()
    [[ "$s" == *=* ]] && jvm=(-jvmArgsAppend "${s#*=}")
    note_load
    echo "round $round/$ROUNDS: $PARAM=$value ${jvm[*]} $LOAD" >&2
    java -jar "$JAR" "$BENCH" -f 1 -p "$PARAM=$value" "${jvm[@]}" "$@" -rf json -rff "$OUT/$round-$value.json" > "$OUT/$round-$value.log"
  done
done
java -cp "$JAR" org.jmmtk.benchmarks.Ratios ${METRIC:+--metric "$METRIC"} "$PARAM" "$VALUES" "$OUT"/*.json
echo "raw results: $OUT" >&2
warn_if_busy
