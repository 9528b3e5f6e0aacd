package org.jmmtk.core.barrier;

import java.util.ArrayDeque;

/**
 * The gray work of a concurrent mark (the queue mmtk-core's {@code plan/concurrent} feeds its
 * {@code ConcurrentTraceObjects} packets from): chunks of edges (reference slots whose targets are
 * still to be traced) that marking packets left over, and chunks of objects still to be traced:
 * shaded by an InitialMark or logged by the mutators' SATB barriers. First in, first out, so a paced
 * mark, which takes one chunk per unit, visits the heap in one order for any number of GC threads.
 *
 * <p>Any thread: SATB barriers flush into it on mutator threads, marking packets take and return
 * chunks on GC workers; every method holds the queue's lock.
 */
public final class MarkQueue {
    /**
     * {@code count} entries of {@code items}: objects to trace if {@code objects}, else reference slots.
     * The queue owns the array once it is added.
     */
    public record Chunk(long[] items, int count, boolean objects) {
    }

    private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
    private long entries;

    /** Queues {@code count} slots of {@code edges}, whose array the queue now owns. */
    public synchronized void addEdges(long[] edges, int count) {
        add(new Chunk(edges, count, false));
    }

    /** Queues {@code count} objects of {@code objects}, whose array the queue now owns. */
    public synchronized void addObjects(long[] objects, int count) {
        add(new Chunk(objects, count, true));
    }

    private void add(Chunk chunk) {
        if (chunk.count > 0) {
            chunks.addLast(chunk);
            entries += chunk.count;
        }
    }

    /** The oldest chunk, or null if there is none. */
    public synchronized Chunk poll() {
        Chunk c = chunks.pollFirst();
        if (c != null) {
            entries -= c.count;
        }
        return c;
    }

    public synchronized boolean isEmpty() {
        return chunks.isEmpty();
    }

    /** Chunks queued. */
    public synchronized int size() {
        return chunks.size();
    }

    /** Objects and edges queued. */
    public synchronized long entries() {
        return entries;
    }

    /** Drops every chunk (a concurrent cycle given up). */
    public synchronized void clear() {
        chunks.clear();
        entries = 0;
    }
}
