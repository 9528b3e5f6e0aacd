package org.jmmtk.core.alloc;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.ImmixSpace;

/**
 * Immix allocation (paper section 3.2; mmtk-core's {@code ImmixAllocator}): bump allocation into the
 * current hole, a run of free lines of the block the allocator holds. The slow path finds the next hole
 * of that block, then takes the lowest recyclable block, then a fresh block from the space (which
 * polls the heap budget through {@code Space.acquire}). An object larger than a line that does not fit
 * the current hole goes to the overflow allocator instead: a second bump cursor over fresh blocks, so a
 * medium object never makes the allocator skip the rest of a hole small objects could use.
 *
 * <p>Used only by its owning mutator; a collection resets it while the owner is stopped.
 */
public final class ImmixAllocator extends Allocator {
    private final ImmixSpace space;
    private final int lineBytes;
    private final int linesInBlock;
    private long cursor;
    private long limit;
    private int block = -1;
    private int nextLine;
    private long overflowCursor;
    private long overflowLimit;

    public ImmixAllocator(SimulatedMemory memory, int owner, ImmixSpace space) {
        super(memory, owner);
        this.space = space;
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
        return allocSlow(bytes);
    }

    @Override
    protected long allocSlowOnce(long bytes) {
        if (bytes > lineBytes) {
            long fresh = space.acquireBlock();
            if (fresh == 0) {
                return 0;
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
            int b = space.takeRecyclable();
            if (b >= 0) {
                block = b;
                nextLine = 0;
                continue;
            }
            long fresh = space.acquireBlock();
            if (fresh == 0) {
                return 0;
            }
            block = -1;
            cursor = fresh + bytes;
            limit = fresh + space.blockBytes();
            return fresh;
        }
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
        return true;
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
    protected String spaceName() {
        return space.name();
    }
}
