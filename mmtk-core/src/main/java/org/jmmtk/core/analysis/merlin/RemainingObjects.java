package org.jmmtk.core.analysis.merlin;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Every object no collection has freed, read from the simulated heap where the {@link StampTable}
 * says each one is now, numbered by its table slot: the graph of Merlin's combined pass at the end of
 * the trace (section 6.3), which must find the dead among them as well as their times. Used by the
 * thread that ends the run, after every collection.
 */
final class RemainingObjects implements LastReachable.Graph {
    private final StampTable table;
    private final SimulatedMemory memory;
    private final long[] times;
    private final int[] nodes;
    private final long[] stamps;
    private final int count;

    RemainingObjects(StampTable table, SimulatedMemory memory) {
        this.table = table;
        this.memory = memory;
        this.times = new long[table.capacity()];
        this.nodes = new int[table.size()];
        this.stamps = new long[table.size()];
        int n = 0;
        for (int slot = 0; slot < table.capacity(); slot++) {
            times[slot] = DeadGraph.NO_TIME;
            if (table.id(slot) != 0) {
                nodes[n] = slot;
                stamps[n] = table.stamp(slot);
                n++;
            }
        }
        this.count = n;
    }

    /** Runs the backward pass over every remaining object. */
    void assign(LastReachable pass) {
        pass.assign(nodes, stamps, count, this);
    }

    /** The table slots of the remaining objects. */
    int[] slots() {
        return nodes;
    }

    int count() {
        return count;
    }

    long time(int slot) {
        return times[slot];
    }

    @Override
    public int slotCount(int node) {
        return ObjectModel.refSlots(memory, table.address(node));
    }

    @Override
    public int target(int node, int slot) {
        long target = memory.load(ObjectModel.slotAddress(table.address(node), slot));
        return target == 0 ? -1 : table.find(ObjectModel.id(memory, target));
    }

    @Override
    public boolean claim(int node, long time) {
        if (times[node] != DeadGraph.NO_TIME) {
            return false;
        }
        times[node] = time;
        return true;
    }
}
