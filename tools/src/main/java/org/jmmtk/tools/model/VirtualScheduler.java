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
 * the real worker would pick; a worker that finds nothing takes the scheduler's monitor to check again
 * and parks; adding surplus local work or bucket work wakes the longest-parked worker; the last worker
 * to park opens the next bucket with work, or ends the collection. Packets take the time they took when
 * recorded, whatever the worker count; what the scheduler adds with more workers is charged from
 * {@link ModelCosts}: a woken worker runs a wake-up later and the waker pays the signal within its packet;
 * looking at a running worker's queue (a steal sweep, the check before parking) costs a steal's cache-line
 * transfer; the monitor is held by one check or signal at a time, so wakers and checkers queue for it.
 * Beyond that the model knows nothing of caches, memory bandwidth or lock contention (see
 * docs/scalability.md).
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
    /** A worker that found nothing, or was signalled, asks for the scheduler's monitor to check for work. */
    private static final int CHECK = 3;
    /** The check under the monitor is done: take the work it saw, or park. */
    private static final int CHECKED = 4;

    /** {@code shift}: the worker's {@link #delay} when the event was scheduled; only a running packet's events move. */
    private record Event(long time, int kind, long seq, int worker, int packet, long shift) {
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
    /**
     * Time each worker has spent so far on scheduler work done inside its packets (waking parked workers),
     * which the one-thread recording's packet durations do not contain: the rest of the running packet's
     * events move back by what it adds.
     */
    private final long[] delay;
    /** Workers running a packet: the ones whose queues' cache lines a scan of the other workers finds modified. */
    private final boolean[] busy;
    /** When the scheduler's monitor is next free: parking checks and signals take it one at a time. */
    private long monitorFree;
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
        delay = new long[workers];
        busy = new boolean[workers];
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
                toBucket(-1, i, 0);
            }
        }
        schedule(0, TRY, 0, -1);
        while (!events.isEmpty()) {
            Event e = events.poll();
            if ((e.kind == SPAWN || e.kind == FINISH) && e.shift != delay[e.worker]) {
                // the worker woke others while running this packet: the packet's later events come later
                events.add(new Event(e.time + delay[e.worker] - e.shift, e.kind, seq++, e.worker, e.packet, delay[e.worker]));
                continue;
            }
            switch (e.kind) {
                case SPAWN -> add(e.worker, e.packet, e.time);
                case FINISH -> {
                    busy[e.worker] = false;
                    findWork(e.worker, e.time);
                }
                case TRY -> findWork(e.worker, e.time);
                case CHECK -> check(e.worker, e.time);
                case CHECKED -> checked(e.worker, e.time);
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
        events.add(new Event(time, kind, seq++, worker, packet, worker < 0 ? 0 : delay[worker]));
    }

    /** GCWorkScheduler.addFromWorker. */
    private void add(int worker, int packet, long now) {
        int stage = g.stage(packet);
        if (open[stage] && local[worker].size() < GCWorker.LOCAL_QUEUE_CAPACITY) {
            local[worker].addLast(packet);
            if (local[worker].size() > 1) {
                wakeOne(worker, now);
            }
            return;
        }
        toBucket(worker, packet, now);
    }

    /** Adds {@code packet} to its bucket on behalf of {@code worker} (-1: before the collection's first packet). */
    private void toBucket(int worker, int packet, long now) {
        int stage = g.stage(packet);
        buckets[stage].addLast(packet);
        if (open[stage]) {
            wakeOne(worker, now);
        }
    }

    /**
     * GCWorkScheduler.wakeOne: the signalling worker waits for the monitor and pays the signal (the unpark of a
     * parked thread); the longest-parked worker runs a wake-up after the signal and checks for work.
     */
    private void wakeOne(int waker, long now) {
        Integer w = parked.pollFirst();
        if (w != null) {
            wakes++;
            long signalled = Math.max(now, monitorFree);
            monitorFree = signalled;
            schedule(signalled + costs.wakeNanos(), CHECK, w, -1);
            if (waker >= 0) {
                delay[waker] += signalled - now + costs.signalNanos();
            }
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
        long victim = steal(w);
        // every running worker whose queue the sweep looked at cost a cache-line transfer
        long swept = (victim >>> 32) * costs.stealNanos();
        if ((victim & NONE) != NONE) {
            steals++;
            start(w, local[(int) victim].pollFirst(), now + Math.max(swept, costs.stealNanos()));
            return;
        }
        schedule(now + swept, CHECK, w, -1);
    }

    /**
     * GCWorkScheduler.park, up to its wait: the worker takes the monitor (after whoever holds it) and checks the
     * open buckets and, if they are empty, every other worker's queue for surplus (one cache-line transfer per
     * running worker, under the monitor).
     */
    private void check(int w, long now) {
        long start = Math.max(now, monitorFree);
        long hold = 0;
        if (!openBucketHasWork()) {
            for (int v = 0; v < n; v++) {
                if (v != w && busy[v]) {
                    hold += costs.stealNanos();
                }
            }
        }
        monitorFree = start + hold;
        schedule(start + hold, CHECKED, w, -1);
    }

    /** The check's outcome: work it saw (a packet in an open bucket, or surplus in another queue), or park. */
    private void checked(int w, long now) {
        if (openBucketHasWork() || surplus(w)) {
            findWork(w, now);
        } else {
            park(w, now);
        }
    }

    private boolean openBucketHasWork() {
        for (int s = 0; s < buckets.length && open[s]; s++) {
            if (!buckets[s].isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private boolean surplus(int thief) {
        for (int v = 0; v < n; v++) {
            if (v != thief && local[v].size() > 1) {
                return true;
            }
        }
        return false;
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

    private static final long NONE = -1L & 0xFFFF_FFFFL;

    /**
     * GCWorker.steal: the victim with work, or {@link #NONE}, in the low 32 bits; in the high 32 bits the number
     * of running workers whose queues were looked at.
     */
    private long steal(int w) {
        if (n == 1) {
            return NONE;
        }
        long seed = victimSeed[w];
        seed ^= seed << 13;
        seed ^= seed >>> 7;
        seed ^= seed << 17;
        victimSeed[w] = seed;
        int first = (int) ((seed >>> 1) % n);
        long running = 0;
        for (int k = 0; k < n; k++) {
            int victim = (first + k) % n;
            if (victim == w) {
                continue;
            }
            if (busy[victim]) {
                running++;
            }
            if (!local[victim].isEmpty()) {
                return running << 32 | victim;
            }
        }
        return running << 32 | NONE;
    }

    private void start(int w, int p, long at) {
        if (g.stage(p) == Stage.CLOSURE.ordinal() && firstClosure < 0) {
            firstClosure = at;
        }
        busy[w] = true;
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
                monitorFree = Math.max(monitorFree, opened);
                parked.remove(w);
                // signalAll: the opener pays one signal when it wakes anyone, the woken follow one another
                schedule(parked.isEmpty() ? opened : opened + costs.signalNanos(), TRY, w, -1);
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
