package org.jmmtk.bindings.replay;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.Mutator;

/**
 * The reachable part of a simulated heap read back as a graph of ids: for every reachable object, the
 * ids its slots point to. Its own walk from the binding's roots, independent of any collector, so that
 * the heap can be compared with a {@link org.jmmtk.bindings.trace.ShadowHeap} (tests, the conformance
 * kit). Call it while the mutators are stopped, e.g. from a GC listener; it runs on the calling thread.
 */
public final class HeapGraph {
    private HeapGraph() {
    }

    /** Every object reachable in {@code mmtk}'s heap, by id, with the ids in its slots (0: null). */
    public static Long2ObjectOpenHashMap<long[]> read(MMTK mmtk) {
        SimulatedMemory memory = mmtk.memory();
        Long2ObjectOpenHashMap<long[]> graph = new Long2ObjectOpenHashMap<>();
        LongArrayList stack = new LongArrayList();
        for (Mutator m : mmtk.binding().mutators()) {
            mmtk.binding().scanMutatorRoots(m.ordinal(), slot -> stack.add(memory.load(slot)));
        }
        mmtk.binding().scanGlobalRoots(slot -> stack.add(memory.load(slot)));
        while (!stack.isEmpty()) {
            long address = stack.removeLong(stack.size() - 1);
            long id = ObjectModel.id(memory, address);
            if (graph.containsKey(id)) {
                continue;
            }
            int n = ObjectModel.refSlots(memory, address);
            long[] targets = new long[n];
            for (int i = 0; i < n; i++) {
                long t = memory.load(ObjectModel.slotAddress(address, i));
                if (t != 0) {
                    targets[i] = ObjectModel.id(memory, t);
                    stack.add(t);
                }
            }
            graph.put(id, targets);
        }
        return graph;
    }
}
