package org.jmmtk.core.vm;

import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.scheduler.GCWorker;

/**
 * How the collector stops and resumes the program (mmtk-core's {@code Collection}), and the binding's
 * weak references. {@link #stopAllMutators} and {@link #processWeakRefs} run on GC workers;
 * {@link #resumeMutators} on the thread that requested the collection; the safe-region pair on a
 * mutator thread around a poll that may block.
 */
public interface Collection {
    /** Brings every mutator to a safepoint. */
    void stopAllMutators();

    /** Lets mutators run again after a collection. */
    void resumeMutators();

    /**
     * The calling mutator is about to wait in the memory manager (for the lock collections hold, or
     * for a collection it requested): until {@link #leaveSafeRegion} it counts as stopped, so a
     * collection another mutator requested need not wait for it. Nothing to do with one mutator thread.
     */
    default void enterSafeRegion() {
    }

    /** The calling mutator leaves its safe region; it waits here while a collection is in progress. */
    default void leaveSafeRegion() {
    }

    /**
     * The calling mutator leaves its safe region by throwing {@code cause} (a simulated out-of-memory,
     * or a collection that failed and will never resume the others): it must not wait, and the binding
     * should stop its other mutators.
     */
    default void abandonSafeRegion(Throwable cause) {
    }

    /**
     * The program's records executed so far, type declarations excepted (a replay's position in its
     * trace), or -1 if the binding does not count them. Concurrent plans report where their phases
     * began with it.
     */
    default long recordsReplayed() {
        return -1;
    }

    /** In the WeakRefClosure stage: retain or clear the binding's weak references. May add packets. */
    void processWeakRefs(GCWorker<Collector> worker);
}
