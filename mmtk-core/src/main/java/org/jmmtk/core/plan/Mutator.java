package org.jmmtk.core.plan;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * A mutator's context: its allocators and its write barrier, as configured by the plan (MMTk's
 * {@code Mutator}). The binding allocates and stores pointers only through it.
 *
 * <p>Used by its mutator thread; collections prepare and release it while that thread is stopped.
 */
public abstract class Mutator {
    protected final MMTK mmtk;
    protected final SimulatedMemory memory;
    private final int ordinal;
    private final long maxNonLosBytes;
    private long objectsAllocated;
    private long bytesAllocated;
    protected long barrierStores;

    protected Mutator(MMTK mmtk, int ordinal) {
        this.mmtk = mmtk;
        this.memory = mmtk.memory();
        this.ordinal = ordinal;
        this.maxNonLosBytes = mmtk.plan().constraints().maxNonLosBytes();
    }

    public final int ordinal() {
        return ordinal;
    }

    /**
     * Allocates and initialises an object; {@code traceBytes} is its size as the trace gives it (header
     * included). Returns its address. May run collections; throws {@code SimulatedOutOfMemoryError}.
     */
    public final long allocObject(long id, long traceBytes, int refSlots, int typeId) {
        long size = ObjectModel.allocationSize(traceBytes, refSlots);
        long object = size > maxNonLosBytes ? allocLarge(size) : allocDefault(size);
        ObjectModel.initialize(memory, object, id, traceBytes, refSlots, typeId);
        postAlloc(object);
        objectsAllocated++;
        bytesAllocated += traceBytes;
        return object;
    }

    /** Allocation with the plan's default allocator (the fast path). */
    protected abstract long allocDefault(long bytes);

    /** Allocation in the large object space. */
    protected abstract long allocLarge(long bytes);

    /** Per-object initialisation the plan needs after the header is written (e.g. log bits). */
    protected void postAlloc(long object) {
    }

    /** Stores {@code target} into reference slot {@code slot} of {@code source} through the plan's barrier. */
    public void writeReference(long source, int slot, long target) {
        memory.store(ObjectModel.slotAddress(source, slot), target);
    }

    /** At the start of a collection: give up thread-local allocation buffers. */
    public abstract void prepare();

    /** At the end of a collection: rebind allocators to where allocation continues. */
    public abstract void release();

    public final long objectsAllocated() {
        return objectsAllocated;
    }

    /** Sum of the trace sizes of the objects this mutator allocated. */
    public final long bytesAllocated() {
        return bytesAllocated;
    }

    /** Remembered-set insertions made by the write barrier. */
    public final long barrierStores() {
        return barrierStores;
    }
}
