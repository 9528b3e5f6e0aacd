package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The streaming shadow heap holds what is reachable, not every object of the trace: garbage is dropped
 * when the object count doubles, a reference to a dropped object is an error, and ids are never reused.
 */
class StreamingShadowHeapTest {
    private static final int MANY = StreamingShadowHeap.FIRST_COLLECTION + 10;

    @Test
    void garbageIsDroppedAndReachableObjectsKept() {
        StreamingShadowHeap heap = new StreamingShadowHeap();
        heap.alloc(0, 1, 32, 1, 0);
        heap.global(0, 1);
        for (long id = 2; id <= MANY; id++) {
            heap.alloc(0, id, 16, 0, 0);
        }
        heap.write(0, 1, 0, MANY);
        assertEquals(MANY, heap.objectCount());
        assertTrue(heap.heldObjects() < 64, "held " + heap.heldObjects());
        ShadowHeap.Reachable r = heap.reachable();
        assertEquals(2, r.objects());
        assertEquals(48, r.bytes());
    }

    @Test
    void droppedObjectsCannotBeReferencedOrReallocated() {
        StreamingShadowHeap heap = new StreamingShadowHeap();
        for (long id = 1; id <= MANY; id++) {
            heap.alloc(0, id, 16, 0, 0);
        }
        TraceException e = assertThrows(TraceException.class, () -> heap.root(0, 0, 5));
        assertEquals("root reference to object 5, which was already unreachable earlier in the trace", e.getMessage());
        assertThrows(TraceException.class, () -> heap.alloc(0, 5, 16, 0, 0));
        heap.death(5);
    }

    /** Objects allocated and linked by the next record survive a collection that falls between the two. */
    @Test
    void aNewObjectIsNotDroppedBeforeItIsLinked() {
        StreamingShadowHeap heap = new StreamingShadowHeap();
        for (long id = 1; id <= StreamingShadowHeap.FIRST_COLLECTION; id++) {
            heap.alloc(0, id, 16, 0, 0);
        }
        heap.alloc(0, MANY, 16, 0, 0);
        heap.root(0, 0, MANY);
        assertEquals(1, heap.reachable().objects());
    }

    /** A workload of 1.6 million objects: streaming finds what the plain shadow heap finds, holding far less. */
    @Test
    void streamingAgreesWithThePlainHeapOnAWorkload() throws java.io.IOException {
        ShadowHeap plain = new ShadowHeap();
        StreamingShadowHeap streaming = new StreamingShadowHeap();
        org.jmmtk.bindings.workloads.Workloads.REGISTRY.find("binarytrees").orElseThrow().factory().create(42, 0.4)
                .replay(new TeeEvents(plain, streaming));
        assertTrue(streaming.objectCount() > 16 * StreamingShadowHeap.FIRST_COLLECTION, "only " + streaming.objectCount() + " objects");
        assertEquals(plain.reachable().ids(), streaming.reachable().ids());
        assertEquals(plain.reachable().bytes(), streaming.reachable().bytes());
        assertTrue(streaming.heldObjects() < plain.objectCount() / 2,
                streaming.heldObjects() + " held of " + plain.objectCount());
    }
}
