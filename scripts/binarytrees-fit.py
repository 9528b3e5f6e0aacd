#!/usr/bin/env python3
"""Where HotSpot's young collections fall in examples/validate/BinaryTrees at threshold 0.

At -XX:MaxTenuringThreshold=0 a young collection promotes exactly what is reachable in eden from the
roots and from old objects, so each collection's promoted bytes are a function of where in the
program it falls: the tree being built (bottomUp allocates a node at `new`, before its children, so
its ancestors and its finished left subtrees are live) and, through the card table, the rest of a tree
whose first nodes the previous collection promoted (dead old parents keep their young children). This
script simulates that (32-byte TreeNodes, no other objects), reads a HotSpot log made with
-Xlog:gc+heap=debug,gc+tlab=trace (eden 6,815,744 bytes: -Xmn8m, SurvivorRatio 8), takes the main
thread's bytes at each collection as eden less the TLAB waste ("gc" and "slow" of the TLAB totals),
and finds the main thread's bytes before the first TreeNode (PRE) for which the simulated promoted
bytes match HotSpot's (within 1% + 500 bytes). Usage: binarytrees-fit.py HOTSPOT_LOG [LOW HIGH STEP]
"""
import re
import sys

NODE = 32
EDEN = 6_815_744


def simulate(points):
    """Promoted bytes at young collections before the allocation of the points[i]-th TreeNode."""
    left, right, old = [], [], []
    remembered, stack, roots, promoted = [], [], [], []
    nxt = [0]

    def collect():
        work = [n for n in roots + stack if not old[n]] + [c for c in remembered if c >= 0 and not old[c]]
        total = 0
        while work:
            n = work.pop()
            if old[n]:
                continue
            old[n] = True
            total += NODE
            work.extend(c for c in (left[n], right[n]) if c >= 0 and not old[c])
        remembered.clear()
        promoted.append(total)

    def alloc():
        while nxt[0] < len(points) and len(left) == points[nxt[0]]:
            collect()
            nxt[0] += 1
        left.append(-1)
        right.append(-1)
        old.append(False)
        return len(left) - 1

    def bottom_up(d):
        n = alloc()
        stack.append(n)
        l = r = -1
        if d > 0:
            l = bottom_up(d - 1)
            stack.append(l)
            r = bottom_up(d - 1)
            stack.pop()
        stack.pop()
        left[n], right[n] = l, r
        if old[n]:
            remembered.extend((l, r))
        return n

    bottom_up(15)
    roots.append(bottom_up(14))
    for depth in range(4, 15, 2):
        for _ in range(1 << (18 - depth)):
            bottom_up(depth)
    return promoted


def hotspot(log):
    """The main thread's cumulative bytes at each young collection, and HotSpot's promoted bytes."""
    main, tenured, cum = [], [], 0
    for line in open(log):
        if 'TLAB totals' in line:
            gc = int(re.search(r'gc: (\d+)B', line).group(1))
            slow = int(re.search(r'slow: (\d+)B', line).group(1))
            cum += EDEN - gc - slow
            main.append(cum)
        m = re.search(r'GC\(\d+\)\s+the space \d+K,\s+\d+% used \[0x(\w+), 0x(\w+),', line)
        if m:
            tenured.append(int(m.group(2), 16) - int(m.group(1), 16))
    return main, [tenured[i + 1] - tenured[i] for i in range(0, len(tenured) - 1, 2)]


def main():
    main_bytes, promoted = hotspot(sys.argv[1])
    low, high, step = (int(x) for x in sys.argv[2:5]) if len(sys.argv) > 4 else (700_000, 1_400_000, 4_000)
    print('HotSpot promoted:', promoted)
    fits = []
    for pre in range(low, high + 1, step):
        sim = simulate([(b - pre) // NODE for b in main_bytes])
        # the first collection also promotes the start-up heap, which the simulation leaves out
        matches = sum(1 for a, b in zip(sim[1:], promoted[1:]) if abs(a - b) <= 0.01 * b + 500)
        fits.append((matches, pre, sim))
    fits.sort(key=lambda f: (-f[0], f[1]))
    for matches, pre, sim in fits[:5]:
        print(f'PRE {pre:,}: {matches} of {len(promoted) - 1} collections match: {sim[1:]}')


if __name__ == '__main__':
    main()
