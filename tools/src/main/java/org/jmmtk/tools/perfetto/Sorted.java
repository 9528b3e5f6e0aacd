package org.jmmtk.tools.perfetto;

import java.util.function.IntToLongFunction;

/** Binary search over positions whose keys ascend, for the time lookups of the export's tables. */
final class Sorted {
    private Sorted() {
    }

    /** The last position in {@code [from, to)} whose key is at most {@code value}, or {@code from - 1}. */
    static int lastAtOrBefore(int from, int to, IntToLongFunction key, long value) {
        int lo = from;
        int hi = to - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (key.applyAsLong(mid) <= value) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }
}
