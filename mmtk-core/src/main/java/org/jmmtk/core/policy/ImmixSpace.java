package org.jmmtk.core.policy;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Arrays;
import java.util.function.LongPredicate;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.stats.FreeSpaceProfile;

/**
 * A mark-region space (Immix, Blackburn and McKinley, PLDI 2008; mmtk-core's {@code ImmixSpace}):
 * blocks of the heap geometry's Immix block size, aligned to it, taken from a {@link FreeListPageResource},
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
 * lose their mark. A block with no marked line holds no marked object, so unless a plugin hears of
 * each free (or the space keeps unlog or pinning bits per object) its valid-object bits are cleared at
 * once, without the walk. A block with no marked line is freed (its pages go back to the page resource); a
 * block with at least one free line (by the rule above) becomes recyclable; otherwise unavailable.
 * Line marks are kept after the sweep because the allocator reads them to find holes; they are cleared
 * in the next collection's Prepare step ({@link #prepare}). At the end of a collection the recyclable
 * blocks are listed in address order ({@link #rebuildRecyclableList}), so where mutators allocate next
 * does not depend on how the sweep was split among GC threads.
 *
 * <p><b>Defragmentation</b> (paper section 3.3): when {@link ImmixDefrag} decides a collection
 * defragments, {@link #prepare} marks the most fragmented blocks as sources. The closure marks as
 * usual; then {@link #evacuate}, in one packet, moves the marked objects of the source blocks, in
 * address order, into holes (by this collection's line marks) of the other blocks and then into clean
 * blocks, while room lasts: the per-object decision of the paper (evacuate if there is room, otherwise
 * the object stays marked in place), but taken after marking and in address order rather than during
 * the trace, so where each object goes does not depend on which GC worker reached it first (the
 * heap after a collection is the same for any number of GC threads). References are then redirected
 * by a RefForwarding pass ({@link ForwardingSpace}). Pinned objects ({@link #pin}) never move; large
 * objects live in the large object space and never move. Where evacuation finds no room, a plan's
 * emergency collection may slide the space instead ({@link ImmixCompactor}).
 *
 * <p><b>Promotion</b> (a generational plan's mature space): {@link #promote} copies an object of the
 * nursery, marked in place, into this space through the same copy allocator. A collection that does
 * not collect this space starts with {@link #preparePromotion}: line marks stay, and copies take the
 * recyclable blocks of the last sweep, then clean blocks.
 *
 * <p><b>Mixed age</b> (a sticky-mark-bit plan's one space, mmtk-core's {@code ImmixSpaceArgs.mixed_age}):
 * built with unlog bits, the space holds young and old objects together. A mark outlives the sweep and
 * means "old", so a nursery collection ({@link #prepareNursery}) traces only unmarked objects and keeps
 * every line mark; a full collection ({@link #prepare}) clears the object marks first. The sweep gives
 * every survivor its unlog bit (the barrier then watches it) and takes it from every object it frees.
 * {@link #copyNurserySurvivors} moves a nursery collection's survivors opportunistically.
 *
 * <p>Threads: mutators take blocks under the space's lock; GC workers mark lines concurrently (plain
 * byte stores of the same value) and sweep disjoint block ranges; evacuation runs in one packet.
 */
public final class ImmixSpace extends Space implements BlockSweepable, ForwardingSpace {
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
    // the line marks allocators and sweeps read, and those marking writes: the same table except while a
    // concurrent mark runs; and the other table of a space marked concurrently, null for any other
    // ({@link ConcurrentLineMarks})
    private byte[] lineMarks;
    private byte[] markTable;
    private byte[] spareLineMarks;
    // holes at the last sweep (0 for blocks taken clean since), and this collection's evacuation sources
    private final short[] blockHoles;
    private final boolean[] defragSource;
    // clean blocks the evacuation took in this collection: the copy allocator's cursors own them
    private final boolean[] copyBlock;
    private final ImmixDefrag defrag;
    private final SideBitmap pinned;
    // set for a mixed-age space: marks are sticky and survivors are unlogged; null otherwise
    private final SideBitmap unlogBits;
    private final IntArrayList recyclable = new IntArrayList();
    private int nextRecyclable;
    private int blockLimit;
    private int nextCopyTarget;
    private int cleanPagesForCopies;
    private int sourceBlocks;
    // a generational plan's nursery collection: copies take recyclable blocks, line marks are kept
    private boolean promotionOnly;
    private volatile boolean anyPinned;
    // lines mutators took since the last collection (fresh blocks whole, recyclable blocks' free lines)
    private long linesConsumed;

    public ImmixSpace(String name, long bytes, HeapServices heap) {
        this(name, bytes, heap, null);
    }

    /**
     * A mixed-age space if {@code unlogBits} is not null (see the class comment): the plan's unlog
     * bits, which the sweep sets on survivors and clears on the objects it frees.
     */
    public ImmixSpace(String name, long bytes, HeapServices heap, SideBitmap unlogBits) {
        super(name, bytes, heap);
        this.unlogBits = unlogBits;
        this.pages = new FreeListPageResource(memory, geometry, region);
        this.logBlockBytes = Integer.numberOfTrailingZeros(geometry.immixBlockBytes());
        this.logLineBytes = Integer.numberOfTrailingZeros(geometry.lineBytes());
        this.linesInBlock = geometry.immixBlockBytes() >>> logLineBytes;
        this.pagesInBlock = geometry.pagesInImmixBlock();
        int blocks = (int) (region.bytes() >>> logBlockBytes);
        SideMetadataRegistry metadata = heap.metadata();
        int blockBytes = geometry.immixBlockBytes();
        this.blockState = metadata.bytes(SideMetadataSpec.local("immix-block-state", "block", blockBytes, 8), name, blocks);
        if ((long) blocks * linesInBlock > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("space " + name + " has " + (long) blocks * linesInBlock
                    + " lines, more than one line-mark table holds: use larger lines (--line-size)");
        }
        this.lineMarks = lineMarkTable(metadata, "immix-line-mark");
        this.markTable = lineMarks;
        this.blockHoles = metadata.shorts(SideMetadataSpec.local("immix-block-holes", "block", blockBytes, 16),
                name, blocks);
        this.defragSource = metadata.booleans(SideMetadataSpec.local("immix-defrag-source", "block", blockBytes, 8),
                name, blocks);
        this.copyBlock = metadata.booleans(SideMetadataSpec.local("immix-copy-block", "block", blockBytes, 8),
                name, blocks);
        this.defrag = new ImmixDefrag(linesInBlock);
        this.pinned = metadata.bitmap(SideMetadataSpec.perGranule("immix-pinned", false, 1), name);
    }

    /**
     * The address range an Immix space needs for a budget of {@code budgetBytes}: the budget, the
     * defragmentation headroom that copies may take beyond it, and two blocks for rounding.
     */
    public static long extentFor(long budgetBytes, HeapGeometry geometry) {
        return budgetBytes + budgetBytes * ImmixDefrag.HEADROOM_PERCENT / 100 + 2L * geometry.immixBlockBytes();
    }

    public int linesInBlock() {
        return linesInBlock;
    }

    public int lineBytes() {
        return 1 << logLineBytes;
    }

    @Override
    public int blockBytes() {
        return 1 << logBlockBytes;
    }

    @Override
    public long extentEnd() {
        return pages.highWater();
    }

    @Override
    public int reservedPages() {
        return pages.reservedPages();
    }

    @Override
    protected PageResource pageResource() {
        return pages;
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        long address = pages.acquire(n, pagesInBlock);
        if (address != 0) {
            int b = blockIndex(address);
            synchronized (this) {
                blockState[b] = IN_USE;
                blockHoles[b] = 0;
                copyBlock[b] = forGC;
                blockLimit = Math.max(blockLimit, b + 1);
                if (!forGC) {
                    linesConsumed += linesInBlock;
                }
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
        int b = nextRecyclableBlock();
        if (b >= 0) {
            linesConsumed += freeLines(b);
        }
        return b;
    }

    private int nextRecyclableBlock() {
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

    /**
     * Prepare: decides whether this collection defragments (an emergency collection, or recyclable
     * blocks left untaken) and if so chooses the source blocks, allowing copies {@code cleanPages} clean
     * pages (the budget left) plus the headroom; then forgets the previous collection's line marks.
     */
    public synchronized void prepare(boolean emergency, int cleanPages) {
        boolean recyclableLeft = false;
        for (int i = nextRecyclable; i < recyclable.size() && !recyclableLeft; i++) {
            recyclableLeft = blockState[recyclable.getInt(i)] == RECYCLABLE;
        }
        defrag.decide(emergency, recyclableLeft);
        promotionOnly = false;
        cleanPagesForCopies = Math.max(0, cleanPages) + reservedPages() * ImmixDefrag.HEADROOM_PERCENT / 100;
        sourceBlocks = 0;
        if (defrag.inDefrag()) {
            long[] available = new long[ImmixDefrag.histogramBins(linesInBlock)];
            for (int b = 0; b < blockLimit; b++) {
                if (blockState[b] == RECYCLABLE) {
                    available[blockHoles[b]] += freeLines(b);
                }
            }
            defrag.establishThreshold(available, (long) cleanPagesForCopies * geometry.pageBytes() >>> logLineBytes);
        } else {
            defrag.skip();
        }
        for (int b = 0; b < blockLimit; b++) {
            copyBlock[b] = false;
            defragSource[b] = blockState[b] != FREE && defrag.isSource(blockHoles[b]);
            if (defragSource[b]) {
                sourceBlocks++;
            }
        }
        Arrays.fill(lineMarks, 0, blockLimit * linesInBlock, (byte) 0);
        if (unlogBits != null) {
            clearObjectMarks();
        }
        recyclable.clear();
        nextRecyclable = 0;
        nextCopyTarget = 0;
    }

    /**
     * Prepare of the pause that ends a concurrent mark (FinalMark), whose marks were set while mutators
     * ran and allocated into holes by the last sweep's line marks: no defragmentation, and no line mark
     * is cleared — the mark's own were kept apart while it ran and become the space's before the sweep
     * ({@link ConcurrentLineMarks#finishMark}).
     */
    public synchronized void prepareFinalMark() {
        defrag.decide(false, false);
        defrag.skip();
        promotionOnly = false;
        sourceBlocks = 0;
        Arrays.fill(copyBlock, 0, blockLimit, false);
        Arrays.fill(defragSource, 0, blockLimit, false);
        recyclable.clear();
        nextRecyclable = 0;
        nextCopyTarget = 0;
    }

    /**
     * Prepare of a collection that does not collect this space but copies objects into it (a
     * generational plan's nursery collection; use {@link #prepare} for one that collects it): no
     * defragmentation, and the line marks stay (they are those of the last collection of this space
     * plus every copy made since, so their free lines hold no object). Copies go to the holes of the
     * recyclable blocks the last sweep listed, each block handed out once until the next sweep (as
     * to mutators in {@link #takeRecyclable}), then to clean blocks, {@code cleanPages} of them.
     */
    public synchronized void preparePromotion(int cleanPages) {
        defrag.decide(false, false);
        promotionOnly = true;
        sourceBlocks = 0;
        cleanPagesForCopies = Math.max(0, cleanPages);
    }

    /**
     * Prepare of a reference-counting pause (LXR's RC pause), which evacuates young objects into this
     * space and then sweeps it by counts ({@link #sweepByLiveness}): as {@link #preparePromotion}, with
     * the defragmentation headroom on top of {@code cleanPages} for the copies, and the mark histogram
     * of the previous sweep forgotten, since this pause's sweep records a new one.
     */
    public synchronized void prepareYoungEvacuation(int cleanPages) {
        preparePromotion(cleanPages);
        cleanPagesForCopies += reservedPages() * ImmixDefrag.HEADROOM_PERCENT / 100;
        defrag.skip();
    }

    /**
     * Prepare of a mixed-age space's nursery collection: as {@link #preparePromotion} (the line marks
     * stay, since marked objects are old and live by assumption; copies take the recyclable blocks
     * mutators left, then {@code cleanPages} clean pages), the previous sweep's mark histogram is
     * forgotten, since this collection's sweep records a new one, and no block counts as taken for
     * copies any more (mutators may have allocated young objects in one since).
     */
    public synchronized void prepareNursery(int cleanPages) {
        preparePromotion(cleanPages);
        defrag.skip();
        Arrays.fill(copyBlock, 0, blockLimit, false);
    }

    /** A full collection of a mixed-age space traces every object: no mark may say "old" any more. */
    private void clearObjectMarks() {
        for (int b = 0; b < blockLimit; b++) {
            if (blockState[b] == FREE) {
                continue;
            }
            long block = blockAddress(b);
            long end = block + blockBytes();
            for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
                ObjectModel.clearMark(memory, o);
            }
        }
    }

    /**
     * Pages' worth of lines mutators took since the last collection (mmtk-core's
     * {@code get_pages_allocated}): every line of a fresh block, the free lines of a recyclable one.
     */
    public synchronized int pagesConsumed() {
        return (int) ((linesConsumed << logLineBytes) / geometry.pageBytes());
    }

    /**
     * Lets copies take {@code pages} more clean pages in the collection in progress (a generational
     * plan's promotion, which needs room beyond what defragmentation may use).
     */
    public synchronized void addCopyPages(int pages) {
        cleanPagesForCopies += pages;
    }

    private int freeLines(int b) {
        int free = 0;
        for (int l = 0; l < linesInBlock; l++) {
            if (isLineFree(b, l)) {
                free++;
            }
        }
        return free;
    }

    /** Whether the collection in progress defragments. */
    public boolean inDefrag() {
        return defrag.inDefrag();
    }

    /** Blocks the collection in progress evacuates. */
    public synchronized int sourceBlocks() {
        return sourceBlocks;
    }

    /**
     * Pins {@code object} (MMTk's {@code pin_object}): no collection moves it until it is unpinned or
     * dies. Returns false if it was pinned already.
     */
    public boolean pin(long object) {
        anyPinned = true;
        if (pinned.get(object)) {
            return false;
        }
        pinned.set(object);
        return true;
    }

    /** Unpins {@code object}; returns false if it was not pinned. */
    public boolean unpin(long object) {
        if (!pinned.get(object)) {
            return false;
        }
        pinned.clear(object);
        return true;
    }

    public boolean isPinned(long object) {
        return anyPinned && pinned.get(object);
    }

    boolean anyPinned() {
        return anyPinned;
    }

    /** Whether block {@code b} is held by the space (in use, recyclable or full), not free. */
    boolean holdsObjects(int b) {
        return blockState[b] != FREE;
    }

    /** The unlog bits of a mixed-age space, null for any other. */
    SideBitmap unlogBits() {
        return unlogBits;
    }

    /**
     * For the evacuation's copy allocator: the lowest block not yet offered in this collection that
     * is in use, not a source and not a clean block taken for copies (whose free end the allocator's
     * cursors still own), or -1. Its holes are those of this collection's line marks. After
     * {@link #preparePromotion}: the next recyclable block, or -1.
     */
    public synchronized int takeCopyTarget() {
        if (promotionOnly) {
            return nextRecyclableBlock();
        }
        while (nextCopyTarget < blockLimit) {
            int b = nextCopyTarget++;
            if (isCopyTarget(b)) {
                return b;
            }
        }
        return -1;
    }

    /**
     * Whether copies of the collection in progress may take the holes of block {@code b} by its line
     * marks: a block in use that is not evacuated nor a clean block taken for copies; never after
     * {@link #preparePromotion}, whose line marks do not cover what mutators allocated since.
     */
    public synchronized boolean isCopyTarget(int b) {
        return !promotionOnly && blockState[b] != FREE && !defragSource[b] && !copyBlock[b];
    }

    /** For the evacuation's copy allocator: a clean block, or 0 if copies used up their clean pages. */
    public long acquireCopyBlock() {
        synchronized (this) {
            if (cleanPagesForCopies < pagesInBlock) {
                return 0;
            }
            cleanPagesForCopies -= pagesInBlock;
        }
        return acquireForGC(pagesInBlock);
    }

    /**
     * Evacuation (after the closure, one packet): moves the marked, unpinned objects of the source
     * blocks, in address order, to where {@code context.allocCopy} puts them, until it has no room;
     * then recomputes the line marks of the source blocks from the objects left in them. Returns the
     * number of objects moved.
     */
    public long evacuate(TraceLocal context) {
        return evacuate(context, false);
    }

    /**
     * As {@link #evacuate(TraceLocal)}; if {@code pastMedium}, a medium object (larger than a line) with
     * no room stays in place and the evacuation goes on, since smaller objects may still fit holes (for
     * a copy allocator that puts medium objects into holes, which then had none that fits); it stops at
     * the first small object with no room.
     */
    public long evacuate(TraceLocal context, boolean pastMedium) {
        long moved = 0;
        boolean room = true;
        // blocks taken for copies lie beyond no source: the limit at the start covers every source
        int limit = blockLimit();
        for (int b = 0; b < limit; b++) {
            if (!defragSource[b]) {
                continue;
            }
            long block = blockAddress(b);
            long end = block + blockBytes();
            for (long o = validObjects.next(block, end); o >= 0 && room; o = validObjects.next(o + 8, end)) {
                if (!ObjectModel.isMarked(memory, o) || isPinned(o)) {
                    continue;
                }
                long size = ObjectModel.size(memory, o);
                long to = context.allocCopy(size);
                if (to == 0 && pastMedium && size > lineBytes()) {
                    continue;
                }
                if (to == 0) {
                    room = false;
                    break;
                }
                moveTo(o, to, size, context, true, true);
                moved++;
            }
            remarkLines(b);
        }
        return moved;
    }

    /**
     * Moves {@code object}, not marked by a trace, to where {@code context.allocCopy} puts it, if there is
     * room (LXR's evacuation of a young object at its first increment, in one packet after the RC
     * pause's closure); the old place gets a forwarding pointer and is forgotten by the next sweep.
     * Returns the new address, or 0 if there was no room (the object stays where it is).
     */
    public long evacuateObject(long object, TraceLocal context) {
        long size = ObjectModel.size(memory, object);
        long to = context.allocCopy(size);
        if (to != 0) {
            moveTo(object, to, size, context, false, false);
        }
        return to;
    }

    /**
     * A mixed-age space's nursery collection, after the closure, one packet (mmtk-core's
     * {@code trace_object_with_opportunistic_copy} in a nursery collection, taken after marking and in
     * address order so the heap does not depend on the GC thread count): the young survivors are the
     * objects the closure marked that have no unlog bit yet. Each unpinned one is moved where
     * {@code context.allocCopy} puts it while there is room, otherwise it stays; every survivor, moved
     * or not, is unlogged (it is old now) and added to {@code survivors} (the copy if it moved). The
     * line marks of the blocks objects left are recomputed. Returns the number of objects moved.
     */
    public long copyNurserySurvivors(TraceLocal context, LongArrayList survivors) {
        long moved = 0;
        boolean room = true;
        int limit = blockLimit();
        for (int b = 0; b < limit; b++) {
            if (blockState[b] == FREE || copyBlock[b]) {
                continue;
            }
            long block = blockAddress(b);
            long end = block + blockBytes();
            boolean left = false;
            for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
                if (!ObjectModel.isMarked(memory, o) || unlogBits.get(o)) {
                    continue;
                }
                long size = ObjectModel.size(memory, o);
                long to = room && !isPinned(o) ? context.allocCopy(size) : 0;
                if (to == 0 && !isPinned(o) && size <= lineBytes()) {
                    // no hole and no clean block for a small object: none for any other either
                    room = false;
                }
                if (to == 0) {
                    unlogBits.set(o);
                    survivors.add(o);
                    continue;
                }
                moveTo(o, to, size, context, true, true);
                unlogBits.set(to);
                survivors.add(to);
                left = true;
                moved++;
            }
            if (left) {
                remarkLines(b);
            }
        }
        return moved;
    }

    /**
     * Copies {@code object} of another space, marked in place by the collection in progress, into this
     * space where {@code context.allocCopy} puts it, leaves a forwarding pointer and returns the copy (a
     * generational plan's promotion, after the closure). The copy gets the log bit (it is mature: the
     * barrier must remember its next store); it keeps the mark if this space is swept in this
     * collection ({@code keepMark}), otherwise nothing would clear it. Promotion never fails: when the
     * clean pages allowed for copies are used up it takes one more block (the plan's copy reserve
     * normally leaves room, so the heap can exceed the budget only when the budget was too small).
     */
    public long promote(long object, TraceLocal context, boolean keepMark) {
        long size = ObjectModel.size(memory, object);
        long to = context.allocCopy(size);
        if (to == 0) {
            addCopyPages(pagesInBlock);
            to = context.allocCopy(size);
        }
        moveTo(object, to, size, context, keepMark, true);
        ObjectModel.setLogBit(memory, to);
        return to;
    }

    /** {@code marked}: whether the trace counted the object as marked in place, which the move takes back. */
    private void moveTo(long object, long to, long size, TraceLocal context, boolean keepMark, boolean marked) {
        long traceBytes = ObjectModel.traceBytes(memory, object);
        memory.copyWords(object, to, size >>> 3);
        if (!keepMark) {
            ObjectModel.clearMark(memory, to);
        }
        validObjects.set(to);
        markLines(to);
        ObjectModel.setForwardingPointer(memory, object, to);
        if (marked) {
            context.evacuated(object, to, traceBytes, size);
        } else {
            context.copied(object, to, traceBytes, size);
        }
    }

    /**
     * Before the evacuation copies into the hole {@code [from, to)} of a block not yet swept: reclaims
     * the dead objects that overlap it, so the sweep never reads a header overwritten by a copy. Those
     * that start in it are dead (a free line holds no live object); a dead object that starts before
     * it may reach into it too (its header may even straddle the line boundary), so the objects of the
     * block that start less than the largest object size before the hole are checked as well.
     */
    public void reclaimHole(long from, long to) {
        long scan = Math.max(blockAddress(blockIndex(from)), from - geometry.maxImmixObjectBytes());
        for (long o = validObjects.next(scan, to); o >= 0; o = validObjects.next(o + 8, to)) {
            if (o >= from || (!ObjectModel.isForwarded(memory, o) && !ObjectModel.isMarked(memory, o)
                    && o + ObjectModel.size(memory, o) > from)) {
                reclaim(o);
            }
        }
    }

    /** Frees the dead {@code object} of this space, and its pinned and unlog bits. */
    void reclaim(long object) {
        if (anyPinned) {
            pinned.clear(object);
        }
        if (unlogBits != null && unlogBits.get(object)) {
            unlogBits.clear(object);
        }
        free(object);
    }

    /** Line marks of block {@code b} from the marked objects in it (those not evacuated, or slid into it). */
    void remarkLines(int b) {
        Arrays.fill(lineMarks, b * linesInBlock, (b + 1) * linesInBlock, (byte) 0);
        long block = blockAddress(b);
        long end = block + blockBytes();
        for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
            if (ObjectModel.isMarked(memory, o)) {
                markLines(o);
            }
        }
    }

    @Override
    public void updateSlot(long slot) {
        ForwardingSpace.forwardSlot(memory, this, slot);
    }

    @Override
    public long traceObject(long object, TraceLocal context) {
        long status = ObjectModel.markStatus(memory, object);
        if (status != ObjectModel.ALREADY_MARKED) {
            markLines(object, ObjectModel.sizeOfStatus(status));
            context.marked(ObjectModel.traceBytesOfStatus(status));
            context.enqueue(object, status);
        }
        return object;
    }

    private void markLines(long object) {
        markLines(object, ObjectModel.size(memory, object));
    }

    /** Marks the lines of {@code object} of {@code size} bytes, by the conservative rule. */
    private void markLines(long object, long size) {
        byte[] table = markTable;
        long offset = object - start;
        int first = (int) (offset >>> logLineBytes);
        if (size <= lineBytes()) {
            table[first] = 1;
            return;
        }
        int last = (int) ((offset + size - 1) >>> logLineBytes);
        for (int l = first; l <= last; l++) {
            table[l] = 1;
        }
    }

    /** A new line-mark table of this space, one byte per line, declared as side metadata named {@code spec}. */
    private byte[] lineMarkTable(SideMetadataRegistry metadata, String spec) {
        int blocks = (int) (region.bytes() >>> logBlockBytes);
        return metadata.bytes(SideMetadataSpec.local(spec, "line", geometry.lineBytes(), 8), name,
                blocks * linesInBlock);
    }

    /** Gives the space its second line-mark table, declared in {@code metadata} ({@link ConcurrentLineMarks}). */
    synchronized void addSpareLineMarks(SideMetadataRegistry metadata) {
        spareLineMarks = lineMarkTable(metadata, "immix-next-line-mark");
    }

    /** From now on marking marks lines in the second table, first cleared over the blocks used so far. */
    synchronized void markIntoSpareLineMarks() {
        Arrays.fill(spareLineMarks, 0, blockLimit * linesInBlock, (byte) 0);
        markTable = spareLineMarks;
    }

    /**
     * Visits, in address order, the objects that start on a line marked in the table marking writes: every
     * object the mark in progress marked in this space (marking an object marks its first line), with
     * unmarked neighbours on the same lines. Lines no mark touched are skipped unread. Called in a pause.
     */
    synchronized void walkObjectsOnMarkedLines(ObjectVisitor visitor) {
        byte[] table = markTable;
        int lines = blockLimit * linesInBlock;
        for (int l = 0; l < lines; l++) {
            if (table[l] == 0) {
                continue;
            }
            int run = l + 1;
            while (run < lines && table[run] != 0) {
                run++;
            }
            long from = start + ((long) l << logLineBytes);
            long to = start + ((long) run << logLineBytes);
            for (long o = validObjects.next(from, to); o >= 0; o = validObjects.next(o + 8, to)) {
                visitor.visit(o);
            }
            l = run;
        }
    }

    /** Marks the lines of {@code object} of this space as marking does (an object allocated marked). */
    void markLinesOf(long object) {
        markLines(object);
    }

    /** The second table, with the marks of the mark just finished, becomes the space's; the old one the second. */
    synchronized void adoptSpareLineMarks() {
        byte[] old = lineMarks;
        lineMarks = spareLineMarks;
        markTable = lineMarks;
        spareLineMarks = old;
    }

    @Override
    public void sweep(int from, int to) {
        long[] histogram = new long[ImmixDefrag.histogramBins(linesInBlock)];
        for (int b = from; b < to; b++) {
            if (blockState[b] != FREE) {
                sweepBlock(b, histogram);
            }
        }
        defrag.addMarkHistogram(histogram);
    }

    private void sweepBlock(int b, long[] markHistogram) {
        long block = blockAddress(b);
        long end = block + blockBytes();
        if (unlogBits == null && !anyPinned && !plugins.wantsFrees() && !anyLineMarked(b)) {
            // every marked object marked its lines: none lives here, and no one needs to hear of each death
            validObjects.clearRange(block, end);
            classifyBlock(b, markHistogram);
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
                reclaim(o);
            }
        }
        classifyBlock(b, markHistogram);
    }

    private boolean anyLineMarked(int b) {
        for (int l = b * linesInBlock, end = l + linesInBlock; l < end; l++) {
            if (lineMarks[l] != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * A sweep of blocks {@code [from, to)} by reference counts rather than marks (LXR's RC pauses, which
     * trace nothing): an object is live when {@code live} says so; dead ones are freed, the old places
     * of moved ones forgotten, and each block's line marks are recomputed from its live objects, so a
     * line is free exactly when no live object lies on it (by the conservative rule). Mark bits are
     * cleared on the live objects if {@code clearMarks} (the pause that ends a trace's use of them) and
     * otherwise left alone. Ranges given to different workers must not overlap.
     */
    public void sweepByLiveness(int from, int to, LongPredicate live, boolean clearMarks) {
        long[] histogram = new long[ImmixDefrag.histogramBins(linesInBlock)];
        for (int b = from; b < to; b++) {
            if (blockState[b] == FREE) {
                continue;
            }
            Arrays.fill(lineMarks, b * linesInBlock, (b + 1) * linesInBlock, (byte) 0);
            long block = blockAddress(b);
            long end = block + blockBytes();
            for (long o = validObjects.next(block, end); o >= 0; o = validObjects.next(o + 8, end)) {
                if (ObjectModel.isForwarded(memory, o)) {
                    validObjects.clear(o);
                } else if (live.test(o)) {
                    markLines(o);
                    if (clearMarks) {
                        ObjectModel.clearMark(memory, o);
                    }
                } else {
                    reclaim(o);
                }
            }
            classifyBlock(b, histogram);
        }
        defrag.addMarkHistogram(histogram);
    }

    /** After its objects were swept: block {@code b}'s holes, and whether it is free, recyclable or full. */
    private void classifyBlock(int b, long[] markHistogram) {
        long block = blockAddress(b);
        int base = b * linesInBlock;
        int marked = 0;
        int free = 0;
        int holes = 0;
        for (int l = 0; l < linesInBlock; l++) {
            if (lineMarks[base + l] != 0) {
                marked++;
            } else if (l == 0 || lineMarks[base + l - 1] == 0) {
                if (l == 0 || !isLineFree(b, l - 1)) {
                    holes++;
                }
                free++;
            }
        }
        blockHoles[b] = (short) holes;
        if (marked == 0) {
            blockState[b] = FREE;
            pages.release(block, pagesInBlock);
        } else {
            blockState[b] = free > 0 ? RECYCLABLE : UNAVAILABLE;
            markHistogram[holes] += marked;
        }
    }

    /** After the sweep: lists the recyclable blocks, lowest address first. Returns the number of full blocks. */
    public synchronized int rebuildRecyclableList() {
        recyclable.clear();
        nextRecyclable = 0;
        linesConsumed = 0;
        int full = 0;
        for (int b = 0; b < blockLimit; b++) {
            if (blockState[b] == RECYCLABLE) {
                recyclable.add(b);
            } else if (blockState[b] == UNAVAILABLE) {
                full++;
            }
        }
        return full;
    }

    /** Recyclable blocks listed by the last collection (whether or not allocators took them since). */
    public synchronized int recyclableBlocks() {
        return recyclable.size();
    }

    public int pagesInBlock() {
        return pagesInBlock;
    }

    /**
     * Holes of the recyclable blocks: a hole takes any object up to its size (and up to the largest
     * object the space takes; larger ones go to the large object space).
     */
    @Override
    public synchronized void describeFreeSpace(FreeSpaceProfile.Builder free) {
        long largest = geometry.maxImmixObjectBytes();
        for (int b = 0; b < blockLimit; b++) {
            if (blockState[b] != RECYCLABLE) {
                continue;
            }
            int line = 0;
            while (line < linesInBlock) {
                if (!isLineFree(b, line)) {
                    line++;
                    continue;
                }
                int end = line + 1;
                while (end < linesInBlock && isLineFree(b, end)) {
                    end++;
                }
                long hole = (long) (end - line) << logLineBytes;
                free.add(1, Math.min(hole, largest), hole);
                line = end;
            }
        }
    }

    /**
     * Free lines: every line of a free block, the free lines of a recyclable block no allocator took
     * since the last collection; a block in use has none (its allocator owns its holes).
     */
    @Override
    public synchronized void walkFreeRanges(long from, long to, FreeRangeVisitor visitor) {
        long lineBytes = 1L << logLineBytes;
        for (int b = 0; b < blockLimit; b++) {
            if (blockState[b] == FREE) {
                visitFree(visitor, blockAddress(b), blockBytes(), from, to);
            } else if (blockState[b] == RECYCLABLE) {
                for (int l = 0; l < linesInBlock; l++) {
                    if (isLineFree(b, l)) {
                        visitFree(visitor, blockAddress(b) + l * lineBytes, lineBytes, from, to);
                    }
                }
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
