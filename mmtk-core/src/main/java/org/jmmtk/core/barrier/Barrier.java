package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SimulatedMemory;

/**
 * A write barrier (mmtk-core's {@code Barrier}): every pointer store of a mutator goes through
 * {@link #store}, which runs the pre-write hook, the store, and the post-write hook. Both hooks see
 * the source object, the slot and the new value; the pre-write hook runs while the slot still holds
 * the old value, so a barrier that needs it (snapshot-at-the-beginning, reference counting) loads it
 * there, and one that does not pays nothing for it. Subclasses remember what their plan needs in a
 * {@link RememberedSet}. One instance per mutator, used by its thread.
 */
public abstract class Barrier {
    protected final SimulatedMemory memory;
    protected final RememberedSet remembered = new RememberedSet();

    protected Barrier(SimulatedMemory memory) {
        this.memory = memory;
    }

    /** Stores {@code target} into {@code slot}, a reference slot of {@code source}. */
    public final void store(long source, long slot, long target) {
        preWrite(source, slot, target);
        memory.store(slot, target);
        postWrite(source, slot, target);
    }

    /** Before the store: {@code slot} still holds the old value; {@code target} is about to replace it. */
    protected void preWrite(long source, long slot, long target) {
    }

    /** After the store. */
    protected void postWrite(long source, long slot, long target) {
    }

    /**
     * The run's write-barrier stores, the literature's metric: remembered-set insertions, unless the
     * barrier does other work per store (reference counting counts its count operations).
     */
    public long stores() {
        return remembered.inserted();
    }

    /** What this barrier remembered since the last collection cleared it. */
    public final RememberedSet rememberedSet() {
        return remembered;
    }
}
