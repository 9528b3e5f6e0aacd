package org.jmmtk.plugins.merlin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The backward pass gives each node the latest timestamp among the nodes that reach it (itself
 * included), through chains and cycles, whether the timestamps fit the packed sort or need the
 * indirect one.
 */
class LastReachableTest {
    /** Nodes 0..5: 0 -> 1 -> 2 -> 1 (a cycle), 3 -> 2, 4 alone, 5 -> 4. */
    private static final int[][] EDGES = {{1}, {2}, {1}, {2}, {}, {4}};

    private static long[] pass(long[] stamps) {
        long[] times = new long[stamps.length];
        Arrays.fill(times, Long.MIN_VALUE);
        int[] nodes = {0, 1, 2, 3, 4, 5};
        new LastReachable().assign(nodes, stamps.clone(), nodes.length, new LastReachable.Graph() {
            @Override
            public int slotCount(int node) {
                return EDGES[node].length;
            }

            @Override
            public int target(int node, int slot) {
                return EDGES[node][slot];
            }

            @Override
            public boolean claim(int node, long time) {
                if (times[node] != Long.MIN_VALUE) {
                    return false;
                }
                times[node] = time;
                return true;
            }
        });
        return times;
    }

    @ParameterizedTest(name = "stamps offset by {0}")
    @ValueSource(longs = {0, 1L << 40, Long.MAX_VALUE - 100})
    void latestStampAmongTheNodesThatReachEach(long offset) {
        long[] stamps = {5, 9, 1, 7, 3, 2};
        for (int i = 0; i < stamps.length; i++) {
            stamps[i] += offset;
        }
        long[] expected = {5, 9, 9, 7, 3, 2};
        for (int i = 0; i < expected.length; i++) {
            expected[i] += offset;
        }
        assertArrayEquals(expected, pass(stamps));
    }

    @Test
    void stampsTooFarApartForThePackedSortTakeTheIndirectOne() {
        assertArrayEquals(new long[] {-5, Long.MAX_VALUE, Long.MAX_VALUE, 0, 3, 3},
                pass(new long[] {-5, Long.MAX_VALUE, 1, 0, Long.MIN_VALUE + 1, 3}));
    }
}
