package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.tools.record.AgentLogs.Event;
import org.junit.jupiter.api.Test;

/**
 * {@link VisibleDeaths} on what {@link MinimalPinsTest}'s programs do not have: objects of up to 12 reference
 * slots (the pass keeps the first four in an object's node and the rest apart), objects held by dozens
 * (predecessors beyond the four in the node, and beyond the plain list, in a hash multiset), and a type
 * whose slot 1 is weak (a store into it is no edge). Every death, and its point, must be the one a mark of
 * the whole visible graph at every point gives (dead once unreachable), with any search budget.
 */
class VisibleDeathsWideObjectsTest {
    private static final int PLAIN = 1;
    private static final int WEAK = 2;
    private static final int WEAK_SLOT = 1;

    @Test
    void wideObjectsManyHoldersAndWeakSlotsDieWhereAMarkOfTheWholeGraphSays() {
        long widePreds = 0;
        for (int seed = 0; seed < 150; seed++) {
            List<Event> events = program(new SplittableRandom(seed));
            Map<Integer, Long> expected = new TreeMap<>(firstUnreachable(events));
            for (int[] limits : new int[][] {{1, 0}, {40, 2}, {VisibleDeaths.SEARCH_BUDGET, VisibleDeaths.CHAIN}}) {
                VisibleDeaths deaths = new VisibleDeaths(false, limits[0], limits[1]);
                deaths.weakSlot(WEAK, WEAK_SLOT);
                for (int i = 0; i < events.size(); i++) {
                    Event e = events.get(i);
                    switch (e.kind()) {
                        case EventLog.ALLOC -> {
                            deaths.point(i);
                            deaths.alloc((int) e.a(), (int) (e.c() & ((1 << EventLog.TYPE_BITS) - 1)));
                        }
                        case EventLog.WRITE -> deaths.write((int) e.a(), (int) e.b(), (int) e.c());
                        case EventLog.ROOT -> deaths.root(e.thread(), (int) e.a(), (int) e.b());
                        case EventLog.GLOBAL -> deaths.global((int) e.a(), (int) e.b());
                        default -> deaths.point(i);
                    }
                }
                deaths.point(events.size());
                Map<Integer, Long> found = new TreeMap<>();
                for (int k = 0; k < deaths.deadIds().size(); k++) {
                    assertEquals(null, found.put(deaths.deadIds().getInt(k), deaths.deadAt().getLong(k)), "dies once");
                }
                found.values().removeIf(at -> at == events.size()); // the brute force marks only at points
                assertEquals(expected, found, "seed " + seed + ", budget " + limits[0] + ", chain " + limits[1]);
            }
            widePreds += mostHolders(events);
        }
        assertTrue(widePreds > 150L * 9, "objects held by more than the plain list takes: " + widePreds);
    }

    /** The most holders (slots of live objects) any object had at once, ignoring deaths: that the programs reach hubs. */
    private static int mostHolders(List<Event> events) {
        Map<Long, Integer> slot = new HashMap<>();
        Map<Integer, Integer> holders = new HashMap<>();
        int most = 0;
        for (Event e : events) {
            if (e.kind() == EventLog.WRITE) {
                Integer old = slot.put(e.a() << 8 | e.b(), (int) e.c());
                if (old != null && old != 0) {
                    holders.merge(old, -1, Integer::sum);
                }
                if (e.c() != 0) {
                    most = Math.max(most, holders.merge((int) e.c(), 1, Integer::sum));
                }
            }
        }
        return most;
    }

    /**
     * The first point at which each object is unreachable from the frame slots and statics through the
     * slots of live objects, weak slots left out; an object stays dead once unreachable (a store of it is a
     * store of null, a store into it is dropped), as {@link VisibleDeaths} rules.
     */
    private static Map<Integer, Long> firstUnreachable(List<Event> events) {
        int n = events.size() + 2;
        int[][] fields = new int[n][];
        int[] type = new int[n];
        boolean[] dead = new boolean[n];
        Map<Long, Integer> roots = new HashMap<>(); // thread << 32 | slot, and -1 - static
        Map<Integer, Long> first = new HashMap<>();
        List<Integer> born = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            switch (e.kind()) {
                case EventLog.ALLOC, EventLog.COLLECT -> {
                    boolean[] marked = new boolean[n];
                    ArrayList<Integer> stack = new ArrayList<>(roots.values());
                    while (!stack.isEmpty()) {
                        int v = stack.remove(stack.size() - 1);
                        if (v != 0 && !marked[v]) {
                            marked[v] = true;
                            for (int s = 0; s < fields[v].length; s++) {
                                if (type[v] != WEAK || s != WEAK_SLOT) {
                                    stack.add(fields[v][s]);
                                }
                            }
                        }
                    }
                    for (int o : born) {
                        if (!marked[o] && !dead[o]) {
                            first.put(o, (long) i);
                            dead[o] = true;
                        }
                    }
                    if (e.kind() == EventLog.ALLOC) {
                        int id = (int) e.a();
                        born.add(id);
                        fields[id] = new int[(int) (e.c() >>> EventLog.TYPE_BITS)];
                        type[id] = (int) (e.c() & ((1 << EventLog.TYPE_BITS) - 1));
                    }
                }
                case EventLog.WRITE -> {
                    if (!dead[(int) e.a()]) {
                        fields[(int) e.a()][(int) e.b()] = dead[(int) e.c()] ? 0 : (int) e.c();
                    }
                }
                case EventLog.ROOT -> roots.put((long) e.thread() << 32 | e.a(), dead[(int) e.b()] ? 0 : (int) e.b());
                case EventLog.GLOBAL -> roots.put(-1 - e.a(), dead[(int) e.b()] ? 0 : (int) e.b());
                default -> throw new AssertionError(e);
            }
        }
        return first;
    }

    /**
     * Two threads allocating objects of 0-12 reference slots (a quarter of those with two or more of the
     * weak type), storing into any of their slots mostly recent objects and often one of the first three
     * (each then held by dozens), clearing slots, frame slots and statics, asking for collections.
     */
    private static List<Event> program(SplittableRandom r) {
        int length = 300 + r.nextInt(1200);
        List<Event> events = new ArrayList<>();
        List<Integer> slots = new ArrayList<>(List.of(0));
        int objects = 0;
        for (int i = 0; i < length; i++) {
            int t = r.nextInt(2);
            double p = r.nextDouble();
            if (objects == 0 || p < 0.25) {
                int id = ++objects;
                int refs = r.nextInt(13);
                int type = refs >= 2 && r.nextInt(4) == 0 ? WEAK : PLAIN;
                slots.add(refs);
                events.add(new Event(t, EventLog.ALLOC, id, 16 + 8L * refs, (long) refs << EventLog.TYPE_BITS | type));
                events.add(new Event(t, EventLog.ROOT, r.nextInt(8), id, 0));
            } else if (p < 0.7) {
                int src = target(r, objects);
                if (slots.get(src) > 0) {
                    events.add(new Event(t, EventLog.WRITE, src, r.nextInt(slots.get(src)), r.nextInt(6) == 0 ? 0 : target(r, objects)));
                }
            } else if (p < 0.9) {
                events.add(new Event(t, EventLog.ROOT, r.nextInt(8), r.nextInt(3) == 0 ? 0 : target(r, objects), 0));
            } else if (p < 0.97) {
                events.add(new Event(t, EventLog.GLOBAL, r.nextInt(3), r.nextInt(3) == 0 ? 0 : target(r, objects), 0));
            } else {
                events.add(new Event(t, EventLog.COLLECT, 0, 0, 0));
            }
        }
        return events;
    }

    /** One of the first three objects a third of the time, else mostly one of the last dozen, sometimes any. */
    private static int target(SplittableRandom r, int objects) {
        if (r.nextInt(3) == 0) {
            return 1 + r.nextInt(Math.min(3, objects));
        }
        return r.nextInt(8) == 0 ? 1 + r.nextInt(objects) : Math.max(1, objects - r.nextInt(12));
    }
}
