package org.jmmtk.bindings.workloads;

/**
 * Heavy sharing, the opposite of {@link Search}: four threads build and rewire one shared graph. A
 * table of 512 cells (an object in the large object space, a global root) holds shared nodes; each
 * operation of a thread allocates a node, points each of its two slots, one time in four, at the
 * node a random cell holds (made by any thread), and stores it into a random cell, overwriting
 * whatever another thread put there (the live size stays flat, at about a thousand nodes). So
 * most records name objects other threads allocated and store into slots other threads store into:
 * a parallel replay must order them as the trace does, and its mutator threads wait for each other
 * often. {@code 200,000 x scale} operations, the threads taking turns a few operations at a time.
 */
public final class Sharing extends Workload {
    private static final int TABLE = 1;
    private static final int NODE = 2;
    private static final int THREADS = 4;
    private static final int CELLS = 512;

    private final int operations;

    public Sharing(long seed, double scale) {
        super(seed, scale);
        this.operations = scaled(200_000);
    }

    @Override
    public String name() {
        return "sharing";
    }

    @Override
    protected long plannedBytes() {
        return (long) operations * objectBytes(2, 24);
    }

    @Override
    protected void run() {
        out().type(TABLE, "Node[]");
        out().type(NODE, "Node");
        long table = alloc(0, objectBytes(CELLS, 0), CELLS, TABLE);
        global(0, table);
        long[] cells = new long[CELLS];
        int thread = 0;
        for (int op = 0; op < operations; op++) {
            if (random.nextInt(4) == 0) {
                thread = random.nextInt(THREADS);
            }
            long node = alloc(thread, objectBytes(2, 8 + 8 * random.nextInt(4)), 2, NODE);
            // a quarter of the slots point at another cell's node: chains stay short, the live size flat
            for (int slot = 0; slot < 2; slot++) {
                if (random.nextInt(4) == 0) {
                    write(thread, node, slot, cells[random.nextInt(CELLS)]);
                }
            }
            int cell = random.nextInt(CELLS);
            write(thread, table, cell, node);
            cells[cell] = node;
        }
    }
}
