package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.tools.record.AgentLogs.Event;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The minimal pins of {@link RecordedTrace} on random agent logs of several threads: objects with
 * fields (new objects mostly stored at once), frame slots, statics, collection requests, and mentions of objects the visible graph had
 * already lost (values the recording did not see being held). Checked three ways: the pins are
 * exactly those a brute-force mark of the visible graph at every point gives (the same rule: dead once
 * unreachable), and they cover every object the unchanged visible graph loses before its last mention
 * from no later than that point; both traces (minimal pins, and every object pinned from its
 * allocation) replay through the brute-force lifetime oracle, which rejects a use of a dead object, and
 * give every object the same death point.
 */
class MinimalPinsTest {
    @TempDir
    Path dir;

    @Test
    void minimalPinsGiveTheSameLifetimesAsPinningFromAllocationAndAreExactlyTheVisibleDeaths() throws IOException {
        long minimal = 0;
        long all = 0;
        for (int seed = 0; seed < 300; seed++) {
            List<Event> events = program(new SplittableRandom(seed));
            Path log = AgentLogs.write(events, dir.resolve("log" + seed));
            RecordedTrace min = new RecordedTrace(log, "random " + seed, null, false);
            RecordedTrace every = new RecordedTrace(log, "random " + seed, null, true);
            Map<Long, Long> minDeaths = AgentLogs.deaths(min);
            Map<Long, Long> allDeaths = AgentLogs.deaths(every);
            assertEquals(allDeaths, minDeaths, "seed " + seed + ": death points");
            assertEquals(expectedPins(events, true), min.pinStarts(), "seed " + seed + ": pins against a brute-force mark");
            long[] lastMention = lastMentions(events);
            Map<Integer, Long> rawDeaths = firstUnreachable(events, false);
            for (var e : rawDeaths.entrySet()) {
                if (lastMention[e.getKey()] > e.getValue()) {
                    Long start = min.pinStarts().get(e.getKey());
                    assertTrue(start != null && start <= e.getValue(), "seed " + seed + ": object " + e.getKey()
                            + " is lost by the visible graph at event " + e.getValue() + " and used later; pinned from " + start);
                }
            }
            assertTrue(min.counts().pinned() <= every.counts().pinned(), "seed " + seed);
            assertEquals(min.counts().objects(), every.counts().objects());
            minimal += min.counts().pinned();
            all += every.counts().pinned();
        }
        System.out.printf("minimal pins %d, pinned from allocation %d%n", minimal, all);
        assertTrue(minimal < all, "minimal pins " + minimal + " against " + all + " pinned from allocation");
        assertTrue(minimal > 0, "the programs use objects the visible graph lost");
    }

    /**
     * Pins are written in global slots from {@link TraceFormat#FIRST_PIN_SLOT} up, statics below, so a
     * replay can visit them apart: the objects stored in those slots are exactly the pinned ones.
     */
    @Test
    void pinsTakeGlobalSlotsOfTheirOwnAboveTheStatics() throws IOException {
        for (int seed = 0; seed < 40; seed++) {
            List<Event> events = program(new SplittableRandom(seed));
            RecordedTrace trace = new RecordedTrace(AgentLogs.write(events, dir.resolve("slots" + seed)), "random " + seed, null, false);
            Set<Long> inPinSlots = new HashSet<>();
            int[] statics = {0};
            trace.replay(new IgnoringEvents() {
                @Override
                public void global(int rootSlot, long target) {
                    if (rootSlot >= TraceFormat.FIRST_PIN_SLOT) {
                        if (target != 0) {
                            inPinSlots.add(target);
                        }
                    } else {
                        statics[0]++;
                    }
                }
            });
            Set<Long> pinned = new HashSet<>();
            for (int id : trace.pinStarts().keySet()) {
                pinned.add((long) id);
            }
            assertEquals(pinned, inPinSlots, "seed " + seed);
            assertTrue(statics[0] > 0 || events.stream().noneMatch(e -> e.kind() == EventLog.GLOBAL), "seed " + seed);
        }
    }

    @Test
    void everyDeathIsTheBruteForceMarksWithAnySearchBudgetAndWitnessChain() {
        int fullMarks = 0;
        for (int seed = 0; seed < 200; seed++) {
            List<Event> events = program(new SplittableRandom(1000 + seed));
            Map<Integer, Long> expected = new TreeMap<>(firstUnreachable(events, true));
            for (int[] limits : new int[][] {{1, 0}, {3, 1}, {40, 2}, {VisibleDeaths.SEARCH_BUDGET, VisibleDeaths.CHAIN}}) {
                VisibleDeaths deaths = new VisibleDeaths(false, limits[0], limits[1]);
                assertEquals(expected, deaths(deaths, events), "seed " + seed + ", budget " + limits[0] + ", chain " + limits[1]);
                fullMarks += limits[0] == 1 ? (int) deaths.work()[2] : 0;
            }
        }
        assertTrue(fullMarks > 0, "a budget of one object falls back to full marks");
    }

    /**
     * What {@link #program}s do not have: objects of up to 12 reference slots (the pass keeps the first four in
     * an object's node and the rest apart), objects held by dozens (predecessors beyond the four in the node and
     * beyond the plain list, in a hash multiset), and a type whose slot 1 is weak (a store into it is no edge).
     */
    @Test
    void wideObjectsManyHoldersAndWeakSlotsDieWhereTheBruteForceMarkSays() {
        int hubs = 0;
        for (int seed = 0; seed < 150; seed++) {
            List<Event> events = program(new SplittableRandom(seed), WIDE);
            Map<Integer, Long> expected = new TreeMap<>(firstUnreachable(events, true));
            for (int[] limits : new int[][] {{1, 0}, {40, 2}, {VisibleDeaths.SEARCH_BUDGET, VisibleDeaths.CHAIN}}) {
                VisibleDeaths deaths = new VisibleDeaths(false, limits[0], limits[1]);
                deaths.weakSlot(WEAK_TYPE, WEAK_SLOT);
                assertEquals(expected, deaths(deaths, events), "seed " + seed + ", budget " + limits[0] + ", chain " + limits[1]);
            }
            hubs += mostHolders(events) > 8 ? 1 : 0;
        }
        assertTrue(hubs > 100, "programs with an object held by more than the plain list takes: " + hubs);
    }

    /** {@code events} through {@code deaths}: each death's point, object to event index (none at the end). */
    private static Map<Integer, Long> deaths(VisibleDeaths deaths, List<Event> events) {
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
        return found;
    }

    /** The most holders (slots) any object had at once, deaths aside: whether a program reaches the hash multiset. */
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

    /** The pins the rule gives, object to the event index of its point, from {@link #firstUnreachable} dead-once deaths. */
    private static Map<Integer, Long> expectedPins(List<Event> events, boolean deadOnce) {
        long[] last = lastMentions(events);
        Map<Integer, Long> pins = new TreeMap<>();
        for (var e : firstUnreachable(events, deadOnce).entrySet()) {
            if (last[e.getKey()] > e.getValue()) {
                pins.put(e.getKey(), e.getValue());
            }
        }
        return pins;
    }

    private static long[] lastMentions(List<Event> events) {
        long[] last = new long[events.size() + 2];
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            switch (e.kind()) {
                case EventLog.ALLOC -> last[(int) e.a()] = i;
                case EventLog.WRITE -> {
                    last[(int) e.a()] = i;
                    last[(int) e.c()] = i;
                }
                case EventLog.ROOT, EventLog.GLOBAL -> last[(int) e.b()] = i;
                default -> { }
            }
        }
        last[0] = 0;
        return last;
    }

    /**
     * The event index of the first point at which each object is unreachable from the frame slots and
     * statics, by a mark of the whole graph at every point (slot {@link #WEAK_SLOT} of {@link #WEAK_TYPE}'s
     * objects is no edge). With {@code deadOnce}, an object stays dead
     * (stores of it are stores of null, stores into it are dropped), as {@link VisibleDeaths} rules;
     * without, the graph is the log's as it is.
     */
    private static Map<Integer, Long> firstUnreachable(List<Event> events, boolean deadOnce) {
        int n = events.size() + 2;
        int[][] fields = new int[n][];
        int[] type = new int[n];
        boolean[] born = new boolean[n];
        boolean[] dead = new boolean[n];
        Map<Long, Integer> roots = new HashMap<>(); // thread << 32 | slot, and -1 - static
        Map<Integer, Long> first = new HashMap<>();
        List<Integer> bornList = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            switch (e.kind()) {
                case EventLog.ALLOC, EventLog.COLLECT -> {
                    boolean[] marked = new boolean[n];
                    ArrayList<Integer> stack = new ArrayList<>();
                    for (int v : roots.values()) {
                        stack.add(v);
                    }
                    while (!stack.isEmpty()) {
                        int v = stack.remove(stack.size() - 1);
                        if (v != 0 && !marked[v]) {
                            marked[v] = true;
                            for (int f = 0; f < fields[v].length; f++) {
                                if (type[v] != WEAK_TYPE || f != WEAK_SLOT) {
                                    stack.add(fields[v][f]);
                                }
                            }
                        }
                    }
                    for (int o : bornList) {
                        if (!marked[o] && !dead[o]) {
                            first.putIfAbsent(o, (long) i);
                            dead[o] = deadOnce;
                        }
                    }
                    if (e.kind() == EventLog.ALLOC) {
                        int id = (int) e.a();
                        born[id] = true;
                        bornList.add(id);
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

    /** The type whose slot {@link #WEAK_SLOT} is weak in {@link #WIDE} programs (the others' type is 1). */
    static final int WEAK_TYPE = 2;
    static final int WEAK_SLOT = 1;

    /**
     * What a random program is like: its length (a base and a random part), the most reference slots of an
     * object, and whether a quarter of the objects of two slots or more are of {@link #WEAK_TYPE} and a third
     * of the stores' targets are one of the first three objects (then held by dozens) while each new object is
     * held by one of eight frame slots of its own until another takes it.
     */
    record Shape(int length, int moreLength, int maxSlots, boolean weakAndShared) {
    }

    static final Shape SMALL = new Shape(100, 900, 4, false);
    static final Shape WIDE = new Shape(300, 1200, 12, true);

    /**
     * A random program: up to three threads allocating objects of 0-4 reference slots, storing recent
     * objects into fields, frame slots and statics and clearing them, asking for collections now and
     * then; every mention is of an object already allocated, often one nothing visible holds any more.
     */
    static List<Event> program(SplittableRandom r) {
        return program(r, SMALL);
    }

    /** A random program of {@code shape}. */
    static List<Event> program(SplittableRandom r, Shape shape) {
        int threads = 1 + r.nextInt(3);
        int length = shape.length() + r.nextInt(shape.moreLength());
        List<Event> events = new ArrayList<>();
        List<Integer> objects = new ArrayList<>();
        List<Integer> slots = new ArrayList<>(List.of(0));
        for (int i = 0; i < length; i++) {
            int t = r.nextInt(threads);
            double p = r.nextDouble();
            if (objects.isEmpty() || p < 0.3) {
                int id = objects.size() + 1;
                int refs = r.nextInt(shape.maxSlots() + 1);
                int type = shape.weakAndShared() && refs > WEAK_SLOT && r.nextInt(4) == 0 ? WEAK_TYPE : 1;
                objects.add(id);
                slots.add(refs);
                events.add(new Event(t, EventLog.ALLOC, id, 16 + 8L * refs, (long) refs << EventLog.TYPE_BITS | type));
                int holder = recent(r, objects);
                if (shape.weakAndShared()) { // held by a frame slot until another object takes it
                    events.add(new Event(t, EventLog.ROOT, 6 + r.nextInt(8), id, 0));
                } else if (r.nextInt(3) == 0 && slots.get(holder) > 0) {
                    events.add(new Event(t, EventLog.WRITE, holder, r.nextInt(slots.get(holder)), id));
                } else if (r.nextInt(2) == 0) {
                    events.add(new Event(t, EventLog.ROOT, r.nextInt(6), id, 0));
                }
            } else if (p < 0.65) {
                int src = recent(r, objects);
                if (slots.get(src) > 0) {
                    events.add(new Event(t, EventLog.WRITE, src, r.nextInt(slots.get(src)), r.nextInt(5) == 0 ? 0 : target(r, objects, shape)));
                }
            } else if (p < 0.9) {
                events.add(new Event(t, EventLog.ROOT, r.nextInt(6), r.nextInt(3) == 0 ? 0 : recent(r, objects), 0));
            } else if (p < 0.97) {
                events.add(new Event(t, EventLog.GLOBAL, r.nextInt(3), r.nextInt(3) == 0 ? 0 : recent(r, objects), 0));
            } else {
                events.add(new Event(t, EventLog.COLLECT, 0, 0, 0));
            }
        }
        return events;
    }

    /**
     * A store's target: in a {@link Shape#weakAndShared} program one of the first three a third of the time (held by
     * fields only, so that whether they stay reachable is found through their many predecessors).
     */
    private static int target(SplittableRandom r, List<Integer> objects, Shape shape) {
        if (shape.weakAndShared() && r.nextInt(3) == 0) {
            return objects.get(r.nextInt(Math.min(3, objects.size())));
        }
        return recent(r, objects);
    }

    /** Mostly one of the last dozen objects, sometimes any. */
    static int recent(SplittableRandom r, List<Integer> objects) {
        int n = objects.size();
        return r.nextInt(8) == 0 ? objects.get(r.nextInt(n)) : objects.get(Math.max(0, n - 1 - r.nextInt(12)));
    }
}
