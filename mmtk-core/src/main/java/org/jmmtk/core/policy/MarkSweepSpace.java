package org.jmmtk.core.policy;

import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_WORD;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.stats.FreeSpaceProfile;

/**
 * A non-moving space of blocks (the heap geometry's block size), each carved into cells of one size
 * class and threaded into a free list (segregated fits). Marks are side metadata, one bit per granule
 * (as in mmtk-core's native mark-sweep), not header bits: the sweep reads only the mark and
 * valid-object bitmaps, never a survivor's memory. A block whose every cell is marked is left as it is;
 * in the others a cell without a valid object is free and a valid unmarked one is freed. The swept
 * range's marks are then cleared in one pass over the bitmap, and wholly empty blocks go back to the
 * page resource so other size classes and spaces can use them.
 *
 * <p>A free cell holds the next free cell in its first word and 0 in its id word (live objects have
 * positive ids). Block metadata lives in side arrays indexed by block number. Mutators take whole
 * free lists (one block at a time) under the space's lock; GC workers sweep disjoint block ranges in
 * parallel; the available lists are rebuilt in address order at the end of each collection, so
 * where mutators allocate next does not depend on how the sweep was split among threads.
 *
 * <p>Reference counting frees single objects ({@link #freeObject}) and then relinks the free lists
 * with {@link #reclaimedCells}, a sweep in which only freed cells are free (marks are not consulted).
 */
public final class MarkSweepSpace extends Space implements BlockSweepable {
    /** Masks an address down to the start of the bytes one bitmap word covers. */
    private static final long WORD_START_MASK = -1L << SideBitmap.LOG_BYTES_PER_BITMAP_WORD;
    private final FreeListPageResource pages;
    private final SizeClasses sizeClasses;
    private final int logBlockBytes;
    private final int pagesInBlock;
    private final byte[] blockClass;
    private final long[] blockFreeList;
    private final int[] blockFreeCells;
    private final IntArrayList[] available;
    private final SideBitmap marks;
    private final LongAdder objectsFreed = new LongAdder();
    private final BlockSweepable reclaimedCells = new BlockSweepable() {
        @Override
        public int blockBytes() {
            return MarkSweepSpace.this.blockBytes();
        }

        @Override
        public int blockLimit() {
            return MarkSweepSpace.this.blockLimit();
        }

        @Override
        public void sweep(int from, int to) {
            sweepBlocks(from, to, false);
        }
    };
    /**
     * Whether every bitmap word covering this space covers one block alone (blocks of at least 512
     * bytes, word-aligned), so a sweep packet, owning its blocks, may clear valid-object bits plainly.
     */
    private final boolean blocksOwnBitmapWords;
    private int blockLimit;

    public MarkSweepSpace(String name, long bytes, HeapServices heap) {
        super(name, bytes, heap);
        this.pages = new FreeListPageResource(memory, geometry, region);
        this.sizeClasses = new SizeClasses(geometry.maxCellBytes());
        this.logBlockBytes = Integer.numberOfTrailingZeros(geometry.blockBytes());
        this.pagesInBlock = geometry.pagesInBlock();
        int blocks = (int) (region.bytes() >>> logBlockBytes);
        SideMetadataRegistry metadata = heap.metadata();
        int blockBytes = geometry.blockBytes();
        this.blockClass = metadata.bytes(SideMetadataSpec.local("ms-block-size-class", "block", blockBytes, 8), name, blocks);
        Arrays.fill(blockClass, (byte) -1);
        this.blockFreeList = metadata.longs(SideMetadataSpec.local("ms-block-free-list", "block", blockBytes, 64),
                name, blocks);
        this.blockFreeCells = metadata.ints(SideMetadataSpec.local("ms-block-free-cells", "block", blockBytes, 32),
                name, blocks);
        this.blocksOwnBitmapWords = logBlockBytes >= SideBitmap.LOG_BYTES_PER_BITMAP_WORD
                && (start & ~WORD_START_MASK) == 0;
        this.marks = metadata.bitmap(SideMetadataSpec.perGranule("ms-mark", false, 1), name);
        this.available = new IntArrayList[sizeClasses.count()];
        for (int i = 0; i < available.length; i++) {
            available[i] = new IntArrayList();
        }
    }

    public SizeClasses sizeClasses() {
        return sizeClasses;
    }

    @Override
    public long extentEnd() {
        return pages.highWater();
    }

    @Override
    protected PageResource pageResource() {
        return pages;
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        return pages.acquire(n, pagesInBlock);
    }

    /**
     * The head of a free list of cells of {@code sizeClass} for a mutator: from a block swept with free
     * cells if there is one, otherwise from a new block. Returns 0 if taking a new block ran a
     * collection (the caller retries).
     */
    public long takeFreeCells(int sizeClass) {
        synchronized (this) {
            IntArrayList list = available[sizeClass];
            while (!list.isEmpty()) {
                int b = list.removeInt(list.size() - 1);
                long head = blockFreeList[b];
                blockFreeList[b] = 0;
                blockFreeCells[b] = 0;
                if (head != 0) {
                    return head;
                }
            }
        }
        long block = acquire(pagesInBlock);
        return block == 0 ? 0 : formatBlock(block, sizeClass);
    }

    private long formatBlock(long block, int sizeClass) {
        int b = blockIndex(block);
        synchronized (this) {
            blockClass[b] = (byte) sizeClass;
            blockLimit = Math.max(blockLimit, b + 1);
        }
        int cell = sizeClasses.cellBytes(sizeClass);
        long head = 0;
        for (long c = lastCell(block, cell); c >= block; c -= cell) {
            memory.store(c, head);
            memory.store(c + ObjectModel.ID_OFFSET, 0);
            head = c;
        }
        return head;
    }

    private long lastCell(long block, int cell) {
        return block + (long) ((geometry.blockBytes() / cell) - 1) * cell;
    }

    private int blockIndex(long address) {
        return (int) ((address - start) >>> logBlockBytes);
    }

    @Override
    public int blockBytes() {
        return 1 << logBlockBytes;
    }

    @Override
    public synchronized int blockLimit() {
        return blockLimit;
    }

    @Override
    public long traceObject(long object, TraceLocal context) {
        if (attemptMark(object)) {
            long status = memory.load(object + ObjectModel.STATUS_OFFSET);
            context.marked(ObjectModel.traceBytesOfStatus(status));
            context.enqueue(object, status);
        }
        return object;
    }

    /**
     * Sets {@code object}'s mark bit; true if this call set it. The marking step of {@link #traceObject}
     * alone, for a trace that scans and counts the object itself (a fused closure loop): it must then do
     * both, as {@code traceObject} does.
     */
    public boolean attemptMark(long object) {
        return marks.attemptSet(object);
    }

    @Override
    public boolean isMarked(long object) {
        return marks.get(object);
    }

    @Override
    public void sweep(int from, int to) {
        sweepBlocks(from, to, true);
    }

    /**
     * The sweep after reference counting freed objects one by one: relinks the free cells of each block
     * (cells whose objects were freed, and cells mutators' dropped free lists held) and gives empty
     * blocks back; every object still there is live.
     */
    public BlockSweepable reclaimedCells() {
        return reclaimedCells;
    }

    private void sweepBlocks(int from, int to, boolean byMarks) {
        long freed = 0;
        for (int b = from; b < to; b++) {
            int sizeClass = blockClass[b];
            if (sizeClass >= 0) {
                freed += sweepBlock(b, sizeClasses.cellBytes(sizeClass), byMarks);
            }
        }
        if (byMarks) {
            marks.clearRange(start + ((long) from << logBlockBytes), start + ((long) to << logBlockBytes));
        }
        objectsFreed.add(freed);
    }

    /**
     * Sweeps one block; returns the objects it freed. Reads only the side bitmaps for live cells, so a
     * block whose every cell is marked is not touched at all. The bitmaps are read a word (64 granules)
     * at a time, and the valid-object bits of the cells freed under one word are cleared together.
     */
    private int sweepBlock(int b, int cell, boolean byMarks) {
        long block = start + ((long) b << logBlockBytes);
        int cells = geometry.blockBytes() / cell;
        if (byMarks && marks.count(block, block + geometry.blockBytes()) == cells) {
            blockFreeList[b] = 0;
            blockFreeCells[b] = 0;
            return 0;
        }
        boolean reportFrees = plugins.wantsFrees();
        long head = 0;
        int free = 0;
        int freed = 0;
        boolean anyLive = false;
        long wordStart = -1;
        long valid = 0;
        long live = 0;
        long dead = 0;
        for (long c = lastCell(block, cell); c >= block; c -= cell) {
            long cellWord = c & WORD_START_MASK;
            if (cellWord != wordStart) {
                clearValidBits(wordStart, dead);
                wordStart = cellWord;
                valid = validObjects.word(cellWord);
                live = byMarks ? valid & marks.word(cellWord) : valid;
                dead = 0;
            }
            long bit = 1L << (c >>> LOG_BYTES_IN_WORD);
            if ((live & bit) != 0) {
                anyLive = true;
                continue;
            }
            // a dead object or a cell free already, on one path: free cells are first met late in a
            // run (the final collection), and C2 made a branch for them a trap that deoptimized the sweep
            long deadBit = valid & bit;
            if (reportFrees && deadBit != 0) {
                plugins.objectFreed(c);
            }
            dead |= deadBit;
            freed += (int) (valid >>> (c >>> LOG_BYTES_IN_WORD)) & 1;
            memory.store(c + ObjectModel.ID_OFFSET, 0); // a free cell's id is 0 already (formatBlock)
            memory.store(c, head);
            head = c;
            free++;
        }
        clearValidBits(wordStart, dead);
        if (anyLive) {
            blockFreeList[b] = head;
            blockFreeCells[b] = free;
        } else {
            blockClass[b] = -1;
            blockFreeList[b] = 0;
            blockFreeCells[b] = 0;
            pages.release(block, pagesInBlock);
        }
        return freed;
    }

    /** Clears the valid-object bits {@code dead} of the bitmap word covering {@code wordStart} (none if 0). */
    private void clearValidBits(long wordStart, long dead) {
        if (dead == 0) {
            return;
        }
        if (blocksOwnBitmapWords) {
            validObjects.clearBitsUnshared(wordStart, dead);
        } else {
            validObjects.clearBits(wordStart, dead);
        }
    }

    /**
     * Frees one object (reference counting found it dead): reports it and makes its cell free; the cell
     * joins a free list at the next {@link #reclaimedCells} sweep. Called by one GC thread at a time.
     */
    public void freeObject(long object) {
        free(object);
        memory.store(object + ObjectModel.ID_OFFSET, 0);
        objectsFreed.increment();
    }

    /** Objects freed (by sweeps or {@link #freeObject}) since the last call. */
    public long takeObjectsFreed() {
        return objectsFreed.sumThenReset();
    }

    /** After the sweep: lists the blocks with free cells per size class, lowest address first. */
    public synchronized void rebuildAvailableLists() {
        for (IntArrayList list : available) {
            list.clear();
        }
        for (int b = blockLimit - 1; b >= 0; b--) {
            if (blockClass[b] >= 0 && blockFreeCells[b] > 0) {
                available[blockClass[b]].add(b);
            }
        }
    }

    /** Free cells of blocks in use: a cell of a size class takes only the objects of that class. */
    @Override
    public synchronized void describeFreeSpace(FreeSpaceProfile.Builder free) {
        for (int b = 0; b < blockLimit; b++) {
            int sizeClass = blockClass[b];
            if (sizeClass >= 0 && blockFreeCells[b] > 0) {
                long cell = sizeClasses.cellBytes(sizeClass);
                long smallest = sizeClass == 0 ? 1 : sizeClasses.cellBytes(sizeClass - 1) + 1;
                free.add(smallest, cell, blockFreeCells[b] * cell);
            }
        }
    }

    /** Free cells block by block; blocks given back to the page resource are free as a whole. */
    @Override
    public synchronized void walkFreeRanges(long from, long to, FreeRangeVisitor visitor) {
        for (int b = 0; b < blockLimit; b++) {
            long block = start + ((long) b << logBlockBytes);
            int sizeClass = blockClass[b];
            if (sizeClass < 0) {
                visitFree(visitor, block, geometry.blockBytes(), from, to);
                continue;
            }
            int cell = sizeClasses.cellBytes(sizeClass);
            for (long c = block, last = lastCell(block, cell); c <= last; c += cell) {
                if (!validObjects.get(c)) {
                    visitFree(visitor, c, cell, from, to);
                }
            }
        }
    }

    @Override
    public String checkObject(long object) {
        int b = blockIndex(object);
        if (b >= blockLimit || blockClass[b] < 0) {
            return "lies in a free block of " + name;
        }
        long offset = object - (start + ((long) b << logBlockBytes));
        int cell = sizeClasses.cellBytes(blockClass[b]);
        if (offset % cell != 0 || offset / cell >= geometry.blockBytes() / cell) {
            return "is not at a cell boundary of " + name;
        }
        if (memory.load(object + ObjectModel.ID_OFFSET) == 0) {
            return "is a free cell of " + name;
        }
        return null;
    }
}
