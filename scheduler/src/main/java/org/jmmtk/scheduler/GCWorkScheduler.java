package org.jmmtk.scheduler;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import org.jmmtk.probes.Tracepoints;

/**
 * Runs collections as work packets on a fixed pool of GC worker threads, with one bucket per
 * {@link Stage}, per-worker local queues, stealing, and no coordinator thread: the last worker to park
 * opens the next bucket(s), runs sentinels, or ends the collection (mmtk-core's design since 2024).
 *
 * <p>Parking and waking use one monitor. A worker that finds nothing increments the parked count
 * under the monitor and re-checks its designated queue and the open buckets before it waits; a thread
 * that adds to an open bucket reads the parked count after its (volatile) offer and signals one
 * worker if any is parked. One side always sees the other, so a packet is never left in an open bucket
 * while every worker sleeps. Idle workers block on the condition; nothing spins.
 *
 * <p>Thread use: {@link #runCollection} is called by one requesting thread at a time (never a worker);
 * the other methods are called by workers through {@link GCWorker}. The scheduler knows nothing of
 * plans, heaps or objects.
 */
public final class GCWorkScheduler {
    private final GCWorker[] workers;
    private final WorkBucket[] buckets = new WorkBucket[Stage.ALL.length];
    private final Thread[] threads;

    private final ReentrantLock monitor = new ReentrantLock();
    private final Condition workAvailable = monitor.newCondition();
    private final Condition collectionDone = monitor.newCondition();

    /** Parked workers. Written under the monitor; read without it by threads adding work. */
    private volatile int parked;
    /** True from the start of a collection until the last parked worker ends it (under the monitor). */
    private boolean collecting;
    private boolean shutdown;
    private volatile boolean aborting;
    private Throwable failure;
    private volatile int currentGc;
    private volatile CollectionTimes times = new CollectionTimes(0, 0);
    private long externalSequence;
    private boolean started;

    /** Creates {@code threads} workers; they start with {@link #start}. */
    public GCWorkScheduler(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("at least one GC thread is needed, got " + threads);
        }
        for (Stage s : Stage.ALL) {
            buckets[s.ordinal()] = new WorkBucket(s);
        }
        buckets[Stage.UNCONSTRAINED.ordinal()].setOpen(true);
        workers = new GCWorker[threads];
        this.threads = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new GCWorker(i, this);
        }
    }

    /**
     * Gives every worker its context and starts the worker threads (they park until a collection).
     * Each context is created on its own worker's thread, so that the host JVM allocates the contexts of
     * different workers apart; returns once every worker has its context.
     */
    public void start(IntFunction<? extends WorkerContext> contexts) {
        CountDownLatch ready = new CountDownLatch(workers.length);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        monitor.lock();
        try {
            if (started) {
                throw new IllegalStateException("scheduler already started");
            }
            started = true;
            for (int i = 0; i < workers.length; i++) {
                GCWorker w = workers[i];
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
        for (Thread t : threads) {
            t.start();
        }
        boolean interrupted = false;
        while (ready.getCount() > 0) {
            try {
                ready.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failed.get() != null) {
            shutdown();
            throw new IllegalStateException("creating a GC worker's context failed", failed.get());
        }
    }

    public int workerCount() {
        return workers.length;
    }

    public GCWorker worker(int ordinal) {
        return workers[ordinal];
    }

    GCWorker[] workers() {
        return workers;
    }

    /** The worker threads (for tests that check idle workers are parked). */
    Thread[] threads() {
        return threads.clone();
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
     * Runs one collection: adds {@code first} to the Unconstrained bucket, wakes the workers and blocks
     * until the last parked worker declares the collection finished.
     *
     * @throws WorkPacketFailure if a packet threw; the rest of that collection's packets were dropped
     */
    public CollectionTimes runCollection(int gc, WorkPacket first) {
        if (Thread.currentThread().getName().startsWith("jmmtk-gc-worker-")) {
            throw new IllegalStateException("a GC worker cannot start a collection");
        }
        CollectionTimes t;
        Throwable failed;
        monitor.lock();
        try {
            if (!started || shutdown) {
                throw new IllegalStateException("scheduler is not running");
            }
            currentGc = gc;
            t = new CollectionTimes(gc, System.nanoTime());
            times = t;
            failure = null;
            aborting = false;
            first.stage = Stage.UNCONSTRAINED;
            first.id = ++externalSequence;
            first.parentId = 0;
            buckets[Stage.UNCONSTRAINED.ordinal()].add(first);
            collecting = true;
            workAvailable.signalAll();
            while (collecting) {
                collectionDone.awaitUninterruptibly();
            }
            failed = failure;
        } finally {
            monitor.unlock();
        }
        if (failed != null) {
            throw new WorkPacketFailure(gc, failed);
        }
        return t;
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
        for (GCWorker w : workers) {
            n += w.packetsExecuted;
        }
        return n;
    }

    /** Packets taken from another worker's local queue so far. Read between collections. */
    public long packetsStolen() {
        long n = 0;
        for (GCWorker w : workers) {
            n += w.packetsStolen;
        }
        return n;
    }

    // ---- called by workers ----

    void addFromWorker(GCWorker w, Stage stage, WorkPacket packet) {
        w.stamp(stage, packet);
        WorkBucket bucket = buckets[stage.ordinal()];
        // Keep work local only while nobody is idle: parked workers cannot steal, so they get it
        // through the bucket instead (avoids one worker hoarding while others sleep).
        if (bucket.isOpen() && parked == 0 && w.local.offer(packet)) {
            return;
        }
        bucket.add(packet);
        if (bucket.isOpen() && parked > 0) {
            monitor.lock();
            try {
                workAvailable.signal();
            } finally {
                monitor.unlock();
            }
        }
    }

    void addDesignated(GCWorker from, int target, WorkPacket packet) {
        from.stamp(from.currentStage(), packet);
        workers[target].designated.offer(packet);
        monitor.lock();
        try {
            workAvailable.signalAll();
        } finally {
            monitor.unlock();
        }
    }

    void setSentinel(GCWorker from, Stage stage, WorkPacket packet) {
        from.stamp(stage, packet);
        monitor.lock();
        try {
            buckets[stage.ordinal()].setSentinel(packet);
        } finally {
            monitor.unlock();
        }
    }

    WorkPacket pollBuckets() {
        for (WorkBucket b : buckets) {
            if (!b.isOpen()) {
                return null;
            }
            WorkPacket p = b.poll();
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
     * Parks {@code w} until there may be work for it. Returns false when the scheduler shuts down.
     * If {@code w} is the last worker to park during a collection, it advances the collection instead.
     */
    boolean park(GCWorker w) {
        monitor.lock();
        try {
            parked++;
            for (;;) {
                if (shutdown) {
                    parked--;
                    return false;
                }
                if (collecting) {
                    if (!w.designated.isEmpty() || openBucketHasWork()) {
                        parked--;
                        return true;
                    }
                    if (parked == workers.length && !anyDesignatedWork()) {
                        if (advance()) {
                            parked--;
                            workAvailable.signalAll();
                            return true;
                        }
                        finishCollection();
                    }
                }
                workAvailable.awaitUninterruptibly();
            }
        } finally {
            monitor.unlock();
        }
    }

    private boolean openBucketHasWork() {
        for (WorkBucket b : buckets) {
            if (!b.isOpen()) {
                return false;
            }
            if (!b.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private boolean anyDesignatedWork() {
        for (GCWorker w : workers) {
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
        for (WorkBucket b : buckets) {
            if (!b.isOpen()) {
                break;
            }
            if (b.hasSentinel()) {
                b.add(b.takeSentinel());
                return true;
            }
        }
        for (WorkBucket b : buckets) {
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

    private void open(WorkBucket b) {
        b.setOpen(true);
        times.markOpened(b.stage(), System.nanoTime());
        Tracepoints.bucketOpen(currentGc, b.stage().label);
    }

    private void finishCollection() {
        times.markEnd(System.nanoTime());
        for (WorkBucket b : buckets) {
            if (aborting) {
                b.clear();
            }
            if (b.stage() != Stage.UNCONSTRAINED) {
                b.setOpen(false);
            }
        }
        if (aborting) {
            for (GCWorker w : workers) {
                while (w.designated.poll() != null) {
                    // dropped with the aborted collection
                }
            }
        }
        collecting = false;
        collectionDone.signalAll();
    }
}
