package org.jmmtk.tools.model;

import java.util.ArrayDeque;
import java.util.PriorityQueue;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * A discrete-event, virtual-time replay of one collection's {@link PacketGraph} on N simulated workers,
 * following the policies of {@code org.jmmtk.scheduler}: a spawned packet goes to its worker's local
 * queue (FIFO, {@link GCWorker#LOCAL_QUEUE_CAPACITY} packets) while its bucket is open and there is
 * room, otherwise to its bucket (FIFO); a worker polls its local queue, then the open buckets in stage
 * order, then steals one packet from the other workers' queues starting at the same pseudo-random victim
 * the real worker would pick; a worker that finds nothing parks; adding surplus local work or bucket
 * work wakes the longest-parked worker; the last worker to park opens the next bucket with work, or
 * ends the collection. Packets take the time they took when recorded, whatever the worker count, so
 * the model knows nothing of caches, memory bandwidth or lock contention (see docs/scalability.md).
 *
 * <p>Deterministic; each {@link #run} works on its own state, so calls may run on any threads.
 */
public final class VirtualScheduler {
    /** The simulated collection: its length, its closure phase as the scheduler measures it, and counts. */
    public record Result(int workers, long totalNanos, long closureNanos, long steals, long wakes) {
    }

    private static final int SPAWN = 0;
    private static final int FINISH = 1;
    private static final int TRY = 2;

    private record Event(long time, int kind, long seq, int worker, int packet) {
    }

    private final PacketGraph g;
    private final int n;
    private final ModelCosts costs;
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.time != b.time
            ? Long.compare(a.time, b.time) : a.kind != b.kind ? Integer.compare(a.kind, b.kind) : Long.compare(a.seq, b.seq));
    private final ArrayDeque<Integer>[] local;
    private final ArrayDeque<Integer>[] buckets;
    private final boolean[] open;
    private final long[] victimSeed;
    /** Parked workers, longest-parked first (a condition variable's signal wakes its oldest waiter). */
    private final ArrayDeque<Integer> parked = new ArrayDeque<>();
    private long seq;
    private long end = -1;
    private long firstClosure = -1;
    private long closureEnd = -1;
    private long steals;
    private long wakes;

    @SuppressWarnings("unchecked")
    private VirtualScheduler(PacketGraph g, int workers, ModelCosts costs) {
        this.g = g;
        this.n = workers;
        this.costs = costs;
        local = new ArrayDeque[workers];
        victimSeed = new long[workers];
        for (int w = 0; w < workers; w++) {
            local[w] = new ArrayDeque<>();
            // the same seeds and generator as GCWorker's victim selection
            victimSeed[w] = 0x9E3779B97F4A7C15L * (w + 1);
        }
        int stages = Stage.values().length;
        buckets = new ArrayDeque[stages];
        for (int s = 0; s < stages; s++) {
            buckets[s] = new ArrayDeque<>();
        }
        open = new boolean[stages];
        open[Stage.UNCONSTRAINED.ordinal()] = true;
    }

    /** Simulates {@code graph} on {@code workers} workers with {@code costs}. */
    public static Result run(PacketGraph graph, int workers, ModelCosts costs) {
        if (workers < 1) {
            throw new IllegalArgumentException("at least one worker is needed, got " + workers);
        }
        return new VirtualScheduler(graph, workers, costs).simulate();
    }

    private Result simulate() {
        // worker 0 is the requesting thread, already running; the others are parked
        for (int w = 1; w < n; w++) {
            parked.add(w);
        }
        for (int i = 0; i < g.size(); i++) {
            if (g.parent(i) < 0) {
                toBucket(i, 0);
            }
        }
        schedule(0, TRY, 0, -1);
        while (!events.isEmpty()) {
            Event e = events.poll();
            switch (e.kind) {
                case SPAWN -> add(e.worker, e.packet, e.time);
                case FINISH, TRY -> findWork(e.worker, e.time);
                default -> throw new IllegalStateException();
            }
        }
        if (end < 0) {
            throw new IllegalStateException("the simulated collection did not end");
        }
        long closure = firstClosure < 0 ? 0 : (closureEnd < 0 ? end : closureEnd) - firstClosure;
        return new Result(n, end, closure, steals, wakes);
    }

    private void schedule(long time, int kind, int worker, int packet) {
        events.add(new Event(time, kind, seq++, worker, packet));
    }

    /** GCWorkScheduler.addFromWorker. */
    private void add(int worker, int packet, long now) {
        int stage = g.stage(packet);
        if (open[stage] && local[worker].size() < GCWorker.LOCAL_QUEUE_CAPACITY) {
            local[worker].addLast(packet);
            if (local[worker].size() > 1) {
                wakeOne(now);
            }
            return;
        }
        toBucket(packet, now);
    }

    private void toBucket(int packet, long now) {
        int stage = g.stage(packet);
        buckets[stage].addLast(packet);
        if (open[stage]) {
            wakeOne(now);
        }
    }

    private void wakeOne(long now) {
        Integer w = parked.pollFirst();
        if (w != null) {
            wakes++;
            schedule(now + costs.wakeNanos(), TRY, w, -1);
        }
    }

    /** GCWorker.findWork: local queue, open buckets in stage order, then one steal; otherwise park. */
    private void findWork(int w, long now) {
        Integer p = local[w].pollFirst();
        if (p == null) {
            p = pollBuckets();
        }
        if (p != null) {
            start(w, p, now);
            return;
        }
        p = steal(w);
        if (p != null) {
            steals++;
            start(w, p, now + costs.stealNanos());
            return;
        }
        park(w, now);
    }

    private Integer pollBuckets() {
        for (int s = 0; s < buckets.length && open[s]; s++) {
            Integer p = buckets[s].pollFirst();
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    private Integer steal(int w) {
        if (n == 1) {
            return null;
        }
        long seed = victimSeed[w];
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        victimSeed[w] = seed;
        int first = (int) ((seed >>> 1) % n);
        for (int k = 0; k < n; k++) {
            int victim = (first + k) % n;
            if (victim != w && !local[victim].isEmpty()) {
                return local[victim].pollFirst();
            }
        }
        return null;
    }

    private void start(int w, int p, long at) {
        if (g.stage(p) == Stage.CLOSURE.ordinal() && firstClosure < 0) {
            firstClosure = at;
        }
        for (int c : g.children(p)) {
            schedule(at + g.spawnAt(c), SPAWN, w, c);
        }
        schedule(at + g.duration(p), FINISH, w, p);
    }

    /** GCWorkScheduler.park and advance: the last worker to park opens the next bucket with work or ends the GC. */
    private void park(int w, long now) {
        parked.addLast(w);
        // a running or waking worker is not parked, so only the last of all to park gets past this
        if (parked.size() < n) {
            return;
        }
        for (int s = 0; s < buckets.length; s++) {
            if (open[s]) {
                continue;
            }
            open[s] = true;
            if (s > Stage.CLOSURE.ordinal() && firstClosure >= 0 && closureEnd < 0) {
                closureEnd = now + costs.bucketOpenNanos();
            }
            if (!buckets[s].isEmpty()) {
                long opened = now + costs.bucketOpenNanos();
                parked.remove(w);
                schedule(opened, TRY, w, -1);
                long woken = opened + costs.wakeNanos();
                while (!parked.isEmpty()) {
                    wakes++;
                    schedule(woken, TRY, parked.pollFirst(), -1);
                    woken += costs.fanOutNanos();
                }
                return;
            }
        }
        end = now;
    }
}
