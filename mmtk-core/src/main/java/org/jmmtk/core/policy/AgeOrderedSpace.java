package org.jmmtk.core.policy;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.scheduling.Collector;

/**
 * An age-ordered heap (Older-First's, Stefanović et al. 1999): fixed-size blocks, each one a mutator's
 * allocation buffer, kept in a list in the order they were taken, oldest first, so that a block's
 * position in the list (its rank) orders its objects by age against every other block's. A collection
 * collects a <em>window</em>, a run of consecutive positions: it marks the window's reachable objects
 * in place ({@link #traceObject}), gives them new addresses in age order packed from the window's first
 * block on ({@link #computeForwarding}), redirects references ({@link #updateSlot}), slides them there
 * ({@link #compact}), and drops the window's emptied blocks from the list ({@link #release}), so the
 * survivors stay where the window was, older than everything after it. The window then moves on to
 * the blocks just younger than the survivors, or back to the oldest block when it reached the
 * youngest one. A whole-heap collection is a window over every block.
 *
 * <p>Budget accounting: every block in the list is charged whole; compaction needs no copy reserve.
 *
 * <p>Threads: mutators take blocks concurrently ({@link #acquirePages} appends under the space's
 * lock) and read ranks in the write barrier ({@link #mustRemember}); ranks and the window change only
 * while mutators are stopped. GC workers trace in parallel and redirect slots in parallel; forwarding,
 * compaction and release each run in one packet, in age order.
 */
public final class AgeOrderedSpace extends Space implements ForwardingSpace {
    private final FreeListPageResource pages;
    private final int blockBytes;
    private final int logBlockBytes;
    private final int pagesInBlock;
    /** Per block index: its position in the age order, or -1 if the block is free. */
    private final int[] rank;
    /** Block indices in age order, oldest first; {@code count} of them. Guarded by this. */
    private final int[] order;
    private volatile int count;
    // the window of the collection in progress: positions [windowStart, windowEnd); set while mutators are stopped
    private int windowStart;
    private int windowEnd;
    /** Where the next window starts; the barrier reads it (written only while mutators are stopped). */
    private int nextWindowStart;
    // written by computeForwarding, read by the RefForwarding and Compact packets and by release
    private final Long2LongOpenHashMap forwarding = new Long2LongOpenHashMap();
    private final LongArrayList survivors = new LongArrayList();
    private final LongArrayList destinations = new LongArrayList();
    private int survivorsEnd;
    private long survivorBytes;

    /** A space of {@code bytes} in blocks of {@code blockBytes} (a power of two, whole pages). */
    public AgeOrderedSpace(String name, long bytes, HeapServices heap, int blockBytes) {
        super(name, bytes, heap);
        if (Integer.bitCount(blockBytes) != 1 || blockBytes < geometry.pageBytes()) {
            throw new IllegalArgumentException("block of " + blockBytes + " bytes is not a power of two of whole pages");
        }
        this.pages = new FreeListPageResource(memory, geometry, region);
        this.blockBytes = blockBytes;
        this.logBlockBytes = Integer.numberOfTrailingZeros(blockBytes);
        this.pagesInBlock = blockBytes >>> geometry.logBytesInPage();
        int blocks = (int) ((end - start) >>> logBlockBytes);
        SideMetadataRegistry metadata = heap.metadata();
        this.rank = metadata.ints(SideMetadataSpec.local("age-block-rank", "block", blockBytes, 32), name, blocks);
        Arrays.fill(rank, -1);
        this.order = metadata.ints(SideMetadataSpec.local("age-block-order", "block", blockBytes, 32), name, blocks);
        forwarding.defaultReturnValue(0);
    }

    public int blockBytes() {
        return blockBytes;
    }

    /** Blocks in the age order. */
    public int blocks() {
        return count;
    }

    @Override
    public int reservedPages() {
        return count * pagesInBlock;
    }

    /** A mutator's buffer is one block, appended at the young end of the age order. */
    @Override
    protected PageResource pageResource() {
        return pages;
    }

    @Override
    protected synchronized long acquirePages(int n, boolean forGC) {
        if (n != pagesInBlock) {
            throw new IllegalStateException("space " + name + " hands out blocks of " + pagesInBlock
                    + " pages, not " + n + ": objects larger than a block belong in the large object space");
        }
        long address = pages.acquire(n, n);
        if (address != 0) {
            int block = blockIndex(address);
            order[count] = block;
            rank[block] = count;
            count = count + 1;
        }
        return address;
    }

    private int blockIndex(long address) {
        return (int) ((address - start) >>> logBlockBytes);
    }

    private long blockStart(int block) {
        return start + ((long) block << logBlockBytes);
    }

    /**
     * Opens the window of a window collection: {@code maxBlocks} positions from where the last window
     * collection left it, fewer if the youngest block comes first. Mutators are stopped.
     */
    public void openWindow(int maxBlocks) {
        windowStart = Math.min(nextWindowStart, count);
        windowEnd = Math.min(count, windowStart + maxBlocks);
    }

    /** Opens a window over the whole space (a full collection). */
    public void openWholeSpace() {
        windowStart = 0;
        windowEnd = count;
    }

    /** Position of the window's first block in the age order (0: the oldest block). */
    public int windowStart() {
        return windowStart;
    }

    /** Blocks in the window of the collection in progress. */
    public int windowBlocks() {
        return windowEnd - windowStart;
    }

    /** Whether {@code address} lies in this space's window (during a collection). */
    public boolean inWindow(long address) {
        if (!contains(address)) {
            return false;
        }
        int r = rank[blockIndex(address)];
        return r >= windowStart && r < windowEnd;
    }

    /**
     * Whether a pointer from {@code source} to {@code target} (not null) may one day lead from outside a
     * window into it, so the write barrier must remember it: always when the source lies outside this
     * space and the target in it; never when both lie in one block (a window holds whole blocks) or the
     * target lies outside this space; otherwise when the source is younger than the target (a window
     * may reach the target first), or already behind the next window (the window will reach the target
     * before it comes back to the source). What is left, a source older than its target and not yet
     * passed by the window, is collected with or before the target; when the window passes it, the
     * plan rescans its survivors with this same test.
     */
    public boolean mustRemember(long source, long target) {
        if (!contains(target)) {
            return false;
        }
        if (!contains(source)) {
            return true;
        }
        int sourceBlock = blockIndex(source);
        int targetBlock = blockIndex(target);
        if (sourceBlock == targetBlock) {
            return false;
        }
        int sourceRank = rank[sourceBlock];
        return sourceRank > rank[targetBlock] || sourceRank < nextWindowStart;
    }

    /** Marks {@code object} if it lies in the window, leaving every other object alone. */
    @Override
    public long traceObject(long object, TraceLocal context) {
        return inWindow(object) ? markObject(object, context) : object;
    }

    /**
     * After the closure, one packet: walks the window's objects in age order, frees the unmarked ones,
     * and gives each marked one its new address, packed from the window's first block on (an object
     * that does not fit the rest of a block starts the next one). An object's new place never lies
     * after its old one, so the compaction can move them in this order.
     *
     * @return the trace bytes of the window's survivors
     */
    public long computeForwarding() {
        forwarding.clear();
        survivors.clear();
        destinations.clear();
        survivorBytes = 0;
        int dest = windowStart;
        long cursor = 0;
        long limit = 0;
        for (int p = windowStart; p < windowEnd; p++) {
            long from = blockStart(order[p]);
            long to = from + blockBytes;
            for (long o = validObjects.next(from, to); o >= 0; o = validObjects.next(o + 8, to)) {
                if (!ObjectModel.isMarked(memory, o)) {
                    free(o);
                    continue;
                }
                long size = ObjectModel.size(memory, o);
                if (cursor + size > limit) {
                    cursor = blockStart(order[dest++]);
                    limit = cursor + blockBytes;
                }
                survivors.add(o);
                destinations.add(cursor);
                if (cursor != o) {
                    forwarding.put(o, cursor);
                }
                survivorBytes += ObjectModel.traceBytes(memory, o);
                cursor += size;
            }
        }
        survivorsEnd = dest;
        return survivorBytes;
    }

    /** The window's survivors at their old addresses, in age order (valid from forwarding until release). */
    public long[] survivors() {
        return survivors.toLongArray();
    }

    /** Trace bytes of the last collection's window survivors. */
    public long survivorBytes() {
        return survivorBytes;
    }

    /** Redirects the reference in {@code slot} if it points to a window object that moves. */
    @Override
    public void updateSlot(long slot) {
        long target = memory.load(slot);
        if (target != 0 && contains(target)) {
            long to = forwarding.get(target);
            if (to != 0) {
                memory.store(slot, to);
            }
        }
    }

    /**
     * Slides the survivors to their new addresses in age order, clears their marks, and reports each
     * move to {@code collector} (counted as copied, no longer as marked). One packet.
     */
    public void compact(Collector collector) {
        for (int i = 0, n = survivors.size(); i < n; i++) {
            long from = survivors.getLong(i);
            long to = destinations.getLong(i);
            long status = memory.load(from + ObjectModel.STATUS_OFFSET);
            long size = ObjectModel.sizeOfStatus(status);
            if (to != from) {
                memory.copyWords(from, to, size >>> 3);
                validObjects.clear(from);
                validObjects.set(to);
                collector.evacuated(from, to, ObjectModel.traceBytesOfStatus(status), size);
            }
            ObjectModel.clearMark(memory, to);
        }
    }

    /**
     * After the compaction: gives back the window's blocks beyond the survivors and closes the gap in
     * the age order; the next window starts just after the survivors, or at the oldest block if this
     * window reached the youngest one (or was the whole space).
     *
     * @return the survivors' new addresses, in age order
     */
    public synchronized long[] release() {
        for (int p = survivorsEnd; p < windowEnd; p++) {
            int block = order[p];
            pages.release(blockStart(block), pagesInBlock);
            rank[block] = -1;
        }
        boolean reachedYoungest = windowEnd == count;
        int removed = windowEnd - survivorsEnd;
        System.arraycopy(order, windowEnd, order, survivorsEnd, count - windowEnd);
        count -= removed;
        for (int p = survivorsEnd; p < count; p++) {
            rank[order[p]] = p;
        }
        nextWindowStart = reachedYoungest ? 0 : survivorsEnd;
        long[] moved = destinations.toLongArray();
        forwarding.clear();
        survivors.clear();
        destinations.clear();
        windowStart = 0;
        windowEnd = 0;
        return moved;
    }

    @Override
    public String checkObject(long object) {
        if (rank[blockIndex(object)] < 0) {
            return "lies in a free block of " + name;
        }
        return null;
    }
}
