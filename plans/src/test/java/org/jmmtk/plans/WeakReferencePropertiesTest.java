package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.jmmtk.bindings.replay.LogicalResult;
import org.jmmtk.bindings.replay.ReplayBinding;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Pacing;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.plan.PlanProvider;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.serial.Serial;

/**
 * Reference processing on random programs with weak slots, against a shadow graph the test
 * keeps of the program (its own, sharing nothing with the collector). A program only ever uses an
 * object strongly reachable in the shadow graph (as a recorded program only uses what it holds: the
 * recorder pins what {@code get()} returns), so once an object is reachable through weak slots alone it
 * is never used again. After every collection, for every weak slot of every object the shadow graph
 * still reaches by any path: a referent strongly reachable is never cleared, and the slot holds it (by
 * id, at its new address); a cleared slot is mirrored in the shadow graph, so its referent is never
 * reached again; the sanity checker's own walk runs too (every non-null weak slot points at a
 * well-formed object). And the run, with its per-GC counts of references discovered and cleared, is the
 * same on one GC thread and on three. On every plan that processes references (serial by HotSpot's
 * rule at thresholds 0..15; semispace, marksweep, markcompact and immix by MMTk's; gencopy, appel,
 * genimmix, stickyimmix and olderfirst by MMTk's generational rule, in a heap small enough for many
 * nursery or window collections; full ones come from the heap's pressure on some plans and at the end
 * of every run, which is checked too; concurrentimmix by MMTk's rule for a concurrent mark, with a cycle
 * every 100 KiB allocated and its marking paced in units of 16 edges every 2 records, so references are
 * discovered between a cycle's pauses and resolved by the pause that ends it). The shadow graph takes a
 * store after the heap does, since a concurrent plan's pause may come at the start of a record;
 * refcount by LXR's rule, in the small heap: weak slots do not count, an RC collection clears those
 * whose referent it freed, its cycle collector those whose referent it did not mark; lxr by the same rule,
 * in the small heap, its snapshot traces paced as concurrentimmix's marking: an RC pause clears the weak
 * slots whose referent it freed (young ones never counted among them; a survivor's slot holds its
 * referent's new address), a final-satb pause also those whose referent the snapshot trace left
 * unmarked, a full or emergency collection those it did not mark. The program stores into
 * old objects' weak slots too, so remembered references are discovered.
 */
class WeakReferencePropertiesTest {
    private static final int WEAK_TYPE = 3;
    private static final int GLOBALS = 48;
    /**
     * The plans whose collections may leave part of the heap untraced (nursery, window), or trace nothing
     * (refcount's RC collections).
     */
    private static final Set<String> PARTIAL = Set.of("gencopy", "appel", "genimmix", "stickyimmix", "olderfirst",
            "refcount", "lxr");
    /** The plans that mark concurrently: a cycle's references are discovered between its pauses too. */
    private static final Set<String> CONCURRENT = Set.of("concurrentimmix");

    @Property(tries = 60)
    void referentsClearedOnlyWhenOnlyWeaklyReachable(@ForAll("plans") String plan, @ForAll long seed,
                                                     @ForAll @IntRange(min = 0, max = 15) int threshold) throws IOException {
        Outcome one = run(plan, seed, threshold, 1);
        Outcome three = run(plan, seed, threshold, 3);
        assertEquals(one, three, "one GC thread against three");
    }

    /**
     * lxr's snapshot traces start only when an RC pause leaves under a quarter of the heap free, which
     * not every random program does in a heap where explicit collections are frequent: over seeds 1-6,
     * some snapshot trace scanned references between its pauses (the property checks those runs too).
     */
    @Test
    void lxrSnapshotTracesDiscoverReferences() throws IOException {
        long byCycles = 0;
        for (long seed = 1; seed <= 6; seed++) {
            byCycles += run("lxr", seed, 0, 1).discoveredByCycles();
        }
        assertTrue(byCycles > 0, "references discovered by snapshot traces marked partly concurrently");
    }

    @Provide
    Arbitrary<String> plans() {
        return Arbitraries.of("serial", "semispace", "marksweep", "markcompact", "immix", "gencopy", "appel",
                "genimmix", "stickyimmix", "olderfirst", "concurrentimmix", "refcount", "lxr");
    }

    /** A run's logical result with the weak slots the shadow graph saw cleared, and the references its cycles discovered. */
    private record Outcome(String result, long discoveredByCycles) {
    }

    private static Outcome run(String plan, long seed, int threshold, int threads) throws IOException {
        Program p = new Program(seed);
        // the partial-collection plans (and refcount) in a small heap: collections of both kinds, many of them
        boolean partial = PARTIAL.contains(plan);
        boolean concurrent = CONCURRENT.contains(plan);
        PlanProvider provider = Plans.REGISTRY.find(plan).orElseThrow();
        // refcount's RC collections come only from a full heap, which explicit (full) collections often empty
        long heap = plan.equals("refcount") || plan.equals("lxr") ? 96L << 10 : partial ? 512L << 10
                : concurrent ? 1L << 20 : 8L << 20;
        Options options = new Options().heapBytes(heap)
                .geometry(4096, 0, 0, 4096).threads(threads).sanity(true);
        if (concurrent) {
            // a cycle every 100 KiB allocated, its marking in units of 16 edges, one every 2 records: many
            // cycles, each interleaved with the program's stores
            options.pacing(Pacing.every(2)).packetCapacity(16).planOption(option(provider, "initial-mark-percent"), 10);
        }
        if (plan.equals("lxr")) {
            // its snapshot traces paced as concurrentimmix's marking: references discovered between pauses
            options.pacing(Pacing.every(2)).packetCapacity(16);
        }
        if (plan.equals("serial")) {
            options.planOption(Serial.YOUNG_BYTES, 256L << 10).planOption(Serial.MAX_TENURING_THRESHOLD, threshold);
        }
        RunResult r = Simulation.run(provider, options, p, (mmtk, binding) -> {
            p.binding = binding;
            mmtk.addListener(p::check);
        });
        assertTrue(p.checked > 0, "collections checked");
        long discovered = 0;
        long discoveredByCycles = 0;
        for (GcRecord g : r.collections()) {
            long d = g.planStats().get(Plan.WEAK_REFS_DISCOVERED);
            discovered += d;
            if (g.planStats().containsKey("concurrentUnits") && g.planStats().get("concurrentUnits") > 0) {
                discoveredByCycles += d;
            }
        }
        assertTrue(discovered > 0, "some references discovered");
        if (concurrent) {
            assertTrue(discoveredByCycles > 0, "references discovered by cycles marked partly concurrently");
        }
        if (partial) {
            assertTrue(p.partialCollections > 0 && p.fullCollections > 0, "collections of both kinds: "
                    + p.partialCollections + " partial, " + p.fullCollections + " full");
        }
        return new Outcome(LogicalResult.of(r) + " cleared in shadow " + p.clearedSeen, discoveredByCycles);
    }

    private static PlanOption option(PlanProvider provider, String name) {
        return provider.options().stream().filter(o -> o.name().equals(name)).findFirst().orElseThrow();
    }

    /** A random program and its shadow graph. */
    private static final class Program implements TraceSource {
        final Random random;
        ReplayBinding binding;
        /** Per object id: its type and slots (targets by id, 0 for null). */
        final Long2ObjectOpenHashMap<long[]> slots = new Long2ObjectOpenHashMap<>();
        final LongOpenHashSet weakTyped = new LongOpenHashSet();
        final long[] globals = new long[GLOBALS];
        /** Objects strongly reachable as of the last computation (what the program may use). */
        LongOpenHashSet strong = new LongOpenHashSet();
        final List<Long> strongList = new ArrayList<>();
        long next = 1;
        int checked;
        int partialCollections;
        int fullCollections;
        long clearedSeen;

        Program(long seed) {
            this.random = new Random(seed);
        }

        @Override
        public void replay(TraceEvents out) {
            out.weakSlot(WEAK_TYPE, 0);
            for (int op = 0; op < 12_000; op++) {
                int k = random.nextInt(1000) / 10;
                if (k < 45) {
                    alloc(out);
                } else if (k < 80 && !strongList.isEmpty()) {
                    long src = pick();
                    long[] s = slots.get(src);
                    if (s.length > 0) {
                        int slot = random.nextInt(s.length);
                        long target = random.nextInt(4) == 0 ? 0 : pick();
                        // the shadow follows the heap: a concurrent plan's pause may come at the start of
                        // the record, before the store
                        out.write(0, src, slot, target);
                        s[slot] = target;
                    }
                } else if (k < 99 || random.nextInt(5) > 0) {
                    int g = random.nextInt(GLOBALS);
                    long target = random.nextInt(3) == 0 || strongList.isEmpty() ? 0 : pick();
                    out.global(g, target);
                    globals[g] = target;
                } else {
                    out.collect();
                }
                recomputeStrong();
            }
        }

        private void alloc(TraceEvents out) {
            long id = next++;
            boolean weak = random.nextInt(3) == 0;
            int n = weak ? 1 + random.nextInt(2) : random.nextInt(4);
            // now and then a large object (above every plan's threshold, 8 KiB at most): old from birth in
            // the partial-collection plans
            long bytes = random.nextInt(64) == 0 ? 9000 + random.nextInt(4000) : 24 + 8L * n + random.nextInt(600);
            out.alloc(0, id, bytes, n, weak ? WEAK_TYPE : 1);
            slots.put(id, new long[n]);
            if (weak) {
                weakTyped.add(id);
            }
            // a new object is held by a global at once (the program holds what it just made)
            int g = random.nextInt(GLOBALS);
            out.global(g, id);
            globals[g] = id;
        }

        private long pick() {
            return strongList.get(random.nextInt(strongList.size()));
        }

        /** A walk's start: the objects the globals hold, added to {@code seen} and returned as its stack. */
        private LongArrayList globalsIn(LongOpenHashSet seen) {
            LongArrayList stack = new LongArrayList();
            for (long g : globals) {
                if (g != 0 && seen.add(g)) {
                    stack.add(g);
                }
            }
            return stack;
        }

        /** Reachable from the globals, weak slots followed or not. */
        private LongOpenHashSet reach(boolean followWeak) {
            LongOpenHashSet seen = new LongOpenHashSet();
            LongArrayList stack = globalsIn(seen);
            while (!stack.isEmpty()) {
                long o = stack.popLong();
                long[] s = slots.get(o);
                for (int i = 0; i < s.length; i++) {
                    if (i == 0 && !followWeak && weakTyped.contains(o)) {
                        continue;
                    }
                    if (s[i] != 0 && seen.add(s[i])) {
                        stack.add(s[i]);
                    }
                }
            }
            return seen;
        }

        private void recomputeStrong() {
            strong = reach(false);
            strongList.clear();
            for (long o : strong) {
                strongList.add(o);
            }
            strongList.sort(null);
        }

        /**
         * After a collection (the replay's thread waits for it): walks the shadow graph from the globals,
         * following a weak slot only if the heap kept it (a cleared one is mirrored and not followed), so
         * every object reached must be alive in the heap.
         */
        void check(GcRecord record) {
            checked++;
            if (record.kind().equals("full")) {
                fullCollections++;
            } else {
                partialCollections++;
            }
            SimulatedMemory memory = binding.mmtk().plan().memory();
            LongOpenHashSet strongNow = reach(false);
            LongOpenHashSet seen = new LongOpenHashSet();
            LongArrayList stack = globalsIn(seen);
            while (!stack.isEmpty()) {
                long o = stack.popLong();
                long address = binding.addressOf(o);
                assertTrue(address != 0, "object " + o + ", reachable, is alive");
                long[] s = slots.get(o);
                for (int i = 0; i < s.length; i++) {
                    if (s[i] == 0) {
                        continue;
                    }
                    long held = memory.load(ObjectModel.slotAddress(address, i));
                    if (i == 0 && weakTyped.contains(o) && held == 0) {
                        assertTrue(!strongNow.contains(s[i]), "strongly reachable referent " + s[i] + " of " + o + " cleared");
                        s[i] = 0;
                        clearedSeen++;
                        continue;
                    }
                    assertEquals(s[i], ObjectModel.id(memory, held), "slot " + i + " of " + o);
                    if (seen.add(s[i])) {
                        stack.add(s[i]);
                    }
                }
            }
        }

        @Override
        public String describe() {
            return "random weak references";
        }

        @Override
        public double progress() {
            return 0;
        }
    }
}
