package org.jmmtk.core.stats;

import java.util.Arrays;
import java.util.List;

/**
 * Minimum and bounded mutator utilisation of one run, computed exactly from its pauses. The run lasts
 * from 0 to {@code wallNanos}; its pauses are intervals on that clock, clipped to the run, sorted and
 * merged where they overlap or touch. The utilisation of a window is the fraction of it in which no
 * pause runs. MMU(w) is the smallest utilisation of any window of length w inside the run (every
 * position, not a sample); a window at least as long as the run has one position, the whole run, so
 * MMU(w) for w &ge; wallNanos is the utilisation of the whole run. BMU(w) is the minimum of MMU(w')
 * over all w' &ge; w. A run of length 0 has utilisation 1 everywhere.
 *
 * <p>MMU uses prefix sums of pause lengths and binary search: the busiest window of a given length
 * starts at a pause start or ends at a pause end (or touches an end of the run), so n pauses cost
 * O(n log n) per window length. BMU takes the busiest window among those of length exactly w and those
 * that start at a pause start and end at a pause end (any longer window can be shrunk or stretched into
 * one of those without losing pause fraction): O(n&sup2;) for a whole ascending set of window lengths.
 */
public final class MutatorUtilization {
    /** The window lengths, in milliseconds, that {@code run --json} reports MMU for. */
    private static final long[] REPORTED_WINDOWS_MS = {1, 2, 5, 10, 20, 50, 100};

    private final long wallNanos;
    private final long[] starts;
    private final long[] ends;
    /** {@code pausedBefore[i]} is the total length of pauses 0 .. i-1. */
    private final long[] pausedBefore;

    /**
     * Pauses {@code [pauseStarts[i], pauseEnds[i]]} in any order, possibly overlapping, on a run that
     * lasts {@code wallNanos}; parts outside the run are ignored.
     */
    public MutatorUtilization(long[] pauseStarts, long[] pauseEnds, long wallNanos) {
        if (pauseStarts.length != pauseEnds.length) {
            throw new IllegalArgumentException(pauseStarts.length + " pause starts but " + pauseEnds.length + " ends");
        }
        if (wallNanos < 0) {
            throw new IllegalArgumentException("negative run length " + wallNanos);
        }
        this.wallNanos = wallNanos;
        long[] s = new long[pauseStarts.length];
        long[] e = new long[pauseEnds.length];
        int n = 0;
        for (int i = 0; i < pauseStarts.length; i++) {
            if (pauseEnds[i] < pauseStarts[i]) {
                throw new IllegalArgumentException("pause " + i + " ends at " + pauseEnds[i] + " before it starts at "
                        + pauseStarts[i]);
            }
            long from = clamp(pauseStarts[i], 0, wallNanos);
            long to = clamp(pauseEnds[i], 0, wallNanos);
            if (to > from) {
                s[n] = from;
                e[n] = to;
                n++;
            }
        }
        sortByStart(s, e, n);
        int merged = mergeOverlaps(s, e, n);
        this.starts = Arrays.copyOf(s, merged);
        this.ends = Arrays.copyOf(e, merged);
        this.pausedBefore = new long[merged + 1];
        for (int i = 0; i < merged; i++) {
            pausedBefore[i + 1] = pausedBefore[i] + ends[i] - starts[i];
        }
    }

    /** The pauses of a run's collections ({@link GcRecord#startNanos} to {@link GcRecord#endNanos}). */
    public static MutatorUtilization of(List<GcRecord> collections, long wallNanos) {
        long[] s = new long[collections.size()];
        long[] e = new long[collections.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = collections.get(i).startNanos();
            e[i] = collections.get(i).endNanos();
        }
        return new MutatorUtilization(s, e, wallNanos);
    }

    /** The window lengths in milliseconds that {@code run --json} reports: 1, 2, 5, 10, 20, 50, 100. */
    public static long[] reportedWindowsMs() {
        return REPORTED_WINDOWS_MS.clone();
    }

    public long wallNanos() {
        return wallNanos;
    }

    /** Pauses left after clipping to the run and merging overlaps. */
    public int pauseCount() {
        return starts.length;
    }

    /** Total paused time inside the run. */
    public long pausedNanos() {
        return pausedBefore[starts.length];
    }

    /** The shortest (merged) pause, or 0 without pauses. */
    public long shortestPauseNanos() {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < starts.length; i++) {
            min = Math.min(min, ends[i] - starts[i]);
        }
        return starts.length == 0 ? 0 : min;
    }

    /** The longest (merged) pause, or 0 without pauses: MMU is 0 for windows up to this long. */
    public long longestPauseNanos() {
        long max = 0;
        for (int i = 0; i < starts.length; i++) {
            max = Math.max(max, ends[i] - starts[i]);
        }
        return max;
    }

    /** The utilisation of the whole run. */
    public double utilization() {
        return wallNanos == 0 ? 1 : 1 - (double) pausedNanos() / wallNanos;
    }

    /** Paused time in {@code [from, to]}, for {@code 0 <= from <= to}. */
    public long pausedBetween(long from, long to) {
        return pausedUntil(to) - pausedUntil(from);
    }

    /** MMU for windows of {@code windowNanos} (positive). */
    public double mmu(long windowNanos) {
        requirePositive(windowNanos);
        if (windowNanos >= wallNanos) {
            return utilization();
        }
        return 1 - (double) busiestWindow(windowNanos) / windowNanos;
    }

    /** BMU for windows of at least {@code windowNanos} (positive). */
    public double bmu(long windowNanos) {
        return bmu(new long[] {windowNanos})[0];
    }

    /** BMU for each of {@code windowsNanos} (positive, ascending). */
    public double[] bmu(long[] windowsNanos) {
        for (int k = 0; k < windowsNanos.length; k++) {
            requirePositive(windowsNanos[k]);
            if (k > 0 && windowsNanos[k] < windowsNanos[k - 1]) {
                throw new IllegalArgumentException("window lengths must ascend: " + Arrays.toString(windowsNanos));
            }
        }
        double[] densest = densestSpans(windowsNanos);
        double[] bmu = new double[windowsNanos.length];
        for (int k = 0; k < windowsNanos.length; k++) {
            long w = windowsNanos[k];
            bmu[k] = w >= wallNanos ? utilization() : Math.min(Math.min(mmu(w), 1 - densest[k]), utilization());
        }
        return bmu;
    }

    /**
     * For each window length (ascending), the largest paused fraction of a span that starts at a pause
     * start, ends at a pause end and is at least that long; 0 when there is none.
     */
    private double[] densestSpans(long[] windowsNanos) {
        int m = windowsNanos.length;
        double[] best = new double[m];
        for (int i = 0; i < starts.length; i++) {
            int k = -1; // the last window length that fits in the span
            for (int j = i; j < starts.length; j++) {
                long length = ends[j] - starts[i];
                while (k + 1 < m && windowsNanos[k + 1] <= length) {
                    k++;
                }
                if (k >= 0) {
                    best[k] = Math.max(best[k], (double) (pausedBefore[j + 1] - pausedBefore[i]) / length);
                }
            }
        }
        for (int k = m - 2; k >= 0; k--) {
            best[k] = Math.max(best[k], best[k + 1]);
        }
        return best;
    }

    /** The most paused time in any window of length {@code w < wallNanos} inside the run. */
    private long busiestWindow(long w) {
        long latest = wallNanos - w;
        long busiest = Math.max(pausedBetween(0, w), pausedBetween(latest, wallNanos));
        for (int i = 0; i < starts.length; i++) {
            long a = clamp(starts[i], 0, latest);
            long b = clamp(ends[i] - w, 0, latest);
            busiest = Math.max(busiest, Math.max(pausedBetween(a, a + w), pausedBetween(b, b + w)));
        }
        return busiest;
    }

    /** Paused time in {@code [0, t]}. */
    private long pausedUntil(long t) {
        int i = Arrays.binarySearch(starts, t);
        int last = i >= 0 ? i : -i - 2; // the last pause that starts at or before t
        if (last < 0) {
            return 0;
        }
        return pausedBefore[last] + Math.min(t, ends[last]) - starts[last];
    }

    /** Insertion sort of the pairs by start: linear for the usual, already ordered, input. */
    private static void sortByStart(long[] s, long[] e, int n) {
        for (int i = 1; i < n; i++) {
            long ks = s[i];
            long ke = e[i];
            int j = i - 1;
            while (j >= 0 && s[j] > ks) {
                s[j + 1] = s[j];
                e[j + 1] = e[j];
                j--;
            }
            s[j + 1] = ks;
            e[j + 1] = ke;
        }
    }

    /** Merges sorted intervals that overlap or touch in place; returns how many remain. */
    private static int mergeOverlaps(long[] s, long[] e, int n) {
        int out = 0;
        for (int i = 0; i < n; i++) {
            if (out > 0 && s[i] <= e[out - 1]) {
                e[out - 1] = Math.max(e[out - 1], e[i]);
            } else {
                s[out] = s[i];
                e[out] = e[i];
                out++;
            }
        }
        return out;
    }

    private static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    private static void requirePositive(long windowNanos) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("window length must be positive: " + windowNanos);
        }
    }
}
