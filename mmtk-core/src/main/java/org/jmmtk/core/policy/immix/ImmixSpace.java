package org.jmmtk.core.policy.immix;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.function.LongPredicate;
import org.jmmtk.core.heap.FreeListPageResource;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.BlockSweepable;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.FreeRangeVisitor;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.TraceLocal;
import org.jmmtk.core.stats.FreeSpaceProfile;

/**
 * A mark-region space (Immix, Blackburn and McKinley, PLDI 2008; mmtk-core's {@code ImmixSpace}): blocks
 * of the heap geometry's Immix block size, aligned to it, taken from a {@link FreeListPageResource}, each
 * divided into lines of the geometry's line size. Mutators bump-allocate into holes (runs of free lines)
 * of recyclable blocks and into free blocks ({@link org.jmmtk.core.alloc.ImmixAllocator}). This class is
 * the space's face to plans and allocators; its parts, as mmtk-core's {@code policy/immix}:
 * <ul>
 * <li>{@link BlockTable}: each block's state (free, in use, recyclable, full) and the highest block used;
 * <li>{@link LineMarks}: the line-mark tables and the conservative one-line rule; {@link ConcurrentLineMarks}
 *     keeps a concurrent mark's line marks apart;
 * <li>{@link RecyclableBlocks}: the recyclable blocks the last sweep listed, handed out lowest first;
 * <li>{@link ImmixDefrag}: whether a collection defragments, and which blocks it evacuates;
 * <li>{@link CopyTargets}: where a collection's copies go (holes, then clean blocks while the allowance lasts);
 * <li>{@link BlockSweeper}: the sweep of objects and lines, and the classification of blocks;
 * <li>{@link Evacuator}: evacuation, opportunistic copying of a nursery's survivors, promotion;
 * <li>{@link PinnedObjects}: objects no collection moves; {@link ImmixCompactor}: the emergency slide.
 * </ul>
 *
 * <p><b>Marking</b> ({@link #traceObject}): an object is marked with the header's mark bit, and the call that
 * marks it also marks its lines. Line marks are kept after the sweep because the allocators read them to
 * find holes; they are cleared in the next collection's Prepare step ({@link #prepare}). At the end of a
 * collection the recyclable blocks are listed in address order ({@link #rebuildRecyclableList}).
 *
 * <p><b>Defragmentation</b>: when {@link ImmixDefrag} decides a collection defragments, {@link #prepare}
 * marks the most fragmented blocks as sources. The closure marks as usual; then {@link #evacuate}, in one
 * packet, moves the marked objects of the source blocks into holes (by this collection's line marks) of
 * the other blocks and then into clean blocks, while room lasts. References are then redirected by a
 * RefForwarding pass ({@link ForwardingSpace}). Where evacuation finds no room, a plan's emergency
 * collection may slide the space instead ({@link ImmixCompactor}).
 *
 * <p><b>Promotion</b> (a generational plan's mature space): {@link #promote} copies an object of the
 * nursery, marked in place, into this space. A collection that does not collect this space starts with
 * {@link #preparePromotion}: line marks stay, and copies take the recyclable blocks of the last sweep, then
 * clean blocks.
 *
 * <p><b>Mixed age</b> (a sticky-mark-bit plan's one space, mmtk-core's {@code ImmixSpaceArgs.mixed_age}):
 * built with unlog bits, the space holds young and old objects together. A mark outlives the sweep and
 * means "old", so a nursery collection ({@link #prepareNursery}) traces only unmarked objects and keeps
 * every line mark; a full collection ({@link #prepare}) clears the object marks first.
 * {@link #copyNurserySurvivors} moves a nursery collection's survivors opportunistically.
 *
 * <p>Threads: mutators take blocks under the space's lock, which also guards the block list, the copy
 * targets and the defragmentation decision (the parts are called under it); GC workers mark objects and
 * lines concurrently and sweep disjoint block ranges; evacuation runs in one packet.
 */
public final class ImmixSpace extends Space implements BlockSweepable, ForwardingSpace {
    private final FreeListPageResource pages;
    private final int logLineBytes;
    private final int linesInBlock;
    private final int pagesInBlock;
    private final BlockTable blocks;
    private final LineMarks lines;
    private final ImmixDefrag defrag;
    private final CopyTargets copies;
    private final PinnedObjects pins;
    private final RecyclableBlocks recyclable = new RecyclableBlocks();
    private final BlockSweeper sweeper;
    private final Evacuator evacuator;
    // set for a mixed-age space: marks are sticky and survivors are unlogged; null otherwise
    private final SideBitmap unlogBits;
    // lines mutators took since the last collection (fresh blocks whole, recyclable blocks' free lines)
    private long linesConsumed;

    /** The parts of a space, for the parts that work on several of them. */
    record Parts(HeapServices heap, FreeListPageResource pages, BlockTable blocks, LineMarks lines,
                 ImmixDefrag defrag, CopyTargets copies, PinnedObjects pins, SideBitmap unlogBits) {
    }

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
        int logBlockBytes = Integer.numberOfTrailingZeros(geometry.immixBlockBytes());
        this.logLineBytes = Integer.numberOfTrailingZeros(geometry.lineBytes());
        this.linesInBlock = geometry.immixBlockBytes() >>> logLineBytes;
        this.pagesInBlock = geometry.pagesInImmixBlock();
        int blockCount = (int) (region.bytes() >>> logBlockBytes);
        int blockBytes = geometry.immixBlockBytes();
        // side metadata is reported in the order it is declared: block state, line marks, the defrag
        // state, copy blocks, pins
        SideMetadataRegistry metadata = heap.metadata();
        this.blocks = new BlockTable(metadata.bytes(SideMetadataSpec.local("immix-block-state", "block", blockBytes, 8),
                name, blockCount), start, logBlockBytes);
        this.lines = new LineMarks(metadata, name, validObjects, blockCount, start, logLineBytes, linesInBlock);
        this.defrag = new ImmixDefrag(metadata, name, blockCount, blockBytes, linesInBlock);
        this.copies = new CopyTargets(metadata, name, blockCount, blockBytes);
        this.pins = new PinnedObjects(metadata.bitmap(SideMetadataSpec.perGranule("immix-pinned", false, 1), name));
        Parts parts = new Parts(heap, pages, blocks, lines, defrag, copies, pins, unlogBits);
        this.sweeper = new BlockSweeper(this, parts);
        this.evacuator = new Evacuator(this, parts, sweeper);
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
        return blocks.bytes();
    }

    public int pagesInBlock() {
        return pagesInBlock;
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
        long address = pages.acquire(n, pagesInBlock);
        if (address != 0) {
            int b = blocks.index(address);
            synchronized (this) {
                blocks.setState(b, BlockTable.IN_USE);
                defrag.setHoles(b, 0);
                copies.takenClean(b, forGC);
                blocks.taken(b);
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
        int b = recyclable.take(blocks);
        if (b >= 0) {
            linesConsumed += lines.freeLines(b);
        }
        return b;
    }

    public long blockAddress(int b) {
        return blocks.address(b);
    }

    public int blockIndex(long address) {
        return blocks.index(address);
    }

    /** Whether line {@code line} of block {@code b} is free: neither it nor the line before it is marked. */
    public boolean isLineFree(int b, int line) {
        return lines.isFree(b, line);
    }

    @Override
    public synchronized int blockLimit() {
        return blocks.limit();
    }

    /**
     * Prepare: decides whether this collection defragments (an emergency collection, or recyclable
     * blocks left untaken) and if so chooses the source blocks, allowing copies {@code cleanPages} clean
     * pages (the budget left) plus the headroom; then forgets the previous collection's line marks.
     */
    public synchronized void prepare(boolean emergency, int cleanPages) {
        int limit = blocks.limit();
        int cleanPagesForCopies = Math.max(0, cleanPages) + reservedPages() * ImmixDefrag.HEADROOM_PERCENT / 100;
        copies.prepareCollection(cleanPagesForCopies, limit);
        defrag.prepare(emergency, recyclable.anyLeft(blocks),
                (long) cleanPagesForCopies * geometry.pageBytes() >>> logLineBytes, blocks, lines);
        lines.clear(limit);
        if (unlogBits != null) {
            sweeper.clearObjectMarks(limit);
        }
        recyclable.clear();
    }

    /**
     * Prepare of the pause that ends a concurrent mark (FinalMark), whose marks were set while mutators
     * ran and allocated into holes by the last sweep's line marks: no defragmentation, and no line mark
     * is cleared — the mark's own were kept apart while it ran and become the space's before the sweep
     * ({@link ConcurrentLineMarks#finishMark}).
     */
    public synchronized void prepareFinalMark() {
        int limit = blocks.limit();
        defrag.prepareWithoutDefrag();
        defrag.skip();
        defrag.clearSources(limit);
        copies.prepareCollection(limit);
        recyclable.clear();
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
        defrag.prepareWithoutDefrag();
        copies.preparePromotion(Math.max(0, cleanPages));
    }

    /**
     * Prepare of a reference-counting pause (LXR's RC pause), which evacuates young objects into this
     * space and then sweeps it by counts ({@link #sweepByLiveness}): as {@link #preparePromotion}, with
     * the defragmentation headroom on top of {@code cleanPages} for the copies, and the mark histogram
     * of the previous sweep forgotten, since this pause's sweep records a new one.
     */
    public synchronized void prepareYoungEvacuation(int cleanPages) {
        preparePromotion(cleanPages);
        copies.addCleanPages(reservedPages() * ImmixDefrag.HEADROOM_PERCENT / 100);
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
        copies.forgetCleanBlocks(blocks.limit());
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
        copies.addCleanPages(pages);
    }

    /** Whether the collection in progress defragments. */
    public boolean inDefrag() {
        return defrag.inDefrag();
    }

    /** Blocks the collection in progress evacuates. */
    public synchronized int sourceBlocks() {
        return defrag.sourceBlocks();
    }

    /**
     * Pins {@code object} (MMTk's {@code pin_object}): no collection moves it until it is unpinned or
     * dies. Returns false if it was pinned already.
     */
    public boolean pin(long object) {
        return pins.pin(object);
    }

    /** Unpins {@code object}; returns false if it was not pinned. */
    public boolean unpin(long object) {
        return pins.unpin(object);
    }

    public boolean isPinned(long object) {
        return pins.isPinned(object);
    }

    boolean anyPinned() {
        return pins.any();
    }

    /** Whether block {@code b} is held by the space (in use, recyclable or full), not free. */
    boolean holdsObjects(int b) {
        return blocks.holdsObjects(b);
    }

    /** The unlog bits of a mixed-age space, null for any other. */
    SideBitmap unlogBits() {
        return unlogBits;
    }

    /** The space's line marks ({@link ConcurrentLineMarks}). */
    LineMarks lineMarks() {
        return lines;
    }

    /**
     * For the evacuation's copy allocator: the lowest block not yet offered in this collection that
     * is in use, not a source and not a clean block taken for copies (whose free end the allocator's
     * cursors still own), or -1. Its holes are those of this collection's line marks. After
     * {@link #preparePromotion}: the next recyclable block, or -1.
     */
    public synchronized int takeCopyTarget() {
        return copies.next(blocks, defrag, recyclable);
    }

    /**
     * Whether copies of the collection in progress may take the holes of block {@code b} by its line
     * marks: a block in use that is not evacuated nor a clean block taken for copies; never after
     * {@link #preparePromotion}, whose line marks do not cover what mutators allocated since.
     */
    public synchronized boolean isCopyTarget(int b) {
        return copies.isTarget(b, blocks, defrag);
    }

    /** For the evacuation's copy allocator: a clean block, or 0 if copies used up their clean pages. */
    public long acquireCopyBlock() {
        synchronized (this) {
            if (!copies.takeCleanBlock(pagesInBlock)) {
                return 0;
            }
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
        return evacuator.evacuate(context, pastMedium);
    }

    /**
     * Moves {@code object}, not marked by a trace, to where {@code context.allocCopy} puts it, if there is
     * room (LXR's evacuation of a young object at its first increment, in one packet after the RC
     * pause's closure); the old place gets a forwarding pointer and is forgotten by the next sweep.
     * Returns the new address, or 0 if there was no room (the object stays where it is).
     */
    public long evacuateObject(long object, TraceLocal context) {
        return evacuator.evacuateObject(object, context);
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
        return evacuator.copyNurserySurvivors(context, survivors);
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
        return evacuator.promote(object, context, keepMark);
    }

    /**
     * Before the evacuation copies into the hole {@code [from, to)} of a block not yet swept: reclaims
     * the dead objects that overlap it, so the sweep never reads a header overwritten by a copy. Those
     * that start in it are dead (a free line holds no live object); a dead object that starts before
     * it may reach into it too (its header may even straddle the line boundary), so the objects of the
     * block that start less than the largest object size before the hole are checked as well.
     */
    public void reclaimHole(long from, long to) {
        sweeper.reclaimHole(from, to);
    }

    /** Frees the dead {@code object} of this space, and its pinned and unlog bits. */
    void reclaim(long object) {
        pins.forget(object);
        if (unlogBits != null && unlogBits.get(object)) {
            unlogBits.clear(object);
        }
        free(object);
    }

    /** Line marks of block {@code b} from the marked objects in it (those not evacuated, or slid into it). */
    void remarkLines(int b) {
        sweeper.remarkLines(b);
    }

    @Override
    public void updateSlot(long slot) {
        ForwardingSpace.forwardSlot(memory, this, slot);
    }

    @Override
    public long traceObject(long object, TraceLocal context) {
        long status = ObjectModel.markStatus(memory, object);
        if (status != ObjectModel.ALREADY_MARKED) {
            lines.mark(object, ObjectModel.sizeOfStatus(status));
            context.marked(ObjectModel.traceBytesOfStatus(status));
            context.enqueue(object, status);
        }
        return object;
    }

    /** Marks the lines of {@code object} of this space as marking does (an object allocated marked). */
    void markLinesOf(long object) {
        lines.mark(object, ObjectModel.size(memory, object));
    }

    @Override
    public void sweep(int from, int to) {
        sweeper.sweep(from, to);
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
        sweeper.sweepByLiveness(from, to, live, clearMarks);
    }

    /** After the sweep: lists the recyclable blocks, lowest address first. Returns the number of full blocks. */
    public synchronized int rebuildRecyclableList() {
        linesConsumed = 0;
        return recyclable.rebuild(blocks);
    }

    /** Recyclable blocks listed by the last collection (whether or not allocators took them since). */
    public synchronized int recyclableBlocks() {
        return recyclable.size();
    }

    /**
     * Holes of the recyclable blocks: a hole takes any object up to its size (and up to the largest
     * object the space takes; larger ones go to the large object space).
     */
    @Override
    public synchronized void describeFreeSpace(FreeSpaceProfile.Builder free) {
        long largest = geometry.maxImmixObjectBytes();
        for (int b = 0, limit = blocks.limit(); b < limit; b++) {
            if (blocks.state(b) != BlockTable.RECYCLABLE) {
                continue;
            }
            int line = 0;
            while (line < linesInBlock) {
                if (!lines.isFree(b, line)) {
                    line++;
                    continue;
                }
                int end = line + 1;
                while (end < linesInBlock && lines.isFree(b, end)) {
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
        for (int b = 0, limit = blocks.limit(); b < limit; b++) {
            if (blocks.state(b) == BlockTable.FREE) {
                visitFree(visitor, blocks.address(b), blocks.bytes(), from, to);
            } else if (blocks.state(b) == BlockTable.RECYCLABLE) {
                for (int l = 0; l < linesInBlock; l++) {
                    if (lines.isFree(b, l)) {
                        visitFree(visitor, blocks.address(b) + l * lineBytes, lineBytes, from, to);
                    }
                }
            }
        }
    }

    @Override
    public String checkObject(long object) {
        int b = blocks.index(object);
        if (b >= blocks.limit() || !blocks.holdsObjects(b)) {
            return "lies in a free block of " + name;
        }
        if ((object & 7) != 0) {
            return "is not word-aligned in " + name;
        }
        if (object + ObjectModel.size(memory, object) > blocks.address(b) + blocks.bytes()) {
            return "crosses the end of its block in " + name;
        }
        return null;
    }
}
