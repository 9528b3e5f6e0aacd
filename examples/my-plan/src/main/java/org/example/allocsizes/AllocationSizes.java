package org.example.allocsizes;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * A histogram of allocation sizes: how many objects were allocated in each power-of-two size class of
 * their trace size (header included), from "&lt;= 16 B" to "&gt; 64 KiB". Any plan. Threads: allocations
 * arrive on the mutator threads, possibly at once, so the counts are atomic.
 */
public final class AllocationSizes implements Plugin {
    /** Classes up to 16 B, 32 B, ... 64 KiB, and one above. */
    private static final int SMALLEST_LOG = 4;
    private static final int LARGEST_LOG = 16;

    private final AtomicLongArray counts = new AtomicLongArray(LARGEST_LOG - SMALLEST_LOG + 2);
    private SimulatedMemory memory;

    @Override
    public String name() {
        return "allocsizes";
    }

    @Override
    public int interests() {
        return ON_ALLOC;
    }

    @Override
    public void attach(PluginContext context) {
        this.memory = context.memory();
    }

    @Override
    public void onAlloc(int mutator, long object) {
        counts.incrementAndGet(sizeClass(ObjectModel.traceBytes(memory, object)));
    }

    /** The class of an object of {@code bytes}: 0 for up to 16 bytes, 1 for up to 32, ... */
    static int sizeClass(long bytes) {
        int log = 64 - Long.numberOfLeadingZeros(Math.max(1, bytes - 1));
        return Math.min(Math.max(log, SMALLEST_LOG), LARGEST_LOG + 1) - SMALLEST_LOG;
    }

    @Override
    public Map<String, Number> summary() {
        Map<String, Number> s = new LinkedHashMap<>();
        for (int i = 0; i < counts.length(); i++) {
            String label = i == counts.length() - 1 ? "> " + limit(LARGEST_LOG) : "<= " + limit(SMALLEST_LOG + i);
            s.put(label, counts.get(i));
        }
        return s;
    }

    private static String limit(int log) {
        return log >= 10 ? (1 << (log - 10)) + " KiB" : (1 << log) + " B";
    }
}
