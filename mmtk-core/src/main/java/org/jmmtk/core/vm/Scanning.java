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

    /**
     * Reports the non-null global root slots {@link #scanPinnedRoots} does not report; all of them
     * unless the binding has pinned roots.
     */
    default void scanPlacedGlobalRoots(EdgeVisitor visitor) {
        scanGlobalRoots(visitor);
    }

    /**
     * Reports the non-null global root slots that stand for references whose holder the binding does
     * not know (a recording's pins: an operand stack, native code, or a field the recording could not
     * tie to a root), also reported by {@link #scanGlobalRoots}; none by default. A plan that copies in
     * the order a real collector finds objects visits them after what the other roots reach, since
     * most of what they hold is also held by fields.
     */
    default void scanPinnedRoots(EdgeVisitor visitor) {
    }
}
