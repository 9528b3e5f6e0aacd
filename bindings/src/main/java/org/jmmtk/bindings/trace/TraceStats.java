package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * Counts the records of a trace and, through a streaming {@link ShadowHeap}, checks their consistency
 * and finds what is reachable when the trace ends. The engine of {@code jmmtk trace stats}: it streams,
 * holding the objects still reachable (plus a bit per dropped id), never the records.
 */
public final class TraceStats implements TraceEvents {
    private final ShadowHeap heap = ShadowHeap.streaming();
    private final IntOpenHashSet threads = new IntOpenHashSet();
    private final long[] counts = new long[Kind.values().length];
    private long bytesAllocated;
    private long maxObjectBytes;
    private long refSlots;

    /** The record kinds, in the order of the format's table. */
    public enum Kind {
        T, A, W, R, G, D, P, C
    }

    /**
     * The summary of a whole trace.
     *
     * @param records          all records
     * @param counts           records per kind, indexed by {@link Kind#ordinal()}
     * @param objects          objects allocated
     * @param bytesAllocated   sum of their sizes
     * @param maxObjectBytes   the largest object
     * @param refSlots         reference slots of all objects
     * @param threads          distinct threads
     * @param reachableObjects objects reachable from the roots when the trace ends
     * @param reachableBytes   sum of their sizes
     */
    public record Summary(long records, long[] counts, long objects, long bytesAllocated, long maxObjectBytes,
                          long refSlots, int threads, long reachableObjects, long reachableBytes) {
    }

    public Summary summary() {
        ShadowHeap.Reachable r = heap.reachable();
        long records = 0;
        for (long c : counts) {
            records += c;
        }
        return new Summary(records, counts.clone(), heap.objectCount(), bytesAllocated, maxObjectBytes, refSlots,
                threads.size(), r.objects(), r.bytes());
    }

    @Override
    public void type(int typeId, String name) {
        counts[Kind.T.ordinal()]++;
        heap.type(typeId, name);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        counts[Kind.A.ordinal()]++;
        threads.add(thread);
        bytesAllocated += bytes;
        maxObjectBytes = Math.max(maxObjectBytes, bytes);
        this.refSlots += refSlots;
        heap.alloc(thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        counts[Kind.W.ordinal()]++;
        threads.add(thread);
        heap.write(thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        counts[Kind.R.ordinal()]++;
        threads.add(thread);
        heap.root(thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        counts[Kind.G.ordinal()]++;
        heap.global(rootSlot, target);
    }

    @Override
    public void death(long object) {
        counts[Kind.D.ordinal()]++;
        heap.death(object);
    }

    @Override
    public void perfectPoint() {
        counts[Kind.P.ordinal()]++;
    }

    @Override
    public void collect() {
        counts[Kind.C.ordinal()]++;
    }
}
