#!/usr/bin/env python3
"""The breadth-first level profile of HotSpot's start-up heap (StartupHeapShape's MEASURED).

Starts a JVM whose main only sleeps, dumps its live heap with jmap, and walks the dump breadth-first in
the order a young collection of HotSpot's Serial GC visits roots: class mirrors first (class loader
data), then threads' and JNI roots; each level's objects and bytes are printed, then the Java array.

    scripts/startup-levels.py [JVM OPTIONS...]   # default: Serial GC, -Xmx64m -Xmn8m, uncompressed oops

Sizes: instances 16-byte header plus their fields, arrays 24 bytes plus elements, mirrors 160 bytes plus
8 per static reference (the dump gives no mirror size; the 160 are java.lang.Class's own fields).
"""
import collections, os, struct, subprocess, sys, tempfile, time

SIZES = {2: 8, 4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}


def u4(b, o):
    return struct.unpack('>I', b[o:o + 4])[0]


def u8(b, o):
    return struct.unpack('>Q', b[o:o + 8])[0]


def read(path):
    data = open(path, 'rb').read()
    p = data.index(b'\0') + 1
    if u4(data, p) != 8:
        sys.exit('startup-levels: %s: only 8-byte ids are read' % path)
    p += 12
    classes, objects, roots = {}, {}, collections.defaultdict(list)
    root_skip = {0xff: 0, 0x01: 8, 0x02: 8, 0x03: 8, 0x04: 4, 0x05: 0, 0x06: 4, 0x07: 0, 0x08: 8}
    while p < len(data):
        tag, length = data[p], u4(data, p + 5)
        body, p = data[p + 9:p + 9 + length], p + 9 + length
        if tag not in (0x0c, 0x1c):
            continue
        q = 0
        while q < len(body):
            sub, q = body[q], q + 1
            if sub in root_skip:
                roots[sub].append(u8(body, q))
                q += 8 + root_skip[sub]
            elif sub == 0x20:
                cid, sup = u8(body, q), u8(body, q + 12)
                q += 12 + 8 * 6 + 4
                q = skip_constants(body, q)
                statics, q = fields(body, q, True)
                layout, q = fields(body, q, False)
                classes[cid] = (sup, layout, statics)
            elif sub == 0x21:
                oid, cid, n = u8(body, q), u8(body, q + 12), u4(body, q + 20)
                objects[oid] = ('i', cid, body[q + 24:q + 24 + n])
                q += 24 + n
            elif sub == 0x22:
                oid, n = u8(body, q), u4(body, q + 12)
                q += 24
                objects[oid] = ('a', [u8(body, q + 8 * i) for i in range(n)])
                q += 8 * n
            elif sub == 0x23:
                oid, n, t = u8(body, q), u4(body, q + 12), body[q + 16]
                objects[oid] = ('p', (24 + n * SIZES[t] + 7) // 8 * 8)
                q += 17 + n * SIZES[t]
            else:
                sys.exit('startup-levels: %s: unknown heap dump record 0x%x' % (path, sub))
    return classes, objects, roots


def skip_constants(body, q):
    n, q = struct.unpack('>H', body[q:q + 2])[0], q + 2
    for _ in range(n):
        q += 3 + SIZES[body[q + 2]]
    return q


def fields(body, q, with_values):
    n, q = struct.unpack('>H', body[q:q + 2])[0], q + 2
    out = []
    for _ in range(n):
        t, q = body[q + 8], q + 9
        if with_values:
            if t == 2:
                out.append(u8(body, q))
            q += SIZES[t]
        else:
            out.append(t)
    return out, q


def levels(classes, objects, roots):
    layouts = {}

    def layout(cid):
        if cid not in layouts:
            types, c = [], cid
            while c in classes:
                types += classes[c][1]
                c = classes[c][0]
            layouts[cid] = types
        return layouts[cid]

    def size_and_refs(oid):
        if oid in classes:
            statics = classes[oid][2]
            return 160 + 8 * len(statics), statics
        o = objects.get(oid)
        if o is None:
            return 0, []
        if o[0] == 'i':
            refs, q = [], 0
            for t in layout(o[1]):
                if t == 2:
                    refs.append(u8(o[2], q))
                q += SIZES[t]
            return (16 + len(o[2]) + 7) // 8 * 8, refs
        if o[0] == 'a':
            return 24 + 8 * len(o[1]), o[1]
        return o[1], []

    order = list(classes) + [r for kind in (0x08, 0x03, 0x02, 0x01, 0x05, 0x07, 0x04, 0xff) for r in roots[kind]]
    seen, level = set(), []
    for r in order:
        if r and r not in seen:
            seen.add(r)
            level.append(r)
    result = []
    while level:
        count, total, following = len(level), 0, []
        for oid in level:
            size, refs = size_and_refs(oid)
            total += size
            for r in refs:
                if r and r not in seen:
                    seen.add(r)
                    following.append(r)
        result.append((count, total))
        level = following
    return result


def main():
    options = sys.argv[1:] or ['-XX:+UseSerialGC', '-Xmx64m', '-Xmn8m', '-XX:-UseCompressedOops',
                               '-XX:-UseCompressedClassPointers']
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, 'Sleeps.java'), 'w') as f:
            f.write('public class Sleeps { public static void main(String[] a) throws Exception { Thread.sleep(5000); } }')
        subprocess.run(['javac', '-d', work, os.path.join(work, 'Sleeps.java')], check=True)
        jvm = subprocess.Popen(['java'] + options + ['-cp', work, 'Sleeps'])
        time.sleep(1.5)
        dump = os.path.join(work, 'start.hprof')
        subprocess.run(['jmap', '-dump:live,format=b,file=' + dump, str(jvm.pid)], check=True, stdout=subprocess.DEVNULL)
        jvm.wait()
        result = levels(*read(dump))
    for i, (count, total) in enumerate(result):
        print('level %2d: %6d objects %8d bytes' % (i, count, total))
    print('{' + ', '.join(str(total) for _, total in result) + '}')


if __name__ == '__main__':
    main()
