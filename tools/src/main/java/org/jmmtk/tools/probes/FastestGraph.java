package org.jmmtk.tools.probes;

import java.util.ArrayList;
import java.util.List;
import org.jmmtk.tools.model.PacketGraph;

/**
 * One collection's packet graph from several recordings of the same deterministic run (one GC thread),
 * each packet at its shortest recorded duration. Being descheduled, a host-JVM safepoint or a cache
 * flushed by another process only ever lengthens a packet, so the minimum is the least disturbed
 * measurement of it. A child's spawn offset comes from the recording in which its parent was fastest.
 * Recordings whose packets differ from the first one's (ids, parents, types) are left out. Stateless.
 */
public final class FastestGraph {
    private FastestGraph() {
    }

    /** The graph of {@code copies.get(0)}'s collection with each packet's minimum duration over the matching copies. */
    public static PacketGraph of(List<GcGraph> copies) {
        GcGraph first = copies.get(0);
        List<GcGraph> same = new ArrayList<>();
        for (GcGraph c : copies) {
            if (sameShape(first, c)) {
                same.add(c);
            }
        }
        PacketGraph g = first.graph();
        int n = g.size();
        long[] min = new long[n];
        int[] fastest = new int[n];
        for (int i = 0; i < n; i++) {
            min[i] = Long.MAX_VALUE;
            for (int k = 0; k < same.size(); k++) {
                long d = same.get(k).graph().duration(i);
                if (d < min[i]) {
                    min[i] = d;
                    fastest[i] = k;
                }
            }
        }
        PacketGraph.Builder b = new PacketGraph.Builder();
        for (int i = 0; i < n; i++) {
            int p = g.parent(i);
            long offset = p < 0 ? -1 : same.get(fastest[p]).graph().spawnOffset(i);
            b.add(g.type(i), g.stage(i), min[i], p, offset);
        }
        return b.build();
    }

    private static boolean sameShape(GcGraph a, GcGraph b) {
        if (a.packets().size() != b.packets().size()) {
            return false;
        }
        for (int i = 0; i < a.packets().size(); i++) {
            ProbeEvents.Packet x = a.packets().get(i);
            ProbeEvents.Packet y = b.packets().get(i);
            if (x.id() != y.id() || x.parent() != y.parent() || !x.type().equals(y.type())) {
                return false;
            }
        }
        return true;
    }
}
