package org.jmmtk.core.stats;

import java.util.Arrays;
import java.util.List;

/**
 * The pauses of a run as sorted, disjoint intervals on its clock {@code [0, wallNanos]}, with prefix
 * sums of their lengths, so that the paused time in any interval takes two binary searches. Pauses are
 * clipped to the run, sorted, and merged where they overlap or touch.
 */
public final class PauseIntervals {
    private final long wallNanos;
    private final long[] starts;
    private final long[] ends;
    /** {@code pausedBefore[i]} is the total length of pauses 0 .. i-1. */
    private final long[] pausedBefore;

    /**
     * Pauses {@code [pauseStarts[i], pauseEnds[i]]} in any order, possibly overlapping, on a run that
     * lasts {@code wallNanos}; parts outside the run are ignored.
     */
    public PauseIntervals(long[] pauseStarts, long[] pauseEnds, long wallNanos) {
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
    public static PauseIntervals of(List<GcRecord> collections, long wallNanos) {
        long[] s = new long[collections.size()];
        long[] e = new long[collections.size()];
        for (int i = 0; i < s.length; i++) {
            s[i] = collections.get(i).startNanos();
            e[i] = collections.get(i).endNanos();
        }
        return new PauseIntervals(s, e, wallNanos);
    }

    public long wallNanos() {
        return wallNanos;
    }

    /** Pauses left after clipping to the run and merging overlaps. */
    public int count() {
        return starts.length;
    }

    /** The start of pause {@code i} (in order). */
    public long start(int i) {
        return starts[i];
    }

    /** The end of pause {@code i}. */
    public long end(int i) {
        return ends[i];
    }

    /** The total length of the pauses before pause {@code i} ({@code 0 <= i <= count()}). */
    public long pausedBefore(int i) {
        return pausedBefore[i];
    }

    /** Total paused time inside the run. */
    public long pausedNanos() {
        return pausedBefore[starts.length];
    }

    /** The shortest (merged) pause, or 0 without pauses. */
    public long shortestNanos() {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < starts.length; i++) {
            min = Math.min(min, ends[i] - starts[i]);
        }
        return starts.length == 0 ? 0 : min;
    }

    /** The longest (merged) pause, or 0 without pauses. */
    public long longestNanos() {
        long max = 0;
        for (int i = 0; i < starts.length; i++) {
            max = Math.max(max, ends[i] - starts[i]);
        }
        return max;
    }

    /** Paused time in {@code [from, to]}, for {@code 0 <= from <= to}. */
    public long pausedBetween(long from, long to) {
        return pausedUntil(to) - pausedUntil(from);
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

    /** {@code v} limited to {@code [lo, hi]}. */
    static long clamp(long v, long lo, long hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
