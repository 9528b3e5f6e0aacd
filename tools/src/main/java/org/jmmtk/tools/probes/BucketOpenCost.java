package org.jmmtk.tools.probes;

import java.util.ArrayList;
import java.util.List;

/**
 * The cost of opening a bucket as a recording shows it: for each bucket opening followed by a packet in
 * the same collection, the time from the end of the last packet before it to the start of the first
 * packet after it (the last worker to park noticing that all are idle, opening, and finding the work).
 * Meant for a recording with one GC worker, where no wake-up is involved. Stateless.
 */
public final class BucketOpenCost {
    private BucketOpenCost() {
    }

    /** The median over all such openings, in nanoseconds; -1 if there was none. */
    public static long median(ProbeEvents e) {
        List<Long> gaps = new ArrayList<>();
        for (ProbeEvents.Bucket b : e.buckets) {
            long before = Long.MIN_VALUE;
            long after = Long.MAX_VALUE;
            for (ProbeEvents.Packet p : e.packets) {
                if (p.gc() != b.gc()) {
                    continue;
                }
                if (p.end() <= b.time()) {
                    before = Math.max(before, p.end());
                } else if (p.start() >= b.time()) {
                    after = Math.min(after, p.start());
                }
            }
            if (before != Long.MIN_VALUE && after != Long.MAX_VALUE) {
                gaps.add(after - before);
            }
        }
        if (gaps.isEmpty()) {
            return -1;
        }
        gaps.sort(null);
        return gaps.get(gaps.size() / 2);
    }
}
