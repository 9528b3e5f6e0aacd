#!/usr/bin/env python3
"""Per-thread CPU of whole jmmtk runs, launchers alternated so that the machine's load hits them alike.

usage: benchmarks/thread-cpu.py N LAUNCHER [LAUNCHER...] -- ARGS...
  e.g. benchmarks/thread-cpu.py 9 /work/ci37/jmmtk ./jmmtk -- run --trace t.trace --plan marksweep --heap 1000000

Runs `LAUNCHER ARGS` N times per launcher (output discarded) and reads /proc/PID/task/*/stat every 25 ms
(the launcher execs the JVM, so PID is the JVM), keeping each thread's last CPU time (schedstat's, in
nanoseconds, where the kernel keeps it; else user + system in clock ticks, 10 ms here); prints,
per launcher, the medians of the wall time, the whole process's polled CPU and the CPU of the threads that
matter: main (the JVM's thread named "java" that runs main; the launcher thread that waits is idle), the
C1 and C2 compiler threads, jmmtk's GC workers and the plan discovery. On a loaded machine the main
thread's CPU is the steadier figure (a run's critical path on a quiet one); polling misses at most the
last 25 ms of a thread. With two launchers or more, a last line compares the last with the one before
it: the median of the paired differences (run i of each, made one after the other), with a bootstrap
95% interval of that median, in milliseconds.
"""
import os
import random
import statistics
import subprocess
import sys
import time

TICK = os.sysconf('SC_CLK_TCK')


def group(name):
    if name.startswith('C2 Comp'):
        return 'C2'
    if name.startswith('C1 Comp'):
        return 'C1'
    if name.startswith('jmmtk-gc-worker'):
        return 'gc-workers'
    if name.startswith('jmmtk-plan-disc'):  # Linux keeps 15 characters of a thread's name
        return 'plan-discovery'
    return 'main' if name == 'java' else name


def run(cmd):
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    last = {}
    while p.poll() is None:
        try:
            tids = os.listdir(f'/proc/{p.pid}/task')
        except OSError:
            tids = []
        for tid in tids:
            try:
                with open(f'/proc/{p.pid}/task/{tid}/stat') as f:
                    s = f.read()
                last[tid] = (s[s.index('(') + 1:s.rindex(')')], seconds(p.pid, tid, s))
            except OSError:
                continue
        time.sleep(0.025)
    cpu = {}
    for name, t in last.values():
        cpu[group(name)] = cpu.get(group(name), 0) + t
    cpu['wall'] = time.monotonic() - start
    cpu['total'] = sum(t for _, t in last.values())
    return cpu


def seconds(pid, tid, stat):
    """A thread's CPU seconds: from schedstat in nanoseconds where the kernel keeps it, else stat's ticks."""
    try:
        with open(f'/proc/{pid}/task/{tid}/schedstat') as f:
            return int(f.read().split()[0]) / 1e9
    except (OSError, ValueError, IndexError):
        fields = stat[stat.rindex(')') + 2:].split()
        return (int(fields[11]) + int(fields[12])) / TICK


def main():
    if '--' not in sys.argv or len(sys.argv) < 4:
        sys.exit(__doc__)
    sep = sys.argv.index('--')
    n, launchers, args = int(sys.argv[1]), sys.argv[2:sep], sys.argv[sep + 1:]
    with open('/proc/loadavg') as f:
        print(f'{n} runs each of {" ".join(args)}; load {f.read().split()[0]}')
    results = {l: [] for l in launchers}
    for _ in range(n):
        for l in launchers:
            results[l].append(run([l] + args))
    with open('/proc/loadavg') as f:
        print(f'load at the end {f.read().split()[0]}; medians, seconds:')
    keys = ['wall', 'total', 'main', 'C1', 'C2', 'gc-workers', 'plan-discovery']
    for l, runs in results.items():
        cells = [f'{k} {statistics.median(r.get(k, 0) for r in runs):.3f}' for k in keys]
        print(f'{l}: ' + ', '.join(cells))
    if len(launchers) > 1:
        paired(results[launchers[-2]], results[launchers[-1]], keys)


def paired(old, new, keys):
    """The last launcher against the one before it: the median of the differences of the runs made
    one after the other (run i of each), with a bootstrap 95% interval of that median."""
    rng = random.Random(1)
    cells = []
    for k in keys[:6]:
        d = [b.get(k, 0) - a.get(k, 0) for a, b in zip(old, new)]
        boots = sorted(statistics.median(rng.choices(d, k=len(d))) for _ in range(2000))
        cells.append(f'{k} {statistics.median(d) * 1000:+.1f} [{boots[50] * 1000:+.1f}, {boots[1949] * 1000:+.1f}]')
    print('last - previous, paired, ms: ' + ', '.join(cells))


if __name__ == '__main__':
    main()
