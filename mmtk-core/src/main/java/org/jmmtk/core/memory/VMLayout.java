package org.jmmtk.core.memory;

import static org.jmmtk.core.util.Constants.BYTES_IN_CHUNK;

import org.jmmtk.core.util.Constants;

/**
 * Hands out contiguous, chunk-aligned virtual ranges of the simulated address space to spaces and to
 * the binding's root area, in the order asked for (like MMTk's VM map). Ranges are never returned.
 * Used while an {@code MMTK} instance is being built, by one thread.
 */
public final class VMLayout {
    /** Where the first range starts: 4 GiB, so simulated addresses look like addresses. */
    public static final long HEAP_START = 1L << 32;

    private final SimulatedMemory memory;
    private long next = HEAP_START;

    /** A named virtual range. */
    public record Region(String name, long start, long bytes) {
        public long end() {
            return start + bytes;
        }
    }

    public VMLayout(long capacityBytes) {
        this.memory = new SimulatedMemory(HEAP_START, capacityBytes);
    }

    public SimulatedMemory memory() {
        return memory;
    }

    /** Reserves {@code bytes} of virtual space (rounded up to chunks) named {@code name}. */
    public Region reserve(String name, long bytes) {
        long size = Constants.alignUp(Math.max(bytes, BYTES_IN_CHUNK), BYTES_IN_CHUNK);
        if (next + size > memory.limit()) {
            throw new IllegalStateException(String.format(
                    "simulated address space exhausted reserving %d bytes for %s", size, name));
        }
        Region r = new Region(name, next, size);
        next += size;
        return r;
    }
}
