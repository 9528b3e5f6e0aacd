package org.jmmtk.core.vm;

/**
 * How the collector finds the roots (mmtk-core's {@code Scanning}): each mutator thread's root slots,
 * and the global ones. Called by GC workers while mutators are stopped, and by the sanity checker
 * and plugins at other safe points.
 */
public interface Scanning {
    /** Reports the non-null root slots of mutator {@code mutator} (its ordinal). */
    void scanMutatorRoots(int mutator, EdgeVisitor visitor);

    /** Reports the non-null global (static) root slots. */
    void scanGlobalRoots(EdgeVisitor visitor);
}
