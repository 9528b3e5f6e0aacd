package org.jmmtk.core.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's concurrent cycles summed: the pause that ends a cycle carries the cycle's metrics among its
 * plan statistics (docs/metrics.md, "Concurrent cycles"), marked by {@value #CYCLE_KEY}; this adds up the
 * {@link #SUMMED} ones over the run and counts the cycles. Shared by every concurrent plan that reports
 * under these names.
 */
public final class CycleTotals {
    /** The plan statistic that marks the pause ending a concurrent cycle. */
    public static final String CYCLE_KEY = "snapshotRecord";
    /** The per-cycle metrics that add up over a run. */
    public static final List<String> SUMMED = List.of("markedBytes", "allocatedDuringMarkingBytes",
            "floatingGarbageBytes", "satbEntriesLogged", "satbEntriesFlushed", "barrierSlowPaths", "concurrentUnits");

    private CycleTotals() {
    }

    /**
     * {@code cycles} and each of {@link #SUMMED} that the cycles report, summed (a negative value, not
     * measured, makes the sum -1); empty if no collection ended a cycle.
     */
    public static Map<String, Long> of(List<GcRecord> collections) {
        Map<String, Long> totals = new LinkedHashMap<>();
        long cycles = 0;
        for (GcRecord r : collections) {
            Map<String, Long> stats = r.planStats();
            if (!stats.containsKey(CYCLE_KEY)) {
                continue;
            }
            cycles++;
            for (String key : SUMMED) {
                Long v = stats.get(key);
                if (v != null) {
                    long sum = totals.getOrDefault(key, 0L);
                    totals.put(key, sum < 0 || v < 0 ? -1 : sum + v);
                }
            }
        }
        if (cycles == 0) {
            return Map.of();
        }
        Map<String, Long> out = new LinkedHashMap<>();
        out.put("cycles", cycles);
        out.putAll(totals);
        return out;
    }
}
