package org.jmmtk.core.scheduling;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.scheduler.WorkerContext;

/**
 * The per-worker context of a GC worker: its copy allocator (set up by the plan each collection), a
 * scratch buffer for the objects a ProcessEdges packet reaches, and counters that are summed when a
 * collection ends. Plain fields: only its worker touches it while a collection runs.
 */
public class Collector implements WorkerContext {
    private final int ordinal;
    private long[] nodes;

    /** The allocator for copies, or null in plans that never copy. */
    public BumpAllocator copyAllocator;

    public long objectsCopied;
    /** Trace bytes of the objects copied. */
    public long bytesCopied;
    /** Simulated bytes the copies occupy (what the to-space is charged). */
    public long copiedAllocationBytes;
    public long objectsMarked;
    /** Trace bytes of the objects marked in place. */
    public long bytesMarked;
    public long edgesTraced;

    public Collector(int ordinal, int packetCapacity) {
        this.ordinal = ordinal;
        this.nodes = new long[packetCapacity];
    }

    public final int ordinal() {
        return ordinal;
    }

    /** A scratch array of at least {@code n} entries, reused by every packet this worker runs. */
    long[] nodeBuffer(int n) {
        if (nodes.length < n) {
            nodes = new long[n];
        }
        return nodes;
    }

    public void resetCounters() {
        objectsCopied = 0;
        bytesCopied = 0;
        copiedAllocationBytes = 0;
        objectsMarked = 0;
        bytesMarked = 0;
        edgesTraced = 0;
    }
}
