package org.jmmtk.core.vm;

import org.jmmtk.scheduler.GCWorker;

/**
 * How the collector stops and resumes the program (mmtk-core's {@code Collection}), and the binding's
 * weak references. {@link #stopAllMutators} and {@link #processWeakRefs} run on GC workers;
 * {@link #resumeMutators} on the thread that requested the collection.
 */
public interface Collection {
    /** Brings every mutator to a safepoint. */
    void stopAllMutators();

    /** Lets mutators run again after a collection. */
    void resumeMutators();

    /** In the WeakRefClosure stage: retain or clear the binding's weak references. May add packets. */
    void processWeakRefs(GCWorker worker);
}
