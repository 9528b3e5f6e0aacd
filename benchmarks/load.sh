# Sourced by the interleaving scripts: track the highest one-minute load average seen while forks ran and,
# at the end, say on standard error when it exceeded the processor count (the forks then waited for a
# processor, so their timings measure the other programs too: see docs/metrics.md, "Timings on a busy machine").
MAX_LOAD=0
LOAD="? ? ?"
note_load() {  # sets LOAD to the load averages now and remembers the highest one-minute one
  LOAD=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "? ? ?")
  MAX_LOAD=$(awk -v a="$MAX_LOAD" -v b="${LOAD%% *}" 'BEGIN { print (b + 0 > a + 0) ? b : a }')
}
warn_if_busy() {
  local cpus
  cpus=$(nproc)
  if awk -v l="$MAX_LOAD" -v c="$cpus" 'BEGIN { exit !(l + 0 > c + 0) }'; then
    echo "warning: load average up to $MAX_LOAD on $cpus processors during the forks: the timings include waiting for a processor (busy machine)" >&2
  fi
}
