#!/usr/bin/env bash
# The model's interval (issue 37's target: the 16-core host's marksweep speedups on widetree scale 2, 48m,
# 5.06 at 8 threads and 6.05 at 16, inside [predictedSpeedupLow, predictedSpeedupHigh] with high/low at most
# 1.5), for each jar given, the jars run alternately so that a change in the machine's load hits them alike.
# Per round, jar and plan (marksweep, semispace) one line: the load average, the model's steal and signal
# costs, and at 8 and 16 threads best [low, high] and high/low.
# usage: benchmarks/model-interval.sh ROUNDS JAR...
#   JAR  a shaded jmmtk jar (tools/target/jmmtk.jar)
set -euo pipefail
ROUNDS="$1"; shift
JARS=("$@")
SWEEP=(sweep --workload widetree --scale 2 --heap 48m --threads 1,2,8,16 --repeat 3 --warmup 1 --model --json)
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
for i in $(seq "$ROUNDS"); do
  for jar in "${JARS[@]}"; do
    for plan in marksweep semispace; do
      load="$(cut -d' ' -f1 /proc/loadavg)"
      java -Xmx2g -jar "$jar" "${SWEEP[@]}" --plan "$plan" 2>/dev/null >"$out"
      python3 - "$out" "$i" "$jar" "$plan" "$load" <<'EOF'
import json, sys
path, round_, jar, plan, load = sys.argv[1:]
j = json.load(open(path))
m = j["model"]
cells = []
for p in j["points"]:
    if p["threads"] in (8, 16):
        lo, best, hi = p["predictedSpeedupLow"], p["predictedSpeedup"], p["predictedSpeedupHigh"]
        cells.append(f"{p['threads']}: {best:.2f} [{lo:.2f}, {hi:.2f}] {hi / lo:.2f}")
print(f"round {round_} {jar} {plan} load {load} steal {m['stealNs']} ns signal {m.get('signalNs', '-')} ns  " + "  ".join(cells))
EOF
    done
  done
done
