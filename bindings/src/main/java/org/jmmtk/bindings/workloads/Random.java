package org.jmmtk.bindings.workloads;

import org.jmmtk.bindings.trace.ShadowHeap;

/**
 * A random multi-threaded program, the kind of trace GC researchers measure heap fidelity with: two
 * mutator threads churn a random object graph with allocations of varied sizes (mostly 16 to 256 bytes,
 * now and then up to 2 KiB) with 0 to 6 reference slots, random pointer stores (overwriting and
 * nulling), random stores into and clears of each thread's root slots, and global roots, over
 * {@code 30,000 x scale} allocations. The live size rises and falls between random peaks of 7 to 12 KB
 * and troughs of 2.4 to 4.8 KB (scaled, and the roots with them, when the scale exceeds 1), so the
 * maximum live size at scale 1 or less is about 10 to 20 KB. A thread only ever stores references to
 * objects it reaches from its own roots or the globals (found by a random walk from them, in a
 * {@link ShadowHeap} of its own events), so the trace is valid: nothing unreachable is referenced again.
 */
public final class Random extends Workload {
    private static final int THREADS = 2;
    private static final int ROOTS = 8;
    private static final int GLOBALS = 4;
    private static final int MAX_SLOTS = 6;
    private static final int NODE = 1;
    private static final int BLOB = 2;

    private final int allocations;
    private final double liveScale;
    private final int rootsPerThread;
    private final long peakBytes;
    private ShadowHeap graph;
    private long[][] roots;
    private long[] globals;
    private boolean growing;
    private long target;

    public Random(long seed, double scale) {
        super(seed, scale);
        this.allocations = scaled(30_000);
        this.liveScale = Math.max(1, scale);
        this.rootsPerThread = (int) Math.ceil(ROOTS * liveScale);
        this.peakBytes = Math.round(12_000 * liveScale);
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    protected long plannedBytes() {
        return allocations * 160L;
    }

    @Override
    protected void run() {
        out().type(NODE, "Node");
        out().type(BLOB, "Blob");
        graph = new ShadowHeap();
        roots = new long[THREADS][rootsPerThread];
        globals = new long[GLOBALS];
        growing = true;
        target = nextPeak();
        int thread = 0;
        int checkIn = 0;
        for (int allocated = 0; allocated < allocations; ) {
            if (random.nextInt(8) == 0) {
                thread = random.nextInt(THREADS);
            }
            allocated += step(thread) ? 1 : 0;
            if (--checkIn <= 0) {
                checkIn = steer();
            }
        }
    }

    /** One random operation of {@code thread}; true if it allocated. */
    private boolean step(int thread) {
        int op = random.nextInt(100);
        if (op < (growing ? 50 : 40)) {
            allocate(thread);
            return true;
        }
        if (op < 80) {
            store(thread);
        } else if (op < 95) {
            storeRoot(thread, random.nextInt(rootsPerThread), maybeNull(thread));
        } else {
            int slot = random.nextInt(GLOBALS);
            globals[slot] = maybeNull(thread);
            graph.global(slot, globals[slot]);
            global(slot, globals[slot]);
        }
        return false;
    }

    private void allocate(int thread) {
        int refSlots = random.nextInt(MAX_SLOTS + 1);
        boolean blob = random.nextInt(100) < 3;
        long bytes = blob ? 512 + 8L * random.nextInt(193) : 16 + 8L * random.nextInt(31);
        bytes = Math.max(bytes, objectBytes(refSlots, 0));
        long object = alloc(thread, bytes, refSlots, blob ? BLOB : NODE);
        graph.alloc(thread, object, bytes, refSlots, blob ? BLOB : NODE);
        int place = random.nextInt(10);
        if (place < (growing ? 1 : 5)) {
            return; // a temporary: dead at once
        }
        long holder = place < 7 ? reachable(thread, true) : 0;
        if (holder == 0) {
            int slot = random.nextInt(rootsPerThread);
            storeRoot(thread, slot, object);
        } else {
            storeInto(thread, holder, random.nextInt(graph.slotCountOf(holder)), object);
        }
        for (int s = 0; s < refSlots; s++) {
            if (random.nextBoolean()) {
                storeInto(thread, object, s, reachable(thread, false));
            }
        }
    }

    /** A pointer store into a reachable object: a reachable target, or null. */
    private void store(int thread) {
        long source = reachable(thread, true);
        if (source != 0) {
            storeInto(thread, source, random.nextInt(graph.slotCountOf(source)), maybeNull(thread));
        }
    }

    private void storeInto(int thread, long source, int slot, long target) {
        graph.write(thread, source, slot, target);
        write(thread, source, slot, target);
    }

    private void storeRoot(int thread, int slot, long target) {
        roots[thread][slot] = target;
        graph.root(thread, slot, target);
        root(thread, slot, target);
    }

    /** Null with a probability that is high while the live size should fall, else a reachable object. */
    private long maybeNull(int thread) {
        return random.nextInt(10) < (growing ? 1 : 6) ? 0 : reachable(thread, false);
    }

    /**
     * An object {@code thread} reaches (0 if none): a random walk of up to 3 steps from one of its roots
     * or a global; with {@code withSlots}, one that has reference slots (0 if the walk ends elsewhere).
     */
    private long reachable(int thread, boolean withSlots) {
        int n = rootsPerThread + GLOBALS;
        int start = random.nextInt(n);
        long object = 0;
        for (int i = 0; i < n && object == 0; i++) {
            int s = (start + i) % n;
            object = s < rootsPerThread ? roots[thread][s] : globals[s - rootsPerThread];
        }
        for (int steps = random.nextInt(4); steps > 0 && object != 0 && graph.slotCountOf(object) > 0; steps--) {
            long next = graph.targetOf(object, random.nextInt(graph.slotCountOf(object)));
            if (next != 0) {
                object = next;
            }
        }
        return object != 0 && withSlots && graph.slotCountOf(object) == 0 ? 0 : object;
    }

    /**
     * Measures the live size and turns from growing to shrinking at a peak and back at a trough;
     * returns the number of operations until the next measurement (about one per 2 KB live, about a
     * sixteenth of the live objects, so that measuring costs a constant per operation).
     */
    private int steer() {
        long live = graph.reachableBytes();
        if (growing && live >= target) {
            growing = false;
            target = Math.round(peakBytes * (0.2 + 0.2 * random.nextDouble()));
        } else if (!growing && live <= target) {
            growing = true;
            target = nextPeak();
        }
        return (int) Math.max(8, live / 2048);
    }

    private long nextPeak() {
        return Math.round(peakBytes * (0.6 + 0.4 * random.nextDouble()));
    }
}
