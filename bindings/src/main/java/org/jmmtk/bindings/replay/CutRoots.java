package org.jmmtk.bindings.replay;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.vm.EdgeVisitor;

/**
 * Root words that hold, for the length of one collection, the objects a parallel replay must keep
 * although the program's roots may not reach them (see {@link ParallelReplay}). They live in the
 * binding's root area and are scanned with the global roots, so a moving collection updates them;
 * they are emptied when the mutators resume. The region grows by doubling (the abandoned one is
 * virtual space only).
 *
 * <p>Filled by the GC worker that stops the mutators, scanned by GC workers, cleared by the thread
 * that ran the collection.
 */
final class CutRoots implements ReplayRoots {
    private final SimulatedMemory memory;
    private final RootArea area;
    private long base;
    private int capacity;
    private int count;

    CutRoots(SimulatedMemory memory, RootArea area) {
        this.memory = memory;
        this.area = area;
    }

    void add(long address) {
        if (count == capacity) {
            int larger = Math.max(1024, 2 * capacity);
            long words = area.reserveWords(larger);
            for (int i = 0; i < count; i++) {
                memory.store(words + 8L * i, memory.load(base + 8L * i));
            }
            base = words;
            capacity = larger;
        }
        memory.store(base + 8L * count++, address);
    }

    /** The address held in word {@code i}, as the collection left it. */
    long get(int i) {
        return memory.load(base + 8L * i);
    }

    int count() {
        return count;
    }

    @Override
    public void scan(EdgeVisitor visitor) {
        for (int i = 0; i < count; i++) {
            long slot = base + 8L * i;
            if (memory.load(slot) != 0) {
                visitor.visitEdge(slot);
            }
        }
    }

    void clear() {
        count = 0;
    }
}
