package org.jmmtk.core.scheduling;

/**
 * The trace of a collection: which {@code traceObject} the closure's packets call (the part of
 * mmtk-core's {@code ProcessEdgesWork} that its {@code PlanTraceObject} supplies, org.mmtk's
 * {@code TraceLocal.traceObject}). A full-heap collection dispatches every object to its space's policy
 * ({@link FullHeapTrace}); a nursery collection traces only the nursery and leaves mature objects
 * alone. A plan picks one per collection kind; the generic packets (root scanning,
 * {@link ProcessEdges}) are the same for all.
 *
 * <p>Called by every GC worker in parallel, each passing its own {@link Collector} (as mmtk-core passes
 * the {@code GCWorker}), which the trace hands on to the policies as their
 * {@link org.jmmtk.core.policy.TraceLocal}. Implementations keep per-worker state, if any, in the
 * collector or indexed by its ordinal.
 */
@FunctionalInterface
public interface ObjectTrace {
    /**
     * Traces {@code object} (non-null) for {@code collector}'s worker: marks or copies it, returns its
     * address after the collection.
     */
    long traceObject(long object, Collector collector);
}
