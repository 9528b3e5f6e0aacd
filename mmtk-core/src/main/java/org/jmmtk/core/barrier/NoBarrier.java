package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SimulatedMemory;

/** No write barrier: stores are plain stores and nothing is remembered. */
public final class NoBarrier extends Barrier {
    public NoBarrier(SimulatedMemory memory) {
        super(memory);
    }
}
