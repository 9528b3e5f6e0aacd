package org.jmmtk.core.heap;

import org.jmmtk.core.util.Bytes;

/**
 * The simulated heap could not satisfy an allocation even after collecting, or collection stopped
 * making progress (the GC-overhead limit): the program needs more heap than the plan can give it. A
 * result of the run, not a bug; reported with exit code 1.
 */
public final class SimulatedOutOfMemoryError extends RuntimeException {
    private final String plan;
    private final long heapBytes;
    private final long bytesAllocated;
    private final int gcCount;

    public SimulatedOutOfMemoryError(String plan, long heapBytes, long bytesAllocated, int gcCount, String detail) {
        super(String.format("out of memory: plan %s with a %s heap, after %d bytes allocated and %d GCs: %s",
                plan, Bytes.format(heapBytes), bytesAllocated, gcCount, detail));
        this.plan = plan;
        this.heapBytes = heapBytes;
        this.bytesAllocated = bytesAllocated;
        this.gcCount = gcCount;
    }

    public String plan() {
        return plan;
    }

    public long heapBytes() {
        return heapBytes;
    }

    public long bytesAllocated() {
        return bytesAllocated;
    }

    public int gcCount() {
        return gcCount;
    }
}
