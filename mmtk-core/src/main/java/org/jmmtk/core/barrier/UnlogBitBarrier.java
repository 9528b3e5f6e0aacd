package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;

/**
 * The object-remembering barrier over side unlog bits (mmtk-core's {@code ObjectBarrier} with the log
 * bit spec on the side, as its OpenJDK binding keeps it): a store into an object whose unlog bit is set
 * (the plan sets it on old objects) clears the bit and remembers the object once, in this mutator's
 * mod buffer; a collection gives the bits back and, in a nursery collection, scans the objects whole.
 * One instance per mutator, used by its thread; the bit is cleared atomically, so when two mutators
 * store into one object only one of them logs it.
 */
public final class UnlogBitBarrier extends Barrier {
    private final SideBitmap unlogged;

    public UnlogBitBarrier(SimulatedMemory memory, SideBitmap unlogged) {
        super(memory);
        this.unlogged = unlogged;
    }

    @Override
    protected void postWrite(long source, long slot, long target) {
        if (unlogged.get(source) && unlogged.attemptClear(source)) {
            remembered.add(source);
        }
    }
}
