package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.ints.IntOpenHashSet;

/**
 * Checks each event as a replay would before passing it on: consistency through a streaming
 * {@link ShadowHeap} (no duplicate ids, no store into or of an object never allocated or already
 * unreachable, slots in range) and at most {@link TraceFormat#MAX_THREADS} threads. {@code trace import}
 * puts it in front of the writer, so an imported trace replays and the error names the foreign file's line.
 */
public final class CheckedEvents implements TraceEvents {
    private final ShadowHeap heap = ShadowHeap.streaming();
    private final IntOpenHashSet threads = new IntOpenHashSet();
    private final TraceEvents next;

    public CheckedEvents(TraceEvents next) {
        this.next = next;
    }

    @Override
    public void type(int typeId, String name) {
        next.type(typeId, name);
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        thread(thread);
        heap.alloc(thread, object, bytes, refSlots, typeId);
        next.alloc(thread, object, bytes, refSlots, typeId);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        thread(thread);
        heap.write(thread, source, slot, target);
        next.write(thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        thread(thread);
        heap.root(thread, rootSlot, target);
        next.root(thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        heap.global(rootSlot, target);
        next.global(rootSlot, target);
    }

    @Override
    public void death(long object) {
        heap.death(object);
        next.death(object);
    }

    @Override
    public void perfectPoint() {
        next.perfectPoint();
    }

    @Override
    public void collect() {
        next.collect();
    }

    private void thread(int thread) {
        if (threads.add(thread) && threads.size() > TraceFormat.MAX_THREADS) {
            throw new TraceException("too many threads: a replay supports at most " + TraceFormat.MAX_THREADS);
        }
    }
}
