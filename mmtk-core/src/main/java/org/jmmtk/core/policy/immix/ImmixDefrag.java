package org.jmmtk.core.policy.immix;

import java.util.Arrays;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;

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
 * <p>Per block it keeps, as side metadata, the hole count of the last sweep (0 for a block taken clean
 * since) and whether the collection in progress evacuates the block (mmtk-core keeps both in one
 * {@code Block::DEFRAG_STATE_TABLE} byte).
 *
 * <p>Threads: sweep packets add their histograms in parallel ({@link #addMarkHistogram}, locked) and set
 * the hole counts of their own blocks; the decision, the threshold and the sources are computed in the
 * Prepare packet, under the space's lock, and read by later packets (the scheduler's bucket opening
 * orders them).
 */
final class ImmixDefrag {
    /** mmtk-core's {@code DEFRAG_LINE_REUSE_RATIO}: the share of available lines copies may fill. */
    static final double LINE_REUSE_RATIO = 0.99;
    /** mmtk-core's {@code immix_defrag_headroom_percent} default: clean pages kept for copies, % of the space. */
    static final int HEADROOM_PERCENT = 2;

    private final int linesInBlock;
    private final int minSpillThreshold;
    private final long[] markHistogram;
    // per block: holes at the last sweep, and whether this collection evacuates it
    private final short[] holes;
    private final boolean[] source;
    private boolean inDefrag;
    private int spillThreshold;
    private int sourceBlocks;

    /** The policy for {@code blocks} blocks of {@code blockBytes} of {@code space}, its per-block tables declared in {@code metadata}. */
    ImmixDefrag(SideMetadataRegistry metadata, String space, int blocks, int blockBytes, int linesInBlock) {
        this.linesInBlock = linesInBlock;
        this.minSpillThreshold = 2 * linesInBlock / 128;
        this.markHistogram = new long[histogramBins(linesInBlock)];
        this.holes = metadata.shorts(SideMetadataSpec.local("immix-block-holes", "block", blockBytes, 16), space, blocks);
        this.source = metadata.booleans(SideMetadataSpec.local("immix-defrag-source", "block", blockBytes, 8),
                space, blocks);
    }

    /** Bins of a histogram indexed by a block's number of holes (at most one more than half its lines). */
    static int histogramBins(int linesInBlock) {
        return linesInBlock / 2 + 2;
    }

    /** A sweep packet's histogram, empty. */
    long[] newHistogram() {
        return new long[histogramBins(linesInBlock)];
    }

    /** After a sweep packet: adds its blocks' marked lines, by hole count. */
    synchronized void addMarkHistogram(long[] local) {
        for (int i = 0; i < local.length; i++) {
            markHistogram[i] += local[i];
        }
    }

    /** Decides whether the collection starting now defragments. */
    private void decide(boolean emergency, boolean recyclableLeft) {
        inDefrag = emergency || recyclableLeft;
    }

    boolean inDefrag() {
        return inDefrag;
    }

    /**
     * Prepare of a collection of the space: decides whether it defragments (an {@code emergency}, or
     * {@code recyclableLeft} untaken) and if so establishes the spill threshold, the room for copies being
     * the free lines of the recyclable blocks and {@code cleanLines}; then marks the sources among the
     * first {@code blocks.limit()} blocks. Under the space's lock, before the line marks are cleared.
     */
    void prepare(boolean emergency, boolean recyclableLeft, long cleanLines, BlockTable blocks, LineMarks lines) {
        decide(emergency, recyclableLeft);
        sourceBlocks = 0;
        int limit = blocks.limit();
        if (inDefrag) {
            long[] available = newHistogram();
            for (int b = 0; b < limit; b++) {
                if (blocks.state(b) == BlockTable.RECYCLABLE) {
                    available[holes[b]] += lines.freeLines(b);
                }
            }
            establishThreshold(available, cleanLines);
        } else {
            skip();
        }
        for (int b = 0; b < limit; b++) {
            source[b] = blocks.holdsObjects(b) && isSourceByHoles(holes[b]);
            if (source[b]) {
                sourceBlocks++;
            }
        }
    }

    /**
     * Prepare of a collection that does not defragment the space (one that only copies into it, or the
     * pause that ends a concurrent mark): no sources. The blocks' source flags are left as they are;
     * {@link #clearSources} clears them.
     */
    void prepareWithoutDefrag() {
        decide(false, false);
        sourceBlocks = 0;
    }

    /** No block of the first {@code limit} is a source. */
    void clearSources(int limit) {
        Arrays.fill(source, 0, limit, false);
    }

    /** Blocks the collection in progress evacuates. */
    int sourceBlocks() {
        return sourceBlocks;
    }

    /** Whether the collection in progress evacuates block {@code b}. */
    boolean isSource(int b) {
        return source[b];
    }

    /** Block {@code b}'s holes at the last sweep (0 for one taken clean since). */
    void setHoles(int b, int n) {
        holes[b] = (short) n;
    }

    /**
     * Establishes the spill threshold from the previous sweep's mark histogram, the free lines of the
     * recyclable blocks by their hole count ({@code availableHistogram}) and the lines of the clean pages
     * copies may take; then forgets the mark histogram for the coming sweep.
     */
    private void establishThreshold(long[] availableHistogram, long cleanLines) {
        long available = cleanLines;
        for (long a : availableHistogram) {
            available += a;
        }
        double limit = available / LINE_REUSE_RATIO;
        long required = 0;
        int threshold = markHistogram.length - 1;
        for (int h = markHistogram.length - 1; h >= minSpillThreshold; h--) {
            threshold = h;
            limit -= availableHistogram[h];
            required += markHistogram[h];
            if (limit < required) {
                break;
            }
        }
        spillThreshold = Math.max(threshold, minSpillThreshold);
        Arrays.fill(markHistogram, 0);
    }

    /** Whether a block with {@code holes} holes at the previous sweep is evacuated by this collection. */
    private boolean isSourceByHoles(int blockHoles) {
        return inDefrag && blockHoles > spillThreshold;
    }

    /** A collection that does not defragment still forgets the previous mark histogram. */
    void skip() {
        Arrays.fill(markHistogram, 0);
    }
}
