package org.jmmtk.core.analysis.merlin;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Every object no collection has freed, read from the simulated heap where the {@link StampTable}
 * says each one is now, numbered 0..n-1: the graph of Merlin's combined pass at the end of the trace
 * (section 6.3), which must find the dead among them as well as their times. Used by the thread that
 * ends the run, after every collection.
 */
final class RemainingObjects implements LastReachable.Graph {
    private final SimulatedMemory memory;
    private final long[] ids;
    private final long[] stamps;
    private final long[] addresses;
    private final long[] times;
    private final int[] nodes;
    private final Long2IntOpenHashMap nodeOf;
    private int count;

    RemainingObjects(StampTable table, SimulatedMemory memory) {
        this.memory = memory;
        int n = table.size();
        ids = new long[n];
        stamps = new long[n];
        addresses = new long[n];
        times = new long[n];
        nodes = new int[n];
        nodeOf = new Long2IntOpenHashMap(n);
        nodeOf.defaultReturnValue(-1);
        table.forEach((id, stamp, address) -> {
            ids[count] = id;
            stamps[count] = stamp;
            addresses[count] = address;
            times[count] = DeadGraph.NO_TIME;
            nodes[count] = count;
            nodeOf.put(id, count);
            count++;
        });
    }

    /** Runs the backward pass over every remaining object. */
    void assign(LastReachable pass) {
        pass.assign(nodes, stamps, count, this);
    }

    int count() {
        return count;
    }

    long id(int node) {
        return ids[node];
    }

    long stamp(int node) {
        return stamps[node];
    }

    long time(int node) {
        return times[node];
    }

    @Override
    public int slotCount(int node) {
        return ObjectModel.refSlots(memory, addresses[node]);
    }

    @Override
    public int target(int node, int slot) {
        long target = memory.load(ObjectModel.slotAddress(addresses[node], slot));
        return target == 0 ? -1 : nodeOf.get(ObjectModel.id(memory, target));
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
