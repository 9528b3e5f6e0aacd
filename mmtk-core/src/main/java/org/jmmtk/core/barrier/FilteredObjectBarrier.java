package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SimulatedMemory;

/**
 * An object-remembering barrier without log bits: a store the plan's {@link Filter} selects remembers
 * its source object, once per store. For a plan whose collected region moves (Older-First's window),
 * so that whether a pointer must be remembered depends on where source and target lie at the time of
 * the store, not on a bit set once per object; the plan keeps what the barrier remembered from one
 * collection to the next.
 */
public final class FilteredObjectBarrier extends Barrier {
    /** Which stores are remembered: {@code source} now points to {@code target} (never null). */
    @FunctionalInterface
    public interface Filter {
        boolean shouldRemember(long source, long target);
    }

    private final Filter filter;

    public FilteredObjectBarrier(SimulatedMemory memory, Filter filter) {
        super(memory);
        this.filter = filter;
    }

    @Override
    protected void postWrite(long source, long slot, long target) {
        if (target != 0 && filter.shouldRemember(source, target)) {
            remembered.add(source);
        }
    }
}
