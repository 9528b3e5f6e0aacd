package org.jmmtk.core.policy.immix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
 * Mark-region on a hand-made space (256 B blocks of 16 lines of 16 B): the sweep frees the dead and
 * classifies blocks; the allocator fills holes of a recyclable block, skipping the line after each
 * marked line (conservative one-line rule), and sends a medium object that does not fit the current
 * hole to the overflow cursor on a fresh block; a defragmenting collection evacuates the fragmented
 * blocks in address order, leaves pinned objects in place and frees the blocks it emptied.
 */
class ImmixSpaceTest {
    private final VMLayout layout = new VMLayout(16 * Constants.BYTES_IN_CHUNK);
    private final SimulatedMemory m = layout.memory();
    // 256-byte blocks of 16-byte lines (given, not the default): every line rule shows in a few objects
    private final HeapGeometry geometry = HeapGeometry.of(64 << 10, 0, 256, 16, 0);
    private final SideBitmap vo = new SideMetadataRegistry(m, false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null);
    private final HeapServices heap = TestHeap.services(layout, geometry, vo);
    private final ImmixSpace ix = new ImmixSpace("ix", 1 << 20, heap);

    private final ImmixAllocator copies = new ImmixAllocator(m, -1, ix, true);
    private final List<long[]> evacuations = new ArrayList<>();

    private final TraceLocal context = new StrictTraceLocal() {
        @Override
        public void enqueue(long object) {
        }

        @Override
        public long allocCopy(long bytes) {
            return copies.alloc(bytes);
        }

        @Override
        public void evacuated(long from, long to, long traceBytes, long bytes) {
            evacuations.add(new long[] {from, to});
        }

        @Override
        public void marked(long traceBytes) {
        }
    };

    private long object(ImmixAllocator allocator, long id, long bytes) {
        long o = allocator.alloc(bytes);
        ObjectModel.initialize(m, o, id, bytes, 0, 1);
        vo.set(o);
        return o;
    }

    private void collect() {
        ix.sweep(0, ix.blockLimit());
        ix.rebuildRecyclableList();
    }

    @Test
    void holesSkipTheLineAfterEachMarkedLine() {
        assertEquals(256, ix.blockBytes());
        assertEquals(16, ix.lineBytes());
        ImmixAllocator first = new ImmixAllocator(m, 0, ix, false);
        long[] objects = new long[16];
        for (int i = 0; i < 16; i++) {
            objects[i] = object(first, i + 1, 16);
        }
        long block = objects[0];
        for (int i = 0; i < 16; i++) {
            assertEquals(block + 16L * i, objects[i]);
        }
        ix.prepare(false, 0);
        ix.traceObject(objects[3], context);
        ix.traceObject(objects[10], context);
        collect();

        for (int i = 0; i < 16; i++) {
            assertEquals(i == 3 || i == 10, vo.get(objects[i]), "object " + i);
        }
        assertFalse(ObjectModel.isMarked(m, objects[3]));
        assertEquals(ix.blockAddress(0), block);

        ImmixAllocator next = new ImmixAllocator(m, 0, ix, false);
        long[] expectedLines = {0, 1, 2, 5, 6, 7, 8, 9, 12, 13, 14, 15};
        for (int i = 0; i < expectedLines.length; i++) {
            assertEquals(block + 16 * expectedLines[i], object(next, 100 + i, 16), "allocation " + i);
        }
        // the block is used up: the next small object opens a fresh block
        long fresh = object(next, 200, 16);
        assertEquals(1, ix.blockIndex(fresh));
    }

    @Test
    void mediumObjectsThatDoNotFitTheHoleOverflow() {
        ImmixAllocator first = new ImmixAllocator(m, 0, ix, false);
        long[] objects = new long[16];
        for (int i = 0; i < 16; i++) {
            objects[i] = object(first, i + 1, 16);
        }
        ix.prepare(false, 0);
        ix.traceObject(objects[2], context);
        collect();
        ImmixAllocator next = new ImmixAllocator(m, 0, ix, false);
        long small = object(next, 50, 16);
        assertEquals(objects[0], small);
        // the hole is lines 0-1; 32 bytes do not fit in the one line left, so they overflow
        long medium = object(next, 51, 32);
        assertEquals(1, ix.blockIndex(medium));
        assertEquals(objects[1], object(next, 52, 16));
    }

    @Test
    void mediumObjectsMarkEveryLineTheySpanAndEmptyBlocksAreFreed() {
        ImmixAllocator first = new ImmixAllocator(m, 0, ix, false);
        long a = object(first, 1, 48);   // lines 0-2 (overflow: a fresh block)
        long b = object(first, 2, 16);   // a second block for the small-object cursor
        assertTrue(ix.blockIndex(a) != ix.blockIndex(b));
        int pagesBefore = ix.reservedPages();
        ix.prepare(false, 0);
        ix.traceObject(a, context);
        collect();
        assertTrue(ix.isLineFree(ix.blockIndex(a), 5));
        assertFalse(ix.isLineFree(ix.blockIndex(a), 3));
        assertFalse(ix.isLineFree(ix.blockIndex(a), 2));
        assertFalse(vo.get(b));
        assertEquals(pagesBefore - geometry.pagesInBlock(), ix.reservedPages());
    }

    /** Four blocks whose lines 0, 4, 8 and 12 hold survivors: four holes each. Returns the 64 objects. */
    private long[] fragmentedBlocks() {
        ImmixAllocator first = new ImmixAllocator(m, 0, ix, false);
        long[] objects = new long[64];
        for (int i = 0; i < 64; i++) {
            objects[i] = object(first, i + 1, 16);
        }
        ix.prepare(false, 0);
        for (int i = 0; i < 64; i += 4) {
            ix.traceObject(objects[i], context);
        }
        collect();
        return objects;
    }

    @Test
    void defragmentationEvacuatesFragmentedBlocksInAddressOrder() {
        long[] objects = fragmentedBlocks();
        int pagesBefore = ix.reservedPages();
        // an emergency collection with room for one clean block (plus nothing of headroom at this size)
        ix.prepare(true, geometry.pagesInBlock());
        assertTrue(ix.inDefrag());
        assertEquals(4, ix.sourceBlocks());
        for (int i = 0; i < 64; i += 4) {
            ix.traceObject(objects[i], context);
        }
        assertEquals(16, ix.evacuate(context));
        long target = evacuations.get(0)[1];
        assertEquals(4, ix.blockIndex(target));
        for (int k = 0; k < 16; k++) {
            long from = objects[4 * k];
            assertEquals(from, evacuations.get(k)[0], "address order");
            assertEquals(target + 16L * k, evacuations.get(k)[1], "copies packed from the start of the clean block");
            assertTrue(ObjectModel.isForwarded(m, from));
            assertEquals(4 * k + 1, ObjectModel.id(m, evacuations.get(k)[1]));
        }
        long slot = layout.reserve("roots", Constants.BYTES_IN_CHUNK).start();
        m.map(slot, 8);
        m.store(slot, objects[8]);
        ix.updateSlot(slot);
        assertEquals(evacuations.get(2)[1], m.load(slot));
        collect();
        for (int k = 0; k < 16; k++) {
            assertFalse(vo.get(objects[4 * k]));
            assertTrue(vo.get(evacuations.get(k)[1]));
        }
        // four fragmented blocks were freed for one full block
        assertEquals(pagesBefore - 3 * geometry.pagesInBlock(), ix.reservedPages());
    }

    @Test
    void pinnedObjectsAreNotEvacuated() {
        long[] objects = fragmentedBlocks();
        assertTrue(ix.pin(objects[36]));
        assertFalse(ix.pin(objects[36]));
        ix.prepare(true, geometry.pagesInBlock());
        for (int i = 0; i < 64; i += 4) {
            ix.traceObject(objects[i], context);
        }
        assertEquals(15, ix.evacuate(context));
        assertFalse(ObjectModel.isForwarded(m, objects[36]));
        collect();
        assertTrue(vo.get(objects[36]));
        assertFalse(ix.isLineFree(ix.blockIndex(objects[36]), 4));
        assertTrue(ix.isLineFree(ix.blockIndex(objects[36]), 0));
    }

    @Test
    void noDefragmentationWithoutRoomForCopies() {
        long[] objects = fragmentedBlocks();
        ix.prepare(true, 0);
        assertEquals(0, ix.sourceBlocks());
        for (int i = 0; i < 64; i += 4) {
            ix.traceObject(objects[i], context);
        }
        assertEquals(0, ix.evacuate(context));
    }

    /**
     * The extent covers a budget wholly in blocks plus the defragmentation headroom copies may take
     * beyond it (with heap + one block, an evacuation in a full heap just under a chunk asked for a
     * block beyond the space: an internal error).
     */
    @Test
    void extentHoldsTheBudgetAndTheDefragHeadroom() {
        // address ranges are whole chunks: budgets just under a chunk leave no slack for the headroom
        for (long budget : new long[] {20 << 10, 574_000, Constants.BYTES_IN_CHUNK - (16 << 10),
            2 * Constants.BYTES_IN_CHUNK - (32 << 10), 33L << 20}) {
            HeapGeometry g = HeapGeometry.forHeap(budget);
            VMLayout big = new VMLayout(64 * Constants.BYTES_IN_CHUNK);
            HeapServices services = TestHeap.services(big, g,
                    new SideMetadataRegistry(big.memory(), false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null));
            ImmixSpace space = new ImmixSpace("extent", ImmixSpace.extentFor(budget, g), services);
            int budgetBlocks = (int) (budget / g.immixBlockBytes());
            long pages = (long) budgetBlocks * g.pagesInImmixBlock();
            int headroomBlocks = (int) (pages * ImmixDefrag.HEADROOM_PERCENT / 100 / g.pagesInImmixBlock()) + 1;
            for (int b = 0; b < budgetBlocks + headroomBlocks; b++) {
                assertTrue(space.acquireForGC(g.pagesInImmixBlock()) != 0, budget + ": block " + b + " of " + g);
            }
        }
    }
}
