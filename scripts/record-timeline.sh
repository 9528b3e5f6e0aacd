#!/usr/bin/env bash
# The timeline of one `jmmtk record` of a program of examples/validate: when record's JVM starts, launches the
# recorded JVM, premain and main start, the program's last class load (its end), the agent's `done`, the recorded
# JVM's end, the trace written, the log deleted and record's end, in seconds from record's start; and the CPU
# seconds of each of record's JVM's threads while the recorded JVM ran and after it ended (sampled from /proc every 50 ms).
# Time stamps come from -Xlog:class+load (both JVMs), the `java` wrapper in record-timeline/ and the trace's
# modification time. The log options slow class loading a little. JMMTK_JAVA_OPTS, if set, still reaches record's JVM.
#
#   scripts/record-timeline.sh LAUNCHER PROGRAM [OUT-DIR]     e.g. scripts/record-timeline.sh ./jmmtk WordCount
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=$(realpath "$1"); program=$2
out=${3:-$(mktemp -d)}
mkdir -p "$out/classes"
javac -d "$out/classes" examples/validate/*.java
rm -f "$out"/xl.* "$out/timeline" "$out/threads"
echo "record started $(date +%s.%N)" > "$out/timeline"
TIMELINE="$out/timeline" JMMTK_JAVA_OPTS="${JMMTK_JAVA_OPTS:-} -Xlog:class+load:file=$out/xl.record:time" "$launcher" record -o "$out/out.trace" \
  --binary -- "$PWD/scripts/record-timeline/java" "-Xlog:class+load:file=$out/xl.jvm.%p:time" -cp "$out/classes" "$program" \
  > "$out/out" 2>&1 &
pid=$! # the launcher execs record's JVM: the same process
python3 - "$pid" "$out/threads" <<'PY' &
import os, sys, time
pid, out = sys.argv[1], open(sys.argv[2], 'w')
while os.path.exists('/proc/' + pid):
    row = []
    try:
        for t in os.listdir('/proc/%s/task' % pid):
            try:
                s = open('/proc/%s/task/%s/stat' % (pid, t)).read()
                f = s[s.rindex(')') + 2:].split()
                row.append('%s|%s|%d' % (t, s[s.index('(') + 1:s.rindex(')')].replace(' ', '_'), int(f[11]) + int(f[12])))
            except OSError:
                pass
    except OSError:
        break
    out.write('%.3f %s\n' % (time.time(), ' '.join(row)))
    time.sleep(0.05)
PY
wait "$pid" || { echo "record failed: see $out/out" >&2; exit 1; }
echo "record ended $(date +%s.%N)" >> "$out/timeline"
wait
echo "trace written (its modification time) $(stat -c %.Y "$out/out.trace")" >> "$out/timeline"
python3 - "$out" "$program" <<'PY'
import calendar, collections, datetime, glob, os, re, sys
out, program = sys.argv[1], sys.argv[2]
events = {}
for line in open(out + '/timeline'):
    name, t = line.rsplit(' ', 1)
    events[name] = float(t)
def loads(f):
    for line in open(f):
        m = re.match(r'\[(\S+?)\+0000\] (\S+)', line)
        if m:
            d = datetime.datetime.strptime(m.group(1), '%Y-%m-%dT%H:%M:%S.%f')
            yield calendar.timegm(d.timetuple()) + d.microsecond / 1e6, m.group(2)
def first(f, pred):
    return next((t for t, c in loads(f) if pred(c)), None)
rec = out + '/xl.record'
events["record's JVM: first class loaded"] = next(loads(rec))[0]
events["record's JVM: RecordCommand loaded"] = first(rec, lambda c: c.endswith('.RecordCommand'))
events["record's JVM: ProcessBuilder loaded (launches the JVMs)"] = first(rec, lambda c: c == 'java.lang.ProcessBuilder')
events["record's JVM: TemporaryFolder loaded (deletes the log)"] = first(rec, lambda c: c.endswith('.TemporaryFolder'))
for f in glob.glob(out + '/xl.jvm.*'):
    if first(f, lambda c: c == 'org.jmmtk.agent.Premain'):
        events['recorded JVM: first class loaded'] = next(loads(f))[0]
        events['recorded JVM: premain (Premain loaded)'] = first(f, lambda c: c == 'org.jmmtk.agent.Premain')
        events['recorded JVM: main (%s loaded)' % program] = first(f, lambda c: c == program)
        events["recorded JVM: last class loaded (the program's end)"] = max(t for t, _ in loads(f))
t0 = events['record started']
for name, t in sorted(events.items(), key=lambda e: e[1]):
    print('%8.3f  %s' % (t - t0, name))
end = events['recorded JVM ended (reaped)']
snaps = []
for line in open(out + '/threads'):
    a = line.split()
    snaps.append((float(a[0]), {r.split('|')[0]: (r.split('|')[1], int(r.split('|')[2])) for r in a[1:]}))
start = events['recorded JVM started']
most, before, launch = {}, collections.Counter(), collections.Counter()
for t, m in snaps:
    for tid, (name, cpu) in m.items():
        most[tid] = (name, max(cpu, most.get(tid, (name, 0))[1]))
        if t <= end:
            before[tid] = max(before[tid], cpu)
        if t <= start:
            launch[tid] = max(launch[tid], cpu)
after, beside = collections.Counter(), collections.Counter()
for tid, (name, cpu) in most.items():
    after[name] += cpu - before[tid]
    beside[name] += before[tid] - launch[tid]
tck = os.sysconf('SC_CLK_TCK')
print("record's JVM while the recorded JVM ran: %.2f s CPU, by thread:" % (sum(beside.values()) / tck))
for name, cpu in beside.most_common():
    if cpu >= 0.05 * tck:
        print('  %-20s %.2f s' % (name, cpu / tck))
print("record's JVM after the recorded JVM ended: %.2f s CPU, by thread:" % (sum(after.values()) / tck))
for name, cpu in after.most_common():
    if cpu >= 0.05 * tck:
        print('  %-20s %.2f s' % (name, cpu / tck))
PY
