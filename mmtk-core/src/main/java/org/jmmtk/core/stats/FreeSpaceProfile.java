package org.jmmtk.core.stats;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The free memory a collection left inside the spaces' allocation units, by which object sizes can
 * use it: each entry is a number of free bytes that only objects of allocation size in
 * {@code [minBytes, maxBytes]} can take (a free cell of a size class, a hole of free lines). Memory
 * outside allocation units (clean pages the budget can still give, the free end of a bump-allocated
 * space) is usable by any object and is not listed. From it, {@link #unusableBy} gives the
 * fragmentation seen by an object of a given size, once that size is known (the trace's median is
 * known only at the end).
 *
 * <p>Built by one thread at the end of a collection; immutable afterwards.
 */
public final class FreeSpaceProfile {
    /** A profile with no fragmented free memory (compacting and copying spaces). */
    public static final FreeSpaceProfile NONE = new Builder().build();

    private final long[] minBytes;
    private final long[] maxBytes;
    private final long[] bytes;

    private FreeSpaceProfile(long[] minBytes, long[] maxBytes, long[] bytes) {
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
        this.bytes = bytes;
    }

    /** Free bytes listed in the profile that an object of {@code size} allocation bytes could not use. */
    public long unusableBy(long size) {
        long sum = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (size < minBytes[i] || size > maxBytes[i]) {
                sum += bytes[i];
            }
        }
        return sum;
    }

    /** All free bytes listed in the profile. */
    public long totalBytes() {
        return Arrays.stream(bytes).sum();
    }

    /** Collects entries, merging those with the same size range. */
    public static final class Builder {
        private final Map<Range, Long> byRange = new TreeMap<>();

        /** {@code free} bytes usable only by objects of {@code [minBytes, maxBytes]} allocation bytes. */
        public Builder add(long minBytes, long maxBytes, long free) {
            if (free > 0) {
                byRange.merge(new Range(minBytes, maxBytes), free, Long::sum);
            }
            return this;
        }

        public FreeSpaceProfile build() {
            int n = byRange.size();
            long[] min = new long[n];
            long[] max = new long[n];
            long[] free = new long[n];
            int i = 0;
            for (Map.Entry<Range, Long> e : byRange.entrySet()) {
                min[i] = e.getKey().minBytes();
                max[i] = e.getKey().maxBytes();
                free[i] = e.getValue();
                i++;
            }
            return new FreeSpaceProfile(min, max, free);
        }
    }

    private record Range(long minBytes, long maxBytes) implements Comparable<Range> {
        @Override
        public int compareTo(Range o) {
            int c = Long.compare(minBytes, o.minBytes);
            return c != 0 ? c : Long.compare(maxBytes, o.maxBytes);
        }
    }
}
