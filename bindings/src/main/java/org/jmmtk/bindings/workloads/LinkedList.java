package org.jmmtk.bindings.workloads;

/**
 * A long linked list that the program keeps, walks and periodically replaces, while allocating
 * short-lived temporaries. Every collection must trace the whole list, one node after the other: the
 * closure has almost no parallelism (the MPLR'23 paper's lusearch bug, where a long
 * PhantomCleanable list was traced at every GC). The sweep command shows it does not scale. The last
 * list is still reachable when the program ends.
 */
public final class LinkedList extends Workload {
    private static final int NODE = 1;
    private static final int PAYLOAD = 2;
    private static final int TEMP = 3;
    private static final long NODE_BYTES = objectBytes(2, 0);
    private static final long PAYLOAD_BYTES = objectBytes(0, 32);
    private static final int REPLACEMENTS = 4;
    private static final int WALKS_PER_LIST = 6;

    private final int length;
    private final int tempsPerWalk;

    public LinkedList(long seed, double scale) {
        super(seed, scale);
        this.length = scaled(60_000);
        this.tempsPerWalk = scaled(150_000);
    }

    @Override
    public String name() {
        return "linkedlist";
    }

    @Override
    protected long plannedBytes() {
        long list = (long) length * (NODE_BYTES + PAYLOAD_BYTES);
        long temps = (long) tempsPerWalk * WALKS_PER_LIST * 40;
        return REPLACEMENTS * (list + temps);
    }

    @Override
    protected void run() {
        out().type(NODE, "ListNode");
        out().type(PAYLOAD, "Payload");
        out().type(TEMP, "Temporary");
        for (int r = 0; r < REPLACEMENTS; r++) {
            buildList();
            for (int w = 0; w < WALKS_PER_LIST; w++) {
                walk();
            }
        }
    }

    /** Builds a new list by prepending, then makes it the one the program holds. */
    private void buildList() {
        long head = 0;
        for (int i = 0; i < length; i++) {
            long node = alloc(0, NODE_BYTES, 2, NODE);
            write(0, node, 0, head);
            root(0, 0, node);
            long payload = alloc(0, PAYLOAD_BYTES, 0, PAYLOAD);
            write(0, node, 1, payload);
            head = node;
        }
        global(0, head);
        root(0, 0, 0);
    }

    /** A walk of the list: reads only, but allocates short-lived temporaries as it goes. */
    private void walk() {
        for (int i = 0; i < tempsPerWalk; i++) {
            long temp = alloc(0, objectBytes(1, 8 + random.nextInt(24)), 1, TEMP);
            root(0, 1, temp);
        }
        root(0, 1, 0);
    }
}
