package org.jmmtk.core.heap;

/**
 * How a replay of a granulated trace, whose deaths are known only at points of perfect knowledge,
 * places its collections (the paper's section 3.2). With any scheme the trace's death records decide
 * what is live. Immutable.
 */
public enum SyncScheme {
    /** Unsynchronized: collect at the natural points, whatever the trace knows there. */
    NONE("none"),
    /** At a point of perfect knowledge, collect if the natural point will come within the next granule. */
    EARLY("early"),
    /** At a point of perfect knowledge, collect if the natural point came within the last granule. */
    LATE("late"),
    /** At a point of perfect knowledge, collect if the natural point is within half a granule either way. */
    MID("mid");

    /** The name {@code run --sync} takes. */
    public final String label;

    SyncScheme(String label) {
        this.label = label;
    }

    /** Whether collections wait for points of perfect knowledge. */
    public boolean synchronizes() {
        return this != NONE;
    }
}
