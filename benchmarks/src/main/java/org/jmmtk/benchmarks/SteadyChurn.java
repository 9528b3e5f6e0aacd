package org.jmmtk.benchmarks;

import java.util.SplittableRandom;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * A program with a steady live size, for measuring lifetime algorithms against the number of live
 * objects: two threads fill a table (directories of 4,096 slots under global roots) with entries of
 * three objects (an entry pointing to a key and a value, so the key and value die only because the entry
 * did: the paper's Table V case 3), then replace random entries. Every replaced entry dies with its key
 * and value at once; the live objects stay at {@code liveObjects}. Each entry is built under a root of
 * its thread, as a program holds a new object in a local. Allocations: {@code liveObjects} to fill the
 * table, then {@code churn}. Deterministic for a seed; replayable any number of times.
 */
final class SteadyChurn implements TraceSource {
    static final int DIRECTORY_SLOTS = 4096;
    private static final long ENTRY_BYTES = 32;
    private static final long KEY_BYTES = 24;
    private static final long VALUE_BYTES = 48;

    private final int entries;
    private final long churnSteps;
    private final long seed;
    private volatile double progress;

    SteadyChurn(int liveObjects, long churnAllocations, long seed) {
        this.entries = Math.max(1, liveObjects / 3);
        this.churnSteps = churnAllocations / 3;
        this.seed = seed;
    }

    /** Allocations of filling the table: from the first check point at which the live size is steady. */
    long fillAllocations() {
        return directories() + 3L * entries;
    }

    long allocations() {
        return fillAllocations() + 3 * churnSteps;
    }

    private int directories() {
        return (entries + DIRECTORY_SLOTS - 1) / DIRECTORY_SLOTS;
    }

    @Override
    public void replay(TraceEvents out) {
        SplittableRandom random = new SplittableRandom(seed);
        int directories = directories();
        long next = 1;
        long[] dirs = new long[directories];
        for (int d = 0; d < directories; d++) {
            dirs[d] = next++;
            out.alloc(0, dirs[d], 16 + 8L * DIRECTORY_SLOTS, DIRECTORY_SLOTS, 0);
            out.global(d, dirs[d]);
        }
        for (long step = 0; step < entries + churnSteps; step++) {
            int thread = (int) (step & 1);
            int slot = step < entries ? (int) step : random.nextInt(entries);
            long entry = next++;
            out.alloc(thread, entry, ENTRY_BYTES, 2, 0);
            out.root(thread, 0, entry);
            long key = next++;
            out.alloc(thread, key, KEY_BYTES, 0, 0);
            out.write(thread, entry, 0, key);
            long value = next++;
            out.alloc(thread, value, VALUE_BYTES, 0, 0);
            out.write(thread, entry, 1, value);
            out.write(thread, dirs[slot / DIRECTORY_SLOTS], slot % DIRECTORY_SLOTS, entry);
            out.root(thread, 0, 0);
            if ((step & 4095) == 0) {
                progress = (double) step / (entries + churnSteps);
            }
        }
        progress = 1;
    }

    /** Live bytes once the table is full. */
    long liveBytes() {
        return directories() * (16 + 8L * DIRECTORY_SLOTS) + entries * (ENTRY_BYTES + KEY_BYTES + VALUE_BYTES);
    }

    @Override
    public String describe() {
        return "steady churn (" + 3 * entries + " live objects, " + allocations() + " allocations)";
    }

    @Override
    public double progress() {
        return progress;
    }
}
