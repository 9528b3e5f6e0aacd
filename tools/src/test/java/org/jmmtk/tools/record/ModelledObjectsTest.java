package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.junit.jupiter.api.Test;

/**
 * The modelled objects' shape: every byte held for the run is reachable from the global roots through a
 * tree whose breadth-first levels carry {@link StartupHeapShape}'s shares, each reference stored into a
 * slot its object has; dead bytes are allocated and never referred to. On random sizes.
 */
class ModelledObjectsTest {
    /** The allocations, stores and global roots sent, by id. */
    private static final class Sent extends IgnoringEvents {
        final Map<Long, long[]> objects = new HashMap<>(); // bytes, slots, type, thread
        final Map<Long, List<Long>> children = new HashMap<>();
        final List<Long> roots = new ArrayList<>();
        long lastId;

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            assertEquals(lastId + 1, object, "ids follow each other");
            lastId = object;
            objects.put(object, new long[] {bytes, refSlots, typeId, thread});
        }

        @Override
        public void write(int thread, long source, int slot, long target) {
            assertTrue(objects.containsKey(source) && objects.containsKey(target), "both allocated before the store");
            assertTrue(slot >= 0 && slot < objects.get(source)[1], "slot " + slot + " of " + objects.get(source)[1]);
            children.computeIfAbsent(source, s -> new ArrayList<>()).add(target);
        }

        @Override
        public void global(int rootSlot, long target) {
            assertTrue(objects.containsKey(target));
            roots.add(target);
        }
    }

    @Test
    void heldBytesAreATreeWithTheMeasuredLevelsAndDeadBytesAreNotReferredTo() {
        Random random = new Random(37);
        for (int round = 0; round < 200; round++) {
            long held = round < 5 ? new long[] {1, 8, 63, 64, 666_656}[round] : (long) Math.pow(10, 2 + 5 * random.nextDouble());
            long dead = random.nextInt(3) == 0 ? 0 : random.nextInt(2_000_000);
            Sent sent = new Sent();
            sent.lastId = 100;
            int[] slot = {0};
            ModelledObjects modelled = new ModelledObjects(sent, 100, () -> slot[0]++);
            int thread = random.nextInt(4);
            int heldObjects = modelled.held(thread, held, 7);
            int deadObjects = modelled.dead(thread, dead, 8);
            assertEquals(heldObjects + deadObjects, sent.objects.size());
            long[] levels = StartupHeapShape.levelBytes(held);
            long[] reached = new long[levels.length];
            ArrayDeque<Long> level = new ArrayDeque<>(sent.roots);
            int depth = 0;
            int count = 0;
            while (!level.isEmpty()) {
                ArrayDeque<Long> next = new ArrayDeque<>();
                for (long id : level) {
                    long[] o = sent.objects.get(id);
                    assertEquals(7, o[2], "only held objects are reachable");
                    assertEquals(thread, o[3]);
                    assertTrue(o[0] >= 16 + 8 * o[1] && o[0] <= ModelledObjects.PIECE && o[0] % 8 == 0, "size " + o[0]);
                    reached[depth] += o[0];
                    count++;
                    next.addAll(sent.children.getOrDefault(id, List.of()));
                }
                level = next;
                depth++;
            }
            assertEquals(heldObjects, count, "every held piece reachable once, from " + held + " bytes");
            assertArrayEquals(levels, reached, "the levels' bytes for " + held);
            long deadBytes = 0;
            for (long[] o : sent.objects.values()) {
                deadBytes += o[2] == 8 ? o[0] : 0;
            }
            assertTrue(deadBytes >= dead && deadBytes < dead + 8 + (dead == 0 ? 0 : 16), deadBytes + " dead bytes for " + dead);
        }
    }

    @Test
    void theLevelsSumToTheLiveBytesInTheMeasuredShares() {
        long[] measured = StartupHeapShape.levelBytes(643_200);
        assertEquals(15, measured.length, "the last level's 48 bytes go to the one above");
        assertEquals(87_528, measured[0], 8);
        assertEquals(145_224, measured[3], 8);
        Random random = new Random(38);
        for (int i = 0; i < 1000; i++) {
            long live = random.nextInt(3_000_000) + 1;
            long sum = 0;
            long[] levels = StartupHeapShape.levelBytes(live);
            for (long b : levels) {
                assertTrue((b >= StartupHeapShape.LEAST || levels.length == 1) && b % 8 == 0, b + " of " + live);
                sum += b;
            }
            assertEquals(Math.max(16, (live + 7) & ~7L), sum, "bytes of " + live);
        }
    }
}
