package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.core.Options;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginContext;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.plans.generational.Gen;
import org.jmmtk.plans.lxr.Lxr;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plugin host's events checked against a shadow heap replayed beside the run: every pointer
 * store reports the value it overwrote, every object reported freed was unreachable at that
 * collection and is freed once, moves keep the object's id, root scans find reachable objects, and
 * for plans that reclaim, the freed objects and the final live set together are exactly the objects
 * allocated. On every plan, with two GC threads.
 */
class PluginHooksTest {
    static Stream<Arguments> cases() {
        List<Arguments> list = new ArrayList<>();
        for (Plans.Entry p : Plans.REGISTRY.all()) {
            for (String w : List.of("binarytrees", "cache", "phases")) {
                list.add(Arguments.of(p.name(), w));
            }
        }
        return list.stream();
    }

    /** Checks each event against the shadow heap as it was when the event fired. */
    private static final class Checker implements Plugin {
        private final ShadowHeap shadow;
        private final LongOpenHashSet allocated = new LongOpenHashSet();
        private final LongOpenHashSet freed = new LongOpenHashSet();
        private SimulatedMemory memory;
        private LongOpenHashSet reachable = new LongOpenHashSet();
        private boolean nurseryGc;
        private long stores;
        private long rootStores;
        private long moves;
        private long rootScans;
        private final List<String> problems = new ArrayList<>();

        Checker(ShadowHeap shadow) {
            this.shadow = shadow;
        }

        @Override
        public String name() {
            return "checker";
        }

        @Override
        public int interests() {
            return ON_ALLOC | ON_POINTER_STORE | ON_ROOT_STORE | ON_ROOT_SCAN | ON_GC | ON_MOVE | ON_FREE;
        }

        @Override
        public void attach(PluginContext context) {
            memory = context.memory();
        }

        private long id(long object) {
            return object == 0 ? 0 : ObjectModel.id(memory, object);
        }

        @Override
        public void onAlloc(int mutator, long object) {
            if (!allocated.add(id(object))) {
                problems.add("allocated twice: " + id(object));
            }
        }

        @Override
        public void onPointerStore(int mutator, long source, int slot, long oldTarget, long newTarget) {
            stores++;
            long expected = shadow.slotsOf(id(source))[slot];
            if (expected != id(oldTarget)) {
                problems.add("store into " + id(source) + "." + slot + " reported old " + id(oldTarget)
                        + ", shadow had " + expected);
            }
        }

        @Override
        public void onRootStore(int thread, int slot, long oldTarget, long newTarget) {
            rootStores++;
        }

        @Override
        public void onGcStart(int gc, String kind) {
            reachable = shadow.reachable().ids();
            // an lxr RC pause, like a nursery collection, evacuates young objects that logged objects reach
            nurseryGc = kind.equals(Gen.NURSERY.label) || kind.equals(Lxr.RC.label)
                    || kind.equals(Lxr.INITIAL_SATB.label) || kind.equals(Lxr.FINAL_SATB.label);
        }

        @Override
        public synchronized void onRootScan(long object) {
            rootScans++;
            if (!reachable.contains(id(object))) {
                problems.add("root scan found unreachable " + id(object));
            }
        }

        @Override
        public synchronized void onObjectMoved(long from, long to) {
            moves++;
            // a nursery collection also promotes what dead remembered objects reach (floating garbage)
            if (id(from) != id(to) || !(nurseryGc || reachable.contains(id(to)))) {
                problems.add("move of " + id(from) + " to an object with id " + id(to));
            }
        }

        @Override
        public synchronized void onObjectFreed(long object) {
            long id = id(object);
            if (reachable.contains(id)) {
                problems.add("freed reachable object " + id);
            }
            if (!freed.add(id)) {
                problems.add("freed twice: " + id);
            }
        }
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void eventsAgreeWithTheShadowHeap(String plan, String workload) throws Exception {
        ShadowHeap shadow = new ShadowHeap();
        Workload w = Runs.workload(workload);
        TraceSource teed = Runs.teed(w, shadow);
        Checker checker = new Checker(shadow);
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        long heap = plan.equals("nogc") ? 256L << 20 : Runs.heapFor(workload);
        Options options = new Options().heapBytes(heap).threads(2).sanity(true).plugins(List.of("events"));
        boolean[] moves = new boolean[1];
        RunResult r = Simulation.run(p, options, teed,
                (mmtk, binding) -> moves[0] = mmtk.plan().constraints().movesObjects(), List.of(checker));
        assertNull(r.outOfMemory(), r.outOfMemory());
        assertEquals(List.of(), checker.problems.subList(0, Math.min(5, checker.problems.size())));
        assertEquals(r.objectsAllocated(), checker.allocated.size());
        assertTrue(checker.stores > 0 && checker.rootStores > 0 && checker.rootScans > 0);
        LongOpenHashSet live = shadow.reachable().ids();
        assertEquals(r.finalLiveObjects().longValue(), live.size());
        for (long id : live) {
            assertFalse(checker.freed.contains(id), "live object " + id + " was reported freed");
        }
        if (!plan.equals("nogc")) {
            assertTrue(r.gcCount() > 0);
            assertEquals(r.objectsAllocated(), checker.freed.size() + live.size(),
                    "every object is either freed or live at the end");
        }
        if (!moves[0]) {
            assertEquals(0, checker.moves, "objects move only in plans that say they may move them");
        } else if (!plan.equals("immix") && !plan.equals("olderfirst") && !plan.equals("lxr")
                && !plan.equals("stickyimmix")) {
            // immix evacuates only to defragment, olderfirst slides only survivors that follow a gap,
            // lxr and stickyimmix move young survivors only where the heap has room for the copies
            assertTrue(checker.moves > 0, "copying and compacting plans move objects");
        }
        assertEquals(checker.freed.size(), r.plugins().get("events").get("objectsFreed").longValue(),
                "the events plugin saw the same frees");
        assertEquals(checker.stores, r.plugins().get("events").get("pointerStores").longValue());
    }
}
