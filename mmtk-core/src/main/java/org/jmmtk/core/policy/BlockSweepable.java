package org.jmmtk.core.policy;

/** A space of blocks that GC workers sweep in parallel, over disjoint ranges of block numbers. */
public interface BlockSweepable {
    /** The size of this space's blocks (a power of two). */
    int blockBytes();

    /** One past the highest block ever used: the range a sweep covers. */
    int blockLimit();

    /** Sweeps blocks {@code [from, to)}. Ranges given to different workers must not overlap. */
    void sweep(int from, int to);
}
