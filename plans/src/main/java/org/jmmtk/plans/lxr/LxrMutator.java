package org.jmmtk.plans.lxr;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.barrier.ReferenceCounts;
import org.jmmtk.core.plan.Mutator;

/**
 * LXR's mutator: Immix bump allocation into holes of free lines (as immix's), large objects into the
 * large object space, stores through the {@link FieldLoggingBarrier}. A new object is young: count zero
 * (its granule may hold the count of a dead object) and listed, in allocation order, for the next RC
 * pause, which evacuates it if it got a reference and otherwise frees it with its lines.
 */
final class LxrMutator extends Mutator {
    private final ReferenceCounts counts;
    private final LongArrayList young = new LongArrayList();

    LxrMutator(Lxr plan, int ordinal) {
        super(plan, ordinal, new ImmixAllocator(plan.memory(), ordinal, plan.immixSpace(), false));
        this.counts = plan.counts();
    }

    @Override
    protected void postAlloc(long object) {
        counts.initialize(object);
        young.add(object);
    }

    /** Objects allocated since the last pause; read and cleared by pauses while this mutator is stopped. */
    LongArrayList young() {
        return young;
    }

    FieldLoggingBarrier fieldBarrier() {
        return (FieldLoggingBarrier) barrier();
    }
}
