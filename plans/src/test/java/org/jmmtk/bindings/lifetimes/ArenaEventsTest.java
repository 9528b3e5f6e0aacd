package org.jmmtk.bindings.lifetimes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2LongMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
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
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.serial.SerialGcStats;
import org.jmmtk.plugins.arena.ArenaEventReader;
import org.jmmtk.plugins.arena.ArenaEventWriter;
import org.jmmtk.plugins.arena.ArenaEvents;
import org.jmmtk.plugins.arena.ArenaEventsPlugin;
import org.jmmtk.plugins.arena.ArenaReplay;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    /**
     * Serial's young collections whose promotion failed: they release neither eden nor the from-space, and
     * the old places of the objects they moved were left as objects of the heap (events found fewer objects
     * than the heap: 122 against 106 after GC 6 of seed 432). The traces fail a promotion on serial: since
     * serial's eden fills as HotSpot's TLABs fill it, seeds 432 and 500 no longer do, and 524 and 551 were
     * the first two of 1..3000 that did; since it counts HotSpot's TLAB sizes and waste, 47 and 198 were;
     * since it counts HotSpot's own threads' first TLABs, 198 and 433 are.
     */
    @ParameterizedTest
    @CsvSource({"198, 1", "198, 2", "433, 1", "433, 2"})
    void onSerialPromotionFailures(long seed, int gcThreads) throws IOException {
        List<GcRecord> gcs = check(Plans.REGISTRY.find("serial").orElseThrow(), RandomTraces.generate(seed, 800), gcThreads);
        assertTrue(gcs.stream().anyMatch(gc -> gc.planStats().get(SerialGcStats.PROMOTION_FAILED) == 1),
                "a young collection of seed " + seed + " fails a promotion");
    }

    /** Checks {@code plan} on {@code trace} in the smallest heap that does not run out; returns its collections. */
    private static List<GcRecord> check(Plans.Entry plan, TraceSource trace, int gcThreads) throws IOException {
        Options options = Deaths.options(plan.name(), trace, gcThreads);
        for (double factor : new double[] {0.5, 1, 4}) {
            ByteArrayOutputStream file = new ByteArrayOutputStream();
            ArenaEventWriter writer = new ArenaEventWriter(file);
            ArenaReplay replay = new ArenaReplay();
            Long2LongMap[] last = new Long2LongMap[1];
            int[] checks = new int[1];
            List<GcRecord> gcs = new ArrayList<>();
            RunResult r = Simulation.run(plan, options.copy().heapBytes((long) (factor * options.heapBytes())),
                    trace, (mmtk, binding) -> mmtk.addListener(gc -> {
                        last[0] = heapObjects(mmtk);
                        assertSame(plan.name() + " after GC " + gc.gc() + " (" + gc.kind() + " " + gc.planStats() + ")", last[0], replay, mmtk);
                        checks[0]++;
                        gcs.add(gc);
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
            return gcs;
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
