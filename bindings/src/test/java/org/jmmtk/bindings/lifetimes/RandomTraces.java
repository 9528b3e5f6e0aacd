package org.jmmtk.bindings.lifetimes;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random valid multi-threaded traces, harsher than the {@code random} workload: 1 to 4 threads with
 * their own root slots, global roots, cycles, large objects, explicit collections, ids in order, sparse
 * or beyond 2^31, and references that go unreachable and come back between two allocations (a root
 * cleared before the object is stored elsewhere). Valid means what a program could do: a record uses
 * only objects reachable at the last allocation or explicit collection, or allocated since.
 */
public final class RandomTraces {
    private RandomTraces() {
    }

    public static ScriptedTrace generate(long seed, int allocations) {
        return generate(seed, allocations, 0);
    }

    /** As {@link #generate(long, int)}, with {@code threads} threads (0: 1 to 4 at random). */
    public static ScriptedTrace generate(long seed, int allocations, int threads) {
        return generate(seed, allocations, threads, false);
    }

    /**
     * As {@link #generate(long, int, int)}; with {@code threadEnds}, about one record in 80 ends a thread
     * ({@code X}, after clearing its root slots), and its number's next record is a new thread's. Without
     * it the trace is the one it always was (no random number is drawn for it).
     */
    public static ScriptedTrace generate(long seed, int allocations, int threads, boolean threadEnds) {
        SplittableRandom random = new SplittableRandom(seed);
        ScriptedTrace out = new ScriptedTrace("random trace " + seed);
        int threadCount = 1 + random.nextInt(4);
        if (threads > 0) {
            threadCount = threads;
        }
        int rootSlots = 1 + random.nextInt(6);
        int globals = random.nextInt(3);
        int ids = random.nextInt(3); // dense, sparse, or beyond 2^31 (hashed rather than paged)
        int phase = 50 + random.nextInt(300);
        Map<Long, long[]> slots = new HashMap<>();
        Map<String, Long> roots = new HashMap<>();
        List<Long> usable = new ArrayList<>();
        long next = 1;
        for (int made = 0; made < allocations; ) {
            // the live size drifts: phases of growth, where few references are cleared, and of decay
            boolean growing = (made / phase) % 2 == 0;
            int nullOneIn = growing ? 12 : 2;
            if (threadEnds && random.nextInt(80) == 0) {
                int ended = random.nextInt(threadCount);
                for (int slot = 0; slot < rootSlots; slot++) {
                    Long held = roots.put("t" + ended + ":" + slot, 0L);
                    if (held != null && held != 0) {
                        out.root(ended, slot, 0);
                    }
                }
                out.threadEnd(ended);
                continue;
            }
            int op = random.nextInt(60);
            int thread = random.nextInt(threadCount);
            if (op < 15) {
                usable = reachable(slots, roots);
                long id = switch (ids) {
                    case 0 -> next;
                    case 1 -> next * 7919 + random.nextInt(7000);
                    default -> (1L << 35) + next * 1_000_003 + random.nextInt(1000);
                };
                next++;
                int refs = random.nextInt(5);
                long bytes = random.nextInt(50) == 0 ? 2048 + 8L * random.nextInt(1024) : 16 + 8L * refs + 8L * random.nextInt(20);
                out.alloc(thread, id, bytes, refs, 0);
                slots.put(id, new long[refs]);
                made++;
                long holder = random.nextInt(4) == 0 ? 0 : pick(random, usable, slots, true);
                if (holder != 0) {
                    int slot = random.nextInt(slots.get(holder).length);
                    slots.get(holder)[slot] = id;
                    out.write(thread, holder, slot, id);
                } else if (random.nextInt(3) > 0) {
                    int slot = random.nextInt(rootSlots);
                    roots.put("t" + thread + ":" + slot, id);
                    out.root(thread, slot, id);
                }
                usable.add(id);
            } else if (op < 36) {
                long source = pick(random, usable, slots, true);
                if (source != 0) {
                    int slot = random.nextInt(slots.get(source).length);
                    long target = random.nextInt(nullOneIn) == 0 ? 0 : pick(random, usable, slots, false);
                    slots.get(source)[slot] = target;
                    out.write(thread, source, slot, target);
                }
            } else if (op < 55 || globals == 0) {
                int slot = random.nextInt(rootSlots);
                long target = random.nextInt(nullOneIn) == 0 ? 0 : pick(random, usable, slots, false);
                roots.put("t" + thread + ":" + slot, target);
                out.root(thread, slot, target);
            } else if (op < 59) {
                int slot = random.nextInt(globals);
                long target = random.nextInt(nullOneIn) == 0 ? 0 : pick(random, usable, slots, false);
                roots.put("g" + slot, target);
                out.global(slot, target);
            } else {
                // a collection may run here, so only what is reachable now may be used after it
                usable = reachable(slots, roots);
                out.collect();
            }
        }
        return out;
    }

    private static long pick(SplittableRandom random, List<Long> usable, Map<Long, long[]> slots, boolean withSlots) {
        for (int tries = 0; tries < 8 && !usable.isEmpty(); tries++) {
            long id = usable.get(random.nextInt(usable.size()));
            if (!withSlots || slots.get(id).length > 0) {
                return id;
            }
        }
        return 0;
    }

    private static List<Long> reachable(Map<Long, long[]> slots, Map<String, Long> roots) {
        Set<Long> seen = new HashSet<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        for (long r : roots.values()) {
            if (r != 0 && seen.add(r)) {
                queue.add(r);
            }
        }
        List<Long> order = new ArrayList<>();
        while (!queue.isEmpty()) {
            long o = queue.poll();
            order.add(o);
            for (long t : slots.get(o)) {
                if (t != 0 && seen.add(t)) {
                    queue.add(t);
                }
            }
        }
        return order;
    }
}
