package org.jmmtk.tools.minheap;

import java.io.IOException;

/**
 * Finds the smallest heap in which a run completes: doubles an upper bound until a run completes, then
 * bisects between the largest heap known to fail and the smallest known to complete until they are
 * within a given precision of each other. The bisection assumes that completing is monotone in the heap
 * size (a larger heap never fails where a smaller one completed), which collectors need not honour
 * exactly; what it reports is always a heap it saw complete, with the largest heap it saw fail below it.
 */
public final class MinHeapSearch {
    /** One run of the program in a heap of the given size. */
    @FunctionalInterface
    public interface Trial {
        /** True if the run completes (no simulated out-of-memory) in a heap of {@code heapBytes}. */
        boolean completes(long heapBytes) throws IOException;
    }

    /**
     * What the search found.
     *
     * @param minHeapBytes  the smallest heap seen to complete, or -1 if not even {@code ceiling} did
     * @param failedBelow   the largest heap seen to fail below it (or the lower bound, never run)
     * @param runs          runs made
     */
    public record Result(long minHeapBytes, long failedBelow, int runs) {
        public boolean found() {
            return minHeapBytes > 0;
        }
    }

    private MinHeapSearch() {
    }

    /**
     * Searches above {@code failing} (a heap assumed to fail, never run: below the maximum live size),
     * starting at {@code start} and doubling up to {@code ceiling}, until the completing and failing heaps
     * are within {@code precision} (a fraction of the completing one) or one byte of each other.
     */
    public static Result search(long failing, long start, long ceiling, double precision, Trial trial)
            throws IOException {
        if (!(failing < start && start <= ceiling) || !(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("need failing < start <= ceiling and 0 < precision < 1, got " + failing
                    + ", " + start + ", " + ceiling + ", " + precision);
        }
        long lo = failing;
        long hi = start;
        int runs = 0;
        while (true) {
            runs++;
            if (trial.completes(hi)) {
                break;
            }
            lo = hi;
            if (hi == ceiling) {
                return new Result(-1, lo, runs);
            }
            hi = hi > ceiling / 2 ? ceiling : hi * 2;
        }
        while (hi - lo > 1 && hi - lo > (long) (hi * precision)) {
            long mid = lo + (hi - lo) / 2;
            runs++;
            if (trial.completes(mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return new Result(hi, lo, runs);
    }
}
