package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.Options;
import org.jmmtk.core.plan.PlanOptionValues;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideCounts;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.policy.Space;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Side metadata is allocated through the registry and accounted for: what the registry reports per
 * space and in total is what the spaces and the plan hold, counted independently by reflection over
 * their fields (every primitive array of a space) and, for every lazily mapped side table reachable from
 * the plan, the metadata of the peak pages of the spaces it describes, watched by a plugin at each
 * collection's start and end and at the end of the run; and {@code --count-metadata} charges it to the budget, so a plan collects sooner or runs out
 * of memory where it otherwise completes.
 */
class SideMetadataTest {
    /**
     * Primitive arrays of spaces that are not side metadata: mark-compact's list of live objects, the
     * Immix defragmentation policy's mark histogram.
     */
    private static final Set<String> NOT_METADATA = Set.of(MarkCompactSpace.class.getName() + ".live",
            "org.jmmtk.core.policy.immix.ImmixDefrag.markHistogram");

    static Stream<String> plans() {
        return Plans.REGISTRY.all().stream().map(Plans.Entry::name);
    }

    private static RunResult run(String plan, String workload, long heap, boolean charged,
                                 AtomicReference<MMTK> instance) throws IOException {
        return run(plan, workload, heap, charged, instance, List.of());
    }

    private static RunResult run(String plan, String workload, long heap, boolean charged,
                                 AtomicReference<MMTK> instance, List<Plugin> extraPlugins) throws IOException {
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = new Options().heapBytes(heap).threads(2).countMetadata(charged);
        // a concurrent cycle starts after a share of the heap is allocated, so the heap never fills and
        // the charge (pages taken from the budget) cannot move a collection: cycles start at a full heap here
        p.option("initial-mark-percent")
                .ifPresent(o -> options.planOptions(PlanOptionValues.NONE.with(o, 100)));
        return Simulation.run(p, options, Runs.workload(workload),
                (mmtk, binding) -> instance.set(mmtk), extraPlugins);
    }

    @ParameterizedTest
    @MethodSource("plans")
    void theRegistryHoldsExactlyWhatSpacesAndThePlanAllocated(String plan) throws Exception {
        AtomicReference<MMTK> instance = new AtomicReference<>();
        PeakPages peaks = new PeakPages(instance);
        RunResult r = run(plan, "binarytrees", 4L << 20, false, instance, List.of(peaks));
        MMTK mmtk = instance.get();
        SideMetadataRegistry registry = mmtk.metadata();
        peaks.observe();

        // dense tables: each space's arrays, as the registry reports them per space
        Map<String, Long> reported = new TreeMap<>();
        for (SideMetadataRegistry.Usage u : registry.usage()) {
            if (u.space() != null && !u.lazy()) {
                reported.merge(u.space(), u.bytes(), Long::sum);
            }
        }
        Map<String, Long> held = new TreeMap<>();
        long spaceArrays = 0;
        for (Space s : mmtk.spaces().all()) {
            long arrays = primitiveArrays(s);
            spaceArrays += arrays;
            if (arrays > 0 || reported.containsKey(s.name())) {
                held.put(s.name(), arrays);
            }
        }
        assertEquals(held, reported, plan + ": each space's dense tables");

        // lazily mapped tables: as many as the plan and its spaces hold, each counted from the peak pages
        // of the spaces it describes, observed independently at each collection's start and end
        Set<Object> lazyTables = Collections.newSetFromMap(new IdentityHashMap<>());
        findLazyTables(mmtk.plan(), 4, Collections.newSetFromMap(new IdentityHashMap<>()), lazyTables);
        long lazy = 0;
        long lazyBytes = 0;
        long pageBytes = mmtk.geometry().pageBytes();
        for (SideMetadataRegistry.Usage u : registry.usage()) {
            if (!u.lazy()) {
                continue;
            }
            lazy++;
            long pages = 0;
            for (Map.Entry<String, Integer> e : peaks.pages.entrySet()) {
                if (u.space() == null || u.space().equals(e.getKey())) {
                    // one bit per granule is one page of metadata per 64 pages or part of them, 32 bits per 2
                    long dataPerMetaPage = 64L / u.spec().bitsPerUnit();
                    pages += (e.getValue() + dataPerMetaPage - 1) / dataPerMetaPage;
                }
            }
            assertEquals(pages * pageBytes, u.bytes(), plan + ": " + u.spec().name() + " for peaks " + peaks.pages);
            lazyBytes += u.bytes();
        }
        assertEquals(lazyTables.size(), lazy, plan + ": lazily mapped tables");
        assertTrue(peaks.collections > 0 || plan.equals("nogc"), plan + " collected");
        assertEquals(spaceArrays + lazyBytes, registry.totalBytes(), plan + ": all tables");
        assertEquals(registry.totalBytes(), r.metadataBytes());
        assertTrue(r.metadataBytes() > 0, "at least the valid-object bits of the objects allocated");
    }

    /**
     * The most pages each space held at a collection's start and end (as a plugin sees them) and at the
     * end of the run: the moments the registry's lazily mapped tables are counted at.
     */
    private static final class PeakPages implements Plugin {
        private final AtomicReference<MMTK> instance;
        private final Map<String, Integer> pages = new TreeMap<>();
        private int collections;

        PeakPages(AtomicReference<MMTK> instance) {
            this.instance = instance;
        }

        @Override
        public String name() {
            return "peak-pages";
        }

        @Override
        public int interests() {
            return ON_GC;
        }

        @Override
        public void onGcStart(int gc, String kind) {
            collections++;
            observe();
        }

        @Override
        public void onGcEnd(int gc, String kind) {
            observe();
        }

        void observe() {
            for (Space s : instance.get().spaces().all()) {
                pages.merge(s.name(), s.reservedPages(), Math::max);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("plans")
    void chargingMetadataCollectsEarlierOrRunsOutOfMemory(String plan) throws IOException {
        long heap = Runs.heapFor("cache");
        RunResult free = run(plan, "cache", heap, false, new AtomicReference<>());
        RunResult charged = run(plan, "cache", heap, true, new AtomicReference<>());
        if (plan.equals("nogc")) {
            // never collects: it runs out of memory sooner (fewer bytes allocated when it does)
            assertTrue(free.isOutOfMemory() && charged.isOutOfMemory(), "nogc at " + heap);
            assertTrue(charged.bytesAllocated() < free.bytesAllocated(),
                    charged.bytesAllocated() + " >= " + free.bytesAllocated());
            return;
        }
        assertFalse(free.isOutOfMemory(), free.outOfMemory());
        if (charged.isOutOfMemory()) {
            return;
        }
        // the runs are the same up to the first collection the charge moved: it must come earlier
        for (int i = 0; i < Math.min(free.gcCount(), charged.gcCount()); i++) {
            long chargedAt = charged.collections().get(i).allocatedBefore();
            long freeAt = free.collections().get(i).allocatedBefore();
            if (chargedAt != freeAt) {
                assertTrue(chargedAt < freeAt, plan + ": GC " + (i + 1) + " after " + chargedAt + " bytes charged, "
                        + freeAt + " not");
                return;
            }
        }
        assertTrue(charged.gcCount() > free.gcCount(), plan + ": the charge changed nothing");
    }

    /**
     * Bytes of the primitive arrays a space holds in its own fields and its parts' (its dense side
     * tables), each counted once.
     */
    private static long primitiveArrays(Space s) throws IllegalAccessException {
        Set<Object> counted = Collections.newSetFromMap(new IdentityHashMap<>());
        long bytes = 0;
        for (Object part : spaceAndParts(s)) {
            for (Class<?> c = part.getClass(); c != Space.class && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || !f.getType().isArray()
                            || !f.getType().getComponentType().isPrimitive()
                            || NOT_METADATA.contains(c.getName() + "." + f.getName())) {
                        continue;
                    }
                    f.setAccessible(true);
                    Object array = f.get(part);
                    if (array != null && counted.add(array)) {
                        bytes += arrayBytes(array);
                    }
                }
            }
        }
        return bytes;
    }

    /**
     * A space and its parts: the objects in its fields whose classes are package-private classes of its
     * own package (the Immix policy keeps its tables in such parts: block states, line marks, ...).
     */
    private static java.util.List<Object> spaceAndParts(Space s) throws IllegalAccessException {
        java.util.List<Object> all = new java.util.ArrayList<>();
        all.add(s);
        for (Object v : fieldValues(s, s.getClass(), Space.class)) {
            Class<?> c = v.getClass();
            if (c.getPackageName().equals(s.getClass().getPackageName()) && !Modifier.isPublic(c.getModifiers())) {
                all.add(v);
            }
        }
        return all;
    }

    private static long arrayBytes(Object array) {
        Class<?> e = array.getClass().getComponentType();
        int size = e == long.class || e == double.class ? 8 : e == int.class || e == float.class ? 4
                : e == short.class || e == char.class ? 2 : 1;
        return (long) Array.getLength(array) * size;
    }

    /** The non-null field values of {@code o} declared in {@code c} and its superclasses below {@code stop}. */
    private static Iterable<Object> fieldValues(Object o, Class<?> c, Class<?> stop) throws IllegalAccessException {
        java.util.List<Object> values = new java.util.ArrayList<>();
        for (; c != null && c != stop && c.getName().startsWith("org.jmmtk."); c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                f.setAccessible(true);
                Object v = f.get(o);
                if (v != null) {
                    values.add(v);
                }
            }
        }
        return values;
    }

    /** Lazily mapped side tables reachable from {@code o} through at most {@code depth} jmmtk objects. */
    private static void findLazyTables(Object o, int depth, Set<Object> seen, Set<Object> found)
            throws IllegalAccessException {
        if (o instanceof SideBitmap || o instanceof SideCounts) {
            found.add(o);
            return;
        }
        if (depth == 0 || !seen.add(o) || o instanceof SimulatedMemory || o.getClass().isArray()
                || !o.getClass().getName().startsWith("org.jmmtk.")) {
            return;
        }
        for (Object v : fieldValues(o, o.getClass(), null)) {
            findLazyTables(v, depth - 1, seen, found);
        }
    }
}
