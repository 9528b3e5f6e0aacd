package org.jmmtk.plugins.merlin;

import java.util.Arrays;

/**
 * Addresses of the objects one collection freed, to their numbers: an open-addressing table with linear
 * probing whose hash keeps neighbouring addresses in neighbouring slots, because a freed object mostly
 * refers to objects allocated next to it (so the lookups of one object's references stay in cache, as
 * a scrambling hash would not let them). Addresses are distinct word-aligned simulated addresses, of
 * chunks far apart, so the folding in of the high bits spreads the chunks. Emptied and refilled after
 * every collection. Used by one thread.
 */
final class AddressIndex {
    private long[] keys = new long[1 << 10];
    private int[] values = new int[1 << 10];
    private int mask = keys.length - 1;

    /** Forgets everything and makes room for {@code n} entries at most half full. */
    void reset(int n) {
        int capacity = Integer.highestOneBit(Math.max(1 << 10, 2 * n - 1)) << 1;
        if (capacity != keys.length) {
            keys = new long[capacity];
            values = new int[capacity];
            mask = capacity - 1;
        } else {
            Arrays.fill(keys, 0);
        }
    }

    private int home(long address) {
        return (int) ((address >>> 3) ^ (address >>> 23)) & mask;
    }

    /** Adds {@code address} (non-zero, absent) with {@code value}. */
    void put(long address, int value) {
        int pos = home(address);
        while (keys[pos] != 0) {
            pos = (pos + 1) & mask;
        }
        keys[pos] = address;
        values[pos] = value;
    }

    /** The value of {@code address}, or -1. */
    int get(long address) {
        int pos = home(address);
        for (long k; (k = keys[pos]) != 0; pos = (pos + 1) & mask) {
            if (k == address) {
                return values[pos];
            }
        }
        return -1;
    }
}
