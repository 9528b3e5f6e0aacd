package org.jmmtk.core.policy;

import static org.jmmtk.core.util.Constants.LOG_BYTES_IN_CHUNK;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.memory.SimulatedMemory;

/**
 * Which space an address belongs to, in O(1) without allocating (mmtk-core's SFT map): one entry per
 * 1 MiB chunk of simulated memory, filled as spaces reserve their (chunk-aligned) ranges. Used on
 * every hot path that must dispatch on an object's space: tracing, liveness, sanity checks.
 *
 * <p>Filled while the heap is built, by one thread; read by any thread afterwards.
 */
public final class SpaceTable {
    private final long base;
    private final Space[] byChunk;
    private final List<Space> spaces = new ArrayList<>();
    // what all() returns: every mutator's page poll reads it twice, and a copy per call was most of the
    // garbage a short run left for the host JVM's collector
    private List<Space> all = List.of();

    public SpaceTable(SimulatedMemory memory) {
        this.base = memory.base();
        this.byChunk = new Space[(int) ((memory.limit() - base) >>> LOG_BYTES_IN_CHUNK)];
    }

    /** Enters {@code space}; returns its number, 1 for the first space (0 stands for no space). */
    int register(Space space) {
        for (long a = space.start(); a < space.end(); a += 1L << LOG_BYTES_IN_CHUNK) {
            byChunk[(int) ((a - base) >>> LOG_BYTES_IN_CHUNK)] = space;
        }
        spaces.add(space);
        all = List.copyOf(spaces);
        return spaces.size();
    }

    /** The number of the space containing {@code address} (as {@link Space#number()}), or 0. */
    public int numberOf(long address) {
        Space s = spaceOf(address);
        return s == null ? 0 : s.number();
    }

    /** The space containing {@code address}, or null. */
    public Space spaceOf(long address) {
        // one unsigned comparison: an address below base gives a huge chunk number
        long i = (address - base) >>> LOG_BYTES_IN_CHUNK;
        Space[] table = byChunk;
        return i < table.length ? table[(int) i] : null;
    }

    /** Every space, in the order they were created (an unmodifiable list). */
    public List<Space> all() {
        return all;
    }
}
