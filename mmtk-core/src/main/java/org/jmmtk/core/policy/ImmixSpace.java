package org.jmmtk.core.policy;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * A mark-region space (Immix, Blackburn and McKinley, PLDI 2008; mmtk-core's {@code ImmixSpace}):
 * blocks of the heap geometry's block size, aligned to it, taken from a {@link FreeListPageResource},
 * each divided into lines of the geometry's line size. Mutators bump-allocate into holes (runs of free
 * lines) of recyclable blocks and into free blocks ({@link org.jmmtk.core.alloc.ImmixAllocator}).
 *
 * <p><b>Marking</b>: objects are marked with the header's mark bit; the call that marks an object also
 * marks its lines in a side table (one byte per line, indexed by block and line). Conservative
 * one-line rule (paper section 3.1): an object no larger than a line marks only its first line; it may
 * straddle into the next line, so when holes are computed the line after every marked line counts as
 * "maybe used" and is not free. An object larger than a line marks every line it spans exactly (the
 * following line is then skipped too by the same rule, which wastes at most one line per medium object,
 * as in mmtk-core). Objects never cross a block boundary, so the first line of a block is free when it
 * is unmarked.
 *
 * <p><b>Sweep</b> (Release stage, parallel packets over disjoint block ranges): the valid-object bits
 * of each block in use are walked; unmarked objects are freed (plugins told, bits cleared), marked ones
 * lose their mark. A block with no marked line is freed (its pages go back to the page resource); a
 * block with at least one free line (by the rule above) becomes recyclable; otherwise unavailable.
 * Line marks are kept after the sweep because the allocator reads them to find holes; they are cleared
 * in the next collection's Prepare step ({@link #prepare}). At the end of a collection the recyclable
 * blocks are listed in address order ({@link #rebuildRecyclableList}), so where mutators allocate next
 * does not depend on how the sweep was split among GC threads.
 *
 * <p>Threads: mutators take blocks under the space's lock; GC workers mark lines concurrently (plain
 * byte stores of the same value) and sweep disjoint block ranges.
 */
public final class ImmixSpace extends Space implements BlockSweepable {
    /** Block states (paper section 3.1): not held by the space, held by an allocator, recyclable, full. */
    public static final byte FREE = 0;
    public static final byte IN_USE = 1;
    public static final byte RECYCLABLE = 2;
    public static final byte UNAVAILABLE = 3;

    private final FreeListPageResource pages;
    private final int logBlockBytes;
    private final int logLineBytes;
    private final int linesInBlock;
    private final int pagesInBlock;
    private final byte[] blockState;
    private final byte[] lineMarks;
    private final IntArrayList recyclable = new IntArrayList();
    private int nextRecyclable;
    private int blockLimit;

    public ImmixSpace(String name, long bytes, HeapServices heap) {
        super(name, bytes, heap);
        this.pages = new FreeListPageResource(memory, geometry, region);
        this.logBlockBytes = Integer.numberOfTrailingZeros(geometry.blockBytes());
        this.logLineBytes = Integer.numberOfTrailingZeros(geometry.lineBytes());
        this.linesInBlock = geometry.blockBytes() >>> logLineBytes;
        this.pagesInBlock = geometry.pagesInBlock();
        int blocks = (int) (region.bytes() >>> logBlockBytes);
        this.blockState = new byte[blocks];
        long lines = (long) blocks * linesInBlock;
        if (lines > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("space " + name + " has " + lines
                    + " lines, more than one line-mark table holds: use larger lines (--line-size)");
        }
        this.lineMarks = new byte[(int) lines];
    }

    public int linesInBlock() {
        return linesInBlock;
    }

    public int lineBytes() {
        return 1 << logLineBytes;
    }

    public int blockBytes() {
        return 1 << logBlockBytes;
    }

    @Override
    public int reservedPages() {
        return pages.reservedPages();
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        long address = pages.acquire(n, pagesInBlock);
        if (address != 0) {
            int b = blockIndex(address);
            synchronized (this) {
                blockState[b] = IN_USE;
                blockLimit = Math.max(blockLimit, b + 1);
            }
        }
        return address;
    }

    /** A fresh (wholly free) block for a mutator, 0 if a collection ran (the caller retries). */
    public long acquireBlock() {
        return acquire(pagesInBlock);
    }

    /**
     * The lowest recyclable block not yet handed out since the last collection, now held by the caller,
     * or -1 if there is none.
     */
    public synchronized int takeRecyclable() {
        while (nextRecyclable < recyclable.size()) {
            int b = recyclable.getInt(nextRecyclable++);
            if (blockState[b] == RECYCLABLE) {
                blockState[b] = IN_USE;
                return b;
            }
        }
        return -1;
    }

    public long blockAddress(int b) {
        return start + ((long) b << logBlockBytes);
    }

    public int blockIndex(long address) {
        return (int) ((address - start) >>> logBlockBytes);
    }

    /** Whether line {@code line} of block {@code b} is free: neither it nor the line before it is marked. */
    public boolean isLineFree(int b, int line) {
        int base = b * linesInBlock;
        return lineMarks[base + line] == 0 && (line == 0 || lineMarks[base + line - 1] == 0);
    }

    @Override
    public synchronized int blockLimit() {
        return blockLimit;
    }

    /** Prepare: forgets the line marks of the previous collection. */
    public synchronized void prepare() {
        java.util.Arrays.fill(lineMarks, 0, blockLimit * linesInBlock, (byte) 0);
        recyclable.clear();
        nextRecyclable = 0;
    }

    @Override
    public long traceObject(long object, TraceContext context) {
        if (ObjectModel.testAndMark(memory, object)) {
            markLines(object);
            context.marked(ObjectModel.traceBytes(memory, object));
            context.enqueue(object);
        }
        return object;
    }

    private void markLines(long object) {
        long offset = object - start;
        int first = (int) (offset >>> logLineBytes);
        long size = ObjectModel.size(memory, object);
        if (size <= lineBytes()) {
            lineMarks[first] = 1;
            return;
        }
        int last = (int) ((offset + size - 1) >>> logLineBytes);
        for (int l = first; l <= last; l++) {
            lineMarks[l] = 1;
        }
    }

    @Override
    public void sweep(int from, int to) {
        for (int b = from; b < to; b++) {
            if (blockState[b] != FREE) {
                sweepBlock(b);
            }
        }
    }

    private void sweepBlock(int b) {
        long block = blockAddress(b);
        long end = block + blockBytes();
        for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
            if (ObjectModel.isMarked(memory, o)) {
                ObjectModel.clearMark(memory, o);
            } else {
                free(o);
            }
        }
        int base = b * linesInBlock;
        int marked = 0;
        int free = 0;
        for (int l = 0; l < linesInBlock; l++) {
            if (lineMarks[base + l] != 0) {
                marked++;
            } else if (l == 0 || lineMarks[base + l - 1] == 0) {
                free++;
            }
        }
        if (marked == 0) {
            blockState[b] = FREE;
            pages.release(block, pagesInBlock);
        } else {
            blockState[b] = free > 0 ? RECYCLABLE : UNAVAILABLE;
        }
    }

    /** After the sweep: lists the recyclable blocks, lowest address first. */
    public synchronized void rebuildRecyclableList() {
        recyclable.clear();
        nextRecyclable = 0;
        for (int b = 0; b < blockLimit; b++) {
            if (blockState[b] == RECYCLABLE) {
                recyclable.add(b);
            }
        }
    }

    @Override
    public String checkObject(long object) {
        int b = blockIndex(object);
        if (b >= blockLimit || blockState[b] == FREE) {
            return "lies in a free block of " + name;
        }
        if ((object & 7) != 0) {
            return "is not word-aligned in " + name;
        }
        if (object + ObjectModel.size(memory, object) > blockAddress(b) + blockBytes()) {
            return "crosses the end of its block in " + name;
        }
        return null;
    }
}
