package org.jmmtk.core.alloc;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.immix.ImmixSpace;

/**
 * Immix allocation (paper section 3.2; mmtk-core's {@code ImmixAllocator}): bump allocation into the
 * current hole, a run of free lines of the block the allocator holds. The slow path finds the next hole
 * of that block, then takes the lowest recyclable block, then a fresh block from the space (which
 * polls the heap budget through {@code Space.acquire}). An object larger than a line that does not fit
 * the current hole goes to the overflow allocator instead: a second bump cursor over fresh blocks, so a
 * medium object never makes the allocator skip the rest of a hole small objects could use.
 *
 * <p>A <b>copy</b> allocator (Immix's evacuation, mmtk-core's {@code ImmixAllocator} with {@code copy})
 * takes the holes, by the collection's own line marks, of the blocks in use that are not being
 * evacuated, then clean blocks while the collection's allowance lasts; it returns 0 when there is no
 * room left instead of polling for a collection. A copy allocator made with {@code mediumIntoHoles}
 * puts a medium object that finds no clean block into the first hole that fits it (first fit over the
 * copy targets, the small-object cursor's hole excepted), so a tight heap's evacuation still moves
 * medium objects instead of stopping at the first one.
 *
 * <p>Used only by its owning mutator (or GC worker, for copies); a collection resets it while the
 * owner is stopped.
 */
public final class ImmixAllocator extends Allocator {
    private final ImmixSpace space;
    private final int lineBytes;
    private final int linesInBlock;
    private final boolean copy;
    private final boolean mediumIntoHoles;
    // cursor and limit change with every allocation: padded so that allocators run by different
    // threads (mutators, GC workers) never share their cache lines (HotSpot keeps declaration order
    // among a class's long fields, and lays them out first)
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    private long cursor;
    private long limit;
    private long overflowCursor;
    private long overflowLimit;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;
    private int block = -1;
    private int nextLine;

    /** A mutator's allocator ({@code copy} false) or a GC worker's copy allocator ({@code copy} true). */
    public ImmixAllocator(SimulatedMemory memory, int owner, ImmixSpace space, boolean copy) {
        this(memory, owner, space, copy, false);
    }

    /**
     * A copy allocator whose medium objects may also take holes when no clean block is left
     * ({@code mediumIntoHoles}, see the class comment; ignored for a mutator's allocator).
     */
    public ImmixAllocator(SimulatedMemory memory, int owner, ImmixSpace space, boolean copy, boolean mediumIntoHoles) {
        super(memory, owner);
        this.space = space;
        this.copy = copy;
        this.mediumIntoHoles = copy && mediumIntoHoles;
        this.lineBytes = space.lineBytes();
        this.linesInBlock = space.linesInBlock();
    }

    @Override
    public long alloc(long bytes) {
        long result = cursor;
        if (result + bytes <= limit) {
            cursor = result + bytes;
            return result;
        }
        if (bytes > lineBytes) {
            result = overflowCursor;
            if (result + bytes <= overflowLimit) {
                overflowCursor = result + bytes;
                return result;
            }
        }
        return copy ? allocSlowOnce(bytes) : allocSlow(bytes);
    }

    /** One attempt: an address; or 0 if a collection ran (mutator) or there is no room left (copy). */
    @Override
    protected long allocSlowOnce(long bytes) {
        if (bytes > lineBytes) {
            long fresh = cleanBlock();
            if (fresh == 0) {
                return mediumIntoHoles ? firstFittingHole(bytes) : 0;
            }
            overflowCursor = fresh + bytes;
            overflowLimit = fresh + space.blockBytes();
            return fresh;
        }
        while (true) {
            if (block >= 0 && nextHole()) {
                long result = cursor;
                cursor = result + bytes;
                return result;
            }
            int b = copy ? space.takeCopyTarget() : space.takeRecyclable();
            if (b >= 0) {
                block = b;
                nextLine = 0;
                continue;
            }
            long fresh = cleanBlock();
            if (fresh == 0) {
                return 0;
            }
            block = -1;
            cursor = fresh + bytes;
            limit = fresh + space.blockBytes();
            return fresh;
        }
    }

    private long cleanBlock() {
        return copy ? space.acquireCopyBlock() : space.acquireBlock();
    }

    /** Moves to the next hole of the current recyclable block; false if it has none left. */
    private boolean nextHole() {
        int line = nextLine;
        while (line < linesInBlock && !space.isLineFree(block, line)) {
            line++;
        }
        if (line >= linesInBlock) {
            block = -1;
            return false;
        }
        int end = line + 1;
        while (end < linesInBlock && space.isLineFree(block, end)) {
            end++;
        }
        nextLine = end;
        long base = space.blockAddress(block);
        cursor = base + (long) line * lineBytes;
        limit = base + (long) end * lineBytes;
        if (copy) {
            space.reclaimHole(cursor, limit);
        }
        return true;
    }

    /**
     * A copy of a medium object with no clean block left: the start of the first run of free lines, in
     * a copy target ({@link ImmixSpace#isCopyTarget}), that holds {@code bytes}, outside the hole the
     * small-object cursor is filling; its dead objects are reclaimed. 0 if none. The copy marks its
     * lines, so the run is not offered again.
     */
    private long firstFittingHole(long bytes) {
        int lines = (int) ((bytes + lineBytes - 1) / lineBytes);
        int limitBlock = space.blockLimit();
        for (int b = 0; b < limitBlock; b++) {
            if (!space.isCopyTarget(b)) {
                continue;
            }
            long base = space.blockAddress(b);
            int run = 0;
            for (int l = 0; l < linesInBlock; l++) {
                long line = base + (long) l * lineBytes;
                boolean free = space.isLineFree(b, l) && (line + lineBytes <= cursor || line >= limit);
                run = free ? run + 1 : 0;
                if (run == lines) {
                    long from = line - (long) (lines - 1) * lineBytes;
                    space.reclaimHole(from, line + lineBytes);
                    return from;
                }
            }
        }
        return 0;
    }

    @Override
    public void reset() {
        cursor = 0;
        limit = 0;
        block = -1;
        nextLine = 0;
        overflowCursor = 0;
        overflowLimit = 0;
    }

    @Override
    public ImmixSpace space() {
        return space;
    }
}
