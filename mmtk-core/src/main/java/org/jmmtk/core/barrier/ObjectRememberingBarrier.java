package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The object-remembering barrier (mmtk-core's {@code ObjectBarrier}, the one its generational plans
 * use): a store into an object whose log bit is set (the plan sets it on objects it wants watched,
 * e.g. when they reach the mature space) clears the bit and remembers the object once; a collection
 * rescans remembered objects whole and sets their bits again. Cheap on repeated stores to one object.
 */
public final class ObjectRememberingBarrier extends Barrier {
    public ObjectRememberingBarrier(SimulatedMemory memory) {
        super(memory);
    }

    @Override
    protected void postWrite(long source, long slot, long target) {
        if ((memory.load(source + ObjectModel.STATUS_OFFSET) & ObjectModel.LOG_BIT) != 0
                && ObjectModel.attemptToLog(memory, source)) {
            remembered.add(source);
        }
    }
}
