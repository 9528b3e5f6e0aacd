package org.jmmtk.bindings.workloads;

import java.util.Arrays;

/**
 * A random multi-threaded program, the kind of trace GC researchers measure heap fidelity with: two
 * mutator threads churn a random object graph with allocations of varied sizes (mostly 16 to 256 bytes,
 * now and then up to 2 KiB) with 0 to 6 reference slots, random pointer stores (overwriting and
 * nulling), random stores into and clears of each thread's root slots, and global roots, over
 * {@code 30,000 x scale} allocations. The live size rises and falls between random peaks of 7 to 12 KB
 * and troughs of 2.4 to 4.8 KB (scaled, and the roots with them, when the scale exceeds 1), so the
 * maximum live size at scale 1 or less is about 10 to 20 KB. A thread only ever stores references to objects it reaches from
 * its own roots or the globals (found by a random walk from them), so the trace is valid: nothing
 * unreachable is ever referenced again.
 */
public final class Random extends Workload {
    private static final int THREADS = 2;
    private static final int ROOTS = 8;
    private static final int GLOBALS = 4;
    private static final int MAX_SLOTS = 6;
    private static final int NODE = 1;
    private static final int BLOB = 2;
    private static final int GLOBAL_ROOTS = -1;

    private final int allocations;
    private final double liveScale;
    private final int rootsPerThread;
    private final long peakBytes;
    private final Graph graph = new Graph();
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
        graph.clear();
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
            int slot = random.nextInt(rootsPerThread);
            roots[thread][slot] = maybeNull(thread);
            root(thread, slot, roots[thread][slot]);
        } else {
            int slot = random.nextInt(GLOBALS);
            globals[slot] = maybeNull(thread);
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
        graph.add(object, bytes, refSlots);
        int place = random.nextInt(10);
        if (place < (growing ? 1 : 5)) {
            return; // a temporary: dead at once
        }
        long holder = place < 7 ? reachable(thread, true) : 0;
        if (holder == 0) {
            int slot = random.nextInt(rootsPerThread);
            roots[thread][slot] = object;
            root(thread, slot, object);
        } else {
            storeInto(thread, holder, random.nextInt(graph.slotCount(holder)), object);
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
            storeInto(thread, source, random.nextInt(graph.slotCount(source)), maybeNull(thread));
        }
    }

    private void storeInto(int thread, long source, int slot, long target) {
        graph.set(source, slot, target);
        write(thread, source, slot, target);
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
        for (int steps = random.nextInt(4); steps > 0 && object != 0 && graph.slotCount(object) > 0; steps--) {
            long next = graph.get(object, random.nextInt(graph.slotCount(object)));
            if (next != 0) {
                object = next;
            }
        }
        return object != 0 && withSlots && graph.slotCount(object) == 0 ? 0 : object;
    }

    /**
     * Measures the live size and turns from growing to shrinking at a peak and back at a trough;
     * returns the number of operations until the next measurement (about a sixteenth of the live
     * objects, so that measuring costs a constant per operation).
     */
    private int steer() {
        long live = graph.reachableBytes(roots, globals);
        if (growing && live >= target) {
            growing = false;
            target = Math.round(peakBytes * (0.2 + 0.2 * random.nextDouble()));
        } else if (!growing && live <= target) {
            growing = true;
            target = nextPeak();
        }
        return Math.max(8, graph.lastReached() / 16);
    }

    private long nextPeak() {
        return Math.round(peakBytes * (0.6 + 0.4 * random.nextDouble()));
    }

    /** The workload's own copy of the object graph: slots of objects by id (ids are 1, 2, 3, ...). */
    private static final class Graph {
        private long[] bytes = new long[1024];
        private int[] slotStart = new int[1025];
        private long[] slots = new long[4096];
        private int[] marks = new int[1024];
        private long[] stack = new long[256];
        private int objects;
        private int epoch;
        private int lastReached;

        void clear() {
            objects = 0;
            epoch = 0;
            lastReached = 0;
            Arrays.fill(marks, 0);
        }

        void add(long id, long size, int refSlots) {
            int i = (int) id;
            if (i != objects + 1) {
                throw new IllegalStateException("ids must be dense: expected " + (objects + 1) + ", got " + id);
            }
            if (i >= bytes.length) {
                bytes = Arrays.copyOf(bytes, bytes.length * 2);
                slotStart = Arrays.copyOf(slotStart, bytes.length + 1);
                marks = Arrays.copyOf(marks, bytes.length);
            }
            int end = slotStart[i] + refSlots;
            if (end > slots.length) {
                slots = Arrays.copyOf(slots, Math.max(end, slots.length * 2));
            }
            Arrays.fill(slots, slotStart[i], end, 0);
            bytes[i] = size;
            slotStart[i + 1] = end;
            objects = i;
        }

        int slotCount(long id) {
            return slotStart[(int) id + 1] - slotStart[(int) id];
        }

        long get(long id, int slot) {
            return slots[slotStart[(int) id] + slot];
        }

        void set(long id, int slot, long target) {
            slots[slotStart[(int) id] + slot] = target;
        }

        /** Bytes reachable from every thread's roots and the globals (a depth-first walk). */
        long reachableBytes(long[][] threadRoots, long[] globalRoots) {
            epoch++;
            int top = 0;
            long total = 0;
            int reached = 0;
            for (int r = GLOBAL_ROOTS; r < threadRoots.length; r++) {
                for (long root : r == GLOBAL_ROOTS ? globalRoots : threadRoots[r]) {
                    top = push(root, top);
                }
            }
            while (top > 0) {
                int i = (int) stack[--top];
                total += bytes[i];
                reached++;
                for (int s = slotStart[i]; s < slotStart[i + 1]; s++) {
                    top = push(slots[s], top);
                }
            }
            lastReached = reached;
            return total;
        }

        private int push(long id, int top) {
            if (id == 0 || marks[(int) id] == epoch) {
                return top;
            }
            marks[(int) id] = epoch;
            if (top == stack.length) {
                stack = Arrays.copyOf(stack, top * 2);
            }
            stack[top] = id;
            return top + 1;
        }

        int lastReached() {
            return lastReached;
        }
    }
}
