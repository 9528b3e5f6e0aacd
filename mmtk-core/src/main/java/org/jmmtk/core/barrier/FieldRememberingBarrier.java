package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SimulatedMemory;

/**
 * The field-remembering barrier (the Merlin paper's generational collectors, and MMTk's field
 * barrier): a store the plan's {@link Filter} says matters (typically a pointer from outside the
 * nursery into it) remembers the slot's address; a collection treats remembered slots as roots.
 * Remembers a slot once per store, so a slot stored repeatedly appears repeatedly.
 */
public final class FieldRememberingBarrier extends Barrier {
    /** Which stores are remembered. */
    @FunctionalInterface
    public interface Filter {
        boolean shouldRemember(long slot, long target);
    }

    private final Filter filter;

    public FieldRememberingBarrier(SimulatedMemory memory, Filter filter) {
        super(memory);
        this.filter = filter;
    }

    @Override
    protected void postWrite(long source, long slot, long target) {
        if (target != 0 && filter.shouldRemember(slot, target)) {
            remembered.add(slot);
        }
    }
}
