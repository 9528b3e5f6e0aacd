package org.jmmtk.core.stats;

import java.util.Arrays;

/**
 * The MMU and BMU curves of a run at a set of window lengths chosen to draw them: 20 per decade
 * (log-spaced) from the shortest pause to the run's length, plus the points where the curves bend or a
 * reader looks: the shortest and the longest pause (MMU is 0 up to the longest), the window lengths
 * {@code run --json} reports that fit in the run, and the run's length (where MMU becomes the whole
 * run's utilisation). Without pauses the grid starts at a thousandth of the run. An empty run (length
 * 0) has no points.
 *
 * @param windowsNanos window lengths, ascending and distinct
 * @param mmu          MMU at each window length
 * @param bmu          BMU at each window length
 */
public record MmuCurve(long[] windowsNanos, double[] mmu, double[] bmu) {
    /** Log-spaced points per factor of 10 in window length. */
    public static final int POINTS_PER_DECADE = 20;

    /** The curves of {@code u} at the window lengths described above. */
    public static MmuCurve of(MutatorUtilization u) {
        long[] windows = windows(u);
        double[] mmu = new double[windows.length];
        double[] bmu = new double[windows.length];
        for (int i = 0; i < windows.length; i++) {
            mmu[i] = u.mmu(windows[i]);
            bmu[i] = u.bmu(windows[i], mmu[i]);
        }
        return new MmuCurve(windows, mmu, bmu);
    }

    /** The window lengths for {@code u}, ascending and distinct. */
    static long[] windows(MutatorUtilization u) {
        PauseIntervals pauses = u.pauses();
        long wall = pauses.wallNanos();
        if (wall <= 0) {
            return new long[0];
        }
        long lowest = pauses.count() > 0 ? pauses.shortestNanos() : Math.max(1, wall / 1000);
        long[] reported = MutatorUtilization.reportedWindowsMs();
        int decades = (int) Math.ceil(Math.log10((double) wall / lowest));
        long[] w = new long[decades * POINTS_PER_DECADE + reported.length + 3];
        int n = 0;
        for (int k = 0; k < decades * POINTS_PER_DECADE; k++) {
            long v = Math.round(lowest * Math.pow(10, (double) k / POINTS_PER_DECADE));
            if (v < wall) {
                w[n++] = v;
            }
        }
        for (long ms : reported) {
            if (ms * 1_000_000 <= wall) {
                w[n++] = ms * 1_000_000;
            }
        }
        w[n++] = lowest;
        w[n++] = wall;
        if (pauses.count() > 0) {
            w[n++] = pauses.longestNanos();
        }
        return distinctSorted(w, n);
    }

    private static long[] distinctSorted(long[] w, int n) {
        long[] sorted = Arrays.copyOf(w, n);
        Arrays.sort(sorted);
        int out = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (out == 0 || sorted[i] != sorted[out - 1]) {
                sorted[out++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, out);
    }
}
