#!/usr/bin/env bash
# Runs the values of one JMH parameter as interleaved single forks, round after round, so that slow
# changes in a noisy machine's speed hit every value alike; then prints each value's median fork mean
# and its ratio to the first value, with 95% bootstrap intervals.
#
#   benchmarks/interleave.sh BENCHMARK PARAM V1,V2,... ROUNDS [JMH OPTIONS...]
#   benchmarks/interleave.sh TracepointOverheadBenchmark probes compiled-out,not-recorded,recorded 8
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=benchmarks/target/benchmarks.jar
[[ -f "$JAR" ]] || mvn -q -B -DskipTests -pl benchmarks -am package
BENCH=$1 PARAM=$2 VALUES=$3 ROUNDS=$4
shift 4
OUT=$(mktemp -d)
for round in $(seq 1 "$ROUNDS"); do
  for value in ${VALUES//,/ }; do
    echo "round $round/$ROUNDS: $PARAM=$value" >&2
    java -jar "$JAR" "$BENCH" -f 1 -p "$PARAM=$value" "$@" -rf json -rff "$OUT/$round-$value.json" > "$OUT/$round-$value.log"
  done
done
java -cp "$JAR" org.jmmtk.benchmarks.Ratios "$PARAM" "$VALUES" "$OUT"/*.json
echo "raw results: $OUT" >&2
