package org.jmmtk.bindings.workloads;

import java.util.SplittableRandom;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;

/**
 * A built-in synthetic program: a deterministic, seeded generator of trace events through the mutator
 * API, so the same workload can be replayed on any plan or written out as a trace. Subclasses write
 * {@link #run} with the helpers here, which number objects from 1 and keep every object they still
 * need reachable from a root or another object before the next allocation (a collection may happen at
 * any allocation). Used by one thread.
 */
public abstract class Workload implements TraceSource {
    protected final long seed;
    protected final double scale;
    protected SplittableRandom random;
    private TraceEvents out;
    private long nextId;
    private volatile long bytesSoFar;

    protected Workload(long seed, double scale) {
        this.seed = seed;
        this.scale = scale;
    }

    public abstract String name();

    /** Sends the program's events to {@link #out()}. */
    protected abstract void run();

    /** Roughly how many bytes the program allocates, for progress. */
    protected abstract long plannedBytes();

    @Override
    public final void replay(TraceEvents events) {
        this.out = events;
        this.random = new SplittableRandom(seed);
        this.nextId = 1;
        this.bytesSoFar = 0;
        run();
    }

    @Override
    public String describe() {
        return name() + " (seed " + seed + ", scale " + scale + ")";
    }

    @Override
    public double progress() {
        return Math.min(1.0, (double) bytesSoFar / Math.max(1, plannedBytes()));
    }

    protected final TraceEvents out() {
        return out;
    }

    /** {@code n} scaled by the workload's scale, at least 1. */
    protected final int scaled(int n) {
        return (int) Math.max(1, Math.round(n * scale));
    }

    /** Allocates an object of {@code bytes} (whole size) with {@code refSlots} slots; returns its id. */
    protected final long alloc(int thread, long bytes, int refSlots, int typeId) {
        long id = nextId++;
        out.alloc(thread, id, bytes, refSlots, typeId);
        bytesSoFar += bytes;
        return id;
    }

    protected final void write(int thread, long source, int slot, long target) {
        out.write(thread, source, slot, target);
    }

    protected final void root(int thread, int slot, long target) {
        out.root(thread, slot, target);
    }

    protected final void global(int slot, long target) {
        out.global(slot, target);
    }

    /** Bytes of an object with {@code refSlots} slots and {@code payload} bytes on a 64-bit JVM (16-byte header). */
    protected static long objectBytes(int refSlots, int payload) {
        return 16 + 8L * refSlots + payload;
    }
}
