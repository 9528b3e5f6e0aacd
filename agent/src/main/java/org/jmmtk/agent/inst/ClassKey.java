package org.jmmtk.agent.inst;

/**
 * The key under which the {@link ClassCache} keeps a class: its name, and a 64-bit hash and the length of
 * the class file the instrumenter is given, where the hash does not depend on the order of the methods.
 * A class loaded before the agent reaches the instrumenter as the JVM reconstitutes it from its loaded
 * form, whose methods are in the order HotSpot sorted them (by the addresses of their name symbols, which
 * without a class-data archive differ from run to run): {@code java.util.regex.Pattern},
 * {@code sun.nio.ch.FileDispatcherImpl} and {@code jdk.internal.jimage.ImageLocation} came with their
 * methods in another order in most recordings, so each such recording instrumented them afresh and
 * rewrote the whole snapshot in premain, which grew by their new versions every time (170 copies of
 * {@code Pattern} in one). Everything but the methods' order is hashed in place: the constant pool, the
 * fields and the class's attributes, and each method whole (its name, descriptor, code and attributes).
 * The instrumented bytes kept for one order serve another: a retransformation may reorder methods. Bytes
 * that are not a well-formed class file are hashed as they are. Plain loops, no allocation, and no class
 * is loaded on the way: it runs inside the transformer, where a class loaded first is never transformed.
 * Any class-loading thread calls it.
 */
final class ClassKey {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private ClassKey() {
    }

    /** The key of class {@code name} given as {@code bytes}. */
    static String of(String name, byte[] bytes) {
        return name + "/" + Long.toHexString(hash(bytes)) + "/" + bytes.length;
    }

    /** The hash of a class file, independent of its methods' order; of the bytes as they are when it is not well formed. */
    static long hash(byte[] b) {
        int methods = afterMembers(b, afterHeader(b));
        int end = afterMembers(b, methods);
        if (end < 0 || afterAttributes(b, end) != b.length) {
            return fnv(FNV_OFFSET, b, 0, b.length);
        }
        long h = fnv(FNV_OFFSET, b, 0, methods + 2); // the header, the constant pool, the fields and the methods' count
        long sum = 0;
        int at = methods + 2;
        while (at < end) {
            int next = afterMember(b, at);
            sum += mix(fnv(FNV_OFFSET, b, at, next));
            at = next;
        }
        h = (h ^ sum) * FNV_PRIME;
        return fnv(h, b, end, b.length);
    }

    private static long fnv(long h, byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            h = (h ^ (b[i] & 0xff)) * FNV_PRIME;
        }
        return h;
    }

    /** A 64-bit finaliser (SplitMix64's), so that the sum of the methods' hashes mixes every bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Where the fields' count starts: after the magic, versions, constant pool, flags, names and interfaces; -1 if malformed. */
    private static int afterHeader(byte[] b) {
        if (b.length < 10 || u2(b, 0) != 0xcafe || u2(b, 2) != 0xbabe) {
            return -1;
        }
        int count = u2(b, 8);
        int at = 10;
        for (int i = 1; i < count && at >= 0; i++) {
            if (at >= b.length) {
                return -1;
            }
            int tag = b[at] & 0xff;
            switch (tag) {
                case 1 -> at = at + 3 <= b.length ? at + 3 + u2(b, at + 1) : -1; // Utf8
                case 3, 4, 9, 10, 11, 12, 17, 18 -> at += 5;
                case 5, 6 -> { // long, double: two entries
                    at += 9;
                    i++;
                }
                case 7, 8, 16, 19, 20 -> at += 3;
                case 15 -> at += 4;
                default -> at = -1;
            }
        }
        if (at < 0 || at + 8 > b.length) {
            return -1;
        }
        int interfaces = u2(b, at + 6);
        at += 8 + 2 * interfaces;
        return at + 2 <= b.length ? at : -1;
    }

    /** The position after the fields or methods whose count is at {@code at}; -1 if malformed. */
    private static int afterMembers(byte[] b, int at) {
        if (at < 0 || at + 2 > b.length) {
            return -1;
        }
        int count = u2(b, at);
        at += 2;
        for (int i = 0; i < count && at >= 0; i++) {
            at = afterMember(b, at);
        }
        return at;
    }

    /** The position after the field or method at {@code at} (flags, name, descriptor, attributes); -1 if malformed. */
    private static int afterMember(byte[] b, int at) {
        return at + 6 <= b.length ? afterAttributes(b, at + 6) : -1;
    }

    /** The position after the attributes whose count is at {@code at}; -1 if malformed. */
    private static int afterAttributes(byte[] b, int at) {
        if (at < 0 || at + 2 > b.length) {
            return -1;
        }
        int count = u2(b, at);
        at += 2;
        for (int i = 0; i < count; i++) {
            if (at + 6 > b.length) {
                return -1;
            }
            long next = at + 6L + (u4(b, at + 2) & 0xffffffffL);
            if (next > b.length) {
                return -1;
            }
            at = (int) next;
        }
        return at;
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xff) << 8 | b[at + 1] & 0xff;
    }

    private static int u4(byte[] b, int at) {
        return u2(b, at) << 16 | u2(b, at + 2);
    }
}
