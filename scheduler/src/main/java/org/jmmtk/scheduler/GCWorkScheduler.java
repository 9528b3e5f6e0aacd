package org.jmmtk.scheduler;

import java.lang.invoke.VarHandle;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import org.jmmtk.probes.Tracepoints;

/**
 * Runs collections as work packets on a fixed set of GC workers, with one bucket per {@link Stage},
 * per-worker local queues, stealing, and no coordinator thread: the last worker to park opens the
 * next bucket(s), runs sentinels, or ends the collection (mmtk-core's design since 2024).
 *
 * <p>Worker 0 runs on the thread that asks for a collection, for the duration of the collection (that
 * thread is a stopped mutator anyway); workers 1 to N-1 have threads of their own that park between
 * collections. Blocking the requesting thread and waking a dedicated worker instead leaves the
 * requester's CPU idle, and on virtual machines the guest scheduler was measured (perf sched) to keep
 * two woken workers queued on one vCPU for ~10 ms while the other stayed idle, halving 2-thread
 * closure throughput.
 *
 * <p>New packets go to the adding worker's local queue (spilling to the bucket when it is full). A
 * worker only parks with an empty local queue, so local work always has a running owner; parked
 * workers are woken for work in a bucket, or for the surplus in a local queue beyond the one packet
 * its owner runs next; the last worker to park, opening a bucket, wakes the others only if more than the
 * one packet it takes itself is open. Parking and waking use one monitor: a worker that finds nothing increments the
 * parked count under the monitor and re-checks its designated queue, the open buckets and the other
 * workers' surplus before it waits; a worker that adds work reads the parked count after its (fenced)
 * offer and signals one worker if any is parked. One side always sees the other, so no bucket packet
 * or surplus waits while a worker that could take it sleeps. Idle workers block on the condition;
 * nothing spins.
 *
 * <p>Thread use: {@link #runCollection} and {@link #runPacket} are called by one requesting thread at a
 * time (never from inside a packet); the other methods are called by workers through {@link GCWorker}.
 * The scheduler knows nothing of plans, heaps or objects: it is generic in the workers' context type
 * {@code C}, which it only creates (through the function given to {@link #start}) and hands to packets.
 *
 * @param <C> the per-worker context type
 */
public final class GCWorkScheduler<C> {
    private final GCWorker<C>[] workers;
    private final WorkBucket<C>[] buckets;
    /** Threads of workers 1..N-1 (index 0 unused: worker 0 runs on the requesting thread). */
    private final Thread[] threads;

    private final ReentrantLock monitor = new ReentrantLock();
    private final Condition workAvailable = monitor.newCondition();

    /** Parked workers. Written under the monitor; read without it by threads adding work. */
    private volatile int parked;
    /** True from the start of a collection until the last parked worker ends it (under the monitor). */
    private boolean collecting;
    private boolean shutdown;
    private volatile boolean aborting;
    private Throwable failure;
    private volatile int currentGc;
    private volatile CollectionTimes times = new CollectionTimes(0, 0);
    private volatile Thread requester;
    private long externalSequence;
    private boolean started;

    /** Creates {@code workers} workers; they start with {@link #start}. */
    @SuppressWarnings("unchecked") // arrays of a generic class are created raw; only this class fills them
    public GCWorkScheduler(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("at least one GC thread is needed, got " + workers);
        }
        buckets = (WorkBucket<C>[]) new WorkBucket<?>[Stage.ALL.length];
        for (Stage s : Stage.ALL) {
            buckets[s.ordinal()] = new WorkBucket<>(s);
        }
        buckets[Stage.UNCONSTRAINED.ordinal()].setOpen(true);
        this.workers = (GCWorker<C>[]) new GCWorker<?>[workers];
        this.threads = new Thread[workers];
        for (int i = 0; i < workers; i++) {
            this.workers[i] = new GCWorker<>(i, this);
        }
    }

    /**
     * Gives every worker its context and starts the threads of workers 1..N-1 (they park until a
     * collection). Each context is created on the thread that will run its worker (worker 0's on this
     * one), so that the host JVM allocates the contexts of different workers apart; returns once every
     * worker has its context.
     */
    public void start(IntFunction<? extends C> contexts) {
        CountDownLatch ready = new CountDownLatch(workers.length - 1);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        monitor.lock();
        try {
            if (started) {
                throw new IllegalStateException("scheduler already started");
            }
            started = true;
            workers[0].setContext(contexts.apply(0));
            for (int i = 1; i < workers.length; i++) {
                GCWorker<C> w = workers[i];
                int ordinal = i;
                threads[i] = new Thread(() -> {
                    try {
                        w.setContext(contexts.apply(ordinal));
                    } catch (Throwable t) {
                        failed.compareAndSet(null, t);
                        return;
                    } finally {
                        ready.countDown();
                    }
                    w.run();
                }, "jmmtk-gc-worker-" + i);
                threads[i].setDaemon(true);
            }
        } finally {
            monitor.unlock();
        }
        for (int i = 1; i < threads.length; i++) {
            threads[i].start();
        }
        awaitUninterruptibly(ready);
        if (failed.get() != null) {
            shutdown();
            throw new IllegalStateException("creating a GC worker's context failed", failed.get());
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (latch.getCount() > 0) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    public int workerCount() {
        return workers.length;
    }

    public GCWorker<C> worker(int ordinal) {
        return workers[ordinal];
    }

    GCWorker<C>[] workers() {
        return workers;
    }

    /** The dedicated worker threads (for tests that check idle workers are parked). */
    Thread[] threads() {
        Thread[] t = new Thread[threads.length - 1];
        System.arraycopy(threads, 1, t, 0, t.length);
        return t;
    }

    /** The number of the collection in progress, or of the last one. */
    public int currentGc() {
        return currentGc;
    }

    /** Timing landmarks of the collection in progress, or of the last one. */
    public CollectionTimes times() {
        return times;
    }

    boolean isAborting() {
        return aborting;
    }

    /**
     * Runs one collection: adds {@code first} to the Unconstrained bucket and works as worker 0 on the
     * calling thread until the last parked worker declares the collection finished.
     *
     * @throws WorkPacketFailure if a packet threw; the rest of that collection's packets were dropped
     */
    public CollectionTimes runCollection(int gc, WorkPacket<C> first) {
        CollectionTimes t;
        monitor.lock();
        try {
            t = begin(gc, first);
            buckets[Stage.UNCONSTRAINED.ordinal()].add(first);
            collecting = true;
        } finally {
            monitor.unlock();
        }
        try {
            workers[0].run();
        } finally {
            end(gc);
        }
        return t;
    }

    /**
     * Runs {@code packet}, which must add no work, as worker 0 on the calling thread between collections,
     * numbered {@code gc}: the same packet code, context and tracepoints as in a collection, without one
     * (no bucket opens, no worker wakes or parks). For work that a collection would only wrap, e.g. a
     * paced unit of concurrent work, one packet every K records of the program, for which a collection's
     * hand-off was a measurable share of the run.
     *
     * @throws WorkPacketFailure if the packet threw
     * @throws IllegalStateException if the packet added work (which would wait for the next collection)
     */
    public void runPacket(int gc, WorkPacket<C> packet) {
        CollectionTimes t;
        monitor.lock();
        try {
            if (collecting) {
                throw new IllegalStateException("a collection is running");
            }
            t = begin(gc, packet);
        } finally {
            monitor.unlock();
        }
        GCWorker<C> w = workers[0];
        try {
            w.executeHanded(packet);
        } finally {
            t.markEnd(System.nanoTime());
            end(gc);
        }
        if (anyWorkQueued()) {
            throw new IllegalStateException(packet.getClass().getSimpleName() + " run alone added work");
        }
    }

    /** Whether a bucket or a worker's queue holds a packet, or a bucket a sentinel (between collections: none should). */
    private boolean anyWorkQueued() {
        for (WorkBucket<C> b : buckets) {
            if (!b.isEmpty() || b.hasSentinel()) {
                return true;
            }
        }
        for (GCWorker<C> w : workers) {
            if (!w.local.isEmpty() || !w.designated.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Under the monitor: makes the calling thread worker 0 for collection {@code gc}, whose first packet is
     * {@code first} (stamped, not yet queued), and returns the collection's times.
     */
    private CollectionTimes begin(int gc, WorkPacket<C> first) {
        Thread caller = Thread.currentThread();
        if (caller == requester || caller.getName().startsWith("jmmtk-gc-worker-")) {
            throw new IllegalStateException("a GC worker cannot start a collection");
        }
        if (!started || shutdown) {
            throw new IllegalStateException("scheduler is not running");
        }
        currentGc = gc;
        CollectionTimes t = new CollectionTimes(gc, System.nanoTime());
        times = t;
        failure = null;
        aborting = false;
        requester = caller;
        first.stage = Stage.UNCONSTRAINED;
        first.id = ++externalSequence;
        first.parentId = 0;
        GCWorker.stampCreation(first, 0, -1);
        return t;
    }

    /** Worker 0 is done with collection {@code gc}: the calling thread is no longer a worker. */
    private void end(int gc) {
        Throwable failed;
        monitor.lock();
        try {
            requester = null;
            failed = failure;
        } finally {
            monitor.unlock();
        }
        if (failed != null) {
            throw new WorkPacketFailure(gc, failed);
        }
    }

    /** Stops the worker threads and waits for them. Idempotent. */
    public void shutdown() {
        monitor.lock();
        try {
            shutdown = true;
            workAvailable.signalAll();
        } finally {
            monitor.unlock();
        }
        for (Thread t : threads) {
            if (t != null) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Packets executed by all workers so far. Read between collections. */
    public long packetsExecuted() {
        long n = 0;
        for (GCWorker<C> w : workers) {
            n += w.packetsExecuted;
        }
        return n;
    }

    /** Packets taken from another worker's local queue so far. Read between collections. */
    public long packetsStolen() {
        long n = 0;
        for (GCWorker<C> w : workers) {
            n += w.packetsStolen;
        }
        return n;
    }

    // ---- called by workers ----

    void addFromWorker(GCWorker<C> w, Stage stage, WorkPacket<C> packet) {
        w.stamp(stage, packet);
        WorkBucket<C> bucket = buckets[stage.ordinal()];
        if (bucket.isOpen() && w.local.offer(packet)) {
            // The owner runs its local packets itself; a parked worker is worth waking only for the
            // surplus beyond the one the owner takes next (a serial chain of packets then stays on one
            // worker instead of bouncing between two). The fence orders the offer before the read of
            // parked; a parking worker re-checks for surplus after counting itself, so one of the two
            // sees the other.
            VarHandle.fullFence();
            if (parked > 0 && w.local.size() > 1) {
                wakeOne();
            }
            return;
        }
        bucket.add(packet);
        if (bucket.isOpen() && parked > 0) {
            wakeOne();
        }
    }

    private void wakeOne() {
        monitor.lock();
        try {
            workAvailable.signal();
        } finally {
            monitor.unlock();
        }
    }

    void addDesignated(GCWorker<C> from, int target, WorkPacket<C> packet) {
        from.stamp(from.currentStage(), packet);
        workers[target].designated.offer(packet);
        monitor.lock();
        try {
            workAvailable.signalAll();
        } finally {
            monitor.unlock();
        }
    }

    void setSentinel(GCWorker<C> from, Stage stage, WorkPacket<C> packet) {
        from.stamp(stage, packet);
        monitor.lock();
        try {
            buckets[stage.ordinal()].setSentinel(packet);
        } finally {
            monitor.unlock();
        }
    }

    WorkPacket<C> pollBuckets() {
        for (WorkBucket<C> b : buckets) {
            if (!b.isOpen()) {
                return null;
            }
            WorkPacket<C> p = b.poll();
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    void fail(Throwable t) {
        monitor.lock();
        try {
            if (failure == null) {
                failure = t;
            } else {
                failure.addSuppressed(t);
            }
            aborting = true;
        } finally {
            monitor.unlock();
        }
    }

    /**
     * Parks {@code w} until there may be work for it. Returns false when {@code w} should stop: the
     * scheduler shuts down, or, for worker 0 (which belongs to the requesting thread), the collection
     * has ended. If {@code w} is the last worker to park during a collection, it advances the collection
     * instead.
     */
    boolean park(GCWorker<C> w) {
        boolean hostedByRequester = w.ordinal() == 0;
        monitor.lock();
        try {
            parked++;
            for (;;) {
                if (shutdown || (hostedByRequester && !collecting)) {
                    parked--;
                    return false;
                }
                if (collecting) {
                    if (!w.designated.isEmpty() || openBucketHasWork() || surplusToSteal(w)) {
                        parked--;
                        return true;
                    }
                    if (parked == workers.length && !anyDesignatedWork()) {
                        if (advance()) {
                            parked--;
                            // this worker takes the next packet itself; the others are worth waking only
                            // for more than that one (a stage of one packet would otherwise cost every
                            // parked worker a wake-up and the next advance a wait for it to park again)
                            if (moreThanOnePacketOpen()) {
                                workAvailable.signalAll();
                            }
                            return true;
                        }
                        finishCollection(!hostedByRequester);
                        continue;
                    }
                }
                workAvailable.awaitUninterruptibly();
            }
        } finally {
            monitor.unlock();
        }
    }

    private boolean openBucketHasWork() {
        for (WorkBucket<C> b : buckets) {
            if (!b.isOpen()) {
                return false;
            }
            if (!b.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** Whether the open buckets hold two packets or more (exact here: every worker is parked, none adds). */
    private boolean moreThanOnePacketOpen() {
        int n = 0;
        for (WorkBucket<C> b : buckets) {
            if (!b.isOpen()) {
                break;
            }
            n += b.size();
            if (n > 1) {
                return true;
            }
        }
        return false;
    }

    /** Whether another worker's local queue holds more than the one packet its owner runs next. */
    private boolean surplusToSteal(GCWorker<C> thief) {
        for (GCWorker<C> w : workers) {
            if (w != thief && w.local.size() > 1) {
                return true;
            }
        }
        return false;
    }

    private boolean anyDesignatedWork() {
        for (GCWorker<C> w : workers) {
            if (!w.designated.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Called by the last parked worker with every open bucket drained: schedules the first pending
     * sentinel of an open bucket, or opens closed buckets in stage order until one has work. Returns
     * false when there is nothing left to do.
     */
    private boolean advance() {
        if (aborting) {
            return false;
        }
        for (WorkBucket<C> b : buckets) {
            if (!b.isOpen()) {
                break;
            }
            if (b.hasSentinel()) {
                b.add(b.takeSentinel());
                return true;
            }
        }
        for (WorkBucket<C> b : buckets) {
            if (b.isOpen()) {
                continue;
            }
            open(b);
            if (!b.isEmpty()) {
                return true;
            }
            if (b.hasSentinel()) {
                b.add(b.takeSentinel());
                return true;
            }
        }
        return false;
    }

    private void open(WorkBucket<C> b) {
        b.setOpen(true);
        times.markOpened(b.stage(), System.nanoTime());
        Tracepoints.bucketOpen(currentGc, b.stage().label);
    }

    /**
     * Ends the collection; wakes worker 0, unless it ended it itself, so the requesting thread returns to
     * its mutator. The other workers stay parked: the next collection wakes them when it has surplus work
     * (a collection of one packet on worker 0 then wakes no thread at all).
     */
    private void finishCollection(boolean wakeRequester) {
        times.markEnd(System.nanoTime());
        for (WorkBucket<C> b : buckets) {
            if (aborting) {
                b.clear();
            }
            if (b.stage() != Stage.UNCONSTRAINED) {
                b.setOpen(false);
            }
        }
        if (aborting) {
            for (GCWorker<C> w : workers) {
                while (w.designated.poll() != null) {
                    // dropped with the aborted collection
                }
            }
        }
        collecting = false;
        if (wakeRequester) {
            workAvailable.signalAll();
        }
    }
}
