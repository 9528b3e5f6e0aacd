package org.jmmtk.core.alloc;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.Space;
import org.jmmtk.probes.AllocSlowPathEvent;
import org.jmmtk.probes.Tracepoints;

/**
 * An allocator owned by one mutator (or one GC worker, for copies): an inlined fast path in each
 * subclass and one shared slow path, which fires the allocation-slow-path tracepoint and retries when
 * the space ran a collection to find room. Each attempt of a mutator's slow path is bracketed by its
 * space's {@code beginSlowPath}/{@code endSlowPath}, between which the coarse page-resource lock is held.
 *
 * <p>Used only by its owning thread; a collection resets it while the owner is stopped.
 */
public abstract class Allocator {
    protected final SimulatedMemory memory;
    private final int owner;

    /**
     * @param owner the mutator ordinal (0, 1, ...), or {@code -1 - worker} for a GC worker's copy allocator;
     *              reported by the slow-path tracepoint
     */
    protected Allocator(SimulatedMemory memory, int owner) {
        this.memory = memory;
        this.owner = owner;
    }

    /** The address of {@code bytes} bytes (a multiple of 8) of uninitialised memory. */
    public abstract long alloc(long bytes);

    /** Forgets any thread-local buffer; the next allocation takes the slow path. */
    public abstract void reset();

    /** The space this allocator allocates in. */
    public abstract Space space();

    /** One attempt at the slow path: an address, or 0 if a collection ran and the attempt must be repeated. */
    protected abstract long allocSlowOnce(long bytes);

    protected final long allocSlow(long bytes) {
        AllocSlowPathEvent event = Tracepoints.allocSlowBegin();
        long result;
        do {
            result = owner >= 0 ? mutatorAttempt(bytes) : allocSlowOnce(bytes);
        } while (result == 0);
        Tracepoints.allocSlowEnd(event, owner, bytes, space().name());
        return result;
    }

    /**
     * One attempt of a mutator, bracketed by its space's slow-path lock scope. The space is read anew for
     * each attempt: a collection between two attempts may move the allocator to another space.
     */
    private long mutatorAttempt(long bytes) {
        Space space = space();
        space.beginSlowPath();
        try {
            return allocSlowOnce(bytes);
        } finally {
            space.endSlowPath();
        }
    }
}
