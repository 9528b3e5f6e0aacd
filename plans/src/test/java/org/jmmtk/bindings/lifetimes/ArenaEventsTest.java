package org.jmmtk.bindings.lifetimes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2LongMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.Options;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.plans.Plans;
import org.jmmtk.plugins.arena.ArenaEventReader;
import org.jmmtk.plugins.arena.ArenaEventWriter;
import org.jmmtk.plugins.arena.ArenaEvents;
import org.jmmtk.plugins.arena.ArenaEventsPlugin;
import org.jmmtk.plugins.arena.ArenaReplay;

/**
 * The arena events of every plan rebuild the heap: after every collection (the final one included),
 * the objects replayed from the events alone (addresses, sizes, arenas) are exactly the objects the heap
 * holds (its valid-object bits), on random multi-threaded traces with one and two GC threads; the binary
 * file written alongside decodes to the same final set; and at the end (for plans that reclaim), that set
 * is the final collection's live set.
 */
class ArenaEventsTest {
    @Property(tries = 8)
    void onHarshRandomTraces(@ForAll long seed, @ForAll @IntRange(min = 1, max = 2) int gcThreads) throws IOException {
        check(RandomTraces.generate(seed, 800), gcThreads);
    }

    @Property(tries = 2)
    void onTheRandomWorkload(@ForAll @LongRange(min = 1, max = 1_000_000) long seed,
                             @ForAll @IntRange(min = 1, max = 2) int gcThreads) throws IOException {
        check(Workloads.REGISTRY.find("random").orElseThrow().factory().create(seed, 0.05), gcThreads);
    }

    private static void check(TraceSource trace, int gcThreads) throws IOException {
        for (Plans.Entry plan : Plans.REGISTRY.all()) {
            check(plan, trace, gcThreads);
        }
    }

    private static void check(Plans.Entry plan, TraceSource trace, int gcThreads) throws IOException {
        Options options = Deaths.options(plan.name(), trace, gcThreads);
        for (double factor : new double[] {0.5, 1, 4}) {
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            ArenaEventWriter writer = new ArenaEventWriter(file);
            ArenaReplay replay = new ArenaReplay();
            Long2LongMap[] last = new Long2LongMap[1];
            int[] checks = new int[1];
            RunResult r = Simulation.run(plan, options.copy().heapBytes((long) (factor * options.heapBytes())),
                    trace, (mmtk, binding) -> mmtk.addListener(gc -> {
                        last[0] = heapObjects(mmtk);
                        assertSame(plan.name() + " after GC " + gc.gc(), last[0], replay, mmtk);
                        checks[0]++;
                    }), List.of(new ArenaEventsPlugin(ArenaEvents.tee(writer, replay))));
            if (r.isOutOfMemory()) {
                continue;
            }
            writer.finish();
            assertEquals(r.gcCount() + 1, checks[0], plan.name() + ": checked after every collection and the final one");
            ArenaReplay decoded = new ArenaReplay();
            ArenaEventReader.read(new ByteArrayInputStream(file.toByteArray()), "memory", decoded);
            assertEquals(last[0], decoded.objects(), plan.name() + ": the file's final set");
            assertEquals(replay.occupancy(), decoded.occupancy(), plan.name() + ": the file's arenas");
            if (!plan.name().equals("nogc")) {
                assertEquals(r.finalLiveObjects().longValue(), decoded.liveObjects(), plan.name() + ": final live objects");
                assertEquals(r.finalLiveBytes().longValue(), decoded.liveBytes(), plan.name() + ": final live bytes");
            }
            return;
        }
        throw new AssertionError(plan.name() + " ran out of memory even in " + 4 * options.heapBytes() + " bytes");
    }

    private static void assertSame(String what, Long2LongMap heap, ArenaReplay replay, MMTK mmtk) {
        Long2LongMap events = replay.objects();
        if (!heap.equals(events)) {
            Long2LongOpenHashMap missing = new Long2LongOpenHashMap(heap);
            missing.keySet().removeAll(events.keySet());
            Long2LongOpenHashMap extra = new Long2LongOpenHashMap(events);
            extra.keySet().removeAll(heap.keySet());
            throw new AssertionError(what + ": heap has " + heap.size() + " objects, events " + events.size()
                    + "; missing from events " + first(missing) + ", extra in events " + first(extra));
        }
        for (long o : heap.keySet()) {
            assertEquals(mmtk.spaces().numberOf(o), replay.arenaOf(o), what + ": arena of 0x" + Long.toHexString(o));
        }
        assertTrue(replay.arenaCount() == mmtk.spaces().all().size(), what + ": one arena per space");
    }

    private static String first(Long2LongMap m) {
        return m.long2LongEntrySet().stream().limit(5)
                .map(e -> "0x" + Long.toHexString(e.getLongKey()) + ":" + e.getLongValue()).toList().toString();
    }

    private static Long2LongMap heapObjects(MMTK mmtk) {
        Long2LongOpenHashMap objects = new Long2LongOpenHashMap();
        mmtk.plan().heap().forEachObject(o -> objects.put(o, ObjectModel.traceBytes(mmtk.memory(), o)));
        return objects;
    }
}
