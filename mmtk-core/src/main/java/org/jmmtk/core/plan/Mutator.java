package org.jmmtk.core.plan;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.alloc.LargeObjectAllocator;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.LargeObjectSpace;

/**
 * A mutator's context: its allocators and its write barrier, as configured by the plan (MMTk's
 * {@code Mutator}): a default allocator for ordinary objects, a large-object allocator for objects
 * above the plan's limit, and a barrier that subclasses may override. The binding allocates and stores
 * pointers only through it.
 *
 * <p>Used by its mutator thread; collections prepare and release it while that thread is stopped.
 */
public abstract class Mutator {
    protected final MMTK mmtk;
    protected final SimulatedMemory memory;
    private final int ordinal;
    private final long maxNonLosBytes;
    private final Allocator defaultAllocator;
    private final LargeObjectAllocator large;
    private long objectsAllocated;
    private long bytesAllocated;
    protected long barrierStores;

    protected Mutator(MMTK mmtk, int ordinal, Allocator defaultAllocator, LargeObjectSpace los) {
        this.mmtk = mmtk;
        this.memory = mmtk.memory();
        this.ordinal = ordinal;
        this.maxNonLosBytes = mmtk.plan().constraints().maxNonLosBytes();
        this.defaultAllocator = defaultAllocator;
        this.large = new LargeObjectAllocator(memory, ordinal, los);
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
        long object = size > maxNonLosBytes ? large.alloc(size) : defaultAllocator.alloc(size);
        ObjectModel.initialize(memory, object, id, traceBytes, refSlots, typeId);
        postAlloc(object);
        objectsAllocated++;
        bytesAllocated += traceBytes;
        return object;
    }

    /** Per-object initialisation the plan needs after the header is written (e.g. log bits). */
    protected void postAlloc(long object) {
    }

    /** Stores {@code target} into reference slot {@code slot} of {@code source} through the plan's barrier. */
    public void writeReference(long source, int slot, long target) {
        memory.store(ObjectModel.slotAddress(source, slot), target);
    }

    /** At the start of a collection: give up thread-local allocation buffers. */
    public void prepare() {
        defaultAllocator.reset();
    }

    /** At the end of a collection: rebind allocators to where allocation continues, if that moved. */
    public void release() {
    }

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
