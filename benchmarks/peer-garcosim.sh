#!/usr/bin/env bash
# Whole-process speed against GarCoSim's TraceFileSim on the same trace and heap.
# usage: benchmarks/peer-garcosim.sh TRACEFILESIM [WORKLOAD] [SCALE] [HEAP_BYTES] [REPEATS]
#   TRACEFILESIM  the peer's binary (github.com/GarCoSim/TraceFileSim, built with make CXXFLAGS=-O2)
# Generates a jmmtk trace of WORKLOAD (default binarytrees 0.1), exports it to GarCoSim's format
# (A -> a, W -> w, R -> - of the slot's old object then + of the new one, G -> the same on thread 49,
# GarCoSim's last thread; T, C dropped), then runs, alternately, TraceFileSim (traversal = semispace,
# markSweep; its default next-fit allocator; final GC off) and `jmmtk run --trace` (semispace, marksweep) on the
# same trace and heap, whole process including JVM start-up, and prints the median wall times and the
# ratio. jmmtk runs each trace twice: as the text trace that was exported (GarCoSim's format is text too),
# and as the same trace in jmmtk's binary format (`trace convert --binary`, made once, untimed, as the
# export to GarCoSim's format is), the form `record` and `trace gen --binary` write; the text figure is
# the like-for-like one, the binary one shows what the text parser costs. TraceFileSim 5.0.0 ends in a segmentation fault after its last record (fclose of a log it did not
# open); its time is still the whole run. Run `./jmmtk plans` first so the jar (and its class-data-sharing archive) is built.
set -euo pipefail
TFS="$1"; WORKLOAD="${2:-binarytrees}"; SCALE="${3:-0.1}"; HEAP="${4:-1000000}"; N="${5:-5}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$(mktemp -d)"; trap 'rm -rf "$DIR"' EXIT
"$ROOT/jmmtk" trace gen "$WORKLOAD" --scale "$SCALE" -o "$DIR/t.trace" >/dev/null
"$ROOT/jmmtk" trace convert "$DIR/t.trace" --binary -o "$DIR/t.jtb" >/dev/null
"$ROOT/jmmtk" trace dump "$DIR/t.trace" | awk '
  $1 == "A" { print "a T" $2 " O" $3 " S" $4 " N" $5 " C" ($6 == "" ? 0 : $6); next }
  $1 == "W" { print "w T" $2 " P" $3 " #" $4 " O" $5; next }
  $1 == "R" { k = $2 " " $3; if (root[k] != "" && root[k] != 0) print "- T" $2 " O" root[k]
              if ($4 != 0) print "+ T" $2 " O" $4; root[k] = $4; next }
  $1 == "G" { k = $2; if (glob[k] != "" && glob[k] != 0) print "- T49 O" glob[k]
              if ($3 != 0) print "+ T49 O" $3; glob[k] = $3; next }' > "$DIR/t.garcosim"
echo "trace: $WORKLOAD --scale $SCALE, $(wc -l < "$DIR/t.garcosim") GarCoSim records; heap $HEAP bytes; $N runs each; $(uptime | sed 's/.*load/load/')"
# TraceFileSim writes its logs into the current folder
cd "$DIR"
# wall seconds, then CPU seconds (user + system), which a loaded machine disturbs less
TIMEFORMAT='%R %U %S'
med() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR%2)? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
# JMMTK_ALSO=LAUNCHER (another tree's ./jmmtk, e.g. main's) runs that launcher too, alternately with this one
# and the peer, for a before/after ratio taken under the same load
LAUNCHERS=("$ROOT/jmmtk"); [[ -z "${JMMTK_ALSO:-}" ]] || LAUNCHERS+=("$JMMTK_ALSO")
for pair in "traversal semispace" "markSweep marksweep"; do
  set -- $pair
  peer=(); peercpu=(); declare -A ours=() ourcpu=()
  for i in $(seq "$N"); do
    # the time is the last line (a crash adds the shell's report before it)
    read -r w u s < <({ time "$TFS" "$DIR/t.garcosim" -h "$HEAP" -c "$1" >/dev/null 2>&1; } 2>&1 | tail -1 || true)
    peer+=("$w"); peercpu+=("$(echo "$u + $s" | bc)")
    for l in "${!LAUNCHERS[@]}"; do
      for f in trace jtb; do
        read -r w u s < <({ time "${LAUNCHERS[$l]}" run --trace "$DIR/t.$f" --plan "$2" --heap "$HEAP" >"$DIR/out" 2>&1; } 2>&1 | tail -1 || true)
        ours[$l.$f]="${ours[$l.$f]:-} $w"; ourcpu[$l.$f]="${ourcpu[$l.$f]:-} $(echo "$u + $s" | bc)"
      done
    done
  done
  # a heap too small for a plan ends its replay early (a simulated out-of-memory, exit 1): like for like only
  # if the peer ran out at the same record (semispace on binarytrees 0.3 at 1,000,000 bytes: both do, after
  # 76 collections; docs/design.md, "Whole process")
  if grep -q "out of memory" "$DIR/out"; then
    echo "$2: note: jmmtk's run ended in a simulated out-of-memory at $HEAP bytes: both time a prefix of the trace only if TraceFileSim's log (in its folder) says it failed to allocate at the same record"
  fi
  p=$(med "${peer[@]}"); pc=$(med "${peercpu[@]}")
  for l in "${!LAUNCHERS[@]}"; do
    for f in trace jtb; do
      # shellcheck disable=SC2086
      o=$(med ${ours[$l.$f]}); oc=$(med ${ourcpu[$l.$f]}); who=""; [[ $l == 0 ]] || who=" (${LAUNCHERS[$l]})"
      [[ $f == trace ]] || who="$who, binary trace"
      echo "$2: TraceFileSim $p s, jmmtk$who $o s, jmmtk $(echo "scale=1; $p / $o" | bc)x faster (TraceFileSim: ${peer[*]}; jmmtk:${ours[$l.$f]})"
      echo "$2: CPU: TraceFileSim $pc s, jmmtk$who $oc s, $(echo "scale=1; $pc / $oc" | bc)x"
    done
  done
  unset ours ourcpu
  grep -E "^ *(GCs|collections)" "$DIR/out" | head -2 || true
done
