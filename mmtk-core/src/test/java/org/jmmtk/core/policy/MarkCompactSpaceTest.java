package org.jmmtk.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
 * Lisp-2 on a hand-made space: survivors slide down in address order with their references redirected,
 * the dead lose their valid-object bits, every move is reported with both headers readable (also when
 * the slide overlaps the old header, even by one word), and the space keeps only the pages up to the
 * end of its survivors.
 */
class MarkCompactSpaceTest {
    private final VMLayout layout = new VMLayout(16 * Constants.BYTES_IN_CHUNK);
    private final SimulatedMemory m = layout.memory();
    private final HeapGeometry geometry = HeapGeometry.forHeap(64 << 10);
    private final SideBitmap vo = new SideMetadataRegistry(m, false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null);
    private final HeapServices heap = TestHeap.services(layout, geometry, vo);
    private final MarkCompactSpace mc = new MarkCompactSpace("mc", 1 << 20, heap);
    private final long a = mc.acquire(8);
    private final List<long[]> moves = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    private final TraceLocal context = new StrictTraceLocal() {
        @Override
        public void enqueue(long object) {
        }

        @Override
        public void moved(long from, long to) {
            moves.add(new long[] {from, to});
            if (ObjectModel.id(m, from) != ObjectModel.id(m, to)) {
                problems.add("ids differ at " + from + " and " + to);
            }
            if (to - from <= -16 && ObjectModel.size(m, from) != ObjectModel.size(m, to)) {
                problems.add("sizes differ at " + from + " and " + to);
            }
        }

        @Override
        public void marked(long traceBytes) {
        }
    };

    private long object(long offset, long id, long bytes, int slots, boolean live) {
        long o = a + offset;
        ObjectModel.initialize(m, o, id, bytes, slots, 7);
        vo.set(o);
        if (live) {
            ObjectModel.testAndMark(m, o);
        }
        return o;
    }

    private void collect() {
        mc.calculateForwarding();
        mc.updateReferences(0, mc.liveCount());
        mc.compact(0, mc.liveCount(), context);
        mc.release();
    }

    @Test
    void aDensePrefixStaysInPlaceWithItsDeadFreedAndTheRestSlidesDownToItsEnd() {
        long o1 = object(0, 1, 32, 1, true);
        long dead = object(32, 2, 48, 0, false);
        long o3 = object(80, 3, 32, 1, true);
        long dead2 = object(112, 4, 40, 0, false);
        long o5 = object(152, 5, 24, 1, true);
        long o6 = object(176, 6, 32, 1, true);
        m.store(ObjectModel.slotAddress(o1, 0), o5);
        m.store(ObjectModel.slotAddress(o5, 0), o3);
        m.store(ObjectModel.slotAddress(o6, 0), o6);
        mc.calculateForwarding(a + 112);
        assertEquals(4, mc.liveCount());
        assertEquals(o1, mc.forward(o1));
        assertEquals(o3, mc.forward(o3), "in the prefix: stays, behind a dead object");
        assertEquals(a + 112, mc.forward(o5), "slides down to the prefix's end");
        assertEquals(a + 136, mc.forward(o6));
        assertFalse(vo.get(dead), "the prefix's dead object is freed");
        assertFalse(vo.get(dead2));
        mc.updateReferences(0, mc.liveCount());
        mc.compact(0, mc.liveCount(), context);
        mc.release();

        assertEquals(List.of(), problems);
        assertEquals(2, moves.size(), "only the objects above the prefix move");
        assertEquals(a + 168, mc.compactedEnd());
        assertEquals(a + 112, m.load(ObjectModel.slotAddress(o1, 0)));
        assertEquals(o3, m.load(ObjectModel.slotAddress(a + 112, 0)));
        assertEquals(a + 136, m.load(ObjectModel.slotAddress(a + 136, 0)));
        assertFalse(ObjectModel.isMarked(m, o1), "marks cleared in the prefix too");
        assertFalse(ObjectModel.isMarked(m, o3));
    }

    @Test
    void survivorsSlideDownWithTheirReferencesRedirected() {
        long o1 = object(0, 1, 32, 2, true);
        long dead = object(32, 2, 48, 0, false);
        long o3 = object(80, 3, 32, 2, true);
        long o4 = object(120, 4, 24, 1, true); // after an 8-byte hole (a buffer's tail)
        m.store(ObjectModel.slotAddress(o1, 0), o3);
        m.store(ObjectModel.slotAddress(o1, 1), o1);
        m.store(ObjectModel.slotAddress(o3, 0), o4);
        m.store(ObjectModel.slotAddress(o4, 0), o1);
        mc.calculateForwarding();
        assertEquals(3, mc.liveCount());
        assertEquals(a, mc.forward(o1));
        assertEquals(a + 32, mc.forward(o3));
        assertEquals(a + 64, mc.forward(o4));
        assertFalse(vo.get(dead), "the dead object lost its valid-object bit");
        mc.updateReferences(0, mc.liveCount());
        mc.compact(0, mc.liveCount(), context);
        mc.release();

        assertEquals(List.of(), problems);
        assertEquals(2, moves.size(), "the first object stays where it is");
        assertEquals(1, ObjectModel.id(m, a));
        assertEquals(3, ObjectModel.id(m, a + 32));
        assertEquals(4, ObjectModel.id(m, a + 64));
        assertEquals(a + 32, m.load(ObjectModel.slotAddress(a, 0)));
        assertEquals(a, m.load(ObjectModel.slotAddress(a, 1)));
        assertEquals(a + 64, m.load(ObjectModel.slotAddress(a + 32, 0)));
        assertEquals(a, m.load(ObjectModel.slotAddress(a + 64, 0)));
        for (long o : new long[] {a, a + 32, a + 64}) {
            assertTrue(vo.get(o));
            assertFalse(ObjectModel.isMarked(m, o), "marks are cleared");
            assertEquals(7, ObjectModel.typeId(m, o));
        }
        assertEquals(-1, vo.next(a + 72, a + 512), "no valid-object bit is left behind");
        assertEquals(88, mc.compactedEnd() - a);
        assertEquals(geometry.bytesToPages(88), mc.reservedPages());
    }

    @Test
    void aSlideOverlappingTheOldHeaderReportsBothHeaders() {
        object(0, 1, 24, 1, true);
        object(32, 2, 48, 4, true); // slides by one word
        object(80, 3, 16, 0, false);
        long o4 = object(96, 4, 64, 3, true); // slides by 24, over its own old header
        m.store(ObjectModel.slotAddress(o4, 2), a + 32);
        collect();
        assertEquals(List.of(), problems);
        assertEquals(2, moves.size());
        assertEquals(2, ObjectModel.id(m, a + 24));
        assertEquals(48, ObjectModel.size(m, a + 24));
        assertEquals(4, ObjectModel.id(m, a + 72));
        assertEquals(a + 24, m.load(ObjectModel.slotAddress(a + 72, 2)), "the field was redirected");
        assertEquals(-1, vo.next(a + 80, a + 512));
    }

    @Test
    void regionsCountedApartSlideAsOne() {
        mc.acquire(500); // 32 KiB in all: four 8 KiB regions
        java.util.Random random = new java.util.Random(42);
        List<Long> survivors = new ArrayList<>();
        long offset = 0;
        for (long id = 1; offset < 31 << 10; id++) {
            int slots = random.nextInt(4);
            long bytes = 16 + 8 * slots + 8 * random.nextInt(40);
            boolean live = random.nextBoolean();
            long o = object(offset, id, bytes, slots, live);
            if (live) {
                survivors.add(id);
                if (slots > 0) {
                    m.store(ObjectModel.slotAddress(o, 0), o);
                }
            }
            offset += bytes + 8 * random.nextInt(2);
        }
        assertEquals(4, mc.prepareForwarding());
        for (int r = 3; r >= 0; r--) {
            mc.countLive(r);
        }
        mc.sumRegions();
        for (int r = 3; r >= 0; r--) {
            mc.assignForwarding(r);
        }
        mc.updateReferences(0, mc.liveCount());
        mc.compact(0, mc.liveCount(), context);
        mc.release();
        assertEquals(List.of(), problems);
        long o = a;
        for (long id : survivors) {
            assertTrue(vo.get(o));
            assertEquals(id, ObjectModel.id(m, o));
            if (ObjectModel.refSlots(m, o) > 0) {
                assertEquals(o, m.load(ObjectModel.slotAddress(o, 0)), "self reference of " + id);
            }
            o += ObjectModel.size(m, o);
        }
        assertEquals(o, mc.compactedEnd());
        assertEquals(-1, vo.next(o, a + (32 << 10)));
    }

    @Test
    void anEmptySpaceGivesBackEveryPage() {
        object(0, 1, 32, 0, false);
        collect();
        assertEquals(0, mc.reservedPages());
        assertFalse(vo.get(a));
    }
}
