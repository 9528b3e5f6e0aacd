package org.jmmtk.tools.perfetto;

import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;
import org.jmmtk.tools.error.UsageException;
import org.jmmtk.tools.probes.ProbeEvents;

/**
 * The work packets of a recording in primitive columns (under 100 bytes a packet, no object each), built
 * by the exporter's first pass and queried by its second. JFR hands events out of time order, so what
 * needs a packet's neighbours is settled here: each packet's span clamped so that packets on one worker
 * never overlap, its ProcessEdges counts, and where a packet's parent ran (for flow arrows).
 *
 * <p>Use: {@link #add} and {@link #addEdges} in any order, then {@link #finish} once, then the queries.
 */
final class PacketIndex {
    /** No ProcessEdges event names the packet. */
    static final int NO_EDGES = -1;

    private int size;
    private long[] ids = new long[1024];
    private long[] starts = new long[1024];
    private long[] ends = new long[1024];
    private int[] workers = new int[1024];
    private int[] gcs = new int[1024];

    private int edgeEventCount;
    private long[] edgeIds = new long[256];
    private int[] edgeCounts = new int[256];
    private boolean[] edgeRoots = new boolean[256];

    private Long2IntOpenHashMap byId;
    private long[] spanStarts;
    private long[] spanEnds;
    private int[] edges;
    private boolean[] roots;
    /** Packet indices sorted by worker, then start; worker w owns {@code order[workerFrom[w]..workerFrom[w+1])}. */
    private int[] order;
    private int[] workerFrom;

    void add(ProbeEvents.Packet p) {
        if (size == ids.length) {
            int n = size * 2;
            ids = Arrays.copyOf(ids, n);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            workers = Arrays.copyOf(workers, n);
            gcs = Arrays.copyOf(gcs, n);
        }
        ids[size] = p.id();
        starts[size] = p.start();
        ends[size] = Math.max(p.start(), p.end());
        workers[size] = p.worker();
        gcs[size] = p.gc();
        size++;
    }

    void addEdges(ProbeEvents.Edges e) {
        if (edgeEventCount == edgeIds.length) {
            int n = edgeEventCount * 2;
            edgeIds = Arrays.copyOf(edgeIds, n);
            edgeCounts = Arrays.copyOf(edgeCounts, n);
            edgeRoots = Arrays.copyOf(edgeRoots, n);
        }
        edgeIds[edgeEventCount] = e.packetId();
        edgeCounts[edgeEventCount] = e.edges();
        edgeRoots[edgeEventCount] = e.roots();
        edgeEventCount++;
    }

    /** Indexes by id, joins the ProcessEdges events and clamps the spans; {@code workerCount} > every ordinal. */
    void finish(int workerCount) {
        byId = new Long2IntOpenHashMap(size);
        byId.defaultReturnValue(-1);
        for (int i = 0; i < size; i++) {
            if (byId.put(ids[i], i) != -1) {
                throw new UsageException("packet id " + ids[i] + " occurs twice: the recording holds more than one "
                        + "run; record each run on its own");
            }
        }
        edges = new int[size];
        roots = new boolean[size];
        Arrays.fill(edges, NO_EDGES);
        for (int k = 0; k < edgeEventCount; k++) {
            int i = byId.get(edgeIds[k]);
            if (i >= 0) {
                edges[i] = edgeCounts[k];
                roots[i] = edgeRoots[k];
            }
        }
        edgeIds = null;
        edgeCounts = null;
        edgeRoots = null;
        sortByWorker(workerCount);
        clamp();
    }

    private void sortByWorker(int workerCount) {
        order = new int[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        IntArrays.quickSort(order, (a, b) -> workers[a] != workers[b] ? Integer.compare(workers[a], workers[b])
                : starts[a] != starts[b] ? Long.compare(starts[a], starts[b]) : Long.compare(ends[a], ends[b]));
        workerFrom = new int[workerCount + 1];
        for (int i : order) {
            workerFrom[workers[i] + 1]++;
        }
        for (int w = 0; w < workerCount; w++) {
            workerFrom[w + 1] += workerFrom[w];
        }
    }

    /**
     * A packet starts no earlier than the previous packet on its worker ended: JFR's clock can make
     * consecutive packets touch or overlap by a tick, and Perfetto moves partially overlapping slices of
     * one thread to an overflow track. A span also lasts at least a nanosecond, so that packet starts on a
     * worker strictly increase (see {@link #fit} and {@link #besidePacketStarts} for why that matters).
     */
    private void clamp() {
        spanStarts = new long[size];
        spanEnds = new long[size];
        int previousWorker = -1;
        long previousEnd = Long.MIN_VALUE;
        for (int i : order) {
            if (workers[i] != previousWorker) {
                previousWorker = workers[i];
                previousEnd = Long.MIN_VALUE;
            }
            spanStarts[i] = Math.max(starts[i], previousEnd);
            spanEnds[i] = Math.max(ends[i], spanStarts[i] + 1);
            previousEnd = spanEnds[i];
        }
    }

    /** The index of the packet with this id, or -1 if it was not indexed. */
    int find(long id) {
        return byId.get(id);
    }

    int worker(int i) {
        return workers[i];
    }

    int gc(int i) {
        return gcs[i];
    }

    /** As recorded. */
    long duration(int i) {
        return ends[i] - starts[i];
    }

    /** Clamped start. */
    long spanStart(int i) {
        return spanStarts[i];
    }

    /** Clamped end. */
    long spanEnd(int i) {
        return spanEnds[i];
    }

    /** Edges traced by the packet, or {@link #NO_EDGES} if it is no ProcessEdges packet. */
    int edges(int i) {
        return edges[i];
    }

    boolean roots(int i) {
        return roots[i];
    }

    /**
     * Clamps {@code [start, end]}, something that ran on {@code worker} (a copy-buffer refill), so that it
     * nests in the packet during which it started, or else fits between that worker's packets; either way
     * it starts where no packet starts. Perfetto binds a flow event to the slice on top of the thread's
     * stack, and at one timestamp it takes complete slices first, longest first: a refill starting with
     * its packet would take the packet's flows.
     */
    Span fit(int worker, long start, long end) {
        if (worker < 0 || worker + 1 >= workerFrom.length) {
            return new Span(start, Math.max(start, end));
        }
        int from = workerFrom[worker];
        int to = workerFrom[worker + 1];
        int k = Sorted.lastAtOrBefore(from, to, p -> starts[order[p]], start);
        long lo = k >= from ? spanEnds[order[k]] : Long.MIN_VALUE;
        long hi = k + 1 < to ? spanStarts[order[k + 1]] - 1 : Long.MAX_VALUE;
        if (k >= from && (start < ends[order[k]] || lo > hi)) {
            // started in packet k, or in a gap that clamping closed
            lo = spanStarts[order[k]] + 1;
            hi = spanEnds[order[k]];
        }
        long s = Math.max(Math.min(start, hi), lo);
        return new Span(s, Math.max(Math.min(end, hi), s));
    }

    /**
     * {@code time}, or a nanosecond later if a packet of {@code worker} starts exactly then: an instant
     * there would be stacked on the packet and take its flows (see {@link #fit}); a nanosecond later it is
     * inside the packet, where nothing else starts.
     */
    long besidePacketStarts(int worker, long time) {
        if (worker < 0 || worker + 1 >= workerFrom.length) {
            return time;
        }
        int from = workerFrom[worker];
        int k = Sorted.lastAtOrBefore(from, workerFrom[worker + 1], p -> spanStarts[order[p]], time);
        return k >= from && spanStarts[order[k]] == time ? time + 1 : time;
    }

    /** A time span in nanoseconds. */
    record Span(long start, long end) {
        long duration() {
            return end - start;
        }
    }
}
