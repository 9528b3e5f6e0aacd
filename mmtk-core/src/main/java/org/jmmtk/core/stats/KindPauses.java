package org.jmmtk.core.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pauses of one collection kind of a run (a concurrent plan's {@code initial-mark},
 * {@code final-mark}, ...): how many, their total and longest, and their 99th percentile, computed as
 * {@link RunStats#pausePercentileNanos} computes the run's (histogram of 3 significant digits, clamped to
 * the longest). Immutable.
 *
 * @param kind       the kind's label
 * @param count      pauses of the kind
 * @param totalNanos their sum
 * @param maxNanos   the longest
 * @param p99Nanos   the 99th percentile
 */
public record KindPauses(String kind, int count, long totalNanos, long maxNanos, long p99Nanos) {
    /** Per kind, in the order kinds first occur, the pauses of {@code collections} (the final one excluded). */
    public static List<KindPauses> of(List<GcRecord> collections) {
        Map<String, List<GcRecord>> byKind = new LinkedHashMap<>();
        for (GcRecord r : collections) {
            byKind.computeIfAbsent(r.kind(), k -> new ArrayList<>()).add(r);
        }
        List<KindPauses> all = new ArrayList<>();
        for (Map.Entry<String, List<GcRecord>> e : byKind.entrySet()) {
            long[] sorted = PauseRanks.sorted(e.getValue());
            long total = 0;
            for (long p : sorted) {
                total += p;
            }
            all.add(new KindPauses(e.getKey(), sorted.length, total, sorted[sorted.length - 1],
                    PauseRanks.percentile(sorted, 99)));
        }
        return all;
    }
}
