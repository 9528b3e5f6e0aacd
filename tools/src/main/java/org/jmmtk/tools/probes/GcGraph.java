package org.jmmtk.tools.probes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.model.PacketGraph;

/**
 * The recorded packets of one collection and the {@link PacketGraph} they form: packet i of the graph is
 * {@code packets().get(i)} (recording order, parents first). A packet whose parent was not recorded in
 * the same collection counts as having none. Immutable.
 */
public final class GcGraph {
    private final ProbeEvents.Gc gc;
    private final List<ProbeEvents.Packet> packets;
    private final int[] parents;
    private final boolean cpuTimes;
    private final PacketGraph graph;

    private GcGraph(ProbeEvents.Gc gc, List<ProbeEvents.Packet> packets) {
        this.gc = gc;
        this.packets = List.copyOf(packets);
        Map<Long, Integer> index = new HashMap<>();
        PacketGraph.Builder b = new PacketGraph.Builder();
        parents = new int[packets.size()];
        cpuTimes = !packets.isEmpty() && packets.stream().allMatch(p -> p.cpuTime() >= 0);
        for (int i = 0; i < packets.size(); i++) {
            ProbeEvents.Packet p = packets.get(i);
            Integer parent = p.parent() == 0 ? null : index.get(p.parent());
            parents[i] = parent == null ? -1 : parent;
            Stage stage = Stage.ofLabel(p.stage());
            b.add(p.type(), stage == null ? Stage.UNCONSTRAINED.ordinal() : stage.ordinal(),
                    cpuTimes ? p.cpuTime() : Math.max(0, p.end() - p.start()), parents[i],
                    cpuTimes ? p.spawnCpuOffset() : p.spawnOffset());
            index.put(p.id(), i);
        }
        graph = b.build();
    }

    /**
     * Whether the graph's durations and spawn offsets are the worker threads' CPU times (recorded since they
     * exist) rather than elapsed times: a packet whose thread was descheduled, or stopped by a host-JVM
     * safepoint, then does not lengthen the span, which is a maximum over paths and so would collect every
     * such delay on any chain (elapsed-time spans of one run varied by 1.6x from one recording to the next).
     */
    public boolean cpuTimes() {
        return cpuTimes;
    }

    /** One graph per recorded collection, in collection order; packets of collections without a GC event are left out. */
    public static List<GcGraph> of(ProbeEvents events) {
        Map<Integer, List<ProbeEvents.Packet>> byGc = new HashMap<>();
        for (ProbeEvents.Packet p : events.packets) {
            byGc.computeIfAbsent(p.gc(), k -> new ArrayList<>()).add(p);
        }
        List<GcGraph> graphs = new ArrayList<>();
        for (ProbeEvents.Gc g : events.gcs) {
            graphs.add(new GcGraph(g, byGc.getOrDefault(g.gc(), List.of())));
        }
        return graphs;
    }

    public ProbeEvents.Gc gc() {
        return gc;
    }

    public List<ProbeEvents.Packet> packets() {
        return packets;
    }

    public PacketGraph graph() {
        return graph;
    }

    /**
     * When packet {@code i} was created, in elapsed time: recorded as its queueing time, or else estimated from
     * its parent (its recorded spawn offset, or the parent's end), or the collection's start for a packet
     * without parent.
     */
    public long created(int i) {
        ProbeEvents.Packet p = packets.get(i);
        if (p.queued() >= 0) {
            return p.start() - p.queued();
        }
        if (parents[i] < 0) {
            return gc.start();
        }
        ProbeEvents.Packet parent = packets.get(parents[i]);
        long offset = p.spawnOffset();
        return offset < 0 ? parent.end() : Math.min(parent.end(), parent.start() + offset);
    }
}
