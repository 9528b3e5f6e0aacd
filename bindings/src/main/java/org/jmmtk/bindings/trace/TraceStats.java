package org.jmmtk.bindings.trace;

import java.util.List;

/**
 * Counts the records of a trace and, through a {@link ShadowHeap}, checks their consistency (the
 * {@link TraceChecker} a replay uses) and finds
 * what is reachable when the trace ends; through {@link MaxLive}, its exact maximum live size. The engine
 * of {@code jmmtk trace stats}.
 */
public final class TraceStats implements TraceEvents {
    private final MaxLive maxLive = new MaxLive();
    private final ShadowHeap heap = maxLive.heap();
    private final long[] counts = new long[Kind.values().length];
    private long bytesAllocated;
    private long maxObjectBytes;
    private long refSlots;
    private TypeStats types;

    /** The record kinds, in the order of the format's table. */
    public enum Kind {
        T, A, W, R, G, D, P, C, K, X
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
     * @param maxLive          the maximum live size and where it occurs
     * @param types            allocation by type, most bytes first (empty unless {@link #byType()} was asked for)
     */
    public record Summary(long records, long[] counts, long objects, long bytesAllocated, long maxObjectBytes,
                          long refSlots, int threads, long reachableObjects, long reachableBytes,
                          MaxLive.Result maxLive, List<TypeStats.Row> types) {
    }

    /** Also counts allocation by type (before the first event); returns this. */
    public TraceStats byType() {
        types = new TypeStats();
        return this;
    }

    /** The summary; ends the statistics (no more events may follow). */
    public Summary summary() {
        ShadowHeap.Reachable r = heap.reachable();
        long records = 0;
        for (long c : counts) {
            records += c;
        }
        return new Summary(records, counts.clone(), heap.objectCount(), bytesAllocated, maxObjectBytes, refSlots,
                heap.threads(), r.objects(), r.bytes(), maxLive.result(),
                types == null ? List.of() : types.rows(maxLive));
    }

    @Override
    public void type(int typeId, String name) {
        counts[Kind.T.ordinal()]++;
        if (types != null) {
            types.type(typeId, name);
        }
        maxLive.type(typeId, name);
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        counts[Kind.K.ordinal()]++;
        maxLive.weakSlot(typeId, slot);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        counts[Kind.A.ordinal()]++;
        bytesAllocated += bytes;
        maxObjectBytes = Math.max(maxObjectBytes, bytes);
        this.refSlots += refSlots;
        maxLive.alloc(thread, object, bytes, refSlots, typeId);
        if (types != null) {
            types.alloc(bytes, typeId);
        }
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        counts[Kind.W.ordinal()]++;
        maxLive.write(thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        counts[Kind.R.ordinal()]++;
        maxLive.root(thread, rootSlot, target);
    }

    @Override
    public void threadEnd(int thread) {
        counts[Kind.X.ordinal()]++;
        maxLive.threadEnd(thread);
    }

    @Override
    public void global(int rootSlot, long target) {
        counts[Kind.G.ordinal()]++;
        maxLive.global(rootSlot, target);
    }

    @Override
    public void death(long object) {
        counts[Kind.D.ordinal()]++;
        maxLive.death(object);
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
