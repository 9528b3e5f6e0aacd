#!/usr/bin/env bash
# Start-up of short commands, whole process: median wall and CPU (user + system) seconds of each command
# under each launcher, the launchers run alternately so that a change in the machine's load hits them alike.
# usage: benchmarks/startup.sh [REPEATS] [LAUNCHER...]
#   LAUNCHER  a jmmtk launcher (default: this tree's ./jmmtk); give an old tree's and a new one's to compare
# The commands: --version, run --help, plans, and a replay of a small trace (binarytrees --scale 0.01,
# semispace, made once with the first launcher). Run each launcher once first so its jar and class-data-
# sharing archive are built.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-5}"; shift || true
LAUNCHERS=("$@"); [[ ${#LAUNCHERS[@]} -gt 0 ]] || LAUNCHERS=("$ROOT/jmmtk")
DIR="$(mktemp -d)"; trap 'rm -rf "$DIR"' EXIT
"${LAUNCHERS[0]}" trace gen binarytrees --scale 0.01 -o "$DIR/t.trace" >/dev/null
COMMANDS=("--version" "run --help" "plans" "run --trace $DIR/t.trace --plan semispace --heap 4m")
echo "$N runs each; $(uptime | sed 's/.*load/load/')"
TIMEFORMAT='%R %U %S'
med() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR%2)? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
for c in "${COMMANDS[@]}"; do
  declare -A wall=() cpu=()
  for i in $(seq "$N"); do
    for l in "${!LAUNCHERS[@]}"; do
      # shellcheck disable=SC2086
      read -r w u s < <({ time "${LAUNCHERS[$l]}" $c >/dev/null 2>&1; } 2>&1 | tail -1)
      wall[$l]="${wall[$l]:-} $w"; cpu[$l]="${cpu[$l]:-} $(echo "$u + $s" | bc)"
    done
  done
  for l in "${!LAUNCHERS[@]}"; do
    # shellcheck disable=SC2086
    printf '%-50s %-30s wall %s s  CPU %s s\n' "${c/$DIR\/t.trace/TRACE}" "${LAUNCHERS[$l]}" "$(med ${wall[$l]})" "$(med ${cpu[$l]})"
  done
  unset wall cpu
done
