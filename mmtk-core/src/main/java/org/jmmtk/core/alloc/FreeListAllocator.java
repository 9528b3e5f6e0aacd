package org.jmmtk.core.alloc;

import java.util.Arrays;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.MarkSweepSpace;
import org.jmmtk.core.policy.SizeClasses;

/**
 * Segregated-fits allocation: one thread-local free list per size class, each the cells of one block
 * of the mark-sweep space; the slow path takes the free cells of another block.
 */
public final class FreeListAllocator extends Allocator {
    private final MarkSweepSpace space;
    private final SizeClasses sizeClasses;
    private final long[] freeCells;

    public FreeListAllocator(SimulatedMemory memory, int owner, MarkSweepSpace space) {
        super(memory, owner);
        this.space = space;
        this.sizeClasses = space.sizeClasses();
        this.freeCells = new long[sizeClasses.count()];
    }

    @Override
    public long alloc(long bytes) {
        int sizeClass = sizeClasses.classOf(bytes);
        long cell = freeCells[sizeClass];
        if (cell == 0) {
            return allocSlow(bytes);
        }
        freeCells[sizeClass] = memory.load(cell);
        return cell;
    }

    @Override
    protected long allocSlowOnce(long bytes) {
        int sizeClass = sizeClasses.classOf(bytes);
        long head = space.takeFreeCells(sizeClass);
        if (head != 0) {
            freeCells[sizeClass] = memory.load(head);
        }
        return head;
    }

    @Override
    public void reset() {
        Arrays.fill(freeCells, 0L);
    }

    @Override
    public MarkSweepSpace space() {
        return space;
    }
}
