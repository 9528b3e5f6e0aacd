package org.jmmtk.core.scheduling;

import org.jmmtk.core.policy.TraceContext;

/**
 * The trace kind of a collection (mmtk-core's {@code GCWorkContext} with its {@code ProcessEdgesWork}
 * type): which {@code traceObject} the closure's packets call. A full-heap collection dispatches every
 * object to its space's policy ({@link FullHeapTrace}); a nursery collection would trace only the
 * nursery and leave mature objects alone. A plan picks one per collection; the generic packets
 * (root scanning, {@link ProcessEdges}) are the same for all.
 *
 * <p>Called by every GC worker in parallel; implementations hold no per-worker state.
 */
@FunctionalInterface
public interface GcWorkContext {
    /** Traces {@code object} (non-null): marks or copies it, returns its address after the collection. */
    long traceObject(long object, TraceContext context);
}
