package org.jmmtk.core.scheduling;

import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.scheduler.WorkerContext;

/**
 * The per-worker context of a GC worker: its copy allocator (set up by the plan each collection), the
 * queue of objects the running ProcessEdges packet reached first (MMTk's object queue), counters that
 * are summed when a collection ends, and, if the binding wants it, the log of objects the closure
 * reached. Plain fields: only its worker touches it while a collection runs.
 */
public class Collector implements WorkerContext, ObjectQueue {
    private final int ordinal;
    private long[] nodes;

    /** The allocator for copies, or null in plans that never copy. */
    public BumpAllocator copyAllocator;

    /** The objects this worker's closure reached, or null when the binding does not ask for them. */
    SurvivorLog survivors;

    // The counters are written for every object traced. Pad them so they never share a cache line with
    // another worker's (HotSpot keeps declaration order among a class's long fields).
    private long pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07;
    private long pad08, pad09, pad10, pad11, pad12, pad13, pad14, pad15;

    public long objectsCopied;
    /** Trace bytes of the objects copied. */
    public long bytesCopied;
    /** Simulated bytes the copies occupy (what the to-space is charged). */
    public long copiedAllocationBytes;
    public long objectsMarked;
    /** Trace bytes of the objects marked in place. */
    public long bytesMarked;
    public long edgesTraced;
    /** Objects enqueued by the packet this worker runs: written for every object traced. */
    private long nodeCount;

    private long pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23;
    private long pad24, pad25, pad26, pad27, pad28, pad29, pad30, pad31;

    public Collector(int ordinal, int packetCapacity) {
        this.ordinal = ordinal;
        this.nodes = new long[packetCapacity];
    }

    public final int ordinal() {
        return ordinal;
    }

    /** This worker's log of reached objects (null unless the binding asked for survivor logs). */
    public SurvivorLog survivors() {
        return survivors;
    }

    /** Starts logging the objects this worker's closure reaches. */
    public void logSurvivors() {
        survivors = new SurvivorLog();
    }

    /** Empties the object queue, with room for {@code n} objects (a packet of n edges reaches at most n). */
    void startQueue(int n) {
        if (nodes.length < n) {
            nodes = new long[n];
        }
        nodeCount = 0;
    }

    /** Queues an object the current packet reached first, to be scanned by that packet. */
    @Override
    public void enqueue(long object) {
        nodes[(int) nodeCount++] = object;
    }

    /** The queued objects: {@link #queued()} entries of this array. */
    long[] queue() {
        return nodes;
    }

    int queued() {
        return (int) nodeCount;
    }

    /** Clears the counters and the survivor log for a new collection. */
    public void resetCounters() {
        if (survivors != null) {
            survivors.clear();
        }
        objectsCopied = 0;
        bytesCopied = 0;
        copiedAllocationBytes = 0;
        objectsMarked = 0;
        bytesMarked = 0;
        edgesTraced = 0;
    }
}
