package org.jmmtk.core.policy;

/**
 * The worker-local side of a trace (org.mmtk's {@code TraceLocal}): what a policy's {@code traceObject}
 * needs from the GC worker tracing, namely where to queue objects it reached first (mmtk-core's
 * {@code ObjectQueue}), where to allocate copies (its {@code GCWorkerCopyContext}), and where to count
 * what it copied or marked. Implemented by the worker's {@code Collector}; used only by its own worker.
 */
public interface TraceLocal {
    /** Queues {@code object}, reached first by this worker, to be scanned (the worker's collector scans it at once). */
    void enqueue(long object);

    /**
     * As {@link #enqueue(long)}, for a policy that has just read the object's status word: {@code status}
     * (its mark, log and forwarding bits aside) is that word, so the scan need not read the header again.
     */
    default void enqueue(long object, long status) {
        enqueue(object);
    }

    /**
     * Room for a copy of {@code bytes} (simulated) bytes in the space this collection copies into; 0 if
     * there is none left, which only an opportunistic copier (Immix's evacuation) may see.
     */
    long allocCopy(long bytes);

    /** The object at {@code from} was copied to {@code to}. */
    void copied(long from, long to, long traceBytes, long bytes);

    /** The object at {@code from}, already marked in place by this collection, was then evacuated to {@code to}. */
    void evacuated(long from, long to, long traceBytes, long bytes);

    /**
     * The object now at {@code to} was moved there from {@code from} (by a copy or a slide): logs the
     * move for the binding and reports it to plugins that asked. The object's header must be readable
     * at both addresses while this runs.
     */
    void moved(long from, long to);

    /** An object of {@code traceBytes} was marked in place. */
    void marked(long traceBytes);
}
