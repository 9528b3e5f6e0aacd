package org.jmmtk.tools.validate;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * HotSpot's figures (the median of its runs, with their spread) against jmmtk's, and the error of
 * each: (jmmtk - HotSpot) / HotSpot in percent. The per-collection comparison pairs the i-th young
 * collection of each and uses HotSpot's median run (by promoted bytes); its error is the median over
 * pairs of |jmmtk - HotSpot| / HotSpot (a pair where HotSpot promoted nothing counts 0 if jmmtk did
 * not either, else 100%).
 *
 * @param runs     HotSpot's runs in the order they ran
 * @param median   the run whose promoted total is the median (the lower one of an even count)
 * @param jmmtk    the replay
 * @param coverage the recording's coverage, or NaN when the recorder does not report it
 * @param recordWallNanos the recording's wall time, or -1 when an existing recording was replayed
 */
public record Comparison(List<Collector> runs, Collector median, Collector jmmtk, double coverage,
                         long recordWallNanos) {

    /** Compares; {@code runs} must not be empty. */
    public static Comparison of(List<Collector> runs, Collector jmmtk, double coverage, long recordWallNanos) {
        return new Comparison(runs, runs.get(medianIndex(runs)), jmmtk, coverage, recordWallNanos);
    }

    /** The index in {@code runs} (not empty) of the run whose promoted total is the median (the lower one of an even count). */
    public static int medianIndex(List<Collector> runs) {
        List<Integer> byPromoted = java.util.stream.IntStream.range(0, runs.size()).boxed()
                .sorted(Comparator.comparingLong(i -> runs.get(i).promotedTotal())).toList();
        return byPromoted.get((byPromoted.size() - 1) / 2);
    }

    /** The median over the runs of one figure. */
    public long medianOf(java.util.function.ToLongFunction<Collector> figure) {
        long[] v = runs.stream().mapToLong(figure).sorted().toArray();
        return v[(v.length - 1) / 2];
    }

    public long minOf(java.util.function.ToLongFunction<Collector> figure) {
        return runs.stream().mapToLong(figure).min().orElse(0);
    }

    public long maxOf(java.util.function.ToLongFunction<Collector> figure) {
        return runs.stream().mapToLong(figure).max().orElse(0);
    }

    /** (jmmtk - HotSpot) / HotSpot in percent; NaN when either is unknown (negative) or HotSpot's is 0 and jmmtk's is not. */
    public static double errorPercent(long hotSpot, long jmmtk) {
        if (hotSpot < 0 || jmmtk < 0) {
            return Double.NaN;
        }
        if (hotSpot == 0) {
            return jmmtk == 0 ? 0 : Double.NaN;
        }
        return 100.0 * (jmmtk - hotSpot) / hotSpot;
    }

    /** The median per-collection promoted error in percent over the paired young collections; NaN without pairs. */
    public double medianPerGcPromotedErrorPercent() {
        if (jmmtk.promotedTotal() < 0) {
            return Double.NaN;
        }
        return medianPerGcErrorPercent(median.promoted(), jmmtk.promoted());
    }

    /**
     * HotSpot's own per-collection spread: the largest median per-collection promoted error of one of its
     * other runs against the median run, as jmmtk's is measured; NaN with a single run. A jmmtk figure
     * within it is as close to the median run as HotSpot's own runs are.
     */
    public double hotSpotPerGcPromotedSpreadPercent() {
        double spread = Double.NaN;
        for (Collector r : runs) {
            if (r != median) {
                double e = medianPerGcErrorPercent(median.promoted(), r.promoted());
                spread = Double.isNaN(spread) ? e : Math.max(spread, e);
            }
        }
        return spread;
    }

    /**
     * The median over the paired collections (the i-th of each) of |other - reference| / reference in
     * percent (a pair where the reference promoted nothing counts 0 if the other did not either, else
     * 100%); NaN without pairs.
     */
    static double medianPerGcErrorPercent(long[] reference, long[] other) {
        int n = Math.min(reference.length, other.length);
        if (n == 0) {
            return Double.NaN;
        }
        double[] e = new double[n];
        for (int i = 0; i < n; i++) {
            long h = reference[i];
            long j = other[i];
            e[i] = h == 0 ? (j == 0 ? 0 : 100) : 100.0 * Math.abs(j - h) / h;
        }
        Arrays.sort(e);
        return n % 2 == 1 ? e[n / 2] : (e[n / 2 - 1] + e[n / 2]) / 2;
    }

    /** Recording's wall time over HotSpot's median wall time; NaN when the program was not recorded here. */
    public double slowdown() {
        if (recordWallNanos < 0) {
            return Double.NaN;
        }
        return (double) recordWallNanos / Math.max(1, medianOf(Collector::wallNanos));
    }
}
