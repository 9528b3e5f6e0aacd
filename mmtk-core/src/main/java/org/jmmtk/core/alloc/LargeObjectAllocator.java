package org.jmmtk.core.alloc;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.LargeObjectSpace;

/** Allocation in the large object space: every request is a slow path (as in MMTk). */
public final class LargeObjectAllocator extends Allocator {
    private final LargeObjectSpace space;

    public LargeObjectAllocator(SimulatedMemory memory, int owner, LargeObjectSpace space) {
        super(memory, owner);
        this.space = space;
    }

    @Override
    public long alloc(long bytes) {
        return allocSlow(bytes);
    }

    @Override
    protected long allocSlowOnce(long bytes) {
        return space.allocate(bytes);
    }

    @Override
    public void reset() {
        // no thread-local state
    }

    @Override
    public LargeObjectSpace space() {
        return space;
    }
}
