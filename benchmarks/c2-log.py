#!/usr/bin/env python3
"""C2's recompilations and the uncommon traps that cause them, from HotSpot's compilation logs.

usage: benchmarks/c2-log.py LOG [LOG...]
  make a log with JMMTK_JAVA_OPTS='-XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=ms.log' \\
      ./jmmtk run --trace t.trace --plan marksweep --heap 1000000

For each log prints the count of C2 compilations (nmethods), every uncommon trap taken in C2's code with
its reason, action, time (seconds of JVM uptime), the compilation it hit and the inlining chain to the
trapping bytecode (innermost first), and every method C2 compiled more than once (`/osr`: on the stack;
an on-stack compilation followed by a normal one is HotSpot's policy for a method with a hot loop that
is called again, not a recompilation), with each compilation's time in the compiler. Then, over all the
logs, how often each trap site and each recompiled method occurred. A trap at the end of the run (the
trace's end record) costs nothing: no code runs after it long enough to matter.
"""
import collections
import re
import sys


def attr(tag, key):
    m = re.search(r"\b%s='([^']*)'" % key, tag)
    return m.group(1) if m else None


def short(method):
    """'org.a.B name (sig)R' -> 'B.name'; lambdas lose their generated suffix."""
    holder, name = method.split(' ')[:2]
    return re.sub(r'\$\$Lambda\$\d+/0x[0-9a-f]+', '$$Lambda', holder.split('.')[-1]) + '.' + name


def parse(path):
    with open(path, errors='replace') as f:
        text = f.read()
    c2 = {}
    for m in re.finditer(r'<nmethod [^>]*>', text):
        tag = m.group(0)
        if attr(tag, 'compiler') == 'c2':
            c2[attr(tag, 'compile_id')] = (attr(tag, 'method'), attr(tag, 'compile_kind') == 'osr',
                                           float(attr(tag, 'stamp')))
    took = {}
    for m in re.finditer(r"<task (compile_id='(\d+)'[^>]*)>.*?<task_done[^>]*stamp='([\d.]+)'", text, re.S):
        took[m.group(2)] = float(m.group(3)) - float(attr(m.group(1), 'stamp'))
    traps = []
    for m in re.finditer(r'<uncommon_trap (thread=[^>]*)>(.*?)</uncommon_trap>', text, re.S):
        tag = m.group(1)
        if attr(tag, 'compile_id') in c2:
            chain = [f'{short(meth)}@{bci}' for bci, meth in re.findall(r"<jvms bci='(\d+)' method='([^']*)'", m.group(2))]
            traps.append((attr(tag, 'reason') + '/' + attr(tag, 'action'), float(attr(tag, 'stamp')),
                          attr(tag, 'compile_id'), ' <- '.join(chain)))
    return c2, took, traps


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sites, again = collections.Counter(), collections.Counter()
    for path in sys.argv[1:]:
        c2, took, traps = parse(path)
        print(f'{path}: {len(c2)} C2 compilations, {len(traps)} traps taken in their code')
        for reason, stamp, cid, chain in traps:
            print(f'  trap {reason} at {stamp:.3f} s in #{cid} {short(c2[cid][0])}: {chain}')
            sites[f'{reason} {chain}'] += 1
        per = collections.defaultdict(list)
        for cid, (meth, osr, stamp) in c2.items():
            per[meth].append((int(cid), osr, stamp))
        for meth, runs in sorted(per.items(), key=lambda kv: min(kv[1])):
            if len(runs) > 1:
                cells = ' '.join(f'#{c}{"/osr" if o else ""} at {s:.3f} s ({took.get(str(c), 0) * 1000:.0f} ms)'
                                 for c, o, s in sorted(runs))
                print(f'  compiled {len(runs)}x {short(meth)}: {cells}')
                again[f'{len(runs)}x {short(meth)}'] += 1
    print(f'over {len(sys.argv) - 1} logs, traps by site:')
    for site, n in sites.most_common():
        print(f'  {n:4d} {site}')
    print('methods C2 compiled more than once (logs):')
    for meth, n in again.most_common():
        print(f'  {n:4d} {meth}')


if __name__ == '__main__':
    main()
