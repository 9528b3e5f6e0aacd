package org.jmmtk.benchmarks;

import java.util.Arrays;
import org.jmmtk.bindings.trace.TraceEvents;

/**
 * Trace events held in memory as packed longs, so a benchmark can replay a stretch of a trace without
 * reading or parsing it. Records from a {@link TraceEvents} call; replays a range of allocations.
 */
final class EventTape implements TraceEvents {
    private long[] words = new long[1 << 16];
    private int size;
    private long[] allocationStart = new long[1 << 12];
    private long allocations;

    private void put(long... w) {
        if (size + w.length > words.length) {
            words = Arrays.copyOf(words, Math.max(size + w.length, words.length * 2));
        }
        System.arraycopy(w, 0, words, size, w.length);
        size += w.length;
    }

    long allocations() {
        return allocations;
    }

    /** Replays the events from allocation {@code from} (counted from 0) up to, not including, allocation {@code to}. */
    void replay(long from, long to, TraceEvents out) {
        int end = to >= allocations ? size : (int) allocationStart[(int) to];
        for (int i = (int) allocationStart[(int) from]; i < end; ) {
            long kind = words[i];
            if (kind == 'A') {
                out.alloc((int) words[i + 1], words[i + 2], words[i + 3], (int) words[i + 4], 0);
                i += 5;
            } else if (kind == 'W') {
                out.write((int) words[i + 1], words[i + 2], (int) words[i + 3], words[i + 4]);
                i += 5;
            } else if (kind == 'R') {
                out.root((int) words[i + 1], (int) words[i + 2], words[i + 3]);
                i += 4;
            } else {
                out.global((int) words[i + 1], words[i + 2]);
                i += 3;
            }
        }
    }

    @Override
    public void type(int typeId, String name) {
    }

    @Override
    public void weakSlot(int typeId, int slot) {
        // the tape times allocation and stores; no workload writes weak slots
    }

    @Override
    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        if (allocations == allocationStart.length) {
            allocationStart = Arrays.copyOf(allocationStart, allocationStart.length * 2);
        }
        allocationStart[(int) allocations++] = size;
        put('A', thread, object, bytes, refSlots);
    }

    @Override
    public void write(int thread, long source, int slot, long target) {
        put('W', thread, source, slot, target);
    }

    @Override
    public void root(int thread, int rootSlot, long target) {
        put('R', thread, rootSlot, target);
    }

    @Override
    public void global(int rootSlot, long target) {
        put('G', rootSlot, target);
    }

    @Override
    public void threadEnd(int thread) {
        throw new UnsupportedOperationException("a tape holds a workload's events, which end no thread");
    }

    @Override
    public void death(long object) {
        throw new UnsupportedOperationException("a tape holds a program's events, not its deaths");
    }

    @Override
    public void perfectPoint() {
        throw new UnsupportedOperationException("a tape holds a program's events");
    }

    @Override
    public void collect() {
        throw new UnsupportedOperationException("a tape holds a program's events");
    }
}
