#!/usr/bin/env python3
"""Where the wall time of whole `jmmtk run` processes goes, launchers alternated so that the load hits them alike.

usage: benchmarks/phases.py N LAUNCHER [LAUNCHER...] -- run ARGS...
  e.g. benchmarks/phases.py 9 /work/ci42/jmmtk ./jmmtk -- run --trace t.trace --plan marksweep --heap 1000000

Runs `LAUNCHER run ARGS` N times per launcher with the JVM's class-loading log (-Xlog:class+load with the JVM's
uptime, added to JMMTK_JAVA_OPTS) and cuts each run at the first load of marker classes; prints the medians of
  outside     the launcher script and the JVM's creation before its clock starts, and its teardown after
              System.exit (the wall time the JVM's clock does not see)
  jvm         JVM start-up until jmmtk's main class loads (class-data sharing, the module system)
  command     jmmtk's main until the simulation is built (picocli's model, option parsing, plan discovery,
              opening the trace): until CollectionDriver loads
  replay      the replay with its collections: until RunReport loads
  report      printing the metrics until System.exit (java.lang.Shutdown)
The log itself costs a little (one line per class, about 2,000). Wall time only: on a loaded machine every
phase stretches; benchmarks/thread-cpu.py gives the CPU of each thread.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

MARKERS = [('jvm', 'org.jmmtk.tools.Main'), ('command', 'org.jmmtk.core.collection.CollectionDriver'),
           ('replay', 'org.jmmtk.tools.run.RunReport'), ('report', 'java.lang.Shutdown')]
LINE = re.compile(r'^\[(\d+\.\d+)s\]\s+(\S+)')


def run(launcher, args, log):
    env = dict(os.environ)
    env['JMMTK_JAVA_OPTS'] = (env.get('JMMTK_JAVA_OPTS', '') + f' -Xlog:class+load:file={log}:uptime').strip()
    start = time.monotonic()
    done = subprocess.run([launcher] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False)
    wall = time.monotonic() - start
    if done.returncode != 0:
        raise SystemExit(f'{launcher} {" ".join(args)}: exit {done.returncode}\n{done.stderr.decode(errors="replace")}')
    first = {}
    with open(log) as f:
        for line in f:
            m = LINE.match(line)
            if m and m.group(2) not in first:
                first[m.group(2)] = float(m.group(1))
    os.unlink(log)
    times, previous = {}, 0.0
    for phase, cls in MARKERS:
        if cls not in first:
            raise SystemExit(f'{launcher} {" ".join(args)}: {cls} never loaded (phases.py times `run` commands)')
        times[phase] = first[cls] - previous
        previous = first[cls]
    times['outside'] = wall - previous
    times['wall'] = wall
    return times


def main():
    argv = sys.argv[1:]
    if '--' not in argv or argv.index('--') < 2 or not argv[0].isdigit():
        raise SystemExit(__doc__)
    n, launchers, args = int(argv[0]), argv[1:argv.index('--')], argv[argv.index('--') + 1:]
    samples = {l: [] for l in launchers}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            for l in launchers:
                samples[l].append(run(l, args, os.path.join(tmp, 'classes.log')))
    print(f'{n} runs each of {" ".join(args)}; load {os.getloadavg()[0]:.2f} at the end; medians, seconds:')
    for l in launchers:
        cols = ['wall', 'outside', 'jvm', 'command', 'replay', 'report']
        print(f'{l}: ' + ', '.join(f'{c} {statistics.median(s[c] for s in samples[l]):.3f}' for c in cols))


if __name__ == '__main__':
    main()
