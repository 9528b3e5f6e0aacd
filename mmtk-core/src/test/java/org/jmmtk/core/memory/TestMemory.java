package org.jmmtk.core.memory;

import org.jmmtk.core.util.Constants;

/** A mapped chunk of simulated memory at 4 GiB for unit tests of code that reads and writes objects. */
public final class TestMemory {
    public static final long BASE = 1L << 32;

    private TestMemory() {
    }

    public static SimulatedMemory oneChunk() {
        SimulatedMemory m = new SimulatedMemory(BASE, Constants.BYTES_IN_CHUNK);
        m.map(BASE, Constants.BYTES_IN_CHUNK);
        return m;
    }
}
