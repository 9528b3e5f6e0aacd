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
    private final PacketGraph graph;

    private GcGraph(ProbeEvents.Gc gc, List<ProbeEvents.Packet> packets) {
        this.gc = gc;
        this.packets = List.copyOf(packets);
        Map<Long, Integer> index = new HashMap<>();
        PacketGraph.Builder b = new PacketGraph.Builder();
        parents = new int[packets.size()];
        for (int i = 0; i < packets.size(); i++) {
            ProbeEvents.Packet p = packets.get(i);
            Integer parent = p.parent() == 0 ? null : index.get(p.parent());
            parents[i] = parent == null ? -1 : parent;
            Stage stage = Stage.ofLabel(p.stage());
            b.add(p.type(), stage == null ? Stage.UNCONSTRAINED.ordinal() : stage.ordinal(),
                    Math.max(0, p.end() - p.start()), parents[i], p.spawnOffset());
            index.put(p.id(), i);
        }
        graph = b.build();
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
     * When packet {@code i} was created: recorded as its queueing time, or else estimated from its parent
     * (created where {@link PacketGraph#spawnAt} says), or the collection's start for a packet without parent.
     */
    public long created(int i) {
        ProbeEvents.Packet p = packets.get(i);
        if (p.queued() >= 0) {
            return p.start() - p.queued();
        }
        return parents[i] < 0 ? gc.start() : packets.get(parents[i]).start() + graph.spawnAt(i);
    }
}
