package org.jmmtk.core.stats;

import java.util.List;

/**
 * Minimum and bounded mutator utilisation of one run, computed exactly from its pauses
 * ({@link PauseIntervals}; the run lasts from 0 to {@code wallNanos}). The utilisation of a window is
 * the fraction of it in which no pause runs. MMU(w) is the smallest utilisation of any window of length w inside the run (every
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

    private final PauseIntervals pauses;

    public MutatorUtilization(PauseIntervals pauses) {
        this.pauses = pauses;
    }

    /** See {@link PauseIntervals#PauseIntervals(long[], long[], long)}. */
    public MutatorUtilization(long[] pauseStarts, long[] pauseEnds, long wallNanos) {
        this(new PauseIntervals(pauseStarts, pauseEnds, wallNanos));
    }

    /** The pauses of a run's collections ({@link GcRecord#startNanos} to {@link GcRecord#endNanos}). */
    public static MutatorUtilization of(List<GcRecord> collections, long wallNanos) {
        return new MutatorUtilization(PauseIntervals.of(collections, wallNanos));
    }

    /** The window lengths in milliseconds that {@code run --json} reports: 1, 2, 5, 10, 20, 50, 100. */
    public static long[] reportedWindowsMs() {
        return REPORTED_WINDOWS_MS.clone();
    }

    /** The run's pauses, clipped, sorted and merged. */
    public PauseIntervals pauses() {
        return pauses;
    }

    /** The utilisation of the whole run. */
    public double utilization() {
        long wall = pauses.wallNanos();
        return wall == 0 ? 1 : 1 - (double) pauses.pausedNanos() / wall;
    }

    /** MMU for windows of {@code windowNanos} (positive). */
    public double mmu(long windowNanos) {
        requirePositive(windowNanos);
        if (windowNanos >= pauses.wallNanos()) {
            return utilization();
        }
        return 1 - (double) busiestWindow(windowNanos) / windowNanos;
    }

    /** BMU for windows of at least {@code windowNanos} (positive). */
    public double bmu(long windowNanos) {
        return bmu(windowNanos, mmu(windowNanos));
    }

    /** BMU for windows of at least {@code windowNanos}, given {@code mmu}, the MMU at that length. */
    double bmu(long windowNanos, double mmu) {
        requirePositive(windowNanos);
        if (windowNanos >= pauses.wallNanos()) {
            return utilization();
        }
        return Math.min(Math.min(mmu, 1 - densestSpan(windowNanos)), utilization());
    }

    /**
     * The largest paused fraction of a span from a pause start {@code s_i} to a pause end {@code e_j}
     * at least {@code w} long, or 0 if there is none. The fraction is the slope from point
     * {@code (s_i, pausedBefore[i])} to point {@code (e_j, pausedBefore[j + 1])}; for each j the best i
     * among those with {@code s_i <= e_j - w} lies on the lower convex hull of their points, where the
     * slope to {@code e_j}'s point first rises and then falls, so a binary search finds it.
     */
    private double densestSpan(long w) {
        int n = pauses.count();
        long[] hx = new long[n];
        long[] hy = new long[n];
        int m = 0;
        int next = 0;
        double densest = 0;
        for (int j = 0; j < n; j++) {
            long bx = pauses.end(j);
            long by = pauses.pausedBefore(j + 1);
            for (; next < n && pauses.start(next) <= bx - w; next++) {
                long ax = pauses.start(next);
                long ay = pauses.pausedBefore(next);
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
        long latest = pauses.wallNanos() - w;
        long busiest = Math.max(pauses.pausedBetween(0, w), pauses.pausedBetween(latest, latest + w));
        for (int i = 0; i < pauses.count(); i++) {
            long a = PauseIntervals.clamp(pauses.start(i), 0, latest);
            long b = PauseIntervals.clamp(pauses.end(i) - w, 0, latest);
            busiest = Math.max(busiest, Math.max(pauses.pausedBetween(a, a + w), pauses.pausedBetween(b, b + w)));
        }
        return busiest;
    }

    private static void requirePositive(long windowNanos) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("window length must be positive: " + windowNanos);
        }
    }
}
