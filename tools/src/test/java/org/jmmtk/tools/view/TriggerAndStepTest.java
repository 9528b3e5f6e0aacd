package org.jmmtk.tools.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Triggers (GCspy's event, attribute, operator, threshold, action) and step semantics on real runs. */
class TriggerAndStepTest {
    private final AtomicReference<HeapFrame> latest = new AtomicReference<>();

    private ViewRun run(String plan, java.util.function.Consumer<ViewRun> before) {
        return new ViewRun(plan, "binarytrees", 0.1, 512 << 10, 2, 1000, latest::set, before).start();
    }

    /** Waits until the simulation blocked after {@code since} blockings; the frame it published then. */
    private HeapFrame stopped(ViewRun r, long since) throws InterruptedException {
        assertTrue(r.control.awaitBlocked(since, 60_000), "the simulation did not pause");
        assertFalse(r.control.isFinished(), "the run ended instead of pausing");
        return latest.get();
    }

    @Test
    void pausesExactlyAtTheStartOfGc12() throws Exception {
        try (ViewRun r = run("marksweep", v -> v.plugin.addTrigger("gc-start gc = 12"))) {
            HeapFrame f = stopped(r, 0);
            assertEquals(12, f.gcCount());
            assertEquals("paused", f.status());
            assertTrue(f.reason().contains("gc-start gc = 12"), f.reason());
            assertEquals(11, r.mmtk.get().statistics().runStats().gcCount(), "GC 12 has started but not ended");
            r.control.resume();
            r.join();
            assertEquals(1, r.plugin.triggers().get(0).hits());
        }
    }

    @Test
    void pausesWhenASpaceIsOver80PercentOfTheHeap() throws Exception {
        try (ViewRun r = run("marksweep", v -> v.plugin.addTrigger("alloc ms.used > 80%"))) {
            HeapFrame f = stopped(r, 0);
            long heap = r.mmtk.get().options().heapBytes();
            HeapFrame.SpaceFrame ms = f.space("ms");
            assertTrue(ms.reservedBytes() * 100 > 80 * heap, ms.reservedBytes() + " of " + heap);
            assertEquals(ms.reservedBytes(), r.plugin.spaceUsedBytes("ms"));
            // the space fills up again after later collections: the trigger would stop the run each time
            r.plugin.removeTrigger(r.plugin.triggers().get(0).id());
            r.control.resume();
            r.join();
        }
    }

    @Test
    void aTypeTriggerWithABacktraceShowsTheEventsBefore() throws Exception {
        try (ViewRun r = run("semispace", v -> v.plugin.addTrigger("alloc allocs = 50 backtrace"))) {
            HeapFrame f = stopped(r, 0);
            assertEquals(50, f.allocations());
            assertEquals(HeapViewPlugin.BACKTRACE_EVENTS, f.backtrace().size());
            assertTrue(f.backtrace().get(f.backtrace().size() - 1).contains("alloc object"), f.backtrace().toString());
            r.control.resume();
            r.join();
        }
    }

    @Test
    void stepsAllocationsAndCollectionsExactly() throws Exception {
        try (ViewRun r = run("immix", v -> v.control.startPaused())) {
            HeapFrame f = stopped(r, 0);
            assertEquals(0, f.allocations(), "--paused stops before the first allocation");
            long b = r.control.blockings();
            r.control.stepAllocations(5);
            assertEquals(5, stopped(r, b).allocations());
            b = r.control.blockings();
            r.control.stepAllocations(3);
            assertEquals(8, stopped(r, b).allocations());
            b = r.control.blockings();
            r.control.stepGcs(1);
            f = stopped(r, b);
            assertEquals(1, f.gcCount());
            assertEquals(0, r.mmtk.get().statistics().runStats().gcCount(),
                    "stopped inside the collection, at its end");
            b = r.control.blockings();
            r.control.stepGcs(2);
            assertEquals(3, stopped(r, b).gcCount());
            assertThrows(IllegalArgumentException.class, () -> r.control.stepGcs(0));
            r.control.resume();
            r.join();
        }
    }

    @Test
    void theFragmentationTriggerFiresAtTheFirstGcLeavingATileInSeveralSmallFreeChunks() throws Exception {
        java.util.List<HeapFrame> gcEnds = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (ViewRun r = new ViewRun("marksweep", "random", 0.2, 300 << 10, 2, 1000, f -> {
            latest.set(f);
            if (f.event().equals("gc-end")) {
                gcEnds.add(f);
            }
        }, v -> v.plugin.addTrigger("gc-end fragmented(1,1000) > 0")).start()) {
            HeapFrame f = stopped(r, 0);
            assertTrue(f.fragmentedTiles(1, 1000) > 0);
            for (HeapFrame before : gcEnds) {
                if (before.gcCount() < f.gcCount()) {
                    assertEquals(0, before.fragmentedTiles(1, 1000), "GC " + before.gcCount() + " qualified already");
                }
            }
            boolean found = false;
            for (HeapFrame.SpaceFrame s : f.spaces()) {
                long[][] v = s.streams();
                for (int t = 0; t < s.tileCount(); t++) {
                    if (v[HeapFrame.CHUNKS][t] > 1 && v[HeapFrame.LARGEST_FREE][t] <= 1000) {
                        found = true;
                        assertTrue(v[HeapFrame.FRAGMENTATION][t] > 0, "several chunks: fragmented");
                        assertTrue(v[HeapFrame.FREE][t] > v[HeapFrame.LARGEST_FREE][t]);
                    }
                }
            }
            assertTrue(found);
            r.plugin.removeTrigger(r.plugin.triggers().get(0).id());
            r.control.resume();
            r.join();
        }
    }

    @Test
    void timeTravelReplaysToExactlyTheEventAskedForAndBack() throws Exception {
        // one GC thread: with more, parallel copying may place the copies in another order on each replay
        try (ViewRun r = new ViewRun("semispace", "binarytrees", 0.1, 512 << 10, 1, 1000, latest::set,
                v -> v.plugin.addTrigger("gc-end gc = 2 backtrace")).start()) {
            HeapFrame atGc2 = stopped(r, 0);
            long event = atGc2.events();
            assertTrue(event > 100);
            // a backtrace names heap events by the numbers time travel takes
            String last = atGc2.backtrace().stream().filter(l -> l.startsWith("#")).reduce((a, b) -> b).orElseThrow();
            long named = Long.parseLong(last.substring(1, last.indexOf(' ')));
            assertEquals(event, named, last);

            long b = r.control.blockings();
            r.control.travelTo(event - 10);
            HeapFrame back = stopped(r, b);
            assertEquals(event - 10, back.events());
            assertTrue(back.reason().contains("went to event " + (event - 10)), back.reason());
            assertEquals(1, r.runs.get(), "the replay started again once");
            assertTrue(back.gcCount() <= 2);

            // to the trigger's event: just after it, so before GC 2, which the next allocation starts
            b = r.control.blockings();
            r.control.travelTo(event);
            HeapFrame before = stopped(r, b);
            assertEquals(event, before.events());
            assertEquals(atGc2.gcCount() - 1, before.gcCount());
            // back to the earlier event again: the same heap, tile by tile (the replay is deterministic)
            b = r.control.blockings();
            r.control.travelTo(event - 10);
            HeapFrame again = stopped(r, b);
            assertEquals(back.allocations(), again.allocations());
            for (HeapFrame.SpaceFrame s : back.spaces()) {
                HeapFrame.SpaceFrame t = again.space(s.name());
                for (int k : new int[] {HeapFrame.USED, HeapFrame.LIVE, HeapFrame.OBJECTS, HeapFrame.FREE}) {
                    assertEquals(java.util.Arrays.toString(s.streams()[k]), java.util.Arrays.toString(t.streams()[k]),
                            s.name() + " stream " + HeapFrame.STREAMS.get(k));
                }
            }
            b = r.control.blockings();
            r.control.travelTo(0);
            assertEquals(0, stopped(r, b).allocations());
            r.plugin.removeTrigger(r.plugin.triggers().get(0).id());
            r.control.resume();
            r.join();
            assertEquals(4, r.runs.get());
        }
    }

    @Test
    void everyOtherPluginGetsAPanelWithItsSummary() throws Exception {
        try (ViewRun r = new ViewRun("gencopy", "binarytrees", 0.1, 512 << 10, 2, 1000, latest::set,
                v -> v.plugin.addTrigger("gc-end gc = 3")).withPlugins("events").start()) {
            HeapFrame f = stopped(r, 0);
            assertEquals(1, f.plugins().size());
            assertEquals("events", f.plugins().get(0).name());
            assertEquals(3L, f.plugins().get(0).summary().get("collections").longValue());
            assertEquals(f.allocations(), f.plugins().get(0).summary().get("allocations").longValue());
            r.control.resume();
            r.join();
        }
    }

    @Test
    void malformedTriggersSayWhatIsWrong() {
        for (String bad : new String[] {"", "gc-start", "gc-start gc 12", "boom gc = 1", "gc-start colour = 1",
                "gc-end type = 3", "alloc gc > 10%", "alloc size > 1x", "alloc size > 1 explode",
                "alloc fragmented(2,64) > 0", "gc-end fragmented(2) > 0"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Trigger.parse(1, bad), bad);
            assertTrue(e.getMessage().startsWith("trigger '"), e.getMessage());
        }
        Trigger t = Trigger.parse(3, "alloc old.used >= 2.5% backtrace");
        assertEquals("old", t.space());
        assertEquals(Trigger.Action.BACKTRACE, t.action());
    }
}
