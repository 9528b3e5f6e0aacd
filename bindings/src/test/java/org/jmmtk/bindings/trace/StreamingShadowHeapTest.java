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

    /**
     * Random graphs over many collections, with ids sparse and unordered up to 2^40 (hashed positions), counting
     * up from 1 (paged positions) and sparse below 2^22 (pages until there are too many of them, hashed
     * beyond): after each round the streaming heap
     * reaches what the plain heap reaches (its collections compact the objects and rewrite slots to new
     * positions), and it has dropped objects (150,000 allocated against a first collection at 65,536). Every reference stored is to a reachable object: a new
     * object is linked before the next allocation, and while objects are allocated references are only
     * stored into empty slots; a phase without allocations then clears some.
     */
    @Test
    void randomGraphsAgreeWithThePlainHeapAcrossCollections() {
        for (long seed = 1; seed <= 6; seed++) {
            java.util.Random random = new java.util.Random(seed);
            int kind = (int) (seed % 3);
            long next = 0;
            ShadowHeap plain = new ShadowHeap();
            StreamingShadowHeap streaming = new StreamingShadowHeap();
            TeeEvents both = new TeeEvents(plain, streaming);
            it.unimi.dsi.fastutil.longs.LongOpenHashSet used = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();
            it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap<long[]> fields = new it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap<>();
            long[] globals = new long[64];
            long[] roots = new long[256];
            for (int round = 0; round < 30; round++) {
                it.unimi.dsi.fastutil.longs.LongArrayList linkable =
                        new it.unimi.dsi.fastutil.longs.LongArrayList(plain.reachable().ids().toLongArray());
                for (int op = 0; op < 5_000; op++) {
                    long id;
                    do {
                        id = kind == 0 ? 1 + (random.nextLong() >>> 1) % (1L << 40)
                                : kind == 1 ? ++next : 1 + random.nextInt(1 << 22);
                    } while (!used.add(id));
                    int slots = random.nextInt(4);
                    both.alloc(0, id, 16 + 8L * slots, slots, 0);
                    fields.put(id, new long[slots]);
                    if (!linkable.isEmpty() && store(both, fields, linkable.getLong(random.nextInt(linkable.size())), id, random)) {
                        linkable.add(id);
                    } else if (globals[(int) (id & 63)] == 0) {
                        globals[(int) (id & 63)] = id;
                        both.global((int) (id & 63), id);
                        linkable.add(id);
                    } else if (roots[(int) (id & 255)] == 0) {
                        roots[(int) (id & 255)] = id;
                        both.root(0, (int) (id & 255), id);
                        linkable.add(id);
                    } else {
                        fields.remove(id); // garbage at once, never referenced
                    }
                    if (!linkable.isEmpty()) {
                        store(both, fields, linkable.getLong(random.nextInt(linkable.size())),
                                linkable.getLong(random.nextInt(linkable.size())), random);
                    }
                }
                for (int i = 0; i < 64; i++) {
                    if (random.nextBoolean()) {
                        globals[i] = 0;
                        both.global(i, 0);
                    }
                }
                for (int i = 0; i < 256; i++) {
                    if (random.nextBoolean()) {
                        roots[i] = 0;
                        both.root(0, i, 0);
                    }
                }
                for (int op = 0; op < 2_000 && !linkable.isEmpty(); op++) {
                    long source = linkable.getLong(random.nextInt(linkable.size()));
                    long[] f = fields.get(source);
                    if (f.length > 0) {
                        int k = random.nextInt(f.length);
                        f[k] = 0;
                        both.write(0, source, k, 0);
                    }
                }
                assertEquals(plain.reachable().ids(), streaming.reachable().ids(), "seed " + seed + " round " + round);
                assertEquals(plain.reachable().bytes(), streaming.reachable().bytes(), "seed " + seed + " round " + round);
                fields.keySet().retainAll(plain.reachable().ids());
            }
            assertTrue(streaming.heldObjects() < streaming.objectCount(),
                    streaming.heldObjects() + " held of " + streaming.objectCount());
        }
    }

    /** Stores {@code target} into an empty slot of {@code source}, if it has one; whether it did. */
    private static boolean store(TraceEvents out, it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap<long[]> fields,
                                 long source, long target, java.util.Random random) {
        long[] f = fields.get(source);
        if (f.length == 0) {
            return false;
        }
        int k = random.nextInt(f.length);
        if (f[k] != 0) {
            return false;
        }
        f[k] = target;
        out.write(0, source, k, target);
        return true;
    }
}
