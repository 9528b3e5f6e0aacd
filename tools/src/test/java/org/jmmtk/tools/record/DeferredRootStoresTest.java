package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.jmmtk.agent.rt.EventLog;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.tools.record.AgentLogs.Event;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DeferredRootStores} on random agent logs of several threads whose frames are called (with
 * arguments copied from the caller's slots), store locals, and return (clearing their slots), and on
 * the logs of {@link MinimalPinsTest}: at every point of the trace (each allocation and collection
 * request) the objects reachable from its roots are exactly those reachable when every changed frame
 * slot is written, the brute-force lifetime oracle (which rejects any use of a dead object) gives every
 * object the same death point, and fewer root stores are written.
 */
class DeferredRootStoresTest {
    @TempDir
    Path dir;

    @Test
    void deferredFrameSlotStoresLeaveTheReachableObjectsAtEveryPointUnchanged() throws IOException {
        long eagerStores = 0;
        long deferredStores = 0;
        for (int seed = 0; seed < 400; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            List<Event> events = seed % 4 == 3 ? MinimalPinsTest.program(r) : framedProgram(r);
            Path log = AgentLogs.write(events, dir.resolve("log" + seed));
            boolean pinFromAllocation = seed % 5 == 0;
            RecordedTrace eager = new RecordedTrace(log, "eager " + seed, null, pinFromAllocation, true);
            RecordedTrace deferred = new RecordedTrace(log, "deferred " + seed, null, pinFromAllocation, false);
            ReachableAtPoints eagerSets = new ReachableAtPoints();
            eager.replay(eagerSets);
            ReachableAtPoints deferredSets = new ReachableAtPoints();
            deferred.replay(deferredSets);
            assertEquals(eagerSets.points.size(), deferredSets.points.size(), "seed " + seed + ": points");
            for (int p = 0; p < eagerSets.points.size(); p++) {
                assertArrayEquals(eagerSets.points.get(p), deferredSets.points.get(p), "seed " + seed + ": reachable objects at point " + p);
            }
            assertEquals(AgentLogs.deaths(eager), AgentLogs.deaths(deferred), "seed " + seed + ": death points");
            assertTrue(deferred.counts().rootStores() <= eager.counts().rootStores(), "seed " + seed);
            eagerStores += eager.counts().rootStores();
            deferredStores += deferred.counts().rootStores();
        }
        System.out.printf("root stores written: %d eager, %d deferred%n", eagerStores, deferredStores);
        assertTrue(deferredStores < 0.8 * eagerStores, deferredStores + " root stores deferred against " + eagerStores);
    }

    /** At each allocation and collection request, the sorted ids reachable from the trace's frame slots and global roots. */
    private static final class ReachableAtPoints extends IgnoringEvents {
        final List<long[]> points = new ArrayList<>();
        private final Map<Long, long[]> fields = new HashMap<>();
        private final Map<Long, Long> roots = new HashMap<>(); // thread << 32 | slot, or -1 - global slot

        @Override
        public void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
            mark();
            fields.put(object, new long[refSlots]);
        }

        @Override
        public void write(int thread, long source, int slot, long target) {
            fields.get(source)[slot] = target;
        }

        @Override
        public void root(int thread, int rootSlot, long target) {
            roots.put((long) thread << 32 | rootSlot, target);
        }

        @Override
        public void global(int rootSlot, long target) {
            roots.put(-1L - rootSlot, target);
        }

        @Override
        public void collect() {
            mark();
        }

        private void mark() {
            Map<Long, Boolean> marked = new HashMap<>();
            List<Long> stack = new ArrayList<>(roots.values());
            while (!stack.isEmpty()) {
                long v = stack.remove(stack.size() - 1);
                if (v != 0 && marked.put(v, true) == null) {
                    for (long w : fields.get(v)) {
                        stack.add(w);
                    }
                }
            }
            points.add(marked.keySet().stream().mapToLong(Long::longValue).sorted().toArray());
        }
    }

    /**
     * A random program of up to three threads, each a stack of frames of 1-5 slots: calls store some of
     * the caller's slots (or recent objects) into the callee's first slots, returns clear the frame's
     * slots, locals are stored with new or recent objects or null; objects of 0-3 reference slots are
     * allocated, stored into fields, statics and locals or left on the "operand stack", and mentioned
     * again after the visible graph lost them; now and then a collection request.
     */
    private static List<Event> framedProgram(SplittableRandom r) {
        int threads = 1 + r.nextInt(3);
        int length = 200 + r.nextInt(1200);
        List<Event> events = new ArrayList<>();
        List<Integer> objects = new ArrayList<>();
        List<Integer> slotCounts = new ArrayList<>(List.of(0));
        List<List<int[]>> stacks = new ArrayList<>(); // per thread: frames {base, size}
        List<long[]> slotValues = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            stacks.add(new ArrayList<>(List.of(new int[] {0, 3})));
            slotValues.add(new long[64]);
        }
        for (int i = 0; i < length; i++) {
            int t = r.nextInt(threads);
            List<int[]> stack = stacks.get(t);
            long[] values = slotValues.get(t);
            int[] top = stack.get(stack.size() - 1);
            double p = r.nextDouble();
            if (objects.isEmpty() || p < 0.25) {
                int id = objects.size() + 1;
                int refs = r.nextInt(4);
                objects.add(id);
                slotCounts.add(refs);
                events.add(new Event(t, EventLog.ALLOC, id, 16 + 8L * refs, (long) refs << EventLog.TYPE_BITS | 1));
                double q = r.nextDouble();
                if (q < 0.4) {
                    root(events, values, t, top[0] + r.nextInt(top[1]), id);
                } else if (q < 0.7) {
                    int holder = MinimalPinsTest.recent(r, objects);
                    if (slotCounts.get(holder) > 0) {
                        events.add(new Event(t, EventLog.WRITE, holder, r.nextInt(slotCounts.get(holder)), id));
                    }
                }
            } else if (p < 0.4 && top[0] + top[1] + 5 < values.length) {
                int[] callee = {top[0] + top[1], 1 + r.nextInt(5)};
                stack.add(callee);
                for (int k = 0; k < callee[1]; k++) {
                    double q = r.nextDouble();
                    long v = q < 0.6 ? values[top[0] + r.nextInt(top[1])] : q < 0.8 ? MinimalPinsTest.recent(r, objects) : 0;
                    if (v != 0 || values[callee[0] + k] != 0) {
                        root(events, values, t, callee[0] + k, v);
                    }
                }
            } else if (p < 0.55 && stack.size() > 1) {
                stack.remove(stack.size() - 1);
                for (int k = 0; k < top[1]; k++) {
                    if (values[top[0] + k] != 0) {
                        root(events, values, t, top[0] + k, 0);
                    }
                }
            } else if (p < 0.7) {
                int slot = top[0] + r.nextInt(top[1]);
                root(events, values, t, slot, r.nextInt(4) == 0 ? 0 : MinimalPinsTest.recent(r, objects));
            } else if (p < 0.88) {
                int src = MinimalPinsTest.recent(r, objects);
                if (slotCounts.get(src) > 0) {
                    events.add(new Event(t, EventLog.WRITE, src, r.nextInt(slotCounts.get(src)), r.nextInt(4) == 0 ? 0 : MinimalPinsTest.recent(r, objects)));
                }
            } else if (p < 0.96) {
                events.add(new Event(t, EventLog.GLOBAL, r.nextInt(3), r.nextInt(3) == 0 ? 0 : MinimalPinsTest.recent(r, objects), 0));
            } else {
                events.add(new Event(t, EventLog.COLLECT, 0, 0, 0));
            }
        }
        return events;
    }

    private static void root(List<Event> events, long[] values, int thread, int slot, long value) {
        values[slot] = value;
        events.add(new Event(thread, EventLog.ROOT, slot, value, 0));
    }
}
