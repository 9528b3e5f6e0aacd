#!/usr/bin/env bash
# Records what jmmtk computes, without its timings, for every plan on every built-in workload at two
# heap factors and 1 and 2 GC threads (by default), so a refactoring can show that nothing it computes
# changed, or that nothing depends on the number of GC threads (`threads`).
#
#   scripts/logical-json.sh record DIR      run the grid with ./jmmtk, one file per cell in DIR
#   scripts/logical-json.sh compare A B     exit 0 if the two records are identical, else list the cells
#   scripts/logical-json.sh threads DIR     exit 0 if every cell of DIR equals its 1-thread cell (the
#                                           `threads` field aside), else list the cells that differ
#
# compare reads B's JSON cells only at A's key paths: a field B has and A lacks (a metric added since
# A was recorded) is not a difference; a field A has that B lacks or changed is.
#
# A cell's file is `run --json` with every timing field removed (…Ms, wallMs, mmu, the scheduling-
# dependent packets and steals of each collection, and the machine's loadAverage and busyMachine), or
# the exit code and message of a run that failed (a simulated out-of-memory is a result too; the
# busy-machine warning left out). Environment: JMMTK (default ./jmmtk), SCALE (default 0.5),
# JOBS (parallel runs, default 2), PLANS and WORKLOADS (space-separated subsets; default all), FACTORS
# (heap factors, default "2 3"), THREADS (GC thread counts, default "1 2"; `threads` needs 1 among them),
# ARGS (more options for every run, e.g. ARGS="--pacing 300" with PLANS="concurrentimmix lxr", or
# ARGS="--plugin events --plugin merlin --plugin filip").
set -euo pipefail
cd "$(dirname "$0")/.."
JMMTK=${JMMTK:-./jmmtk}
SCALE=${SCALE:-0.5}
ARGS=${ARGS:-}
JOBS=${JOBS:-2}
FACTORS=${FACTORS:-2 3}
THREADS=${THREADS:-1 2}
FILTER='walk(if type == "object" then with_entries(select((.key | endswith("Ms") or . == "mmu"
        or . == "packets" or . == "steals" or . == "loadAverage" or . == "busyMachine") | not)) else . end)'

cell() {  # plan workload factor threads dir
  local out="$5/$1.$2.f$3.t$4.json" rc=0 body
  body=$("$JMMTK" run --json --plan "$1" --workload "$2" --heap-factor "$3" --threads "$4" \
          --scale "$SCALE" $ARGS 2>"$out.err") || rc=$?
  if [ $rc -eq 0 ]; then
    jq -S "$FILTER" <<<"$body" >"$out"
  else
    { echo "exit $rc"; grep -v '^jmmtk: warning: load average ' "$out.err" || true; } >"$out"
  fi
  rm -f "$out.err"
}
export -f cell
export JMMTK SCALE ARGS FILTER
# B restricted to A's key paths (objects keep only A's keys, arrays are compared element by element)
AT_PATHS_OF_A='def at($r): if type == "object" and ($r | type) == "object"
    then with_entries(select(.key as $k | $r | has($k)) | .key as $k | .value |= at($r[$k]))
    elif type == "array" and ($r | type) == "array" then [range(length) as $i | .[$i] | at($r[$i])]
    else . end; at($a[0])'

case "${1:-}" in
  record)
    dir=${2:?usage: $0 record DIR}
    mkdir -p "$dir"
    plans=${PLANS:-$("$JMMTK" plans | awk '{print $1}')}
    workloads=${WORKLOADS:-$("$JMMTK" workloads | awk '{print $1}')}
    for p in $plans; do for w in $workloads; do for f in $FACTORS; do for t in $THREADS; do
      echo "$p $w $f $t $dir"
    done; done; done; done | xargs -P "$JOBS" -L 1 bash -c 'cell "$@"' _
    echo "$(ls "$dir" | wc -l) cells recorded in $dir"
    ;;
  compare)
    a=${2:?usage: $0 compare A B}; b=${3:?usage: $0 compare A B}
    # cells present in both are compared (a partial record checks a subset); a cell missing from B differs
    bad=0; n=0
    for f in "$b"/*.json; do
      n=$((n + 1)); name=$(basename "$f")
      if cmp -s "$a/$name" "$f"; then continue; fi
      if [ -f "$a/$name" ] && [ "$(head -c 1 "$a/$name")" = "{" ] && [ "$(head -c 1 "$f")" = "{" ] \
          && cmp -s "$a/$name" <(jq -S --slurpfile a "$a/$name" "$AT_PATHS_OF_A" "$f"); then continue; fi
      echo "differs: $name"; bad=1
    done
    [ $bad -eq 0 ] && echo "identical: $n cells" || exit 1
    ;;
  threads)
    dir=${2:?usage: $0 threads DIR}
    bad=0; n=0
    for f in "$dir"/*.t[0-9]*.json; do
      one=${f%.t*.json}.t1.json
      [ "$f" = "$one" ] && continue
      n=$((n + 1))
      if [ ! -f "$one" ]; then echo "no 1-thread cell for $(basename "$f")"; bad=1; continue; fi
      if cmp -s <(jq -S 'if type == "object" then del(.threads) else . end' "$one" 2>/dev/null || cat "$one") \
                <(jq -S 'if type == "object" then del(.threads) else . end' "$f" 2>/dev/null || cat "$f"); then
        continue
      fi
      echo "differs from 1 thread: $(basename "$f")"; bad=1
    done
    [ $bad -eq 0 ] && echo "identical to 1 thread: $n cells" || exit 1
    ;;
  *) sed -n '2,21p' "$0"; exit 2 ;;
esac
