package org.jmmtk.bindings.workloads;

/**
 * A first-in, first-out queue of fixed length: each step enqueues a new element (a node and its
 * payload) at the tail and, once the queue is full, dequeues the oldest from the head, so objects die
 * exactly in the order they were born (the lifetime shape that favours Older-First over generational
 * and whole-heap collectors: the oldest objects are the garbage). The head and tail are global roots;
 * each node points to the next, younger one. The last queue is still reachable when the program ends.
 */
public final class Queue extends Workload {
    private static final int NODE = 1;
    private static final int PAYLOAD = 2;
    private static final long NODE_BYTES = objectBytes(2, 0);

    private final int length;
    private final int steps;

    public Queue(long seed, double scale) {
        super(seed, scale);
        this.length = scaled(20_000);
        this.steps = scaled(400_000);
    }

    @Override
    public String name() {
        return "queue";
    }

    @Override
    protected long plannedBytes() {
        return steps * (NODE_BYTES + objectBytes(0, 64));
    }

    @Override
    protected void run() {
        out().type(NODE, "QueueNode");
        out().type(PAYLOAD, "Payload");
        long[] ring = new long[length];
        int head = 0;
        int size = 0;
        long tail = 0;
        for (int i = 0; i < steps; i++) {
            long node = alloc(0, NODE_BYTES, 2, NODE);
            root(0, 0, node);
            long payload = alloc(0, objectBytes(0, 32 + random.nextInt(64)), 0, PAYLOAD);
            write(0, node, 1, payload);
            if (tail != 0) {
                write(0, tail, 0, node);
            }
            tail = node;
            global(1, tail);
            if (size == length) {
                head = (head + 1) % length;
                size--;
            }
            ring[(head + size) % length] = node;
            size++;
            global(0, ring[head]);
            root(0, 0, 0);
        }
    }
}
