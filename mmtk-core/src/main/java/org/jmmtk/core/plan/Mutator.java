package org.jmmtk.core.plan;

import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.alloc.LargeObjectAllocator;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.stats.SizeHistogram;

/**
 * A mutator's context: its allocators and its write barrier, as configured by the plan (MMTk's
 * {@code Mutator}): a default allocator for ordinary objects, a large-object allocator for objects
 * above the heap geometry's threshold, and a {@link Barrier} for pointer stores. The binding allocates
 * and stores pointers only through it, and it reports both to the plugins that asked.
 *
 * <p>Used by its mutator thread; collections prepare and release it while that thread is stopped.
 */
public abstract class Mutator {
    protected final SimulatedMemory memory;
    private final SideBitmap validObjects;
    private final boolean ownsValidBitWords;
    private final PluginHost plugins;
    private final int ordinal;
    private final long largeObjectThreshold;
    private final Allocator defaultAllocator;
    private final Allocator pretenureAllocator;
    private final LargeObjectAllocator large;
    private final Barrier barrier;
    // written for every allocation: padded so that two mutators run by different threads never share
    // these cache lines (the JVM's collector may copy the contexts next to each other; HotSpot keeps
    // declaration order among a class's long fields, and lays them out first)
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;
    private long objectsAllocated;
    private long bytesAllocated;
    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;
    private final SizeHistogram sizes = new SizeHistogram();

    /** A mutator allocating with {@code defaultAllocator}, with the barrier the plan creates for it. */
    protected Mutator(Plan plan, int ordinal, Allocator defaultAllocator) {
        this(plan, ordinal, defaultAllocator, defaultAllocator);
    }

    /**
     * A mutator that allocates pretenured objects ({@link #allocPretenured}) with {@code pretenureAllocator}
     * (a generational plan's mature space), the others with {@code defaultAllocator}.
     */
    protected Mutator(Plan plan, int ordinal, Allocator defaultAllocator, Allocator pretenureAllocator) {
        this.pretenureAllocator = pretenureAllocator;
        this.memory = plan.memory();
        this.validObjects = plan.heap().validObjects();
        this.ownsValidBitWords = plan.mutatorsOwnValidBitWords();
        this.plugins = plan.heap().plugins();
        this.ordinal = ordinal;
        this.largeObjectThreshold = plan.largeObjectThreshold();
        this.defaultAllocator = defaultAllocator;
        this.large = new LargeObjectAllocator(memory, ordinal, plan.largeObjectSpace());
        this.barrier = plan.createBarrier(ordinal);
    }

    public final int ordinal() {
        return ordinal;
    }

    /**
     * Allocates and initialises an object; {@code traceBytes} is its size as the trace gives it (header
     * included). Returns its address. May run collections; throws {@code SimulatedOutOfMemoryError}.
     */
    public final long allocObject(long id, long traceBytes, int refSlots, int typeId) {
        return allocObject(id, traceBytes, refSlots, typeId, defaultAllocator);
    }

    /**
     * As {@link #allocObject}, but straight into the space where long-lived objects go (pretenuring: a
     * generational plan's mature space); plans without one allocate as usual.
     */
    public final long allocPretenured(long id, long traceBytes, int refSlots, int typeId) {
        return allocObject(id, traceBytes, refSlots, typeId, pretenureAllocator);
    }

    private long allocObject(long id, long traceBytes, int refSlots, int typeId, Allocator allocator) {
        long size = ObjectModel.allocationSize(traceBytes, refSlots);
        long object = size > largeObjectThreshold ? large.alloc(size) : allocator.alloc(size);
        ObjectModel.initialize(memory, object, id, traceBytes, refSlots, typeId);
        if (ownsValidBitWords) {
            validObjects.setUnshared(object);
        } else {
            validObjects.set(object);
        }
        postAlloc(object);
        objectsAllocated++;
        bytesAllocated += traceBytes;
        sizes.record(size);
        if (plugins.wantsAlloc()) {
            plugins.alloc(ordinal, object);
        }
        return object;
    }

    /**
     * Per-object initialisation the plan needs after the header is written (e.g. log bits, or the
     * mark state of a space whose marks alternate).
     */
    protected void postAlloc(long object) {
    }

    /** Stores {@code target} into reference slot {@code slot} of {@code source} through the plan's barrier. */
    public final void writeReference(long source, int slot, long target) {
        long address = ObjectModel.slotAddress(source, slot);
        if (plugins.wantsPointerStores()) {
            long old = memory.load(address);
            barrier.store(source, address, target);
            plugins.pointerStore(ordinal, source, slot, old, target);
        } else {
            barrier.store(source, address, target);
        }
    }

    /** The write barrier, whose remembered set a collection processes. */
    public final Barrier barrier() {
        return barrier;
    }

    /** At the start of a collection: give up thread-local allocation buffers. */
    public void prepare() {
        defaultAllocator.reset();
        if (pretenureAllocator != defaultAllocator) {
            pretenureAllocator.reset();
        }
    }

    /**
     * The program thread this mutator served has ended (MMTk's {@code destroy_mutator}: a thread that
     * exits flushes what it holds); the binding's next records for it, if any, are a new thread's, which
     * this mutator serves afresh, with its counters running on. By default nothing: a plan keeps its
     * buffers for the next thread, as they hold no thread's state. A plan that models what a VM does
     * at a thread's exit (serial: HotSpot retires the TLAB) overrides it. Called on the mutator's thread.
     */
    public void threadEnded() {
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

    /** The allocation sizes (simulated bytes) of the objects this mutator allocated. */
    public final SizeHistogram allocationSizes() {
        return sizes;
    }

    /** The write barrier's stores ({@link Barrier#stores}): remembered-set insertions, or RC count operations. */
    public final long barrierStores() {
        return barrier.stores();
    }
}
