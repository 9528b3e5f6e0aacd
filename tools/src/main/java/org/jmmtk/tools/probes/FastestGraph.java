package org.jmmtk.tools.probes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.tools.model.PacketGraph;

/**
 * One collection's packet graph from several recordings of the same deterministic run (one GC thread),
 * each packet at its shortest recorded duration. Being descheduled, a host-JVM safepoint or a cache
 * flushed by another process only ever lengthens a packet, so the minimum is the least disturbed
 * measurement of it. A child's spawn offset comes from the recording in which its parent was fastest.
 * Recordings whose packets differ from the first one's (ids, parents, types) are left out.
 *
 * <p>{@link #acrossCollections} does the same for the collections of one recording, which need not have
 * the same packets: a packet there is known by its place in the spawn tree. Stateless.
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
        int[] place = new int[first.graph().size()];
        for (int i = 0; i < place.length; i++) {
            place[i] = i;
        }
        int[][] places = new int[same.size()][];
        Arrays.fill(places, place);
        return least(same, places, place.length).get(0);
    }

    /**
     * Each collection's graph with every packet at its shortest duration over the collections in which the same
     * packet appears: the same place in the spawn tree (the k-th packet of a type spawned by the same packet, or
     * the k-th parentless packet of a type, k in order of packet ids, which a worker hands out in creation
     * order). A packet slowed by a stall in one collection then costs what it cost in another, so that one
     * recording's stalls do not move the graph's work and span; a packet that appears once keeps its duration.
     */
    public static List<PacketGraph> acrossCollections(List<GcGraph> collections) {
        Map<Place, Integer> places = new HashMap<>();
        int[][] keys = new int[collections.size()][];
        for (int c = 0; c < keys.length; c++) {
            keys[c] = places(collections.get(c), places);
        }
        return least(collections, keys, places.size());
    }

    /** A packet's place in its collection's spawn tree: its parent's place (-1 for none), its type, its rank. */
    private record Place(int parent, String type, int rank) {
    }

    /** The place of each packet of {@code c}, numbered in {@code places} (shared by all collections). */
    private static int[] places(GcGraph c, Map<Place, Integer> places) {
        PacketGraph g = c.graph();
        int n = g.size();
        Map<Place, List<Integer>> siblings = new HashMap<>();
        for (int i = 0; i < n; i++) {
            siblings.computeIfAbsent(new Place(g.parent(i), g.type(i), 0), x -> new ArrayList<>()).add(i);
        }
        int[] rank = new int[n];
        for (List<Integer> s : siblings.values()) {
            s.sort((a, b) -> Long.compare(c.packets().get(a).id(), c.packets().get(b).id()));
            for (int r = 0; r < s.size(); r++) {
                rank[s.get(r)] = r;
            }
        }
        int[] key = new int[n];
        for (int i = 0; i < n; i++) {
            int p = g.parent(i);
            key[i] = places.computeIfAbsent(new Place(p < 0 ? -1 : key[p], g.type(i), rank[i]), x -> places.size());
        }
        return key;
    }

    /**
     * The graph of each of {@code copies} with packet i of copy c at the shortest duration of the packets at place
     * {@code place[c][i]} (each place at most once per copy) over the copies; a child's spawn offset from the
     * copy in which its parent's place was shortest, when the child is there, else its own.
     */
    private static List<PacketGraph> least(List<GcGraph> copies, int[][] place, int places) {
        long[] min = new long[places];
        int[] fastest = new int[places];
        Arrays.fill(min, Long.MAX_VALUE);
        for (int c = 0; c < copies.size(); c++) {
            PacketGraph g = copies.get(c).graph();
            for (int i = 0; i < g.size(); i++) {
                if (g.duration(i) < min[place[c][i]]) {
                    min[place[c][i]] = g.duration(i);
                    fastest[place[c][i]] = c;
                }
            }
        }
        long[] offset = new long[places];
        boolean[] offsetKnown = new boolean[places];
        for (int c = 0; c < copies.size(); c++) {
            PacketGraph g = copies.get(c).graph();
            for (int i = 0; i < g.size(); i++) {
                int p = g.parent(i);
                if (p >= 0 && fastest[place[c][p]] == c) {
                    offset[place[c][i]] = g.spawnOffset(i);
                    offsetKnown[place[c][i]] = true;
                }
            }
        }
        List<PacketGraph> graphs = new ArrayList<>();
        for (int c = 0; c < copies.size(); c++) {
            PacketGraph g = copies.get(c).graph();
            PacketGraph.Builder b = new PacketGraph.Builder();
            for (int i = 0; i < g.size(); i++) {
                int x = place[c][i];
                long spawn = g.parent(i) < 0 ? -1 : offsetKnown[x] ? offset[x] : g.spawnOffset(i);
                b.add(g.type(i), g.stage(i), min[x], g.parent(i), spawn);
            }
            graphs.add(b.build());
        }
        return graphs;
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
