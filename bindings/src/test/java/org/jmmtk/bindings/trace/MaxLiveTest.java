package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link MaxLive} equals a brute-force computation that walks the graph at every allocation, on random
 * traces of many seeds and on the other workloads, however often it walks; a wrong trace, which uses an
 * object after it was unreachable, gets it counted as live until then, however often it walks.
 */
class MaxLiveTest {
    private static TraceSource workload(String name, long seed, double scale) {
        return Workloads.REGISTRY.find(name).orElseThrow().factory().create(seed, scale);
    }

    private static MaxLive.Result maxLive(TraceSource source, int walkInterval) throws IOException {
        MaxLive m = new MaxLive(walkInterval);
        source.replay(m);
        return m.result();
    }

    @ParameterizedTest(name = "seeds {0}..{0}+9, walking every {1} allocations or more")
    @CsvSource({"1, 1", "11, 7", "21, 64", "31, 4096"})
    void equalsBruteForceOnRandomTraces(long firstSeed, int walkInterval) throws IOException {
        for (long seed = firstSeed; seed < firstSeed + 10; seed++) {
            TraceSource source = workload("random", seed, 0.05);
            BruteForce brute = new BruteForce();
            source.replay(brute);
            assertEquals(brute.result(), maxLive(source, walkInterval), "seed " + seed);
        }
    }

    @Test
    void equalsBruteForceOnALongRandomTraceWithTheDefaultWalks() throws IOException {
        TraceSource source = workload("random", 5, 1);
        BruteForce brute = new BruteForce();
        source.replay(brute);
        assertEquals(brute.result(), MaxLive.of(source));
    }

    @ParameterizedTest
    @ValueSource(strings = {"binarytrees", "linkedlist", "phases", "widetree"})
    void equalsBruteForceOnSmallWorkloads(String name) throws IOException {
        TraceSource source = workload(name, 42, 0.002);
        BruteForce brute = new BruteForce();
        source.replay(brute);
        assertEquals(brute.result(), maxLive(source, 16));
    }

    @Test
    void idsThatAreNotAllocationIndicesGiveTheSameResult() throws IOException {
        TraceSource source = workload("random", 9, 0.1);
        MaxLive.Result dense = maxLive(source, 8);
        MaxLive renamed = new MaxLive(8);
        // ids 1..100 as they are, then sparse ones: the shadow heap switches to its id map midway
        source.replay(new RenamedIds(renamed, id -> id <= 100 ? id : id * 3 + 1_000_000_007L));
        assertEquals(dense, renamed.result());
    }

    @Test
    void countsTheAllocatedObjectAndOnlyWhatIsReachableBeforeIt() {
        MaxLive m = new MaxLive(1);
        m.alloc(0, 1, 100, 1, 0);
        m.root(0, 0, 1);
        m.alloc(0, 2, 50, 0, 0);   // 100 live + 50
        m.write(0, 1, 0, 2);
        m.alloc(0, 3, 10, 0, 0);   // 150 live + 10
        m.root(0, 0, 0);           // 1 and 2 die
        m.alloc(0, 4, 200, 0, 0);  // 0 live + 200: the maximum
        m.alloc(0, 5, 20, 0, 0);   // 4 was never stored: 0 live + 20
        assertEquals(new MaxLive.Result(200, 4, 160), m.result());
    }

    @Test
    void emptyTraceHasNoLiveData() {
        assertEquals(new MaxLive.Result(0, 0, 0), new MaxLive().result());
    }

    @ParameterizedTest(name = "walking every {0} allocations or more")
    @ValueSource(ints = {1, 2, 4096})
    void aTraceThatUsesAnObjectAfterItWasUnreachableCountsItLiveUntilThen(int walkInterval) {
        MaxLive m = new MaxLive(walkInterval);
        m.alloc(0, 1, 100, 1, 0);   // not stored: unreachable from allocation 2 on
        m.alloc(0, 2, 10, 1, 0);    // 10, or 110 with 1 counted
        m.write(0, 2, 0, 1);        // not stored either
        m.alloc(0, 3, 1, 0, 0);     // 1, or 111 with 1 and 2 counted
        m.root(0, 0, 2);            // 2 (and 1 through it) used again: both count as live until now
        m.alloc(0, 4, 1, 0, 0);     // 111
        m.root(0, 0, 0);
        m.alloc(0, 5, 1, 0, 0);     // 1
        assertEquals(new MaxLive.Result(111, 3, 110), m.result());
    }

    /** The definition, computed literally: a walk of a map-based graph before every allocation. */
    private static final class BruteForce extends IgnoringEvents {
        private final Long2ObjectOpenHashMap<long[]> slots = new Long2ObjectOpenHashMap<>();
        private final Long2LongOpenHashMap sizes = new Long2LongOpenHashMap();
        private final Int2ObjectOpenHashMap<Long2LongOpenHashMap> roots = new Int2ObjectOpenHashMap<>();
        private final Long2LongOpenHashMap globals = new Long2LongOpenHashMap();
        private MaxLive.Result best = new MaxLive.Result(0, 0, 0);
        private long allocations;
        private long allocated;

        MaxLive.Result result() {
            return best;
        }

        private long liveBytes() {
            LongOpenHashSet seen = new LongOpenHashSet();
            LongArrayList stack = new LongArrayList();
            for (Long2LongOpenHashMap r : roots.values()) {
                stack.addAll(r.values());
            }
            stack.addAll(globals.values());
            long bytes = 0;
            while (!stack.isEmpty()) {
                long o = stack.removeLong(stack.size() - 1);
                if (o != 0 && seen.add(o)) {
                    bytes += sizes.get(o);
                    stack.addElements(stack.size(), slots.get(o));
                }
            }
            return bytes;
        }

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            allocations++;
            long live = liveBytes() + bytes;
            if (live > best.bytes()) {
                best = new MaxLive.Result(live, allocations, allocated);
            }
            allocated += bytes;
            sizes.put(object, bytes);
            slots.put(object, new long[refSlots]);
        }

        @Override
        public void write(int thread, long source, int slot, long target) {
            slots.get(source)[slot] = target;
        }

        @Override
        public void root(int thread, int rootSlot, long target) {
            roots.computeIfAbsent(thread, t -> new Long2LongOpenHashMap()).put(rootSlot, target);
        }

        @Override
        public void global(int rootSlot, long target) {
            globals.put(rootSlot, target);
        }
    }
}
