package org.jmmtk.plans.serial;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;

/**
 * Serial's mutator: bump allocation in eden in thread-local buffers as HotSpot's TLABs fill it, objects
 * larger than eden in the old generation (the large object space, counted as old), the card-marking
 * barrier. When an object does not fit the rest of its buffer the mutator takes the next one, and if
 * that starts where the current one ends (no other mutator took eden in between, as in a
 * single-threaded program) the two are one run and the object straddles them, so eden fills to the
 * buffer that does not fit, as HotSpot's does (99-100% used at each young collection); only when
 * another mutator's buffer lies between is the rest of the old one lost, as a retired TLAB's is.
 * Starting every buffer anew instead, with OldFill's 10 KB arrays in 32 KB buffers a sixth of eden
 * went unused, each young collection came after 5.80 MB of allocation instead of 6.81 MB, and
 * promoted 13% less than HotSpot. When a young collection comes is eden's byte count's decision, with
 * HotSpot's TLAB sizes and waste ({@link TlabAllocator}); at each collection the mutator's TLAB is
 * retired and its size worked out anew, as HotSpot's {@code ensure_parsability} and
 * {@code resize_all_tlabs} do; when its thread ends, the TLAB is retired as {@code JavaThread::exit} does
 * ({@link #threadEnded}). Used by its mutator thread, and by a GC worker while it is stopped.
 */
final class SerialMutator extends Mutator {
    private final Serial plan;
    private final TlabAllocator allocator;

    SerialMutator(Serial plan, int ordinal) {
        this(plan, ordinal, tlabAllocator(plan, ordinal));
    }

    private SerialMutator(Serial plan, int ordinal, TlabAllocator allocator) {
        super(plan, ordinal, allocator);
        this.plan = plan;
        this.allocator = allocator;
    }

    private static TlabAllocator tlabAllocator(Serial plan, int ordinal) {
        SimulatedMemory memory = plan.memory();
        BumpAllocator placement = new BumpAllocator(memory, plan.heap().geometry(), ordinal, plan.eden(), false, true);
        return new TlabAllocator(memory, plan, ordinal, placement);
    }

    @Override
    public void prepare() {
        super.prepare();
        Tlab tlab = allocator.tlab();
        boolean allocating = tlab.retireAtGc(plan.edenTop().usedAtGc());
        plan.edenTop().tlabRetired(allocating, tlab.takeWasteBytes());
    }

    @Override
    public void release() {
        super.release();
        allocator.tlab().resize();
    }

    /** HotSpot's {@code JavaThread::exit}: the TLAB retired, its rest lost to eden until the next young collection. */
    @Override
    public void threadEnded() {
        allocator.threadEnded();
    }

    @Override
    protected void postAlloc(long object) {
        if (plan.largeObjectSpace().contains(object)) {
            plan.largeAllocated(ObjectModel.size(memory, object));
        }
    }
}
