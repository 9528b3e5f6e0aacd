package org.jmmtk.plugins.merlin;

import it.unimi.dsi.fastutil.longs.LongArrays;
import java.util.Arrays;

/**
 * Merlin's backward pass (Hertz et al., TOPLAS 2006, section 6.2.5 and Fig. 8): given dead objects and
 * their timestamps, gives each the time it was last reachable, which is the latest timestamp among the
 * dead objects that reach it (itself included). The objects are taken in decreasing timestamp order,
 * and a depth-first search from each gives its timestamp to every object it reaches that has no time
 * yet; since the latest source comes first, an object's first time is its last-reachable time, and each
 * object is searched from once: O(n log n) for the sort plus the edges. The caller owns the graph and
 * the times (a {@link Graph}), so the same pass serves the online plugin after each collection, its
 * pass at the end of the trace, and the offline maximum-live-size analysis.
 *
 * <p>Reusable, not thread-safe: one instance per analysis thread.
 */
public final class LastReachable {
    /** The objects of one pass as the caller keeps them: small non-negative node numbers. */
    public interface Graph {
        int slotCount(int node);

        /** The node in reference slot {@code slot} of {@code node}, or -1 if the slot is null or holds no node of this pass. */
        int target(int node, int slot);

        /**
         * Gives {@code node} the last-reachable time {@code time} unless it has one already; true if it
         * had none (the search then goes on through its slots).
         */
        boolean claim(int node, long time);
    }

    private int[] stack = new int[256];
    private int[] order = new int[0];
    private long[] keys = new long[0];

    /**
     * Gives a time to every node of {@code nodes[0..count)}, whose timestamps are
     * {@code stamps[0..count)}, and to every node they reach that {@link Graph#claim} accepts.
     */
    public void assign(int[] nodes, long[] stamps, int count, Graph graph) {
        sort(stamps, count);
        for (int k = count - 1; k >= 0; k--) {
            int i = order[k];
            long time = stamps[i];
            if (graph.claim(nodes[i], time)) {
                search(nodes[i], time, graph);
            }
        }
    }

    /**
     * Fills {@code order[0..count)} with 0..count-1 in increasing order of {@code stamps}. Usually the
     * stamps' range and the count fit in one long, (stamp - least) above the index, and a direct radix
     * sort of those is several times faster than sorting indices indirectly, which is the fallback.
     */
    private void sort(long[] stamps, int count) {
        if (order.length < count) {
            order = new int[Math.max(count, order.length * 2)];
        }
        long least = Long.MAX_VALUE;
        long most = Long.MIN_VALUE;
        for (int k = 0; k < count; k++) {
            least = Math.min(least, stamps[k]);
            most = Math.max(most, stamps[k]);
        }
        int indexBits = 32 - Integer.numberOfLeadingZeros(Math.max(1, count - 1));
        if (count > 0 && most - least >= 0 && most - least < 1L << (63 - indexBits)) {
            if (keys.length < count) {
                keys = new long[order.length];
            }
            for (int k = 0; k < count; k++) {
                keys[k] = ((stamps[k] - least) << indexBits) | k;
            }
            LongArrays.radixSort(keys, 0, count);
            long mask = (1L << indexBits) - 1;
            for (int k = 0; k < count; k++) {
                order[k] = (int) (keys[k] & mask);
            }
            return;
        }
        for (int k = 0; k < count; k++) {
            order[k] = k;
        }
        LongArrays.radixSortIndirect(order, stamps, 0, count, false);
    }

    /** Gives {@code time} to every node without one that {@code from} (already claimed) reaches. */
    private void search(int from, long time, Graph graph) {
        int top = 0;
        stack[top++] = from;
        while (top > 0) {
            int node = stack[--top];
            for (int s = graph.slotCount(node) - 1; s >= 0; s--) {
                int t = graph.target(node, s);
                if (t >= 0 && graph.claim(t, time)) {
                    if (top == stack.length) {
                        stack = Arrays.copyOf(stack, top * 2);
                    }
                    stack[top++] = t;
                }
            }
        }
    }
}
