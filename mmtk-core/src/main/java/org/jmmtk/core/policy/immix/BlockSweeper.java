package org.jmmtk.core.policy.immix;

import java.util.function.LongPredicate;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The sweep of an {@link ImmixSpace} (Release stage, parallel packets over disjoint block ranges; mmtk-core's
 * {@code Block::sweep}): the valid-object bits of each block in use are walked; unmarked objects are freed
 * (plugins told, bits cleared), marked ones lose their mark. A block with no marked line holds no marked
 * object, so unless a plugin hears of each free (or the space keeps unlog or pinning bits per object) its
 * valid-object bits are cleared at once, without the walk. Then each block is classified by its line marks:
 * with no marked line it is freed (its pages go back to the page resource); with at least one free line it
 * becomes recyclable; otherwise unavailable. Its hole count and marked lines go to the defragmentation
 * policy's histogram.
 *
 * <p>In a <b>mixed-age</b> space (unlog bits; sticky marks) a mark means "old" and outlives the sweep: every
 * survivor gets its unlog bit (the barrier then watches it) and every freed object loses it. Also here: the
 * sweep by reference counts of LXR's RC pauses ({@link #sweepByLiveness}), the line marks of a block rebuilt
 * from its marked objects after objects left or slid into it ({@link #remarkLines}), and the dead objects of
 * a hole reclaimed before a copy overwrites them ({@link #reclaimHole}).
 *
 * <p>Threads: GC workers sweep disjoint block ranges in parallel; the other calls come from single packets
 * (evacuation, compaction, Prepare) or a GC worker's copy allocator on the holes it took.
 */
final class BlockSweeper {
    private final ImmixSpace space;
    private final SimulatedMemory memory;
    private final SideBitmap validObjects;
    private final PluginHost plugins;
    private final FreeListPageResource pages;
    private final BlockTable blocks;
    private final LineMarks lines;
    private final ImmixDefrag defrag;
    private final PinnedObjects pins;
    private final SideBitmap unlogBits;
    private final int linesInBlock;
    private final int pagesInBlock;
    private final long maxObjectBytes;

    BlockSweeper(ImmixSpace space, ImmixSpace.Parts parts) {
        this.space = space;
        this.memory = parts.heap().memory();
        this.validObjects = parts.heap().validObjects();
        this.plugins = parts.heap().plugins();
        this.pages = parts.pages();
        this.blocks = parts.blocks();
        this.lines = parts.lines();
        this.defrag = parts.defrag();
        this.pins = parts.pins();
        this.unlogBits = parts.unlogBits();
        HeapGeometry geometry = parts.heap().geometry();
        this.linesInBlock = geometry.immixBlockBytes() / geometry.lineBytes();
        this.pagesInBlock = geometry.pagesInImmixBlock();
        this.maxObjectBytes = geometry.maxImmixObjectBytes();
    }

    /** Sweeps blocks {@code [from, to)}. */
    void sweep(int from, int to) {
        long[] histogram = defrag.newHistogram();
        for (int b = from; b < to; b++) {
            if (blocks.holdsObjects(b)) {
                sweepBlock(b, histogram);
            }
        }
        defrag.addMarkHistogram(histogram);
    }

    private void sweepBlock(int b, long[] markHistogram) {
        long block = blocks.address(b);
        long end = block + blocks.bytes();
        if (unlogBits == null && !pins.any() && !plugins.wantsFrees() && !lines.anyMarked(b)) {
            // every marked object marked its lines: none lives here, and no one needs to hear of each death
            validObjects.clearRange(block, end);
            classify(b, markHistogram);
            return;
        }
        for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
            if (ObjectModel.isForwarded(memory, o)) {
                validObjects.clear(o);
                if (unlogBits != null) {
                    unlogBits.clear(o);
                }
            } else if (ObjectModel.isMarked(memory, o)) {
                if (unlogBits == null) {
                    ObjectModel.clearMark(memory, o);
                } else if (!unlogBits.get(o)) {
                    unlogBits.set(o);
                }
            } else {
                space.reclaim(o);
            }
        }
        classify(b, markHistogram);
    }

    /** See {@link ImmixSpace#sweepByLiveness}. */
    void sweepByLiveness(int from, int to, LongPredicate live, boolean clearMarks) {
        long[] histogram = defrag.newHistogram();
        for (int b = from; b < to; b++) {
            if (!blocks.holdsObjects(b)) {
                continue;
            }
            lines.clearBlock(b);
            long block = blocks.address(b);
            long end = block + blocks.bytes();
            for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
                if (ObjectModel.isForwarded(memory, o)) {
                    validObjects.clear(o);
                } else if (live.test(o)) {
                    lines.mark(o, ObjectModel.size(memory, o));
                    if (clearMarks) {
                        ObjectModel.clearMark(memory, o);
                    }
                } else {
                    space.reclaim(o);
                }
            }
            classify(b, histogram);
        }
        defrag.addMarkHistogram(histogram);
    }

    /** After its objects were swept: block {@code b}'s holes, and whether it is free, recyclable or full. */
    private void classify(int b, long[] markHistogram) {
        int marked = 0;
        int free = 0;
        int holes = 0;
        for (int l = 0; l < linesInBlock; l++) {
            if (lines.isMarked(b, l)) {
                marked++;
            } else if (l == 0 || !lines.isMarked(b, l - 1)) {
                if (l == 0 || !lines.isFree(b, l - 1)) {
                    holes++;
                }
                free++;
            }
        }
        defrag.setHoles(b, holes);
        if (marked == 0) {
            blocks.setState(b, BlockTable.FREE);
            pages.release(blocks.address(b), pagesInBlock);
        } else {
            blocks.setState(b, free > 0 ? BlockTable.RECYCLABLE : BlockTable.UNAVAILABLE);
            markHistogram[holes] += marked;
        }
    }

    /** Line marks of block {@code b} from the marked objects in it (those not evacuated, or slid into it). */
    void remarkLines(int b) {
        lines.clearBlock(b);
        long block = blocks.address(b);
        long end = block + blocks.bytes();
        for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
            if (ObjectModel.isMarked(memory, o)) {
                lines.mark(o, ObjectModel.size(memory, o));
            }
        }
    }

    /** See {@link ImmixSpace#reclaimHole}. */
    void reclaimHole(long from, long to) {
        long scan = Math.max(blocks.address(blocks.index(from)), from - maxObjectBytes);
        for (long o = validObjects.next(scan, to); o >= 0; o = validObjects.next(o + 8, to)) {
            if (o >= from || (!ObjectModel.isForwarded(memory, o) && !ObjectModel.isMarked(memory, o)
                    && o + ObjectModel.size(memory, o) > from)) {
                space.reclaim(o);
            }
        }
    }

    /** A full collection of a mixed-age space traces every object: no mark of the first {@code limit} blocks may say "old". */
    void clearObjectMarks(int limit) {
        for (int b = 0; b < limit; b++) {
            if (!blocks.holdsObjects(b)) {
                continue;
            }
            long block = blocks.address(b);
            long end = block + blocks.bytes();
            for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
                ObjectModel.clearMark(memory, o);
            }
        }
    }
}
