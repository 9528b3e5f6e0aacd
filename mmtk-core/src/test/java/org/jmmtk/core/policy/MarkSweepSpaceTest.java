package org.jmmtk.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.jmmtk.core.alloc.FreeListAllocator;
import org.jmmtk.core.analysis.Plugin;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.util.Constants;
import org.junit.jupiter.api.Test;

/**
 * Mark-sweep's side marks on random heaps: tracing marks each object once; the sweep frees exactly the
 * unmarked objects, leaves every survivor's words as they were (it reads only the bitmaps), clears the
 * marks, gives back the blocks it emptied, and the cells it freed are handed out again, each once; the
 * heap walks see the survivors and the freed cells, in address order, whole or over part of the space.
 */
class MarkSweepSpaceTest {
    private final VMLayout layout = new VMLayout(16 * Constants.BYTES_IN_CHUNK);
    private final SimulatedMemory m = layout.memory();
    private final HeapGeometry geometry = HeapGeometry.forHeap(1 << 20);
    private final SideBitmap vo = new SideMetadataRegistry(m, false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null);
    private final HeapServices heap = TestHeap.services(layout, geometry, vo);
    private final MarkSweepSpace ms = new MarkSweepSpace("ms", 4 << 20, heap);
    private final FreeListAllocator allocator = new FreeListAllocator(m, 0, ms);
    private final List<Long> queued = new ArrayList<>();

    private final TraceLocal context = new StrictTraceLocal() {
        @Override
        public void enqueue(long object) {
            queued.add(object);
        }

        @Override
        public void marked(long traceBytes) {
        }
    };

    private long nextId = 1;

    private long object(long bytes) {
        return object(allocator, bytes);
    }

    private long object(FreeListAllocator from, long bytes) {
        long o = from.alloc(bytes);
        ObjectModel.initialize(m, o, nextId++, bytes, 1, 1);
        m.store(ObjectModel.slotAddress(o, 0), o);
        vo.set(o);
        return o;
    }

    @Test
    void theSweepFreesExactlyTheUnmarkedAndTouchesNoSurvivor() {
        Random random = new Random(11);
        List<Long> live = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            List<Long> all = new ArrayList<>(live);
            int n = 2000 + random.nextInt(4000);
            for (int i = 0; i < n; i++) {
                all.add(object(24 + 8L * random.nextInt(random.nextBoolean() ? 3 : 40)));
            }
            // some rounds keep whole blocks alive, so the sweep's wholly-marked fast path runs too
            double keep = round % 2 == 0 ? 0.97 : 0.3;
            live = new ArrayList<>();
            Set<Long> dead = new HashSet<>();
            for (long o : all) {
                if (random.nextDouble() < keep) {
                    live.add(o);
                } else {
                    dead.add(o);
                }
            }
            long[] words = new long[live.size() * 3];
            for (int i = 0; i < live.size(); i++) {
                long o = live.get(i);
                queued.clear();
                assertEquals(o, ms.traceObject(o, context));
                assertEquals(List.of(o), queued, "the first trace reaches it");
                queued.clear();
                ms.traceObject(o, context);
                assertTrue(queued.isEmpty(), "the second does not");
                assertTrue(ms.isMarked(o));
                words[3 * i] = m.load(o);
                words[3 * i + 1] = m.load(o + 8);
                words[3 * i + 2] = m.load(o + 16);
            }
            allocator.reset();
            ms.sweep(0, ms.blockLimit());
            ms.rebuildAvailableLists();
            assertEquals(dead.size(), ms.takeObjectsFreed());
            for (int i = 0; i < live.size(); i++) {
                long o = live.get(i);
                assertFalse(ms.isMarked(o), "marks are cleared");
                assertTrue(vo.get(o));
                assertEquals(words[3 * i], m.load(o), "status word untouched");
                assertEquals(words[3 * i + 1], m.load(o + 8));
                assertEquals(words[3 * i + 2], m.load(o + 16));
                assertEquals(null, ms.checkObject(o));
            }
            for (long o : dead) {
                assertFalse(vo.get(o), "freed");
            }
            // cells handed out after the sweep are never a survivor's, and never twice
            Set<Long> taken = new HashSet<>(live);
            for (int i = 0; i < 3000; i++) {
                long o = object(24 + 8L * random.nextInt(40));
                assertTrue(taken.add(o), "cell handed out twice or over a survivor");
                live.add(o);
            }
        }
    }

    @Test
    void theSweepReportsEachDeadObjectOnceAndNoCellThatWasFreeAlready() {
        List<Long> reported = new ArrayList<>();
        Plugin frees = new Plugin() {
            @Override
            public String name() {
                return "frees";
            }

            @Override
            public int interests() {
                return Plugin.ON_FREE;
            }

            @Override
            public void onObjectFreed(long object) {
                reported.add(object);
            }
        };
        HeapServices watched = TestHeap.services(layout, geometry, vo, new PluginHost(List.of(frees)));
        MarkSweepSpace space = new MarkSweepSpace("watched", 4 << 20, watched);
        FreeListAllocator cells = new FreeListAllocator(m, 0, space);
        Random random = new Random(23);
        List<Long> live = new ArrayList<>();
        // the second round's blocks hold cells the first freed and nothing took again
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < (round == 0 ? 4000 : 500); i++) {
                live.add(object(cells, 24 + 8L * random.nextInt(3)));
            }
            Set<Long> dead = new HashSet<>();
            List<Long> kept = new ArrayList<>();
            for (long o : live) {
                if (random.nextBoolean()) {
                    space.traceObject(o, context);
                    kept.add(o);
                } else {
                    dead.add(o);
                }
            }
            reported.clear();
            cells.reset();
            space.sweep(0, space.blockLimit());
            space.rebuildAvailableLists();
            assertEquals(dead.size(), reported.size(), "round " + round);
            assertEquals(dead, new HashSet<>(reported), "round " + round);
            live = kept;
        }
    }

    @Test
    void isObjectTellsSurvivorsFromReclaimedCellsAndCellsReusedByOthers() {
        Random random = new Random(17);
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 6000; i++) {
            all.add(object(24 + 8L * random.nextInt(3)));
        }
        Set<Long> live = new HashSet<>();
        for (long o : all) {
            if (random.nextDouble() < 0.5) {
                ms.traceObject(o, context);
                live.add(o);
            }
        }
        long[] ids = new long[all.size()];
        for (int i = 0; i < all.size(); i++) {
            ids[i] = ObjectModel.id(m, all.get(i));
        }
        allocator.reset();
        ms.sweep(0, ms.blockLimit());
        ms.rebuildAvailableLists();
        Set<Long> reused = new HashSet<>();
        for (int i = 0; i < 1500; i++) {
            long o = object(24 + 8L * random.nextInt(3));
            assertTrue(heap.isObject(o, ObjectModel.id(m, o)));
            reused.add(o);
        }
        int reclaimed = 0;
        int taken = 0;
        for (int i = 0; i < all.size(); i++) {
            long o = all.get(i);
            assertEquals(live.contains(o), heap.isObject(o, ids[i]), "object " + ids[i] + " at " + o);
            if (!live.contains(o)) {
                if (reused.contains(o)) {
                    taken++;
                } else {
                    reclaimed++;
                }
            }
        }
        assertTrue(reclaimed > 100 && taken > 100, reclaimed + " cells left free, " + taken + " reused");
    }

    @Test
    void theWalksSeeTheSurvivorsAndTheFreedCellsInAddressOrder() {
        Random random = new Random(5);
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 6000; i++) {
            all.add(object(24 + 8L * random.nextInt(random.nextBoolean() ? 3 : 40)));
        }
        Set<Long> live = new HashSet<>();
        for (long o : all) {
            if (random.nextDouble() < 0.4) {
                ms.traceObject(o, context);
                live.add(o);
            }
        }
        allocator.reset();
        ms.sweep(0, ms.blockLimit());
        ms.rebuildAvailableLists();
        List<Long> objects = new ArrayList<>();
        ms.walkObjects(ms.start(), ms.end(), objects::add);
        assertEquals(live.stream().sorted().toList(), objects, "each survivor once, in address order");
        List<long[]> free = new ArrayList<>();
        ms.walkFreeRanges(ms.start(), ms.end(), (a, bytes) -> free.add(new long[] {a, a + bytes}));
        for (int i = 0; i < free.size(); i++) {
            assertTrue(free.get(i)[0] < free.get(i)[1]);
            assertTrue(i == 0 || free.get(i)[0] >= free.get(i - 1)[1], "free ranges in address order, apart");
        }
        for (long o : all) {
            boolean inFree = free.stream().anyMatch(r -> o >= r[0] && o < r[1]);
            assertEquals(!live.contains(o), inFree, "the dead and only they lie in free memory");
        }
        // a walk over part of the space sees the same, cut to that part
        long from = ms.start() + 3 * geometry.blockBytes() + 40;
        long to = from + 5 * geometry.blockBytes();
        List<Long> partObjects = new ArrayList<>();
        ms.walkObjects(from, to, partObjects::add);
        assertEquals(objects.stream().filter(o -> o >= from && o < to).toList(), partObjects);
        List<String> partFree = new ArrayList<>();
        ms.walkFreeRanges(from, to, (a, bytes) -> partFree.add(a + "+" + bytes));
        List<String> cut = new ArrayList<>();
        for (long[] r : free) {
            long s = Math.max(r[0], from);
            long e = Math.min(r[1], to);
            if (s < e) {
                cut.add(s + "+" + (e - s));
            }
        }
        assertEquals(cut, partFree);
    }

    @Test
    void aBlockWithNothingMarkedGoesBackToThePageResource() {
        for (int i = 0; i < 5000; i++) {
            object(48);
        }
        int reserved = ms.reservedPages();
        assertTrue(reserved > 0);
        allocator.reset();
        ms.sweep(0, ms.blockLimit());
        assertEquals(5000, ms.takeObjectsFreed());
        assertEquals(0, ms.reservedPages());
    }
}
