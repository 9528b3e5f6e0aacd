package org.jmmtk.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.analysis.PluginHost;
import org.jmmtk.core.heap.AllocationPoll;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.heap.PageResourceLock;
import org.jmmtk.core.heap.SimulatedOutOfMemoryError;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.util.Constants;
import org.junit.jupiter.api.Test;

/**
 * The scope of the page-resource lock in a mutator's slow path: coarse holds it from
 * {@code beginSlowPath} to {@code endSlowPath} but never across the poll (whose collection would take it);
 * fine holds it only inside page-resource operations; an out-of-memory thrown in the slow path, or an
 * acquisition outside a slow path, leaves it free; a GC worker's copy allocation never holds it across its slow path.
 */
class PageResourceLockScopeTest {
    private static final HeapGeometry GEOMETRY = HeapGeometry.forHeap(64 << 10);

    /** What the poll saw: whether the polling thread held the space's page-resource lock, per poll. */
    private final List<Boolean> heldAtPoll = new ArrayList<>();
    private CopySpace space;
    private int collectionsToReport;
    private boolean outOfMemory;

    private CopySpace space(PageResourceLock scope) {
        VMLayout layout = new VMLayout(16 * Constants.BYTES_IN_CHUNK);
        AllocationPoll poll = new AllocationPoll() {
            @Override
            public boolean poll(String name, int pages) {
                heldAtPoll.add(space.pageResource().isHeldByCurrentThread());
                if (outOfMemory) {
                    throw outOfMemory(name, pages, "test");
                }
                if (collectionsToReport > 0) {
                    collectionsToReport--;
                    return true;
                }
                return false;
            }

            @Override
            public SimulatedOutOfMemoryError outOfMemory(String name, int pages, String why) {
                return new SimulatedOutOfMemoryError("test", 64 << 10, 0, 0, why);
            }
        };
        HeapServices heap = new HeapServices(layout.memory(), layout, GEOMETRY, poll,
                new SideMetadataRegistry(layout.memory(), false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null),
                new SpaceTable(layout.memory()), PluginHost.none(), scope);
        space = new CopySpace("copy", 1 << 20, heap);
        return space;
    }

    @Test
    void coarseHoldsTheLockAcrossTheSlowPathButNotThePoll() {
        CopySpace s = space(PageResourceLock.COARSE);
        s.beginSlowPath();
        assertTrue(s.pageResource().isHeldByCurrentThread());
        collectionsToReport = 1;
        assertEquals(0, s.acquire(1), "the poll said a collection ran");
        assertFalse(s.pageResource().isHeldByCurrentThread(), "the retried attempt takes the lock itself");
        s.endSlowPath();
        s.beginSlowPath();
        assertTrue(s.acquire(1) != 0);
        assertTrue(s.pageResource().isHeldByCurrentThread());
        s.endSlowPath();
        assertFalse(s.pageResource().isHeldByCurrentThread());
        assertEquals(List.of(false, false), heldAtPoll);
    }

    @Test
    void anAcquireOutsideASlowPathLeavesNoHoldBehind() {
        CopySpace s = space(PageResourceLock.COARSE);
        assertTrue(s.acquire(1) != 0);
        assertFalse(s.pageResource().isHeldByCurrentThread());
    }

    @Test
    void fineNeverHoldsTheLockOutsideThePageResource() {
        CopySpace s = space(PageResourceLock.FINE);
        s.beginSlowPath();
        assertFalse(s.pageResource().isHeldByCurrentThread());
        assertTrue(s.acquire(1) != 0);
        assertFalse(s.pageResource().isHeldByCurrentThread());
        s.endSlowPath();
        assertEquals(List.of(false), heldAtPoll);
    }

    @Test
    void aMutatorsSlowPathReleasesTheLockEvenWhenItThrows() {
        CopySpace s = space(PageResourceLock.COARSE);
        BumpAllocator mutator = new BumpAllocator(s.memory, GEOMETRY, 0, s, false);
        collectionsToReport = 2;
        assertTrue(mutator.alloc(16) != 0);
        assertFalse(s.pageResource().isHeldByCurrentThread());
        assertEquals(List.of(false, false, false), heldAtPoll, "two collections, then the pages");
        outOfMemory = true;
        assertThrows(SimulatedOutOfMemoryError.class, () -> mutator.alloc(GEOMETRY.bufferBytes() * 2L));
        assertFalse(s.pageResource().isHeldByCurrentThread());
    }

    @Test
    void aGcWorkersCopyAllocationNeverHoldsTheLockAcrossItsSlowPath() {
        CopySpace s = space(PageResourceLock.COARSE);
        BumpAllocator copies = new BumpAllocator(s.memory, GEOMETRY, -1, s, true);
        s.pageResource().holdForSlowPath();
        // the same thread may take it again inside (reentrant), and a copy slow path leaves it as it was
        assertTrue(copies.alloc(16) != 0);
        assertTrue(s.pageResource().isHeldByCurrentThread());
        s.pageResource().releaseSlowPathHold();
        assertTrue(copies.alloc(GEOMETRY.bufferBytes()) != 0);
        assertFalse(s.pageResource().isHeldByCurrentThread());
        assertTrue(heldAtPoll.isEmpty(), "GC copies never poll");
    }
}
