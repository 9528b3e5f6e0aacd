package org.jmmtk.plugins.merlin;

import java.util.List;

/**
 * The objects one collection freed, numbered 0..n-1, with the references among them (found by
 * address) and the ids of the live objects they refer to: the graph of Merlin's backward pass after a
 * collection. Holds each object's timestamp (filled in by the plugin) and the last-reachable time the
 * pass gives it. Reused from one collection to the next; used by the requesting thread only.
 */
final class DeadGraph implements LastReachable.Graph {
    static final long NO_TIME = Long.MIN_VALUE;

    private final AddressIndex byAddress = new AddressIndex();
    private long[] ids = new long[0];
    private long[] stamps = new long[0];
    private long[] times = new long[0];
    private int[] nodes = new int[0];
    private int[] firstEdge = new int[1];
    private int[] targets = new int[0];
    private long[] liveTargetIds = new long[0];
    private int count;

    /** Takes the freed objects out of {@code buffers} (emptying them). */
    void load(List<FreedObjects.Buffer> buffers) {
        int n = 0;
        int e = 0;
        for (FreedObjects.Buffer b : buffers) {
            n += b.count;
            e += b.targets;
        }
        ensure(n, e);
        byAddress.reset(n);
        count = 0;
        int edges = 0;
        for (FreedObjects.Buffer b : buffers) {
            for (int k = 0; k < b.count; k++) {
                ids[count] = b.ids[k];
                times[count] = NO_TIME;
                nodes[count] = count;
                byAddress.put(b.addresses[k], count);
                count++;
            }
        }
        int node = 0;
        for (FreedObjects.Buffer b : buffers) {
            for (int k = 0; k < b.count; k++) {
                firstEdge[node++] = edges;
                for (int t = b.firstTarget[k]; t < b.firstTarget[k + 1]; t++) {
                    int dead = byAddress.get(b.targetAddresses[t]);
                    targets[edges] = dead;
                    liveTargetIds[edges] = dead < 0 ? b.targetIds[t] : 0;
                    edges++;
                }
            }
            b.clear();
        }
        firstEdge[node] = edges;
    }

    private void ensure(int n, int e) {
        if (ids.length < n) {
            int c = Math.max(n, ids.length * 2);
            ids = new long[c];
            stamps = new long[c];
            times = new long[c];
            nodes = new int[c];
            firstEdge = new int[c + 1];
        }
        if (targets.length < e) {
            int c = Math.max(e, targets.length * 2);
            targets = new int[c];
            liveTargetIds = new long[c];
        }
    }

    int count() {
        return count;
    }

    long id(int node) {
        return ids[node];
    }

    void setStamp(int node, long stamp) {
        stamps[node] = stamp;
    }

    long stamp(int node) {
        return stamps[node];
    }

    /** The last-reachable time the pass gave {@code node}. */
    long time(int node) {
        return times[node];
    }

    /** Runs the backward pass over every freed object. */
    void assign(LastReachable pass) {
        pass.assign(nodes, stamps, count, this);
    }

    /** References from {@code node} to objects that were not freed: their ids (0 when null or freed). */
    long liveTargetId(int node, int slot) {
        return liveTargetIds[firstEdge[node] + slot];
    }

    @Override
    public int slotCount(int node) {
        return firstEdge[node + 1] - firstEdge[node];
    }

    @Override
    public int target(int node, int slot) {
        return targets[firstEdge[node] + slot];
    }

    @Override
    public boolean claim(int node, long time) {
        if (times[node] != NO_TIME) {
            return false;
        }
        times[node] = time;
        return true;
    }
}
