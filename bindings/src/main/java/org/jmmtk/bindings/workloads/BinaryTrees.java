package org.jmmtk.bindings.workloads;

/**
 * The classic binary-trees GC benchmark: one long-lived tree of the maximum depth stays reachable
 * (a global root) while trees of increasing depth are built and dropped, many of each. Most objects
 * die young; the long-lived tree is still reachable when the program ends.
 */
public final class BinaryTrees extends Workload {
    private static final int NODE = 1;
    private static final int MIN_DEPTH = 4;
    private static final long NODE_BYTES = objectBytes(2, 0);
    private final int maxDepth;

    public BinaryTrees(long seed, double scale) {
        super(seed, scale);
        this.maxDepth = Math.max(MIN_DEPTH + 2, 14 + (int) Math.round(Math.log(scale) / Math.log(2)));
    }

    @Override
    public String name() {
        return "binarytrees";
    }

    @Override
    protected long plannedBytes() {
        long nodes = (1L << (maxDepth + 1));
        for (int d = MIN_DEPTH; d <= maxDepth; d += 2) {
            nodes += iterations(d) * ((1L << (d + 1)) - 1);
        }
        return nodes * NODE_BYTES;
    }

    private long iterations(int depth) {
        return 1L << (maxDepth - depth + MIN_DEPTH);
    }

    @Override
    protected void run() {
        out().type(NODE, "TreeNode");
        long longLived = tree(maxDepth, 0);
        global(0, longLived);
        root(0, 0, 0);
        for (int depth = MIN_DEPTH; depth <= maxDepth; depth += 2) {
            for (long i = 0; i < iterations(depth); i++) {
                tree(depth, 0);
                root(0, 0, 0);
            }
        }
    }

    /** Builds a complete tree top-down, rooted in root slot {@code slot} of thread 0 while it grows. */
    private long tree(int depth, int slot) {
        long top = alloc(0, NODE_BYTES, 2, NODE);
        root(0, slot, top);
        fill(top, depth);
        return top;
    }

    private void fill(long node, int depth) {
        if (depth == 0) {
            return;
        }
        long left = alloc(0, NODE_BYTES, 2, NODE);
        write(0, node, 0, left);
        long right = alloc(0, NODE_BYTES, 2, NODE);
        write(0, node, 1, right);
        fill(left, depth - 1);
        fill(right, depth - 1);
    }
}
