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
 * at least w long that start at a pause start and end at a pause end (any longer window can be shrunk
 * or stretched into one of those without losing pause fraction); the densest such span is found with a
 * convex hull, also O(n log n) per window length.
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
        requirePositive(windowNanos);
        if (windowNanos >= wallNanos) {
            return utilization();
        }
        return Math.min(Math.min(mmu(windowNanos), 1 - densestSpan(windowNanos)), utilization());
    }

    /**
     * The largest paused fraction of a span from a pause start {@code s_i} to a pause end {@code e_j}
     * at least {@code w} long, or 0 if there is none. The fraction is the slope from point
     * {@code (s_i, pausedBefore[i])} to point {@code (e_j, pausedBefore[j + 1])}; for each j the best i
     * among those with {@code s_i <= e_j - w} lies on the lower convex hull of their points, where the
     * slope to {@code e_j}'s point first rises and then falls, so a binary search finds it.
     */
    private double densestSpan(long w) {
        int n = starts.length;
        long[] hx = new long[n];
        long[] hy = new long[n];
        int m = 0;
        int next = 0;
        double densest = 0;
        for (int j = 0; j < n; j++) {
            long bx = ends[j];
            long by = pausedBefore[j + 1];
            for (; next < n && starts[next] <= bx - w; next++) {
                long ax = starts[next];
                long ay = pausedBefore[next];
                while (m >= 2 && cross(hx[m - 2], hy[m - 2], hx[m - 1], hy[m - 1], ax, ay) <= 0) {
                    m--;
                }
                hx[m] = ax;
                hy[m] = ay;
                m++;
            }
            if (m == 0) {
                continue;
            }
            int lo = 0;
            int hi = m - 1; // the first hull vertex whose successor has a smaller slope to (bx, by)
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cross(hx[mid], hy[mid], hx[mid + 1], hy[mid + 1], bx, by) >= 0) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            densest = Math.max(densest, (double) (by - hy[lo]) / (bx - hx[lo]));
        }
        return densest;
    }

    /**
     * The sign of the cross product of {@code (p -> q)} and {@code (p -> r)}: positive when r lies to
     * the left of the line from p to q. Exact (128-bit) for any coordinates on the run's clock.
     */
    private static int cross(long px, long py, long qx, long qy, long rx, long ry) {
        long a = qx - px;
        long b = ry - py;
        long c = qy - py;
        long d = rx - px;
        long high = Math.multiplyHigh(a, b);
        long otherHigh = Math.multiplyHigh(c, d);
        return high != otherHigh ? Long.compare(high, otherHigh) : Long.compareUnsigned(a * b, c * d);
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
