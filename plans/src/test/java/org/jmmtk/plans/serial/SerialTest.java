package org.jmmtk.plans.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.MaxLive;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.Runs;
import org.jmmtk.plans.generational.Gen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HotSpot's Serial rules checked on hand-made programs with exact expected numbers, and the plan on
 * random programs against semispace's live set for any number of GC threads. The hand-made programs
 * allocate 1 KiB objects into an 8 MiB heap whose young generation is 1 MiB: survivor spaces of 64 KiB
 * ({@code align_down(1 MiB / 10, 64 KiB)}), an eden of 896 KiB, which without TLABs ({@code --use-tlab 0},
 * as {@code -XX:-UseTLAB}) holds exactly 896 objects; {@link #edenHoldsObjectsAndTlabWasteAsHotSpotsTlabsLeaveIt}
 * works out by hand what HotSpot's TLABs leave of it. The sanity checker runs after every collection.
 */
class SerialTest {
    private static final long OBJECT = 1024;
    private static final int PER_EDEN = 896;

    /** A program written as calls on the trace's events. */
    private static TraceSource program(Consumer<TraceEvents> body) {
        return new TraceSource() {
            @Override
            public void replay(TraceEvents out) {
                body.accept(out);
            }

            @Override
            public String describe() {
                return "hand-made program";
            }

            @Override
            public double progress() {
                return 0;
            }
        };
    }

    private static RunResult serial(TraceSource program, long heap, long nursery, int maxThreshold, int threads)
            throws IOException {
        return serial(program, heap, nursery, maxThreshold, threads, 0);
    }

    private static RunResult serial(TraceSource program, long heap, long nursery, int maxThreshold, int threads,
                                    int useTlab) throws IOException {
        return serial(program, heap, nursery, maxThreshold, threads, useTlab, 0);
    }

    private static RunResult serial(TraceSource program, long heap, long nursery, int maxThreshold, int threads,
                                    int useTlab, int jvmThreads) throws IOException {
        Options options = new Options().heapBytes(heap).geometry(4096, 0, 0, 4096).planOption(Serial.MAX_TENURING_THRESHOLD, maxThreshold)
                .planOption(Serial.USE_TLAB, useTlab).planOption(Serial.JVM_TLAB_THREADS, jvmThreads).threads(threads).sanity(true);
        if (nursery > 0) {
            options.planOption(Serial.YOUNG_BYTES, nursery);
        }
        Plans.Entry p = Plans.REGISTRY.find("serial").orElseThrow();
        return Simulation.run(p, options, program);
    }

    /** {@code cycles} edens' worth of objects; the first {@code live} of each cycle rooted in global slots 0.. (replacing the last cycle's if {@code reuseRoots}). */
    private static TraceSource cycles(int cycles, int live, boolean reuseRoots) {
        return program(out -> {
            long id = 1;
            int slot = 0;
            for (int c = 0; c < cycles; c++) {
                if (reuseRoots) {
                    slot = 0;
                }
                for (int i = 0; i < PER_EDEN; i++, id++) {
                    out.alloc(0, id, OBJECT, 0, 0);
                    if (i < live) {
                        out.global(slot++, id);
                    }
                }
            }
        });
    }

    private static List<GcRecord> young(RunResult r) {
        return r.collections().stream().filter(c -> c.kind().equals(Gen.NURSERY.label)).toList();
    }

    @Test
    void aYoungCollectionEachTimeEdenIsFull() throws IOException {
        RunResult r = serial(cycles(10, 0, false), 8L << 20, 1L << 20, 15, 1);
        assertNull(r.outOfMemory());
        assertEquals(896L << 10, r.spaceSizes().get("edenBytes"));
        assertEquals(64L << 10, r.spaceSizes().get("survivorBytes"));
        assertEquals(7L << 20, r.spaceSizes().get("oldBytes"));
        assertEquals(9, r.gcCount(Gen.NURSERY), "10 edens of garbage: 9 collections");
        assertEquals(0, r.gcCount(CollectionKind.FULL));
        assertEquals(0, r.bytesPromoted());
    }

    /**
     * With HotSpot's TLABs, worked out by hand for 1 KiB (128-word) objects in an eden of 114,688 words:
     * a TLAB's desired size is 114,688 / 50 = 2,293 words, its refill waste limit 2,293 / 64 = 35. The
     * first TLAB is 2,293 + 128 = 2,421 words, of which 72 are the end reserve: 18 objects fit, 45 words
     * are left; as 45 > 35 the next three objects go outside the TLAB (the limit grows by 4 each time, to
     * 47), then the TLAB is retired (45 + 72 words wasted) and the next taken: 21 objects per 2,805 words.
     * 40 such rounds use 112,200 words; the 41st TLAB takes 2,421 of the last 2,488 and holds 18 objects,
     * the next object fits neither it nor the 67 words left: the first young collection comes after 858
     * objects, with eden's 114,621 words used and 41 x 117 words wasted.
     */
    @Test
    void edenHoldsObjectsAndTlabWasteAsHotSpotsTlabsLeaveIt() throws IOException {
        RunResult r = serial(cycles(3, 0, false), 8L << 20, 1L << 20, 15, 1, 1);
        assertNull(r.outOfMemory());
        GcRecord first = young(r).get(0);
        assertEquals(858 * OBJECT, first.allocatedBefore());
        assertEquals(114_621L * 8, first.planStats().get(SerialGcStats.EDEN_USED_BYTES));
        assertEquals(41L * 117 * 8, first.planStats().get(SerialGcStats.TLAB_WASTE_BYTES));
        for (GcRecord c : young(r)) {
            assertTrue(c.planStats().get(SerialGcStats.EDEN_USED_BYTES) > (896L << 10) - OBJECT,
                    "eden is full to less than an object at each young collection");
        }
        RunResult without = serial(cycles(3, 0, false), 8L << 20, 1L << 20, 15, 1, 0);
        assertEquals(PER_EDEN * OBJECT, young(without).get(0).allocatedBefore());
        assertEquals(0L, young(without).get(0).planStats().get(SerialGcStats.TLAB_WASTE_BYTES));
    }

    /**
     * The same with HotSpot's own two threads taking TLABs beside the program's: each takes one of the
     * initial desired size (2,293 words) before the program's first object and wastes all of it at the
     * first collection, so the program has 114,688 - 4,586 = 110,102 words: 39 rounds of 2,805 words (21
     * objects, 117 words wasted), then a last TLAB of the 707 words left that holds 4 objects and is retired
     * with 195 words unused. They take no other: the second collection's waste differs from the program's
     * alone by less than the smallest TLAB.
     */
    @Test
    void hotSpotsOwnThreadsTakeTlabsTheProgramsObjectsDoNotGet() throws IOException {
        RunResult r = serial(cycles(3, 0, false), 8L << 20, 1L << 20, 15, 1, 1, 2);
        assertNull(r.outOfMemory());
        GcRecord first = young(r).get(0);
        assertEquals(823 * OBJECT, first.allocatedBefore());
        assertEquals((39L * 117 + 195 + 2 * 2_293) * 8, first.planStats().get(SerialGcStats.TLAB_WASTE_BYTES));
        RunResult alone = serial(cycles(3, 0, false), 8L << 20, 1L << 20, 15, 1, 1, 0);
        long more = young(r).get(1).planStats().get(SerialGcStats.TLAB_WASTE_BYTES)
                - young(alone).get(1).planStats().get(SerialGcStats.TLAB_WASTE_BYTES);
        // the program's own TLABs are sized a little differently; a TLAB of theirs would be at least the smallest one
        assertTrue(Math.abs(more) < Tlab.MIN_SIZE_WORDS * 8, "no TLAB of theirs after the first collection: " + more);
        RunResult none = serial(cycles(3, 0, false), 8L << 20, 1L << 20, 15, 1, 0, 2);
        assertEquals(PER_EDEN * OBJECT, young(none).get(0).allocatedBefore(), "without TLABs HotSpot's threads take none");
    }

    @Test
    void thresholdZeroPromotesEverySurvivorAtOnce() throws IOException {
        RunResult r = serial(cycles(6, 1, false), 8L << 20, 1L << 20, 0, 1);
        assertEquals(5, r.gcCount(Gen.NURSERY));
        for (GcRecord c : young(r)) {
            SerialGcStats s = SerialGcStats.of(c);
            assertEquals(OBJECT, s.bytesPromoted(), "gc " + c.gc());
            assertEquals(0, s.survivorBytes());
            assertEquals(0, s.tenuringThreshold());
        }
        assertEquals(5 * OBJECT, r.bytesPromoted());
    }

    /** One survivor per eden: it ages by one at each young collection and is promoted once it is 15. */
    @Test
    void thresholdFifteenAgesSurvivorsUntilTheyAreFifteen() throws IOException {
        RunResult r = serial(cycles(18, 1, false), 8L << 20, 1L << 20, 15, 2);
        List<GcRecord> gcs = young(r);
        assertEquals(17, gcs.size());
        for (int k = 1; k <= 17; k++) {
            SerialGcStats s = SerialGcStats.of(gcs.get(k - 1));
            assertEquals(k <= 15 ? 0 : OBJECT, s.bytesPromoted(), "gc " + k);
            assertEquals(Math.min(k, 15) * OBJECT, s.survivorBytes(), "gc " + k);
            assertEquals(15, s.tenuringThreshold());
        }
    }

    /**
     * 100 survivors of 1 KiB per eden and a 64 KiB survivor space: 64 fit, 36 overflow into the old
     * generation; 8,192 words at age 1 exceed the desired 4,096 words (half the survivor space), so the
     * threshold drops to 1 and the next collection promotes the 64 aged ones as well.
     */
    @Test
    void survivorOverflowPromotesAndLowersTheThreshold() throws IOException {
        RunResult r = serial(cycles(4, 100, false), 8L << 20, 1L << 20, 15, 1);
        List<GcRecord> gcs = young(r);
        assertEquals(3, gcs.size());
        SerialGcStats first = SerialGcStats.of(gcs.get(0));
        assertEquals(36 * OBJECT, first.bytesPromoted());
        assertEquals(64 * OBJECT, first.survivorBytes());
        assertEquals(1, first.tenuringThreshold());
        for (GcRecord c : gcs.subList(1, 3)) {
            SerialGcStats s = SerialGcStats.of(c);
            assertEquals(100 * OBJECT, s.bytesPromoted(), "gc " + c.gc());
            assertEquals(64 * OBJECT, s.survivorBytes());
            assertEquals(1, s.tenuringThreshold());
        }
    }

    /**
     * HotSpot's copying order decides which survivors overflow: a chain of ten 5 KiB objects rooted in
     * global slot 0, then ten 3 KiB objects rooted in slots 1-10, allocated after it, and an eden of
     * garbage. HotSpot copies what the roots refer to first (the chain's head and the ten 3 KiB
     * objects, 35 KiB), then the chain breadth first: five more links fit (60 KiB), the sixth does not,
     * nor does any after it, so 20 KiB are promoted. Copying in address order instead would keep the
     * whole chain and four of the others (62 KiB) and promote 18 KiB.
     */
    @Test
    void survivorsAreCopiedRootsFirstThenBreadthFirst() throws IOException {
        assertFirstCollectionKeeps(chainThenTenRooted(1), 60, 20);
    }

    /**
     * A recording's pins (global slots from {@link TraceFormat#FIRST_PIN_SLOT}) are visited after the
     * Cheney scan of what the other roots reach: a chain of ten 5 KiB objects rooted in global slot 0,
     * then ten 3 KiB objects each held only by a pin. The chain is copied first, all of it (50 KiB), then
     * four of the pinned objects fit (62 KiB) and six are promoted (18 KiB). Pins taken with the statics
     * would be copied right after the chain's head, as {@link #survivorsAreCopiedRootsFirstThenBreadthFirst}'s
     * slots are (60 KiB kept, 20 KiB promoted).
     */
    @Test
    void pinnedRootsAreVisitedAfterWhatTheOtherRootsReach() throws IOException {
        assertFirstCollectionKeeps(chainThenTenRooted(TraceFormat.FIRST_PIN_SLOT), 62, 18);
    }

    /** A chain of ten 5 KiB objects rooted in global slot 0, ten 3 KiB objects in global slots {@code firstSlot}.., then an eden of garbage. */
    private static TraceSource chainThenTenRooted(int firstSlot) {
        return program(out -> {
            long id = 1;
            for (int i = 0; i < 10; i++, id++) {
                out.alloc(0, id, 5 * OBJECT, 1, 0);
                if (i == 0) {
                    out.global(0, id);
                } else {
                    out.write(0, id - 1, 0, id);
                }
            }
            for (int i = 0; i < 10; i++, id++) {
                out.alloc(0, id, 3 * OBJECT, 0, 0);
                out.global(firstSlot + i, id);
            }
            for (int i = 0; i < PER_EDEN; i++, id++) {
                out.alloc(0, id, OBJECT, 0, 0);
            }
        });
    }

    /** The first young collection keeps {@code survivorKib} in the to-space and promotes {@code promotedKib}, with 1-3 GC threads. */
    private static void assertFirstCollectionKeeps(TraceSource program, int survivorKib, int promotedKib) throws IOException {
        for (int threads = 1; threads <= 3; threads++) {
            SerialGcStats first = SerialGcStats.of(young(serial(program, 8L << 20, 1L << 20, 15, threads)).get(0));
            assertEquals(survivorKib * OBJECT, first.survivorBytes(), threads + " GC threads");
            assertEquals(promotedKib * OBJECT, first.bytesPromoted(), threads + " GC threads");
        }
    }

    /**
     * A 2 MiB heap with a 1 MiB old generation, 100 KiB promoted per young collection (threshold 0),
     * the last eden's survivors replacing the previous ones: after ten young collections the old
     * generation has 24 KiB free, below both the padded average promoted (100 KiB) and the young
     * generation's use (896 KiB), so the eleventh young collection is not attempted and a full one
     * follows, which leaves only the live 100 KiB in the old generation.
     */
    @Test
    void anUnsafeYoungCollectionGivesWayToAFullOne() throws IOException {
        RunResult r = serial(cycles(13, 100, true), 2L << 20, 1L << 20, 0, 1);
        assertNull(r.outOfMemory(), r.outOfMemory());
        assertEquals(1L << 20, r.spaceSizes().get("oldBytes"));
        List<GcRecord> all = r.collections();
        for (int k = 0; k < 10; k++) {
            SerialGcStats s = SerialGcStats.of(all.get(k));
            assertTrue(s.young() && s.attempted(), "gc " + (k + 1));
            assertEquals(100 * OBJECT, s.bytesPromoted());
        }
        SerialGcStats skipped = SerialGcStats.of(all.get(10));
        assertTrue(skipped.young());
        assertFalse(skipped.attempted());
        assertEquals(0, skipped.bytesPromoted());
        SerialGcStats full = SerialGcStats.of(all.get(11));
        assertFalse(full.young());
        assertEquals(100 * OBJECT, full.bytesPromoted(), "the full collection moves eden's survivors to the old generation");
        assertEquals(100 * OBJECT, full.oldUsedBytes());
        SerialGcStats after = SerialGcStats.of(all.get(12));
        assertTrue(after.young() && after.attempted());
        assertEquals(13, all.size());
        assertEquals(1, r.gcCount(CollectionKind.FULL));
    }

    /**
     * The card barrier: a promoted object's first store of a young pointer dirties its card (counted),
     * a second store to the same card does not; the young object it points to survives the next young
     * collection through the card alone and is promoted; the card is then clean again, so the next
     * store dirties it anew.
     */
    @Test
    void cardsRememberOldToYoungPointers() throws IOException {
        RunResult r = serial(program(out -> {
            out.alloc(0, 1, 64, 4, 0);
            out.global(0, 1);
            long id = 2;
            for (int i = 0; i < PER_EDEN; i++) {
                out.alloc(0, id++, OBJECT, 0, 0);
            }
            // object 1 is old now; objects 2.. were garbage
            out.alloc(0, id, 32, 0, 0);
            out.write(0, 1, 0, id++);
            long kept = id;
            out.alloc(0, kept, 40, 0, 0);
            out.write(0, 1, 1, kept);
            id++;
            for (int i = 0; i < PER_EDEN; i++) {
                out.alloc(0, id++, OBJECT, 0, 0);
            }
            out.alloc(0, id, 32, 0, 0);
            out.write(0, 1, 2, id);
        }), 8L << 20, 1L << 20, 0, 1);
        assertEquals(2, r.gcCount(Gen.NURSERY));
        assertEquals(2, r.barrierStores(), "first store dirties, second store to the same card does not, a store after the GC does");
        assertEquals(64, SerialGcStats.of(r.collections().get(0)).bytesPromoted());
        assertEquals(32 + 40, SerialGcStats.of(r.collections().get(1)).bytesPromoted(),
                "both young objects survive through the card");
        assertEquals(4, r.finalLiveObjects());
    }

    private static Workload random(long seed) {
        return Workloads.REGISTRY.find("random").orElseThrow().factory().create(seed, 1);
    }

    /**
     * Random two-thread programs in tight heaps (young and full collections, survivor overflow and
     * promotion failures): semispace's live set, the same logical results for 1, 2 and 3 GC threads.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void keepsSemispacesLiveSetForAnyThreadCount(long seed) throws Exception {
        long max = MaxLive.of(random(seed)).bytes();
        RunResult semispace = Runs.run("semispace", random(seed), 4 * max, 1, (mmtk, binding) -> { });
        for (double factor : new double[] {1.6, 3}) {
            long heap = Math.round(factor * max);
            RunResult first = null;
            for (int threads = 1; threads <= 3; threads++) {
                Options options = new Options().heapBytes(heap).threads(threads).sanity(true).planOption(Serial.MAX_TENURING_THRESHOLD, 2);
                Plans.Entry p = Plans.REGISTRY.find("serial").orElseThrow();
                RunResult r = Simulation.run(p, options, random(seed));
                assertNull(r.outOfMemory(), r.outOfMemory());
                assertEquals(semispace.finalLiveObjects(), r.finalLiveObjects());
                assertEquals(semispace.finalLiveBytes(), r.finalLiveBytes());
                if (first == null) {
                    first = r;
                } else {
                    assertEquals(LogicalResult.of(first), LogicalResult.of(r), threads + " threads at " + factor);
                }
            }
            assertTrue(first.gcCount(Gen.NURSERY) > 0 && first.bytesPromoted() > 0);
        }
    }
}
