package org.jmmtk.plugins.merlin;

import java.util.function.LongUnaryOperator;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * Every object no collection has freed, numbered 0..n-1 and read from the simulated heap where the
 * binding says each one is now: the graph of Merlin's combined pass at the end of the trace (section
 * 6.3), which must find the dead among them as well as their times. Taking the objects over, it
 * replaces each one's timestamp in the {@link StampTable} with its node number (the table finds a
 * referent's number by id, in its pages). Used by the thread that ends the run, after every collection.
 */
final class RemainingObjects implements LastReachable.Graph {
    private final SimulatedMemory memory;
    private final StampTable table;
    private final long[] ids;
    private final long[] stamps;
    private final long[] addresses;
    private final long[] times;
    private final int[] nodes;
    private int count;

    RemainingObjects(StampTable table, SimulatedMemory memory, LongUnaryOperator addressOf) {
        this.memory = memory;
        this.table = table;
        int n = table.size();
        ids = new long[n];
        stamps = new long[n];
        addresses = new long[n];
        times = new long[n];
        nodes = new int[n];
        table.forEach((id, stamp) -> {
            long address = addressOf.applyAsLong(id);
            if (address == 0) {
                throw new IllegalStateException("merlin: the binding cannot say where object " + id + " is; the pass "
                        + "at the end needs a binding that names objects by id, as the trace replay does");
            }
            ids[count] = id;
            stamps[count] = stamp;
            addresses[count] = address;
            times[count] = DeadGraph.NO_TIME;
            nodes[count] = count;
            table.setStamp(id, count);
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
        return target == 0 ? -1 : (int) table.stampOrElse(ObjectModel.id(memory, target), -1);
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
