package org.jmmtk.bindings.workloads;

/**
 * A long-lived, wide and shallow tree (fan-out 8) kept for the whole run while short-lived garbage
 * triggers collections. Each collection traces the tree; its breadth gives the closure plenty of
 * parallelism, so it scales with GC threads (the contrast to {@link LinkedList}).
 */
public final class WideTree extends Workload {
    private static final int INNER = 1;
    private static final int LEAF = 2;
    private static final int TEMP = 3;
    private static final int FANOUT = 8;
    private static final long INNER_BYTES = objectBytes(FANOUT, 0);
    private static final long LEAF_BYTES = objectBytes(0, 16);

    private final int depth;
    private final long garbageBytes;

    public WideTree(long seed, double scale) {
        super(seed, scale);
        this.depth = Math.max(2, 6 + (int) Math.round(Math.log(scale) / Math.log(FANOUT)));
        this.garbageBytes = (long) (160L * (1 << 20) * scale);
    }

    @Override
    public String name() {
        return "widetree";
    }

    @Override
    protected long plannedBytes() {
        long leaves = 1;
        for (int i = 0; i < depth; i++) {
            leaves *= FANOUT;
        }
        return leaves * LEAF_BYTES + leaves / (FANOUT - 1) * INNER_BYTES + garbageBytes;
    }

    @Override
    protected void run() {
        out().type(INNER, "Inner");
        out().type(LEAF, "Leaf");
        out().type(TEMP, "Temporary");
        long top = alloc(0, INNER_BYTES, FANOUT, INNER);
        global(0, top);
        fill(top, depth - 1);
        long allocated = 0;
        while (allocated < garbageBytes) {
            long bytes = objectBytes(2, 8 * random.nextInt(8));
            long temp = alloc(0, bytes, 2, TEMP);
            root(0, 0, temp);
            allocated += bytes;
        }
        root(0, 0, 0);
    }

    private void fill(long node, int levels) {
        for (int i = 0; i < FANOUT; i++) {
            long child = levels == 0 ? alloc(0, LEAF_BYTES, 0, LEAF) : alloc(0, INNER_BYTES, FANOUT, INNER);
            write(0, node, i, child);
            if (levels > 0) {
                fill(child, levels - 1);
            }
        }
    }
}
