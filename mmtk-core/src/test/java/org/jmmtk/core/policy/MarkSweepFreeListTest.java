package org.jmmtk.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.jmmtk.core.alloc.FreeListAllocator;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.util.Constants;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The free lists mark-sweep's sweep builds, against a model computed from the objects alone: with blocks
 * smaller than, equal to and larger than the 512 bytes one bitmap word covers, and cells of every size
 * class (some spanning several words), each block keeping a survivor lists exactly its cells without
 * a survivor, lowest address first, ending in 0; freed objects lose their valid bits and ids; blocks
 * with no survivor go back to the page resource; several sweeps of disjoint block ranges in a row.
 */
class MarkSweepFreeListTest {
    @ParameterizedTest
    @ValueSource(ints = {256, 512, 4096, 65536})
    void eachBlockListsExactlyItsCellsWithoutASurvivorInAddressOrder(int blockBytes) {
        VMLayout layout = new VMLayout(64 * Constants.BYTES_IN_CHUNK);
        SimulatedMemory m = layout.memory();
        HeapGeometry geometry = HeapGeometry.of(1 << 22, 64, blockBytes, 0, 0);
        SideBitmap vo = new SideMetadataRegistry(m, false, 4096).bitmap(SideMetadataSpec.VALID_OBJECT, null);
        MarkSweepSpace ms = new MarkSweepSpace("ms", 32 << 20, TestHeap.services(layout, geometry, vo));
        FreeListAllocator allocator = new FreeListAllocator(m, 0, ms);
        SizeClasses classes = ms.sizeClasses();
        TraceLocal context = new StrictTraceLocal() {
            @Override
            public void enqueue(long object) {
            }

            @Override
            public void marked(long traceBytes) {
            }
        };
        Random random = new Random(blockBytes);
        long nextId = 1;
        Set<Long> live = new HashSet<>();
        Map<Long, Long> bytesOf = new HashMap<>();
        for (int round = 0; round < 4; round++) {
            List<Long> all = new ArrayList<>(live);
            int n = 800 + random.nextInt(1200);
            for (int i = 0; i < n; i++) {
                long bytes = Math.max(24, classes.cellBytes(random.nextInt(classes.count())) - random.nextInt(8) * 8);
                long o = allocator.alloc(bytes);
                ObjectModel.initialize(m, o, nextId++, bytes, 1, 1);
                vo.set(o);
                bytesOf.put(o, bytes);
                all.add(o);
            }
            double keep = new double[] {0.9, 0.2, 0.6, 0.02}[round];
            live = new HashSet<>();
            for (long o : all) {
                if (random.nextDouble() < keep) {
                    ms.traceObject(o, context);
                    live.add(o);
                }
            }
            // the model: block -> its cells, from the cell size that block was formatted with
            Map<Integer, Integer> cellOfBlock = new HashMap<>();
            for (long o : all) {
                int b = (int) ((o - ms.start()) / blockBytes);
                long offset = o - ms.start() - (long) b * blockBytes;
                int cell = classes.cellBytes(classes.classOf(bytesOf.get(o)));
                assertEquals(0, offset % cell);
                cellOfBlock.put(b, cell);
            }
            allocator.reset();
            int limit = ms.blockLimit();
            for (int from = 0; from < limit; ) {
                int to = Math.min(limit, from + 1 + random.nextInt(40));
                ms.sweep(from, to);
                from = to;
            }
            ms.rebuildAvailableLists();
            assertEquals(all.size() - live.size(), ms.takeObjectsFreed());
            for (long o : all) {
                assertEquals(live.contains(o), vo.get(o), "valid bit of a survivor kept, of the dead cleared");
                assertFalse(ms.isMarked(o), "marks cleared");
                if (!live.contains(o)) {
                    assertEquals(0, m.load(o + ObjectModel.ID_OFFSET), "a freed cell's id is 0");
                }
            }
            TreeMap<Long, List<Long>> expected = new TreeMap<>();
            for (Map.Entry<Integer, Integer> e : cellOfBlock.entrySet()) {
                long block = ms.start() + (long) e.getKey() * blockBytes;
                int cell = e.getValue();
                List<Long> free = new ArrayList<>();
                boolean anyLive = false;
                for (long c = block; c + cell <= block + blockBytes; c += cell) {
                    if (live.contains(c)) {
                        anyLive = true;
                    } else {
                        free.add(c);
                    }
                }
                if (anyLive && !free.isEmpty()) {
                    expected.put(block, free);
                }
            }
            TreeMap<Long, List<Long>> found = new TreeMap<>();
            for (int sizeClass = 0; sizeClass < classes.count(); sizeClass++) {
                for (long head = ms.takeFreeCells(sizeClass); ; head = ms.takeFreeCells(sizeClass)) {
                    long block = ms.start() + (head - ms.start()) / blockBytes * blockBytes;
                    if (!expected.containsKey(block)) {
                        // a new block formatted once the swept ones ran out: give its cells back unused
                        assertFalse(found.containsKey(block));
                        for (long c = head; c != 0; c = m.load(c)) {
                            assertFalse(live.contains(c));
                        }
                        break;
                    }
                    List<Long> chain = new ArrayList<>();
                    for (long c = head; c != 0; c = m.load(c)) {
                        chain.add(c);
                    }
                    found.put(block, chain);
                }
            }
            assertEquals(expected, found, "blocks with a survivor list exactly their other cells, in order");
            int liveBlocks = (int) live.stream().map(o -> (o - ms.start()) / blockBytes).distinct().count();
            assertTrue(ms.reservedPages() >= liveBlocks * geometry.pagesInBlock());
            // the next round allocates into fresh blocks again: drop what the model took
            allocator.reset();
        }
    }
}
