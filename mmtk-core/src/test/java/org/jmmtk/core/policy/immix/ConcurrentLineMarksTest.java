package org.jmmtk.core.policy.immix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.policy.HeapServices;
import org.jmmtk.core.policy.StrictTraceLocal;
import org.jmmtk.core.policy.TestHeap;
import org.jmmtk.core.policy.TraceLocal;
import org.jmmtk.core.util.Constants;
import org.junit.jupiter.api.Test;

/**
 * A concurrent mark's line marks on a hand-made space (256 B blocks of 16 lines of 16 B, one object a
 * line): while the mark runs, the lines it marks (traced, or allocated live) go to the second table, so
 * the allocators' holes stay those of the last sweep; the mark's objects are found by its own table; when
 * the mark finishes its table is the one the allocators and the sweep read.
 */
class ConcurrentLineMarksTest {
    private final VMLayout layout = new VMLayout(16 * Constants.BYTES_IN_CHUNK);
    private final SimulatedMemory m = layout.memory();
    private final HeapGeometry geometry = HeapGeometry.of(64 << 10, 0, 256, 16, 0);
    private final SideBitmap vo = new SideMetadataRegistry(m, false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null);
    private final HeapServices heap = TestHeap.services(layout, geometry, vo);
    private final ImmixSpace ix = new ImmixSpace("ix", 1 << 20, heap);
    private final ConcurrentLineMarks marks = new ConcurrentLineMarks(ix, heap.metadata());

    private final TraceLocal context = new StrictTraceLocal() {
        @Override
        public void enqueue(long object) {
        }

        @Override
        public void marked(long traceBytes) {
        }
    };

    private long object(ImmixAllocator allocator, long id) {
        long o = allocator.alloc(16);
        ObjectModel.initialize(m, o, id, 16, 0, 1);
        vo.set(o);
        return o;
    }

    @Test
    void theMarksLinesStayApartUntilItFinishes() {
        ImmixAllocator mutator = new ImmixAllocator(m, 0, ix, false);
        long[] objects = new long[16];
        for (int i = 0; i < 16; i++) {
            objects[i] = object(mutator, i + 1);
        }
        // a stop-the-world collection that keeps object 3: lines 3 and 4 are not free
        ix.prepare(false, 0);
        marks.beginMark();
        ix.traceObject(objects[3], context);
        marks.finishMark();
        ix.sweep(0, ix.blockLimit());
        ix.rebuildRecyclableList();
        assertFalse(ix.isLineFree(0, 3));
        assertFalse(ix.isLineFree(0, 4));
        assertTrue(ix.isLineFree(0, 8));

        // the next mark: it traces object 3 again and an object at line 8, and one is allocated live at line 12
        marks.beginMark();
        ix.traceObject(objects[3], context);
        ObjectModel.initialize(m, objects[8], 9, 16, 0, 1);
        vo.set(objects[8]);
        ix.traceObject(objects[8], context);
        ObjectModel.initialize(m, objects[12], 13, 16, 0, 1);
        vo.set(objects[12]);
        marks.markAllocated(objects[12]);
        assertTrue(ix.isLineFree(0, 8), "the allocators still read the last sweep's marks");
        assertTrue(ix.isLineFree(0, 12));
        assertFalse(ix.isLineFree(0, 4));
        LongArrayList found = new LongArrayList();
        marks.walkMarkedLines(found::add);
        assertEquals(LongArrayList.of(objects[3], objects[8], objects[12]), found);

        marks.finishMark();
        assertFalse(ix.isLineFree(0, 3));
        assertFalse(ix.isLineFree(0, 8));
        assertFalse(ix.isLineFree(0, 9), "the line after a marked line may hold the end of its object");
        assertFalse(ix.isLineFree(0, 12));
        assertTrue(ix.isLineFree(0, 10));
        assertTrue(ix.isLineFree(0, 5));
    }
}
