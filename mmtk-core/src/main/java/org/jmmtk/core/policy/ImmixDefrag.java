package org.jmmtk.core.policy;

/**
 * Immix's opportunistic defragmentation policy (paper section 3.3; mmtk-core's
 * {@code policy/immix/defrag.rs}): whether a collection defragments, and which blocks it evacuates.
 *
 * <p><b>When</b>: an emergency collection (the heap was still full after a collection), or a collection
 * that starts while recyclable blocks are left that no allocator took (the heap filled up although
 * there were holes, so the holes were too small to use), as in mmtk-core's
 * {@code decide_whether_to_defrag}.
 *
 * <p><b>Which blocks</b>: the previous sweep recorded, per block, its number of holes, and a <i>mark
 * histogram</i>: for each hole count, the marked lines of the blocks with that many holes. The blocks
 * with the most holes are the most fragmented; the spill threshold is the smallest hole count such
 * that the live lines of all blocks with more holes fit in the lines available to copy into (free
 * lines of recyclable blocks with fewer holes, and the clean pages the budget allows), less 1% for
 * line reuse. Blocks with more holes than the threshold are the sources. mmtk-core never defragments
 * blocks with two holes or fewer, with its 128 lines a block; this scales that minimum with the
 * number of lines, so at tiny heaps (a few lines a block) a block with one hole may be a source.
 *
 * <p>Threads: sweep packets add their histograms in parallel ({@link #addMarkHistogram}, locked); the
 * decision and the threshold are computed in the Prepare packet and read by later packets (the
 * scheduler's bucket opening orders them).
 */
public final class ImmixDefrag {
    /** mmtk-core's {@code DEFRAG_LINE_REUSE_RATIO}: the share of available lines copies may fill. */
    static final double LINE_REUSE_RATIO = 0.99;
    /** mmtk-core's {@code immix_defrag_headroom_percent} default: clean pages kept for copies, % of the space. */
    static final int HEADROOM_PERCENT = 2;

    private final int minSpillThreshold;
    private final long[] markHistogram;
    private boolean inDefrag;
    private int spillThreshold;

    ImmixDefrag(int linesInBlock) {
        this.minSpillThreshold = 2 * linesInBlock / 128;
        this.markHistogram = new long[histogramBins(linesInBlock)];
    }

    /** Bins of a histogram indexed by a block's number of holes (at most one more than half its lines). */
    static int histogramBins(int linesInBlock) {
        return linesInBlock / 2 + 2;
    }

    /** After a sweep packet: adds its blocks' marked lines, by hole count. */
    synchronized void addMarkHistogram(long[] local) {
        for (int i = 0; i < local.length; i++) {
            markHistogram[i] += local[i];
        }
    }

    /** Decides whether the collection starting now defragments. */
    void decide(boolean emergency, boolean recyclableLeft) {
        inDefrag = emergency || recyclableLeft;
    }

    public boolean inDefrag() {
        return inDefrag;
    }

    /**
     * Establishes the spill threshold from the previous sweep's mark histogram, the free lines of the
     * recyclable blocks by their hole count ({@code availableHistogram}) and the lines of the clean pages
     * copies may take; then forgets the mark histogram for the coming sweep.
     */
    void establishThreshold(long[] availableHistogram, long cleanLines) {
        long available = cleanLines;
        for (long a : availableHistogram) {
            available += a;
        }
        double limit = available / LINE_REUSE_RATIO;
        long required = 0;
        int threshold = markHistogram.length - 1;
        for (int holes = markHistogram.length - 1; holes >= minSpillThreshold; holes--) {
            threshold = holes;
            limit -= availableHistogram[holes];
            required += markHistogram[holes];
            if (limit < required) {
                break;
            }
        }
        spillThreshold = Math.max(threshold, minSpillThreshold);
        java.util.Arrays.fill(markHistogram, 0);
    }

    /** Whether a block with {@code holes} holes at the previous sweep is evacuated by this collection. */
    boolean isSource(int holes) {
        return inDefrag && holes > spillThreshold;
    }

    /** A collection that does not defragment still forgets the previous mark histogram. */
    void skip() {
        java.util.Arrays.fill(markHistogram, 0);
    }

    int spillThreshold() {
        return spillThreshold;
    }
}
