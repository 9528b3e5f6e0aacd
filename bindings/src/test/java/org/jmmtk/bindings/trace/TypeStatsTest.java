package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.lifetimes.RandomTraces;
import org.jmmtk.bindings.workloads.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code trace stats --by-type}: objects and bytes per type add up to the trace's, and each type's maximum live
 * size equals a brute force that walks the graph from the roots before every allocation and keeps, per type,
 * the largest reachable bytes of that type plus the allocated object when it is of that type; on random traces
 * (seeded, types assigned at random) and on workloads with several types.
 */
class TypeStatsTest {
    /** The brute force: a shadow heap walked at every allocation. */
    private static final class BruteForce extends ForwardingEvents {
        private final ShadowHeap heap;
        private final Long2IntOpenHashMap typeOf = new Long2IntOpenHashMap();
        private final Int2LongOpenHashMap max = new Int2LongOpenHashMap();

        BruteForce(ShadowHeap heap) {
            super(heap);
            this.heap = heap;
        }

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            Int2LongOpenHashMap live = new Int2LongOpenHashMap();
            heap.reachable().ids().forEach((long id) -> live.addTo(typeOf.get(id), heap.sizeOf(id)));
            live.addTo(typeId, bytes);
            max.put(typeId, Math.max(max.get(typeId), live.get(typeId)));
            typeOf.put(object, typeId);
            super.alloc(thread, object, bytes, refSlots, typeId);
        }
    }

    /** Gives each object one of {@code types} types, named by T records first. */
    private static TraceSource typed(TraceSource source, long seed, int types) {
        return new TraceSource() {
            @Override
            public void replay(TraceEvents out) throws IOException {
                for (int t = 1; t <= types; t++) {
                    out.type(t, "T" + t);
                }
                source.replay(new ForwardingEvents(out) {
                    @Override
                    public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
                        out.alloc(thread, object, bytes, refSlots, (int) Math.floorMod(object * 31 + seed, types + 1));
                    }
                });
            }

            @Override
            public String describe() {
                return source.describe() + " typed";
            }

            @Override
            public double progress() {
                return source.progress();
            }
        };
    }

    private static void check(TraceSource source) throws IOException {
        TraceStats stats = new TraceStats().byType();
        source.replay(stats);
        TraceStats.Summary s = stats.summary();
        BruteForce brute = new BruteForce(new ShadowHeap());
        source.replay(brute);
        List<TypeStats.Row> rows = s.types();
        assertEquals(s.objects(), rows.stream().mapToLong(TypeStats.Row::objects).sum(), source.describe());
        assertEquals(s.bytesAllocated(), rows.stream().mapToLong(TypeStats.Row::bytes).sum(), source.describe());
        for (TypeStats.Row row : rows) {
            assertEquals(brute.max.get(row.typeId()), row.maxLiveBytes(), source.describe() + ", " + row.name());
        }
        assertEquals(brute.max.size(), rows.size(), source.describe());
    }

    @Test
    void equalsBruteForceOnSeededRandomTracesWithRandomTypes() throws IOException {
        for (long seed = 1; seed <= 30; seed++) {
            check(typed(RandomTraces.generate(seed, 300), seed, 1 + (int) (seed % 4)));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "phases", "binarytrees", "linkedlist"})
    void equalsBruteForceOnWorkloads(String name) throws IOException {
        check(Workloads.REGISTRY.find(name).orElseThrow().factory().create(7, 0.01));
    }

    @Test
    void oneGroupIsTheMaximumLiveSize() throws IOException {
        for (long seed = 40; seed < 50; seed++) {
            TraceSource source = RandomTraces.generate(seed, 500);
            MaxLive m = new MaxLive();
            source.replay(m);
            MaxLive.Result whole = m.result();
            int[] group = new int[501];
            assertEquals(whole.bytes(), m.maxLiveByGroup(group, 1)[0], "seed " + seed);
        }
    }

    @Test
    void namesComeFromTypeRecords() throws IOException {
        TraceStats stats = new TraceStats().byType();
        stats.type(3, "Foo");
        stats.alloc(0, 1, 24, 0, 3);
        stats.alloc(0, 2, 40, 0, 0);
        stats.alloc(0, 3, 16, 0, 9);
        List<TypeStats.Row> rows = stats.summary().types();
        assertEquals(List.of(new TypeStats.Row(0, TypeStats.UNTYPED, 1, 40, 40),
                new TypeStats.Row(3, "Foo", 1, 24, 24), new TypeStats.Row(9, "type 9", 1, 16, 16)), rows);
    }
}
